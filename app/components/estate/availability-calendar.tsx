import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { AvailableDatesResponse } from "../../../contract/estate";
import type { TFunction } from "i18next";
import type { Locale } from "~/i18n/config";
import { useLocale } from "~/i18n/use-locale";
import { formatDate, formatNumber, formatPrice } from "~/lib/format";
import { addMonths, monthWeeks } from "./dates";
import { hrefWith } from "./search-params";

const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

function monthTitle(month: string, locale: Locale): string {
  return `${capitalize(formatDate(`${month}-01`, locale, { month: "long" }))} ${month.slice(0, 4)}`;
}

/** Monday to Sunday, short and full (2024-01-01 was a Monday). */
function weekdays(locale: Locale) {
  return Array.from({ length: 7 }, (_, i) => {
    const date = `2024-01-0${i + 1}`;
    return { short: formatDate(date, locale, { weekday: "short" }), long: formatDate(date, locale, { weekday: "long" }) };
  });
}

/** A price short enough for a calendar cell: "4,5 тыс.", "4.5k", "4,5 миң". */
function shortPrice(price: number, locale: Locale, t: TFunction): string {
  if (price < 1000) return formatNumber(price, locale);
  return t("calendar.thousands", { value: formatNumber(price / 1000, locale, { maximumFractionDigits: 1 }) });
}

type Selection = { checkIn: string | null; checkOut: string | null };

/**
 * Two months of nights (one on a phone): taken nights struck out, nights with a host's own price
 * marked with it. Every free night is a link that picks it as check-in, then check-out, and the
 * month arrows are links too, so the whole calendar works without JavaScript. Links keep the
 * page's other query parameters.
 */
export function AvailabilityCalendar({
  month,
  firstMonth,
  lastMonth,
  dates,
  today,
  selection,
}: {
  month: string;
  firstMonth: string;
  lastMonth: string;
  dates: AvailableDatesResponse | null;
  today: string;
  selection: Selection;
}) {
  const { t } = useTranslation("estate");
  const { locale } = useLocale();
  const { pathname, search } = useLocation();
  const months = [month, addMonths(month, 1)];
  const prev = month > firstMonth ? addMonths(month, -1) : null;
  const next = month < lastMonth ? addMonths(month, 1) : null;
  const navClass = "inline-flex h-10 w-10 items-center justify-center rounded-full border border-stone-300 bg-white text-lg hover:bg-stone-100";
  const disabledClass = "inline-flex h-10 w-10 items-center justify-center rounded-full border border-stone-200 text-lg text-stone-300";

  return (
    <section id="calendar" aria-labelledby="calendar-title" className="scroll-mt-20" data-testid="calendar" data-month={month}>
      <div className="flex items-center justify-between gap-3">
        <h2 id="calendar-title" className="text-xl font-semibold">
          {t("calendar.title")}
        </h2>
        <nav aria-label={t("calendar.navigation")} className="flex gap-2">
          {prev ? (
            <Link to={hrefWith(pathname, search, { month: prev }, "#calendar")} className={navClass} aria-label={t("calendar.previous")} data-testid="calendar-prev" rel="nofollow">
              ‹
            </Link>
          ) : (
            <span className={disabledClass} aria-hidden="true">
              ‹
            </span>
          )}
          {next ? (
            <Link to={hrefWith(pathname, search, { month: next }, "#calendar")} className={navClass} aria-label={t("calendar.next")} data-testid="calendar-next" rel="nofollow">
              ›
            </Link>
          ) : (
            <span className={disabledClass} aria-hidden="true">
              ›
            </span>
          )}
        </nav>
      </div>
      <p className="mt-1 text-sm text-stone-600">{selection.checkIn && !selection.checkOut ? t("calendar.pickCheckOut") : t("calendar.pickCheckIn")}</p>
      {dates ? (
        <div className="mt-4 grid gap-8 sm:grid-cols-2">
          {months.map((m, i) => (
            <MonthTable key={m} month={m} dates={dates} today={today} selection={selection} firstShown={months[0]} className={i > 0 ? "hidden sm:table" : undefined} />
          ))}
        </div>
      ) : (
        <p className="mt-4 rounded-xl bg-stone-100 p-4 text-sm text-stone-600">{t("calendar.failed")}</p>
      )}
      <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-xs text-stone-600">
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-4 w-4 rounded-full border border-stone-300 bg-white" aria-hidden="true" />
          {t("calendar.legend.free")}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="text-stone-500 line-through" aria-hidden="true">
            15
          </span>
          {t("calendar.legend.taken")}
        </li>
        {dates && dates.prices.some((p) => p.price !== dates.price) ? (
        <li className="flex items-center gap-1.5">
          <span className="text-[10px] font-semibold text-brand-700" aria-hidden="true">
            {shortPrice(5500, locale, t)}
          </span>
          {t("calendar.legend.price", { price: formatPrice(dates.price, locale) })}
        </li>
        ) : null}
      </ul>
    </section>
  );
}

