/**
 * What operators do to people and bookings (issue 31): find users, see everything of one, block
 * and unblock them, cancel a booking on behalf of either side. Each action is one transaction with
 * its audit entry; booking changes go through the booking state machine (applyTransition), with
 * its events and notifications, never around it.
 */
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Locale, Localized } from "../../../contract/common";
import type { BlockResult, OperatorBookingRow, OperatorUserDetail, OperatorUserList, OperatorUserRow } from "../../../contract/operator";
import type { OperatorNoticeEvent } from "../../../contract/notification-types";
import { NOT_STARTED_STATUSES } from "../../../contract/booking-statuses";
import { cleaningFeeOf, guestRefund } from "../../../contract/refunds";
import type { Db } from "../../db/client";
import { auditLog, bookings, estates, estateTexts, notifications, reviews, users } from "../../db/schema";
import { todayInBishkek } from "../../../contract/dates";
import { HttpError, notFound } from "../../lib/http-errors";
import { localize } from "../../lib/locale";
import { revokeAllForUser } from "../auth/tokens";
import { applyTransition, type BookingDeps, type BookingRow } from "../booking/bookings";
import { queueRefund, sendQueued } from "../payments/refund-queue";
import { actAsOperator, recordAudit, searchAudit } from "./audit";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type UserRow = typeof users.$inferSelect;

const nameOf = (u: { firstName: string; lastName: string }) => [u.firstName, u.lastName].filter(Boolean).join(" ");
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function row(u: UserRow): OperatorUserRow {
  return {
    id: u.id,
    name: nameOf(u),
    phone: u.phone,
    email: u.email,
    mode: u.mode,
    role: u.role,
    blocked: u.blockedAt !== null,
    deleted: u.deletedAt !== null,
    createdAt: u.createdAt.toISOString(),
  };
}

const detailUser = (u: UserRow): OperatorUserDetail["user"] => ({
  ...row(u),
  blockedAt: u.blockedAt?.toISOString() ?? null,
  blockedReason: u.blockedReason,
  locale: u.locale,
});

/** Users by phone (any part of the digits), name or e-mail; blocked ones only when asked. */
export async function searchUsers(db: Db, query: { q?: string; blocked?: boolean; page?: number; perPage?: number }): Promise<OperatorUserList> {
  const perPage = Math.min(Math.max(query.perPage ?? 30, 1), 100);
  const page = Math.max(query.page ?? 1, 1);
  const where: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const digits = q.replace(/[\s()+-]/g, "");
    const like = likeOf(q);
    where.push(
      or(
        /^\d+$/.test(digits) ? sql`${users.phone} LIKE ${likeOf(digits)}` : undefined,
        /^\d+$/.test(q) ? eq(users.id, Number(q) > 2 ** 31 - 1 ? -1 : Number(q)) : undefined,
        sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${like}`,
        sql`${users.email} ILIKE ${like}`,
      )!,
    );
  }
  if (query.blocked) where.push(sql`${users.blockedAt} IS NOT NULL`);
  const filter = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(users).where(filter).orderBy(desc(users.id)).limit(perPage).offset((page - 1) * perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(filter),
  ]);
  return { users: rows.map(row), total: Number(total) };
}

/** Bookings with the estate's title and both sides' names, for the console's lists. */
export async function bookingRows(db: Pick<Db, "select">, where: SQL | undefined, locale: Locale, limit = 50, offset = 0): Promise<OperatorBookingRow[]> {
  const guest = sql<string>`(SELECT trim(first_name || ' ' || last_name) FROM users g WHERE g.id = ${bookings.guestId})`;
  const host = sql<string>`(SELECT trim(first_name || ' ' || last_name) FROM users h WHERE h.id = ${bookings.hostId})`;
  const rows = await db
    .select({ b: bookings, title: estateTexts.title, guestName: guest, hostName: host })
    .from(bookings)
    .leftJoin(estateTexts, eq(estateTexts.estateId, bookings.estateId))
    .where(where)
    .orderBy(desc(bookings.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ b, title, guestName, hostName }) => ({
    id: b.id,
    status: b.status,
    estateId: b.estateId,
    estateTitle: title ? localize(title as Localized, locale) : `#${b.estateId}`,
    guest: { id: b.guestId, name: guestName ?? "" },
    host: { id: b.hostId, name: hostName ?? "" },
    checkInDate: b.checkIn,
    checkOutDate: b.checkOut,
    totalPrice: b.totalPrice,
    createdAt: b.createdAt.toISOString(),
  }));
}

