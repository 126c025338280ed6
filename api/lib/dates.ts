/** Calendar arithmetic on `yyyy-mm-dd` strings, in UTC so no time zone shifts a day. */

const DAY_MS = 86_400_000;

const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => fromTime(toTime(date) + days * DAY_MS);

/** Nights from check-in to check-out (or days from one date to another). */
export const daysBetween = (from: string, to: string) => Math.round((toTime(to) - toTime(from)) / DAY_MS);

/** Every date from `from` up to but not including `to`: the nights of a stay. */
export function datesUntil(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let t = toTime(from), end = toTime(to); t < end; t += DAY_MS) dates.push(fromTime(t));
  return dates;
}

/** Today in Kyrgyzstan, where the estates are. */
const bishkekDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bishkek" });
export const todayInBishkek = (now = new Date()) => bishkekDay.format(now);
