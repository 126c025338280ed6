import { INTL_LOCALE, type Locale } from "~/i18n/config";
import { BISHKEK_TIME_ZONE, bishkekDateOf } from "../../contract/dates";

/*
 * Kyrgyz and the browser: Node carries full ICU data and formats ky-KG properly, but Chromium's
 * ICU has no Kyrgyz and falls back to English ("November", "12,500"). The same component would
 * then render differently on the server and in the browser, and React throws away the server HTML
 * (hydration errors 418/425). So Kyrgyz never goes through Intl's locale data here: numbers use
 * Russian symbols (identical in CLDR: "12 500", "4,5"), dates are spelled from the tables below,
 * following CLDR's ky patterns ("2026-ж., 5-март", "5-мар.", "5-март, бейшемби").
 */
const numberLocale = (locale: Locale) => (locale === "ky" ? INTL_LOCALE.ru : INTL_LOCALE[locale]);

/*
 * Building an Intl formatter costs far more than formatting with one (a price list of 16 cards
 * built ~50 of them per render), so each locale and option set is built once per process. The
 * option sets come from this module's callers: a handful, so the maps stay small.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

const KY_MONTHS = ["январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь", "декабрь"];
const KY_MONTHS_SHORT = ["янв.", "фев.", "мар.", "апр.", "май", "июн.", "июл.", "авг.", "сен.", "окт.", "ноя.", "дек."];
/** Sunday first, as `Date#getUTCDay` counts. */
const KY_WEEKDAYS = ["жекшемби", "дүйшөмбү", "шейшемби", "шаршемби", "бейшемби", "жума", "ишемби"];
const KY_WEEKDAYS_SHORT = ["жек.", "дүй.", "шейш.", "шарш.", "бейш.", "жума", "ишм."];