function MonthTable({
  month: m,
  dates: d,
  today: now,
  selection: sel,
  firstShown,
  className,
}: {
  month: string;
  dates: AvailableDatesResponse;
  today: string;
  selection: Selection;
  firstShown: string;
  className?: string;
}) {
  const { t } = useTranslation("estate");
  const { locale } = useLocale();
  const { pathname, search } = useLocation();
  const unavailable = new Set(d.unavailable);
  const prices = new Map(d.prices.map((p) => [p.date, p.price]));
  // While a check-out is being picked, it can be any day up to the first taken night after check-in.
  let checkOutLimit: string | null = null;
  if (sel.checkIn && !sel.checkOut) {
    checkOutLimit = d.unavailable.find((u) => u >= sel.checkIn!) ?? "9999-12-31";
  }
  return (
    <table className={`w-full table-fixed border-collapse text-center ${className ?? ""}`} data-testid="calendar-month" data-month={m}>
      <caption className="pb-2 text-left font-semibold text-stone-900">{monthTitle(m, locale)}</caption>
      <thead>
        <tr>
          {weekdays(locale).map((w) => (
            <th key={w.long} scope="col" abbr={w.long} className="pb-1 text-xs font-medium text-stone-500">
              {w.short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(m).map((week, wi) => (
          <tr key={wi}>
            {week.map((date, di) => {
              if (!date) return <td key={di} />;
              const day = Number(date.slice(8));
              const past = date < now;
              const taken = unavailable.has(date);
              const special = prices.get(date);
              const isStart = date === sel.checkIn;
              const isEnd = date === sel.checkOut;
              const inRange = sel.checkIn && sel.checkOut && date > sel.checkIn && date < sel.checkOut;
              let to: string | null = null;
              let action = "";
              if (!past) {
                if (checkOutLimit && sel.checkIn && date > sel.checkIn && date <= checkOutLimit) {
                  to = hrefWith(pathname, search, { checkOutDate: date, month: firstShown }, "#calendar");
                  action = t("calendar.asCheckOut");
                } else if (!taken) {
                  to = hrefWith(pathname, search, { checkInDate: date, checkOutDate: null, month: firstShown }, "#calendar");
                  action = t("calendar.asCheckIn");
                }
              }
              const state = past ? "past" : taken ? "taken" : "free";
              const label = `${formatDate(date, locale)}${taken && !past ? `, ${t("calendar.taken")}` : ""}${special && !taken ? `, ${formatPrice(special, locale)}` : ""}${to ? ` — ${action}` : ""}`;
              const tone = isStart || isEnd
                ? "bg-stone-900 text-white"
                : inRange
                  ? "bg-stone-200 text-stone-900"
                  : past
                    ? "text-stone-500"
                    : taken
                      ? "text-stone-500 line-through"
                      : "font-semibold text-stone-900 hover:bg-stone-100";
              const content = (
                <>
                  <span className="leading-none">{day}</span>
                  {special && !taken && !past ? (
                    <span className={`mt-0.5 block text-[9px] font-semibold leading-none ${isStart || isEnd ? "text-white" : "text-brand-700"}`}>
                      {shortPrice(special, locale, t)}
                    </span>
                  ) : null}
                </>
              );
              const cellClass = `cal-day ${tone}`;
              return (
                <td key={date} className="p-0.5" data-date={date} data-state={state}>
                  {to ? (
                    <Link to={to} className={cellClass} aria-label={label} rel="nofollow" aria-current={isStart || isEnd ? "date" : undefined}>
                      {content}
                    </Link>
                  ) : (
                    <span className={cellClass} aria-label={label} role="img">
                      {content}
                    </span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