/** Bookings that have not started yet and still hold their dates: what blocking a side decides about. */
const upcomingOf = (userId: number) =>
  and(
    or(eq(bookings.hostId, userId), eq(bookings.guestId, userId)),
    inArray(bookings.status, [...NOT_STARTED_STATUSES]),
  );

export async function userDetail(db: Db, userId: number, locale: Locale): Promise<OperatorUserDetail> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound("userNotFound");
  const [listings, bookingList, reviewRows, [{ upcoming }], history] = await Promise.all([
    db
      .select({ id: estates.id, slug: estates.slug, status: estates.status, title: estateTexts.title })
      .from(estates)
      .leftJoin(estateTexts, eq(estateTexts.estateId, estates.id))
      .where(and(eq(estates.hostId, userId), isNull(estates.parentId)))
      .orderBy(desc(estates.id))
      .limit(100),
    bookingRows(db, or(eq(bookings.guestId, userId), eq(bookings.hostId, userId)), locale, 50),
    db.select().from(reviews).where(eq(reviews.authorId, userId)).orderBy(desc(reviews.id)).limit(50),
    db.select({ upcoming: sql<number>`count(*)::int` }).from(bookings).where(upcomingOf(userId)),
    searchAudit(db, { objectType: "user", objectId: String(userId), limit: 50 }),
  ]);
  return {
    user: detailUser(u),
    listings: listings.map((l) => ({ id: l.id, slug: l.slug, status: l.status, title: l.title ? localize(l.title as Localized, locale) : `#${l.id}` })),
    bookings: bookingList,
    reviews: reviewRows.map((r) => ({ id: r.id, estateId: r.estateId, rating: r.rating, text: r.text, hidden: r.hiddenAt !== null, createdAt: r.createdAt.toISOString() })),
    upcomingHostBookings: Number(upcoming),
    history: history.entries,
  };
}

export type OperatorDeps = Pick<BookingDeps, "db" | "timings" | "payments">;

/**
 * Blocking: the account's sessions end and it cannot sign in (userOfLiveSession and /api/login
 * refuse it); its published listings leave the search (archived, their ids kept in the audit entry
 * so unblocking publishes exactly those again); its bookings still to come are cancelled with a
 * full refund on behalf of the blocked side, or kept, as the operator chose, in the same step.
 */
export async function blockUser(deps: OperatorDeps, operatorId: number, userId: number, input: { reason: string; upcomingBookings: "cancel" | "keep" }): Promise<BlockResult> {
  const result = await deps.db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).for("update").limit(1);
    if (!u || u.deletedAt) throw notFound("userNotFound");
    if (u.role === "operator") throw new HttpError(409, "cannotBlockOperator");
    if (u.blockedAt) throw new HttpError(409, "alreadyBlocked");
    await actAsOperator(tx);
    const now = new Date();
    const [blocked] = await tx.update(users).set({ blockedAt: now, blockedReason: input.reason, updatedAt: now }).where(eq(users.id, userId)).returning();
    const hidden = await tx
      .update(estates)
      .set({ status: "archived", updatedAt: now })
      .where(and(eq(estates.hostId, userId), eq(estates.status, "published")))
      .returning({ id: estates.id });
    const cancelled: number[] = [];
    const refunds: (number | null)[] = [];
    if (input.upcomingBookings === "cancel") {
      const upcoming = await tx.select().from(bookings).where(upcomingOf(userId)).orderBy(bookings.id);
      for (const booking of upcoming) {
        // On behalf of the blocked side: the other side is not at fault, and gets everything back.
        const side = booking.hostId === userId ? "host" : "guest";
        refunds.push((await cancelAsOperator(tx, deps, booking, side, "full", now)).refundId);
        cancelled.push(booking.id);
      }
    }
    // They hear of it by e-mail (the notification pusher mails it) and in the profile once
    // unblocked. The operator's reason stays in the audit log: it is written for operators.
    await tx.insert(notifications).values({ userId, type: "estate", payload: { event: "blocked" satisfies OperatorNoticeEvent } });
    await recordAudit(tx, {
      operatorId,
      action: "user.block",
      objectType: "user",
      objectId: userId,
      before: { blocked: false },
      after: { blocked: true, upcomingBookings: input.upcomingBookings, cancelledBookings: cancelled, hiddenListings: hidden.map((h) => h.id) },
      reason: input.reason,
    });
    return { result: { user: detailUser(blocked), cancelledBookings: cancelled, hiddenListings: hidden.map((h) => h.id) }, refunds };
  });
  await revokeAllForUser(deps.db, userId);
  // Refunds go to the gateway once the block is committed; one it does not take now is retried.
  await sendQueued(deps, result.refunds);
  return result.result;
}

