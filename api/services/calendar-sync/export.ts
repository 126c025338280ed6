/**
 * An estate's calendar as an iCalendar feed (RFC 5545) for Airbnb, Booking.com and any calendar
 * app: every booked and blocked night as all-day events, DTEND the morning the stay ends
 * (exclusive), as Airbnb's own feed writes them. Nothing about the guest is in it: a booking is
 * "Reserved", a blocked night "Not available". The address is a capability: whoever has it reads
 * the feed, so a host can replace it (the old one then answers 404).
 */
import crypto from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import icalGenerator from "ical-generator";
import type { Db } from "../../db/client";
import { calendarExports, estateBlockedDates } from "../../db/schema";
import { addDays, todayInBishkek } from "../../../contract/dates";

/** Where the feed is served, under the API: /api/v1/calendar/{token}.ics */
export const feedPath = (token: string) => `/api/v1/calendar/${token}.ics`;

/** How far the feed looks back and ahead: Airbnb keeps a year ahead, Booking.com up to two. */
const PAST_DAYS = 60;
const FUTURE_DAYS = 730;

const newToken = () => crypto.randomBytes(24).toString("base64url");

/** The estate's feed token, made on first use. */
export async function exportToken(db: Db, estateId: number): Promise<string> {
  await db.insert(calendarExports).values({ estateId, token: newToken() }).onConflictDoNothing();
  const [row] = await db.select({ token: calendarExports.token }).from(calendarExports).where(eq(calendarExports.estateId, estateId));
  return row.token;
}

/** A new address for the feed; the old one stops working at once. */
export async function renewExportToken(db: Db, estateId: number): Promise<string> {
  const token = newToken();
  await db
    .insert(calendarExports)
    .values({ estateId, token })
    .onConflictDoUpdate({ target: calendarExports.estateId, set: { token, createdAt: sql`now()` } });
  return token;
}

/** Consecutive dates as [start, end) ranges. `dates` sorted ascending. */
export function rangesOf(dates: string[]): { start: string; end: string }[] {
  const ranges: { start: string; end: string }[] = [];
  for (const date of dates) {
    const last = ranges.at(-1);
    if (last && last.end === date) last.end = addDays(date, 1);
    else ranges.push({ start: date, end: addDays(date, 1) });
  }
  return ranges;
}

/** The feed of the estate behind `token`, or null when no estate has that token (any more). */
export async function calendarFeed(db: Db, token: string, now = new Date()): Promise<string | null> {
  const [row] = await db.select({ estateId: calendarExports.estateId }).from(calendarExports).where(eq(calendarExports.token, token));
  if (!row) return null;
  const { estateId } = row;
  const from = addDays(todayInBishkek(now), -PAST_DAYS);
  const to = addDays(todayInBishkek(now), FUTURE_DAYS);
  const [{ rows: booked }, blocked] = await Promise.all([
    db.execute<{ id: number; check_in: string; check_out: string }>(sql`
      SELECT id, check_in::text AS check_in, check_out::text AS check_out FROM bookings
      WHERE estate_id = ${estateId} AND active AND check_out > ${from}::date AND check_in < ${to}::date
      ORDER BY check_in`),
    db
      .select({ date: estateBlockedDates.date })
      .from(estateBlockedDates)
      .where(and(eq(estateBlockedDates.estateId, estateId), gte(estateBlockedDates.date, from), sql`${estateBlockedDates.date} < ${to}::date`))
      .orderBy(estateBlockedDates.date),
  ]);
  const calendar = icalGenerator({ name: `Konok #${estateId}`, prodId: { company: "Konok", product: "calendar", language: "EN" } });
  // Stable UIDs: an importer updates the same event on every fetch instead of adding copies.
  for (const b of booked) {
    calendar.createEvent({ id: `booking-${b.id}@konok.kg`, start: b.check_in, end: b.check_out, allDay: true, summary: "Reserved", stamp: now });
  }
  for (const r of rangesOf(blocked.map((b) => b.date))) {
    calendar.createEvent({ id: `blocked-${estateId}-${r.start}@konok.kg`, start: r.start, end: r.end, allDay: true, summary: "Not available", stamp: now });
  }
  return calendar.toString();
}
