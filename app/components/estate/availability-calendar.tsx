import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { AvailableDatesResponse } from "../../../contract/estate";
import type { TFunction } from "i18next";
import type { Locale } from "~/i18n/config";
import { useLocale } from "~/i18n/use-locale";
import { formatDate, formatMonthYear, formatNumber, formatPrice } from "~/lib/format";
import { shiftMonth } from "../../../contract/dates";
import { monthWeeks } from "./dates";
import { hrefWith } from "./search-params";

const useLayoutEffectInBrowser = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** Monday to Sunday, short and full (2024-01-01 was a Monday); made once per language, as they never change. */
const weekdayNames = new Map<Locale, { short: string; long: string }[]>();
function weekdays(locale: Locale) {
  let names = weekdayNames.get(locale);
  if (!names) {
    names = Array.from({ length: 7 }, (_, i) => {
      const date = `2024-01-0${i + 1}`;
      return { short: formatDate(date, locale, { weekday: "short" }), long: formatDate(date, locale, { weekday: "long" }) };
    });
    weekdayNames.set(locale, names);
  }
  return names;
}

/** A price short enough for a calendar cell: "4,5 тыс.", "4.5k", "4,5 миң". */
function shortPrice(price: number, locale: Locale, t: TFunction): string {
  if (price < 1000) return formatNumber(price, locale);
  return t("calendar.thousands", { value: formatNumber(price / 1000, locale, { maximumFractionDigits: 1 }) });
}

type Selection = { checkIn: string | null; checkOut: string | null };

/** The forms' ids: day buttons name the one they submit (`form="…"`), as forms cannot nest. */
const CHECK_IN_FORM = "calendar-check-in";
const CHECK_OUT_FORM = "calendar-check-out";

/** Spelled out: Tailwind keeps only the classes it finds written in the code. */
const TONES = { past: "cal-past", taken: "cal-taken", free: "cal-free" } as const;

/**
 * Two months of nights (one on a phone): taken nights struck out, nights with a host's own price
 * marked with it. Every free night is a button of a GET form that picks it as check-in, then
 * check-out, and the month arrows are links, so the whole calendar works without JavaScript. The
 * forms carry the page's other query parameters as hidden fields, once, instead of a link per day
 * repeating the page's address (decision 0059).
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
  const months = [month, shiftMonth(month, 1)];
  const prev = month > firstMonth ? shiftMonth(month, -1) : null;
  const next = month < lastMonth ? shiftMonth(month, 1) : null;
  const navClass = "inline-flex h-10 w-10 items-center justify-center rounded-full border border-stone-300 bg-white text-lg hover:bg-stone-100";
  const disabledClass = "inline-flex h-10 w-10 items-center justify-center rounded-full border border-stone-200 text-lg text-stone-300";
  // What a pick keeps: every other parameter of the page, and the months shown.
  const kept = [...new URLSearchParams(search)].filter(([key, value]) => value !== "" && !["checkInDate", "checkOutDate", "month"].includes(key));
  kept.push(["month", month]);
  const pickingCheckOut = Boolean(selection.checkIn && !selection.checkOut);
  const action = `${pathname}#calendar`;
  const hidden = (fields: [string, string][]) => fields.map(([key, value], i) => <input key={`${key}-${i}`} type="hidden" name={key} value={value} />);

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
      <p className="mt-1 text-sm text-stone-600">{pickingCheckOut ? t("calendar.pickCheckOut") : t("calendar.pickCheckIn")}</p>
      {dates ? (
        <>
          {/* First in the page's order, so a picked check-out follows the check-in in the address. */}
          {pickingCheckOut ? (
            <Form method="get" action={action} id={CHECK_OUT_FORM} preventScrollReset hidden>
              {hidden([...kept, ["checkInDate", selection.checkIn!]])}
            </Form>
          ) : null}
          <Form method="get" action={action} id={CHECK_IN_FORM} preventScrollReset className="mt-4 grid gap-8 sm:grid-cols-2">
            {hidden(kept)}
            {months.map((m, i) => (
              <MonthTable key={m} month={m} dates={dates} today={today} selection={selection} className={i > 0 ? "hidden sm:table" : undefined} />
            ))}
          </Form>
        </>
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
  className,
}: {
  month: string;
  dates: AvailableDatesResponse;
  today: string;
  selection: Selection;
  className?: string;
}) {
  const { t } = useTranslation("estate");
  const { locale } = useLocale();
  const days = monthDaysHtml(m, d, now, sel, locale, t);
  const body = useRef<HTMLTableSectionElement>(null);
  const focusedDay = useRef<string | null>(null);
  // New days' HTML replaces the cells, and the day just picked loses focus with its button, which
  // React's keyed cells kept: give it back to that day's new button (unless focus went elsewhere).
  useLayoutEffectInBrowser(() => {
    const day = focusedDay.current;
    if (!day || !body.current || (document.activeElement && document.activeElement !== document.body)) return;
    body.current.querySelector<HTMLElement>(`td[data-date="${day}"] button`)?.focus({ preventScroll: true });
  }, [days]);
  return (
    <table className={`w-full table-fixed border-collapse text-center ${className ?? ""}`} data-testid="calendar-month" data-month={m}>
      <caption className="pb-2 text-left font-semibold text-stone-900">{formatMonthYear(m, locale)}</caption>
      <thead>
        <tr>
          {weekdays(locale).map((w) => (
            <th key={w.long} scope="col" abbr={w.long} className="pb-1 text-xs font-medium text-stone-500">
              {w.short}
            </th>
          ))}
        </tr>
      </thead>
      {/*
        The month's days as one string of HTML, on the server and in the browser (monthDaysHtml):
        ~60 cells of four or five elements each were a third of the page's elements and of React's
        render time (docs/decisions/0089-calendar-days-as-one-html-string.md). There is nothing in
        them for React to handle: the buttons submit the forms around them.
      */}
      <tbody
        ref={body}
        onFocus={(event) => (focusedDay.current = event.target.closest("td")?.dataset.date ?? null)}
        onBlur={(event) => {
          // Focus moved to another element; a button removed with the old HTML has no next one.
          if (event.relatedTarget) focusedDay.current = null;
        }}
        dangerouslySetInnerHTML={{ __html: days }}
      />
    </table>
  );
}

