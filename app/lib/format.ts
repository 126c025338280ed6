import { INTL_LOCALE, TIME_ZONE, type Locale } from "~/i18n/config";

/** Prices are whole som; the currency sign follows the number as people write it here. */
export function formatPrice(amount: number, locale: Locale): string {
  return `${new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 0 }).format(amount)} сом`;
}

/** A `yyyy-mm-dd` date as the reader says it ("12 июня 2026"), without time-zone drift. */
export function formatDate(isoDate: string, locale: Locale, options: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" }): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** An instant shown in Bishkek time, whatever the server's zone. */
export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "medium", timeStyle: "short", timeZone: TIME_ZONE }).format(new Date(iso));
}

export function formatRating(rating: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);
}

/** Today's date in Bishkek as `yyyy-mm-dd`, for date inputs' `min`. */
export function todayInBishkek(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
