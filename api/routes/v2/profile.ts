/** GET /api/v2/profile/referral/info: the caller's invitation code, link and counts. */
import { Hono } from "hono";
import { requireUser, type AuthedEnv } from "../../lib/auth";
import type { AccountDeps } from "../../lib/context";
import { ok } from "../../lib/respond";
import { referralCounts } from "../../services/referrals";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v2/profile");

export function profileV2Routes(deps: AccountDeps) {
  const { db, auth } = deps;
  return new Hono<AuthedEnv>().use(requireUser(db, auth)).get(at(endpoints.referralInfo), async (c) => {
    const me = c.get("user");
    const { invitedCount, bookedCount } = await referralCounts(db, me.id);
    const base = (deps.publicUrl ?? "").replace(/\/+$/, "");
    return ok(c, endpoints.referralInfo, {
      code: me.referralCode,
      link: `${base}/register?ref=${me.referralCode}`,
      invitedCount,
      bookedCount,
    });
  });
}
