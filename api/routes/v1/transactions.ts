/** GET /api/v1/transactions: the caller's payments and refunds, newest first. */
import { Hono } from "hono";
import { paginationSchema } from "../../../contract/common";
import { requireUser, type AuthedEnv } from "../../lib/auth";
import type { AccountDeps } from "../../lib/context";
import { ok } from "../../lib/respond";
import { queryOf } from "../../lib/request";
import { transactionPage } from "../../services/payments/transactions";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v1/transactions");

export function transactionRoutes(deps: AccountDeps) {
  const { db, auth } = deps;
  return new Hono<AuthedEnv>().use(requireUser(db, auth)).get(at(endpoints.transactions), async (c) => {
    const { page, perPage } = queryOf(c, endpoints.transactions, paginationSchema);
    const { items, total } = await transactionPage(db, c.get("user").id, page, perPage, c.get("locale"));
    return ok(c, endpoints.transactions, { items, page, perPage, total, hasMore: page * perPage < total });
  });
}
