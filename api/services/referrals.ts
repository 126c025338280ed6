/** Invitations (SPEC section 7): who a person invited, and how many of them have booked a stay. */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { InvitedUser } from "../../contract/account";
import { PAID_STATUSES } from "../../contract/booking-statuses";
import type { Db } from "../db/client";
import { bookings, users } from "../db/schema";

/** The live accounts someone invited (a deleted one no longer counts). */
const invitedBy = (userId: number) => and(eq(users.referredById, userId), sql`${users.deletedAt} is null`);

/** The account a referral code belongs to, or null for an unknown code. */
export async function referrerIdOf(db: Db, code: string): Promise<number | null> {
  const [referrer] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
  return referrer?.id ?? null;
}

/** A page of the people a user invited, newest first, and how many there are. */
export async function invitedUsersPage(db: Db, userId: number, page: number, perPage: number): Promise<{ items: InvitedUser[]; total: number }> {
  const booked = sql<boolean>`exists (select 1 from ${bookings} where ${bookings.guestId} = ${users.id} and ${inArray(bookings.status, [...PAID_STATUSES])})`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, createdAt: users.createdAt, booked })
      .from(users)
      .where(invitedBy(userId))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(users).where(invitedBy(userId)),
  ]);
  // Only a first name and an initial: the inviter need not learn more about the people they invited.
  const items = rows.map((r) => ({
    id: r.id,
    name: [r.firstName, r.lastName ? `${r.lastName[0]}.` : ""].filter(Boolean).join(" ") || "—",
    joinedAt: r.createdAt.toISOString(),
    hasBooked: Boolean(r.booked),
  }));
  return { items, total: Number(total) };
}

/** How many people a user invited, and how many of those have paid for a stay. */
export async function referralCounts(db: Db, userId: number): Promise<{ invitedCount: number; bookedCount: number }> {
  const [[{ invitedCount }], [{ bookedCount }]] = await Promise.all([
    db.select({ invitedCount: count() }).from(users).where(invitedBy(userId)),
    db
      .select({ bookedCount: sql<number>`count(distinct ${users.id})` })
      .from(users)
      .innerJoin(bookings, eq(bookings.guestId, users.id))
      .where(and(invitedBy(userId), inArray(bookings.status, [...PAID_STATUSES]))),
  ]);
  return { invitedCount: Number(invitedCount), bookedCount: Number(bookedCount) };
}
