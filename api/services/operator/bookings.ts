/**
 * The operator console's bookings (issue 31): the list with its search and filters, and one
 * booking with its events, money and audit history. Cancelling is in people.ts (it goes through
 * the booking state machine like every other change).
 */
import { and, asc, eq, gte, or, sql, type SQL } from "drizzle-orm";
import { BOOKING_STATUSES, isNotStarted } from "../../../contract/booking-statuses";
import type { Locale } from "../../../contract/common";
import type { OperatorBookingDetail, OperatorBookingList } from "../../../contract/operator";
import { cleaningFeeOf, guestRefund } from "../../../contract/refunds";
import type { Db } from "../../db/client";
import { bookingEvents, bookings, estates, estateTexts, transactions, users } from "../../db/schema";
import { todayInBishkek } from "../../../contract/dates";
import { notFound } from "../../lib/http-errors";
import { searchAudit } from "./audit";
import { bookingRows } from "./people";

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type OperatorBookingQuery = {
  /** A booking number (with or without "#"), or part of a guest's or host's name or phone, or of the estate's title. */
  q?: string;
  /** Ignored unless it is a booking status. */
  status?: string;
  /** YYYY-MM-DD: stays that end on or after it. */
  from?: string;
  /** YYYY-MM-DD: stays that begin on or before it. */
  to?: string;
  page: number;
  perPage: number;
};

/** A page of bookings matching the console's search, newest first, and how many match in all. */
export async function searchBookings(db: Db, query: OperatorBookingQuery, locale: Locale): Promise<OperatorBookingList> {
  const where: SQL[] = [];
  const q = query.q?.replace(/^#/, "").trim();
  if (q) {
    const like = likeOf(q);
    const people = sql`SELECT id FROM ${users} p WHERE (p.first_name || ' ' || p.last_name) ILIKE ${like} OR p.phone LIKE ${likeOf(q.replace(/[\s()+-]/g, ""))}`;
    where.push(
      or(
        /^\d+$/.test(q) && Number(q) <= 2 ** 31 - 1 ? eq(bookings.id, Number(q)) : undefined,
        sql`${bookings.guestId} IN (${people})`,
        sql`${bookings.hostId} IN (${people})`,
        sql`${bookings.estateId} IN (SELECT estate_id FROM ${estateTexts} x WHERE x.title->>'ru' ILIKE ${like} OR x.title->>'en' ILIKE ${like} OR x.title->>'ky' ILIKE ${like})`,
      )!,
    );
  }
  if (query.status && (BOOKING_STATUSES as readonly string[]).includes(query.status)) where.push(sql`${bookings.status} = ${query.status}`);
  if (query.from) where.push(gte(bookings.checkOut, query.from));
  if (query.to) where.push(sql`${bookings.checkIn} <= ${query.to}`);
  const filter = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    bookingRows(db, filter, locale, query.perPage, (query.page - 1) * query.perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(bookings).where(filter),
  ]);
  return { bookings: rows, total: Number(total) };
}

/** One booking with everything the console shows of it; 404 when there is none. */
export async function bookingDetail(db: Db, id: number, locale: Locale): Promise<OperatorBookingDetail> {
  const [row] = await bookingRows(db, eq(bookings.id, id), locale, 1);
  if (!row) throw notFound("bookingNotFound");
  const [[b], events, money, history] = await Promise.all([
    db.select({ b: bookings, policy: estates.cancellationPolicy }).from(bookings).innerJoin(estates, eq(estates.id, bookings.estateId)).where(eq(bookings.id, id)),
    db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id)).orderBy(asc(bookingEvents.id)),
    db.select().from(transactions).where(eq(transactions.bookingId, id)).orderBy(asc(transactions.id)),
    searchAudit(db, { objectType: "booking", objectId: String(id), limit: 50 }),
  ]);
  return {
    booking: {
      ...row,
      nights: b.b.nights,
      adultCount: b.b.adultCount,
      childrenCount: b.b.childrenCount,
      refundAmount: b.b.refundAmount,
      cancelComment: b.b.cancelComment,
      comment: b.b.comment,
    },
    events: events.map((e) => ({ fromStatus: e.fromStatus, toStatus: e.toStatus, actor: e.actor, at: e.createdAt.toISOString() })),
    transactions: money.map((t) => ({ id: t.id, kind: t.kind, amount: t.amount, status: t.status, provider: t.provider, createdAt: t.createdAt.toISOString() })),
    refundByRules: b.b.status === "paid_waiting_checkin" ? guestRefund(b.policy, b.b.totalPrice, b.b.checkIn, todayInBishkek(), cleaningFeeOf(b.b)) : 0,
    cancellable: isNotStarted(b.b.status),
    history: history.entries,
  };
}
