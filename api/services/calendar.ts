import { sql } from "drizzle-orm";
import type { AvailableDatesResponse } from "../../contract/estate";
import { isWeekendNight } from "../../contract/stay-terms";
import { bookingSpan, type AvailabilityRules } from "../../contract/availability-rules";
import { writesBefore, type Db } from "../db/client";
import { addDays, datesUntil, todayInBishkek } from "../../contract/dates";
import { keptWhileUnwritten } from "../lib/kept-while-unwritten";
import { findPublishedEstate } from "./estate-lookup";

/** One estate's nights in [from, to): which are taken by a booking, closed by the host, and priced per date. */
export type Calendar = {
  booked: Set<string>;
  blocked: Set<string>;
  prices: Map<string, number>;
  /** The host's minimum stay for stays beginning on a date, where set (estate_min_stays). */
  minNights?: Map<string, number>;
};

/**
 * `preparation`: nights kept free before and after each booking (contract/availability-rules.ts),
 * which read as booked.
 */
export async function loadCalendar(db: Pick<Db, "execute">, estateId: number, from: string, to: string, preparation = 0): Promise<Calendar> {
  // One statement for the four reads: each statement costs PGlite's thread ~0.5 ms whatever it
  // reads, and the estate page asks for two calendars (docs/operations.md, "Pages with the
  // visitor's own URL"). Dates cross as text, as PostgreSQL writes them.
  const { rows } = await db.execute<{ booked: [string, string][]; blocked: string[]; prices: [string, number][]; min_stays: [string, number][] }>(sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_array(greatest(check_in - ${preparation}::int, ${from}::date)::text, least(check_out + ${preparation}::int, ${to}::date)::text)), '[]')
        FROM bookings
        WHERE estate_id = ${estateId} AND active AND check_in - ${preparation}::int < ${to}::date AND check_out + ${preparation}::int > ${from}::date) AS booked,
      (SELECT coalesce(json_agg(date::text), '[]') FROM estate_blocked_dates
        WHERE estate_id = ${estateId} AND date >= ${from}::date AND date < ${to}::date) AS blocked,
      (SELECT coalesce(json_agg(json_build_array(date::text, price) ORDER BY date), '[]') FROM estate_prices
        WHERE estate_id = ${estateId} AND date >= ${from}::date AND date < ${to}::date) AS prices,
      (SELECT coalesce(json_agg(json_build_array(date::text, min_nights)), '[]') FROM estate_min_stays
        WHERE estate_id = ${estateId} AND date >= ${from}::date AND date < ${to}::date) AS min_stays`);
  const { booked, blocked, prices, min_stays: minStays } = rows[0];
  return {
    booked: new Set(booked.flatMap(([checkIn, checkOut]) => datesUntil(checkIn, checkOut))),
    blocked: new Set(blocked),
    prices: new Map(prices.map(([date, price]) => [date, Number(price)])),
    minNights: new Map(minStays.map(([date, nights]) => [date, Number(nights)])),
  };
}

/**
 * How far back a kept calendar reaches (keptCalendar): the estate page's month grid begins on the
 * 1st of this month, a stay's quote at today at the earliest; older ranges are read.
 */
const KEPT_DAYS_BACK = 40;
/** The most preparation nights a host can set (contract/availability-rules.ts). */
const MAX_PREPARATION = 2;

type KeptCalendar = { since: string; bookings: [string, string][]; blocked: string[]; prices: [string, number][]; minStays: [string, number][] };

/**
 * `loadCalendar` for the guests' reads (the estate page's quote and month, the calendar endpoint),
 * which ask for a new range on every visit: the estate's whole calendar from a few weeks back on is
 * kept in memory until the next write (api/lib/kept-while-unwritten.ts) and each range is cut from
 * it, so a visitor's own dates cost no statement. A range older than what is kept is read.
 * `noted`: the caller's write signal for this and its other kept reads (keptWhileUnwritten's).
 */
export async function calendarOf(db: Db, estateId: number, from: string, to: string, preparation = 0, noted?: Promise<number | null>): Promise<Calendar> {
  const since = addDays(todayInBishkek(), -KEPT_DAYS_BACK);
  if (from < since || preparation > MAX_PREPARATION) return loadCalendar(db, estateId, from, to, preparation);
  // The day is in the key: a kept calendar is asked again from the next day's start.
  const kept = await keptWhileUnwritten(db, `calendar:${estateId}:${since}`, () => readCalendarSince(db, estateId, since), Infinity, undefined, noted);
  return cutCalendar(kept, from, to, preparation);
}

/** An estate's bookings that may keep a night from `since` on free, and its closed nights, prices and minimum stays from then on. */
async function readCalendarSince(db: Db, estateId: number, since: string): Promise<KeptCalendar> {
  const { rows } = await db.execute<{ bookings: [string, string][]; blocked: string[]; prices: [string, number][]; min_stays: [string, number][] }>(sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_array(check_in::text, check_out::text)), '[]')
        FROM bookings WHERE estate_id = ${estateId} AND active AND check_out + ${MAX_PREPARATION}::int > ${since}::date) AS bookings,
      (SELECT coalesce(json_agg(date::text), '[]') FROM estate_blocked_dates WHERE estate_id = ${estateId} AND date >= ${since}::date) AS blocked,
      (SELECT coalesce(json_agg(json_build_array(date::text, price) ORDER BY date), '[]') FROM estate_prices WHERE estate_id = ${estateId} AND date >= ${since}::date) AS prices,
      (SELECT coalesce(json_agg(json_build_array(date::text, min_nights)), '[]') FROM estate_min_stays WHERE estate_id = ${estateId} AND date >= ${since}::date) AS min_stays`);
  const { bookings, blocked, prices, min_stays: minStays } = rows[0];
  return { since, bookings, blocked, prices: prices.map(([d, p]) => [d, Number(p)]), minStays: minStays.map(([d, n]) => [d, Number(n)]) };
}

