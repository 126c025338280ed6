/**
 * The calendar component's month grid. The date arithmetic it stands on is contract/dates.ts,
 * shared with the API.
 */
import { lastDayOf, weekdayOf } from "../../../contract/dates";

/** The month as weeks of seven days, Monday first; days outside the month are null. */
export function monthWeeks(month: string): (string | null)[][] {
  const lead = (weekdayOf(`${month}-01`) + 6) % 7;
  const days = Number(lastDayOf(month).slice(8));
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= days; d++) cells.push(`${month}-${String(d).padStart(2, "0")}`);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
