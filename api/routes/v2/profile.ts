/** GET /api/v2/profile/referral/info: the caller's invitation code, link and counts. */
import { Hono } from "hono";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { ReferralInfo } from "../../../contract/account";
import { PAID_STATUSES } from "../../../contract/booking-statuses";
import { bookings, users } from "../../db/schema";
import { requireUser, type AuthedEnv } from "../../lib/auth";
import type { AccountDeps } from "../../lib/context";
import { ok } from "../../lib/respond";

export function profileV2Routes(deps: AccountDeps) {
  const { db, auth } = deps;
  return new Hono<AuthedEnv>().use(requireUser(db, auth)).get("/referral/info", async (c) => {
    const me = c.get("user");
    const invited = and(eq(users.referredById, me.id), sql`${users.deletedAt} is null`);
    const [[{ invitedCount }], [{ bookedCount }]] = await Promise.all([
      db.select({ invitedCount: count() }).from(users).where(invited),
      db
        .select({ bookedCount: sql<number>`count(distinct ${users.id})` })
        .from(users)
        .innerJoin(bookings, eq(bookings.guestId, users.id))
        .where(and(invited, inArray(bookings.status, [...PAID_STATUSES]))),
    ]);
    const base = (deps.publicUrl ?? "").replace(/\/+$/, "");
    return ok<ReferralInfo>(c, {
      code: me.referralCode,
      link: `${base}/register?ref=${me.referralCode}`,
      invitedCount: Number(invitedCount),
      bookedCount: Number(bookedCount),
    });
  });
}
