/**
 * GET /api/v1/host/earnings: the host's money per booking and per month of check-in, and the
 * payout ledger's lines (services/payments/earnings.ts).
 */
import { Hono } from "hono";
import { requireHostMode, requireUser, type AuthedEnv } from "../../lib/auth";
import type { AccountDeps } from "../../lib/context";
import { ok } from "../../lib/respond";
import { hostEarnings } from "../../services/payments/earnings";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v1/host/earnings");

export function hostEarningsRoutes(deps: AccountDeps) {
  const { db, auth } = deps;
  return new Hono<AuthedEnv>()
    .use(requireUser(db, auth), requireHostMode())
    .get(at(endpoints.hostEarnings), async (c) => ok(c, endpoints.hostEarnings, await hostEarnings(db, c.get("user").id, c.get("locale"))));
}
