import { sql } from "drizzle-orm";
import type { AvailableDatesResponse } from "../../contract/estate";
import { isWeekendNight } from "../../contract/stay-terms";
import { bookingSpan, type AvailabilityRules } from "../../contract/availability-rules";
import type { Db } from "../db/client";
import { addDays, datesUntil } from "../lib/dates";

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
export async function loadCalendar(db: Pick<Db, "execute">, estateId: number, from: string, to: string, preparation = 0, options: { inTransaction?: boolean } = {}): Promise<Calendar> {
  const reads = [
    () => db.execute<{ check_in: string; check_out: string }>(sql`
      SELECT greatest(check_in - ${preparation}::int, ${from}::date)::text AS check_in, least(check_out + ${preparation}::int, ${to}::date)::text AS check_out
      FROM bookings
      WHERE estate_id = ${estateId} AND active AND check_in - ${preparation}::int < ${to}::date AND check_out + ${preparation}::int > ${from}::date`),
    () => db.execute<{ date: string }>(sql`
      SELECT date::text AS date FROM estate_blocked_dates
      WHERE estate_id = ${estateId} AND date >= ${from}::date AND date < ${to}::date`),
    () => db.execute<{ date: string; price: number }>(sql`
      SELECT date::text AS date, price FROM estate_prices
      WHERE estate_id = ${estateId} AND date >= ${from}::date AND date < ${to}::date
      ORDER BY date`),
    () => db.execute<{ date: string; min_nights: number }>(sql`
      SELECT date::text AS date, min_nights FROM estate_min_stays
      WHERE estate_id = ${estateId} AND date >= ${from}::date AND date < ${to}::date`),
  ] as const;
  // A transaction is one connection: node-postgres queues statements sent at once on it and warns
  // that it will stop doing so (pg 9), so inside one they are read one after another.
  const [bookings, blocked, prices, minStays] = options.inTransaction
    ? [await reads[0](), await reads[1](), await reads[2](), await reads[3]()]
    : await Promise.all([reads[0](), reads[1](), reads[2](), reads[3]()]);
  return {
    booked: new Set(bookings.rows.flatMap((b) => datesUntil(b.check_in, b.check_out))),
    blocked: new Set(blocked.rows.map((r) => r.date)),
    prices: new Map(prices.rows.map((r) => [r.date, r.price])),
    minNights: new Map(minStays.rows.map((r) => [r.date, Number(r.min_nights)])),
  };
}

/** The nights in [from, to] (both included) a guest cannot book, and the host's per-date prices. */
export async function availableDates(
  db: Db,
  estate: { id: number; price: number; weekendPrice: number | null; availableFrom: string | null } & AvailabilityRules,
  from: string,
  to: string,
): Promise<AvailableDatesResponse> {
  const calendar = await loadCalendar(db, estate.id, from, addDays(to, 1), estate.preparationNights);
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
