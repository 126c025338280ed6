import type { Locale } from "../../../contract/common";
import { formatDate } from "~/lib/format";
import { todayInBishkek } from "../../../contract/dates";

/** "18 мая – 20 мая" this year, "18 мая – 20 мая 2027" otherwise: the year once, at the end. */
export function stayDates(checkIn: string, checkOut: string, locale: Locale): string {
  const short = (d: string) => formatDate(d, locale, { day: "numeric", month: "short" });
  const year = checkOut.slice(0, 4);
  const range = `${short(checkIn)} – ${short(checkOut)}`;
  if (year === todayInBishkek().slice(0, 4) && checkIn.slice(0, 4) === year) return range;
  return locale === "ky" ? `${range}, ${year}-ж.` : `${range} ${year}`;
}