/** What `loadCalendar` reads for [from, to), from a kept calendar that reaches back to `from` at least. */
function cutCalendar(kept: KeptCalendar, from: string, to: string, preparation: number): Calendar {
  const within = (date: string) => date >= from && date < to;
  const booked = new Set<string>();
  for (const [checkIn, checkOut] of kept.bookings) {
    const start = addDays(checkIn, -preparation);
    const end = addDays(checkOut, preparation);
    if (start < to && end > from) for (const date of datesUntil(start > from ? start : from, end < to ? end : to)) booked.add(date);
  }
  return {
    booked,
    blocked: new Set(kept.blocked.filter(within)),
    prices: new Map(kept.prices.filter(([date]) => within(date))),
    minNights: new Map(kept.minStays.filter(([date]) => within(date))),
  };
}

/**
 * `availableDates` of a published estate (the calendar endpoint): one write signal for the
 * estate's kept row and its kept calendar, read one after the other (on PostgreSQL one snapshot
 * check instead of two in a row).
 */
export async function publishedEstateDates(db: Db, idOrSlug: string, from: string, to: string): Promise<AvailableDatesResponse> {
  const noted = writesBefore(db);
  return availableDates(db, await findPublishedEstate(db, idOrSlug, noted), from, to, noted);
}

/** The nights in [from, to] (both included) a guest cannot book, and the host's per-date prices. */
export async function availableDates(
  db: Db,
  estate: { id: number; price: number; weekendPrice: number | null; availableFrom: string | null } & AvailabilityRules,
  from: string,
  to: string,
  noted?: Promise<number | null>,
): Promise<AvailableDatesResponse> {
  const calendar = await calendarOf(db, estate.id, from, addDays(to, 1), estate.preparationNights, noted);
  // Nights before the first bookable date (the wizard's "start" step) or the advance notice, and
  // from the end of the booking window on, cannot be booked either.
  const end = addDays(to, 1);
  const span = bookingSpan(estate);
  const opens = estate.availableFrom && estate.availableFrom > span.firstCheckIn ? estate.availableFrom : span.firstCheckIn;
  const notYetOpen = opens > from ? datesUntil(from, opens < end ? opens : end) : [];
  const pastWindow = span.endsOn !== null && span.endsOn < end ? datesUntil(span.endsOn > from ? span.endsOn : from, end) : [];
  const unavailable = [...new Set([...calendar.booked, ...calendar.blocked, ...notYetOpen, ...pastWindow])].sort();
  // Per-date prices the host set, and the weekend price on the other Friday and Saturday nights.
  const weekend = estate.weekendPrice ? datesUntil(from, end).filter((d) => !calendar.prices.has(d) && isWeekendNight(d)) : [];
  const prices = [...[...calendar.prices].map(([date, price]) => ({ date, price })), ...weekend.map((date) => ({ date, price: estate.weekendPrice! }))].sort((a, b) =>
    a.date < b.date ? -1 : 1,
  );
  return { from, to, unavailable, prices, price: estate.price };
}