export async function unblockUser(db: Db, operatorId: number, userId: number, reason: string | undefined): Promise<OperatorUserDetail["user"]> {
  return db.transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).for("update").limit(1);
    if (!u || u.deletedAt) throw notFound("userNotFound");
    if (!u.blockedAt) throw new HttpError(409, "notBlocked");
    await actAsOperator(tx);
    const [last] = await tx
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.block"), eq(auditLog.objectType, "user"), eq(auditLog.objectId, String(userId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const hiddenIds = ((last?.after?.hiddenListings as number[] | undefined) ?? []).filter((id) => Number.isInteger(id));
    // Only what blocking took down and nobody changed since comes back.
    const restored = hiddenIds.length
      ? await tx
          .update(estates)
          .set({ status: "published", updatedAt: new Date() })
          .where(and(inArray(estates.id, hiddenIds), eq(estates.hostId, userId), eq(estates.status, "archived")))
          .returning({ id: estates.id })
      : [];
    const [unblocked] = await tx.update(users).set({ blockedAt: null, blockedReason: null, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
    await recordAudit(tx, {
      operatorId,
      action: "user.unblock",
      objectType: "user",
      objectId: userId,
      before: { blocked: true, reason: u.blockedReason },
      after: { blocked: false, restoredListings: restored.map((r) => r.id) },
      reason: reason ?? null,
    });
    return detailUser(unblocked);
  });
}

/**
 * A cancellation on behalf of `side` by an operator: the machine's operator edge to
 * cancelled_by_{side}, with both sides notified, and for a paid stay a refund — in full, or what
 * the cancellation rules give (a guest's cancellation by the estate's policy; a host's is always full).
 */
export async function cancelAsOperator(
  tx: Tx,
  deps: Pick<OperatorDeps, "timings" | "payments">,
  booking: BookingRow,
  side: "guest" | "host",
  refund: "full" | "rules",
  now = new Date(),
): Promise<{ updated: BookingRow; refundId: number | null }> {
  const to = side === "guest" ? "cancelled_by_guest" : "cancelled_by_host";
  const paid = booking.status === "paid_waiting_checkin";
  let amount = 0;
  if (paid) {
    if (refund === "full" || side === "host") amount = booking.totalPrice;
    else {
      const [estate] = await tx.select({ policy: estates.cancellationPolicy }).from(estates).where(eq(estates.id, booking.estateId));
      amount = guestRefund(estate.policy, booking.totalPrice, booking.checkIn, todayInBishkek(), cleaningFeeOf(booking));
    }
  }
  const updated = await applyTransition(tx, deps, booking, to, "operator", { refundAmount: paid ? amount : null }, now);
  return { updated, refundId: amount > 0 ? await queueRefund(tx, updated, amount, { now }) : null };
}

export async function cancelBookingAsOperator(
  deps: OperatorDeps,
  operatorId: number,
  bookingId: number,
  input: { side: "guest" | "host"; refund: "full" | "rules"; reason: string },
): Promise<BookingRow> {
  const { updated, refundId } = await deps.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
    if (!booking) throw notFound("bookingNotFound");
    const { updated, refundId } = await cancelAsOperator(tx, deps, booking, input.side, input.refund);
    await tx.update(bookings).set({ cancelComment: input.reason }).where(eq(bookings.id, bookingId));
    await recordAudit(tx, {
      operatorId,
      action: "booking.cancel",
      objectType: "booking",
      objectId: bookingId,
      before: { status: booking.status },
      after: { status: updated.status, onBehalfOf: input.side, refund: input.refund, refundAmount: updated.refundAmount },
      reason: input.reason,
    });
    return { updated, refundId };
  });
  await sendQueued(deps, [refundId]);
  return updated;
}