function formatKyrgyz(date: Date, options: Intl.DateTimeFormatOptions): string {
  // Calendar fields in the wanted zone, read with a locale every browser has.
  const parts = Object.fromEntries(
    dateFormat("en-US", { timeZone: options.timeZone ?? "UTC", year: "numeric", month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const [y, m, d] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  const styled = options.dateStyle !== undefined || options.timeStyle !== undefined;
  const year = styled ? options.dateStyle !== undefined : options.year !== undefined;
  const month = styled ? (options.dateStyle !== undefined ? (options.dateStyle === "long" || options.dateStyle === "full" ? "long" : "short") : undefined) : options.month;
  const day = styled ? options.dateStyle !== undefined : options.day !== undefined;
  const weekday = styled ? (options.dateStyle === "full" ? "long" : undefined) : options.weekday;
  const time = styled ? options.timeStyle !== undefined : options.hour !== undefined || options.minute !== undefined;

  const monthName = month === undefined ? "" : month === "long" ? KY_MONTHS[m - 1] : month === "numeric" || month === "2-digit" ? String(m).padStart(2, "0") : KY_MONTHS_SHORT[m - 1];
  const dayMonth = day && monthName ? `${d}-${monthName}` : day ? String(d) : monthName && !year ? monthName.charAt(0).toUpperCase() + monthName.slice(1) : monthName;
  // CLDR writes the short skeleton yMMMd without the comma ("2026-ж. 5-мар.") but the medium style with it.
  const separator = !styled && !weekday && day && month === "short" ? " " : ", ";
  let text = [year ? `${y}-ж.` : "", dayMonth].filter(Boolean).join(separator);
  if (weekday) {
    const index = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    const name = weekday === "long" ? KY_WEEKDAYS[index] : KY_WEEKDAYS_SHORT[index];
    text = text ? `${text}, ${name}` : name;
  }
  if (time) text = `${text ? `${text} ` : ""}${parts.hour === "24" ? "00" : parts.hour}:${parts.minute}`;
  return text;
}

function formatInstant(date: Date, locale: Locale, options: Intl.DateTimeFormatOptions): string {
  return locale === "ky" ? formatKyrgyz(date, options) : dateFormat(INTL_LOCALE[locale], options).format(date);
}

/** The currency's name as each language writes it: English pages say "som", not "сом". */
const SOM: Record<Locale, string> = { ru: "сом", ky: "сом", en: "som" };

/** Prices are whole som; the currency follows the number as people write it here. */
export function formatPrice(amount: number, locale: Locale): string {
  return `${numberFormat(numberLocale(locale), { maximumFractionDigits: 0 }).format(amount)} ${SOM[locale]}`;
}

/** A number as the reader writes it, the same on the server and in any browser. */
export function formatNumber(value: number, locale: Locale, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(numberLocale(locale), options).format(value);
}

/** A `yyyy-mm-dd` date as the reader says it ("12 июня 2026"), without time-zone drift. */
export function formatDate(isoDate: string, locale: Locale, options: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" }): string {
  return formatInstant(new Date(`${isoDate}T00:00:00Z`), locale, { ...options, timeZone: "UTC" });
}

/**
 * Kyrgyz months with the possessive ending a month takes after a genitive year: "2027-жылдын
 * декабры" ("December of 2027"), as Kyrgyz writes a month of a year in running text.
 */
const KY_MONTHS_OF_YEAR = ["январы", "февралы", "марты", "апрели", "майы", "июну", "июлу", "августу", "сентябры", "октябры", "ноябры", "декабры"];

/**
 * A month of a year as a label (a calendar's heading, an earnings row, a review's date): "Январь
 * 2027", "January 2027", "2027-жылдын январы". The one place month labels are made: Intl's
 * month-and-year gives "январь 2027 г." and "2027-ж., январь", and CSS `capitalize` on those
 * wrote "Январь 2027 Г." and "2026-Ж., Декабрь" (issue 27). Russian takes the nominative
 * stand-alone month, with no "г."; the first letter is a capital, as a label starts.
 */
export function formatMonthYear(month: string, locale: Locale): string {
  const [y, m] = month.split("-").map(Number);
  if (locale === "ky") return `${y}-жылдын ${KY_MONTHS_OF_YEAR[m - 1]}`;
  const date = new Date(Date.UTC(y, m - 1, 1));
  const text = locale === "ru" ? `${dateFormat(INTL_LOCALE.ru, { month: "long", timeZone: "UTC" }).format(date)} ${y}` : dateFormat(INTL_LOCALE[locale], { month: "long", year: "numeric", timeZone: "UTC" }).format(date);
  return text.charAt(0).toLocaleUpperCase(INTL_LOCALE[locale]) + text.slice(1);
}

/** An instant shown in Bishkek time, whatever the server's zone. */
export function formatDateTime(iso: string, locale: Locale): string {
  return formatInstant(new Date(iso), locale, { dateStyle: "medium", timeStyle: "short", timeZone: BISHKEK_TIME_ZONE });
}

/** The clock time of an instant in Bishkek, "14:05" (digits and a colon in every language; midnight is "00:00"). */
export function formatClock(instant: string | number | Date, locale: Locale): string {
  return formatInstant(new Date(instant), locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: BISHKEK_TIME_ZONE });
}

/** A list's short moment: the Bishkek time for today, else the day and month ("14:05", "28 нояб."). */
export function formatShortMoment(iso: string, locale: Locale, now = new Date()): string {
  const day = bishkekDateOf(new Date(iso));
  return day === bishkekDateOf(now) ? formatClock(iso, locale) : formatDate(day, locale, { day: "numeric", month: "short" });
}

/**
 * A booking's instant (a deadline, an event) in Bishkek time: the time alone when it is today
 * there, the date and time otherwise ("14:05", "30 ноября, 00:00").
 */
export function formatMoment(iso: string, locale: Locale, now = new Date()): string {
  const day = bishkekDateOf(new Date(iso));
  if (day === bishkekDateOf(now)) return formatClock(iso, locale);
  return `${formatDate(day, locale, { day: "numeric", month: "long" })}, ${formatClock(iso, locale)}`;
}

export function formatRating(rating: number, locale: Locale): string {
  return numberFormat(numberLocale(locale), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);
}

