/** GET /api/v1/transactions: the caller's payments and refunds, newest first. */
import { Hono } from "hono";
import { count, desc, eq } from "drizzle-orm";
import type { Transaction } from "../../../contract/booking";
import { paginationSchema } from "../../../contract/common";
import { bookings, estateTexts, transactions } from "../../db/schema";
import { requireUser, type AuthedEnv } from "../../lib/auth";
import type { AccountDeps } from "../../lib/context";
import { localize } from "../../lib/locale";
import { ok } from "../../lib/respond";
import { parseQuery } from "../../lib/validation";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v1/transactions");

export function transactionRoutes(deps: AccountDeps) {
  const { db, auth } = deps;
  return new Hono<AuthedEnv>().use(requireUser(db, auth)).get(at(endpoints.transactions), async (c) => {
    const { page, perPage } = parseQuery(c, paginationSchema);
    const mine = eq(transactions.userId, c.get("user").id);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ t: transactions, title: estateTexts.title })
        .from(transactions)
        .innerJoin(bookings, eq(bookings.id, transactions.bookingId))
        .leftJoin(estateTexts, eq(estateTexts.estateId, bookings.estateId))
        .where(mine)
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db.select({ total: count() }).from(transactions).where(mine),
    ]);
    const items: Transaction[] = rows.map(({ t, title }) => ({
      id: t.id,
      bookingId: t.bookingId,
      estateTitle: title ? localize(title, c.get("locale")) : "",
      kind: t.kind,
      amount: t.amount,
      status: t.status,
      createdAt: t.createdAt.toISOString(),
    }));
    return ok(c, endpoints.transactions, { items, page, perPage, total: Number(total), hasMore: page * perPage < Number(total) });
  });
}
