/** GET /api/v2/profile/referral/info: the caller's invitation code, link and counts. */
import { Hono } from "hono";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { PAID_STATUSES } from "../../../contract/booking-statuses";
import { bookings, users } from "../../db/schema";
import { requireUser, type AuthedEnv } from "../../lib/auth";
import type { AccountDeps } from "../../lib/context";
import { ok } from "../../lib/respond";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v2/profile");

export function profileV2Routes(deps: AccountDeps) {
  const { db, auth } = deps;
  return new Hono<AuthedEnv>().use(requireUser(db, auth)).get(at(endpoints.referralInfo), async (c) => {
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
    return ok(c, endpoints.referralInfo, {
      code: me.referralCode,
      link: `${base}/register?ref=${me.referralCode}`,
      invitedCount: Number(invitedCount),
      bookedCount: Number(bookedCount),
    });
  });
}
