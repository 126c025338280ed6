/**
 * Calendar arithmetic, written once for the API and the web app (issue 28). Dates travel as
 * `yyyy-mm-dd` strings and months as `yyyy-mm` (SPEC section 3): a calendar day, not an instant,
 * so the arithmetic runs in UTC, where no time zone or summer time shifts a day. "Today" is the
 * day in Kyrgyzstan (Asia/Bishkek, UTC+6 all year), where the estates are, whatever the server's
 * own zone.
 */

/** A day in milliseconds: for instants ("a day after it was sent"); calendar days are counted by the functions below. */
export const DAY_MS = 86_400_000;

/** Kyrgyzstan's zone, where the estates are and whose day "today" is. */
export const BISHKEK_TIME_ZONE = "Asia/Bishkek";

/**
 * The dates any field takes: a birth date after 1900, a stay or calendar before 2200. Bounded so
 * date arithmetic never leaves four-digit years (a day after 9999-12-31 was "+010000-01-01",
 * which the database refused with a 500; issue 26).
 */
export const DATE_MIN = "1900-01-01";
export const DATE_MAX = "2199-12-31";

const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A real calendar date written `yyyy-mm-dd` (not 2026-02-30, not 2026-2-3). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = toTime(value);
  return !Number.isNaN(time) && fromTime(time) === value;
}

/** A month written `yyyy-mm`. */
export const isMonth = (value: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

export const addDays = (date: string, days: number): string => fromTime(toTime(date) + days * DAY_MS);

/** Nights from check-in to check-out (or days from one date to another; negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((toTime(to) - toTime(from)) / DAY_MS);

/** Every date from `from` up to but not including `to`: the nights of a stay. */
export function datesUntil(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let t = toTime(from), end = toTime(to); t < end; t += DAY_MS) dates.push(fromTime(t));
  return dates;
}

/** The same day `months` later (the month's last day when it has no such day: 31 Jan + 1 → 28 or 29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return fromTime(target.getTime());
}

/** The month `n` months after `month` (`2026-12`, 1 → `2027-01`). */
export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
}

/** The first date of a month (`2026-12` → `2026-12-01`). */
export const firstDayOf = (month: string): string => `${month}-01`;

/** The last date of a month (`2028-02` → `2028-02-29`). */
export function lastDayOf(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return fromTime(Date.UTC(y, m, 0));
}

/**
 * A date as a whole number of days since 1970-01-01 (`1970-01-02` → 1), and back: for code that
 * walks many days in loops and compares them as numbers (the demo data's generator).
 */
export const dayIndex = (date: string): number => Math.round(toTime(date) / DAY_MS);
export const dateOfDayIndex = (day: number): string => fromTime(day * DAY_MS);

/** Day of the week of a date, Sunday 0 to Saturday 6 (as `Date#getUTCDay`). */
export const weekdayOf = (date: string): number => new Date(toTime(date)).getUTCDay();

/**
 * Kyrgyzstan's offset from UTC: +6 all year, no summer time since 2005 (`bishkekTime` writes it
 * too). Today's date there is read by adding it, not through Intl's zone data: a page of the
 * host's bookings asks it ~40 times per render (each card's dates and deadline), and
 * `formatToParts` in Asia/Bishkek costs ~3.7 µs a call where the sum costs ~0.6.
 * tests/unit/dates.test.ts compares the two over the years a booking can have.
 */
const BISHKEK_OFFSET_MS = 6 * 3_600_000;

/** Today's date and the hour in Kyrgyzstan. */
export function bishkekNow(now = new Date()): { today: string; hour: number } {
  const there = new Date(now.getTime() + BISHKEK_OFFSET_MS);
  return { today: there.toISOString().slice(0, 10), hour: there.getUTCHours() };
}

/** The date in Kyrgyzstan at an instant, `yyyy-mm-dd`. */
export const bishkekDateOf = (instant: Date | number): string => bishkekNow(new Date(instant)).today;

/** Today's date in Kyrgyzstan, `yyyy-mm-dd`. */
export const todayInBishkek = (now = new Date()): string => bishkekDateOf(now);

/** A local time (`hh:mm`) of a date in Kyrgyzstan, as an instant: UTC+6 all year (no summer time since 2005). */
export const bishkekTime = (date: string, time: string): Date => new Date(`${date}T${time}:00+06:00`);

/** Midnight in Kyrgyzstan at the start of a date, as an instant. */
export const bishkekMidnight = (date: string): Date => bishkekTime(date, "00:00");

/** What is wrong with a birth date, if anything. */
export type BirthDateProblem = "notReal" | "future" | "tooEarly";

/**
 * The birth date rule, for the API's schema and the profile forms alike: a real `yyyy-mm-dd` date,
 * not after today in Kyrgyzstan and not before 1900. Null when the date is fine.
 */
export function birthDateProblem(value: string, today = todayInBishkek()): BirthDateProblem | null {
  if (!isIsoDate(value)) return "notReal";
  if (value > today) return "future";
  return value < DATE_MIN ? "tooEarly" : null;
}