/** React's escaping of text and attribute values (escapeTextForBrowser), so the string is what React wrote. */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * A day's full name ("3 February 2027"), made once per language and day: Intl's formatting was
 * most of a cell's own time. The days a calendar shows are a few hundred; the map starts again
 * if a long-running server ever collects more.
 */
const dayNames = new Map<string, string>();
function dayName(date: string, locale: Locale): string {
  const key = `${locale}${date}`;
  let name = dayNames.get(key);
  if (name === undefined) {
    if (dayNames.size >= 4096) dayNames.clear();
    dayNames.set(key, (name = formatDate(date, locale)));
  }
  return name;
}

/**
 * The `<tbody>` of a month: a row per week, a cell per day (empty before the 1st and after the
 * last). The HTML is byte for byte what the JSX this replaced rendered (tests/unit/calendar-days.test.tsx).
 */
export function monthDaysHtml(m: string, d: AvailableDatesResponse, now: string, sel: Selection, locale: Locale, t: TFunction): string {
  const unavailable = new Set(d.unavailable);
  const prices = new Map(d.prices.map((p) => [p.date, p.price]));
  // While a check-out is being picked, it can be any day up to the first taken night after check-in.
  let checkOutLimit: string | null = null;
  if (sel.checkIn && !sel.checkOut) {
    checkOutLimit = d.unavailable.find((u) => u >= sel.checkIn!) ?? "9999-12-31";
  }
  const takenWord = escapeHtml(t("calendar.taken"));
  const asCheckIn = escapeHtml(t("calendar.asCheckIn"));
  const asCheckOut = escapeHtml(t("calendar.asCheckOut"));
  let html = "";
  for (const week of monthWeeks(m)) {
    html += "<tr>";
    for (const date of week) {
      if (!date) {
        html += "<td></td>";
        continue;
      }
      const day = Number(date.slice(8));
      const past = date < now;
      const taken = unavailable.has(date);
      const special = prices.get(date);
      const selected = date === sel.checkIn || date === sel.checkOut;
      const inRange = sel.checkIn && sel.checkOut && date > sel.checkIn && date < sel.checkOut;
      // A free night picks check-in; while check-out is being picked, so do the nights up to the next taken one.
      const pick: "checkInDate" | "checkOutDate" | null = past
        ? null
        : checkOutLimit && date > sel.checkIn! && date <= checkOutLimit
          ? "checkOutDate"
          : taken
            ? null
            : "checkInDate";
      const state = past ? "past" : taken ? "taken" : "free";
      const tone = selected ? "cal-selected" : inRange ? "cal-range" : TONES[state];
      let cell;
      if (pick) {
        const price = special && !taken && !past ? `<span class="cal-price ${selected ? "text-white" : "text-brand-700"}">${escapeHtml(shortPrice(special, locale, t))}</span>` : "";
        const label = `${escapeHtml(dayName(date, locale))}${taken ? `, ${takenWord}` : special ? `, ${escapeHtml(formatPrice(special, locale))}` : ""} — ${pick === "checkInDate" ? asCheckIn : asCheckOut}`;
        // Named by its text, the date and the price in full; the short "4 тыс." shown is hidden
        // from it. An aria-label that did not contain the shown "14 тыс." failed axe's
        // label-content-name-mismatch on every priced day.
        cell =
          `<button name="${pick}" value="${date}"${pick === "checkOutDate" ? ` form="${CHECK_OUT_FORM}"` : ""} class="cal-day ${tone}"${selected ? ' aria-current="date"' : ""}>` +
          `<span class="sr-only">${label}</span><span aria-hidden="true" class="contents">${day}${price}</span></button>`;
      } else if (past) {
        // The caption and the column say the month and weekday; a past day needs no more.
        cell = `<span class="cal-day ${tone}">${day}</span>`;
      } else {
        cell = `<span class="cal-day ${tone}" role="img" aria-label="${escapeHtml(dayName(date, locale))}, ${takenWord}">${day}</span>`;
      }
      html += `<td class="p-0.5" data-date="${date}" data-state="${state}">${cell}</td>`;
    }
    html += "</tr>";
  }
  return html;
}
