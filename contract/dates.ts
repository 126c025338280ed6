/**
 * Calendar arithmetic, written once for the API and the web app (issue 28). Dates travel as
 * `yyyy-mm-dd` strings and months as `yyyy-mm` (SPEC section 3): a calendar day, not an instant,
 * so the arithmetic runs in UTC, where no time zone or summer time shifts a day. "Today" is the
 * day in Kyrgyzstan (Asia/Bishkek, UTC+6 all year), where the estates are, whatever the server's
 * own zone.
 */

const DAY_MS = 86_400_000;

/** Kyrgyzstan's zone, where the estates are and whose day "today" is. */
export const BISHKEK_TIME_ZONE = "Asia/Bishkek";

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

/** The last date of a month (`2028-02` → `2028-02-29`). */
export function lastDayOf(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return fromTime(Date.UTC(y, m, 0));
}

/** Day of the week of a date, Sunday 0 to Saturday 6 (as `Date#getUTCDay`). */
export const weekdayOf = (date: string): number => new Date(toTime(date)).getUTCDay();

const bishkek = new Intl.DateTimeFormat("en-CA", { timeZone: BISHKEK_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23" });

/** Today's date and the hour in Kyrgyzstan. */
export function bishkekNow(now = new Date()): { today: string; hour: number } {
  const parts = Object.fromEntries(bishkek.formatToParts(now).map((p) => [p.type, p.value]));
  return { today: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** Today's date in Kyrgyzstan, `yyyy-mm-dd`. */
export const todayInBishkek = (now = new Date()): string => bishkekNow(now).today;

/** Midnight in Kyrgyzstan (UTC+6 all year, no summer time) at the start of a date, as an instant. */
export const bishkekMidnight = (date: string): Date => new Date(`${date}T00:00:00+06:00`);
