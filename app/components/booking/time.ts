/**
 * Instants of a booking (deadlines, events) as people read them, always in Bishkek time: the time
 * alone when it is today there, the date and time otherwise.
 */
import { TIME_ZONE, type Locale } from "~/i18n/config";
import { formatDate } from "~/lib/format";

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
const dayIn = (date: Date) => dayFormat.format(date);
// Digits and a colon read the same in every language; a locale every browser has keeps the
// server's and the browser's text identical (Chromium has no Kyrgyz data).
const clockFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: TIME_ZONE });
const clockOf = (date: Date) => clockFormat.format(date);

export function formatMoment(iso: string, locale: Locale, now = new Date()): string {
  const at = new Date(iso);
  const day = dayIn(at);
  if (day === dayIn(now)) return clockOf(at);
  return `${formatDate(day, locale, { day: "numeric", month: "long" })}, ${clockOf(at)}`;
}

/** A check-in or check-out time as the estate states it ("14:00"). */
export const clockTime = (hhmm: string | null | undefined, fallback: string) => (hhmm && /^\d{1,2}:\d{2}/.test(hhmm) ? hhmm.slice(0, 5) : fallback);

/** The times the lifecycle uses when an estate does not say (docs/bookings.md). */
export const DEFAULT_CHECK_IN = "14:00";
export const DEFAULT_CHECK_OUT = "12:00";
