/**
 * The calendar's days are one string of HTML (monthDaysHtml, decision 0089) instead of JSX. The
 * reference below is the JSX they replaced, as it was: for every kind of day (past, taken, free,
 * priced, picked, in the stay, a check-out to pick up to the next taken night), in every language
 * and with words that need escaping, the string must be what React rendered, byte for byte.
 */
import type { Resource, TFunction } from "i18next";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { monthDaysHtml } from "../../app/components/estate/availability-calendar";
import { monthWeeks } from "../../app/components/estate/dates";
import { LOCALES, type Locale } from "../../app/i18n/config";
import { createI18n } from "../../app/i18n/instance";
import { resources } from "../../app/i18n/resources.server";
import { formatDate, formatNumber, formatPrice } from "../../app/lib/format";
import type { AvailableDatesResponse } from "../../contract/estate";

type Selection = { checkIn: string | null; checkOut: string | null };
const TONES = { past: "cal-past", taken: "cal-taken", free: "cal-free" } as const;

function shortPrice(price: number, locale: Locale, t: TFunction): string {
  if (price < 1000) return formatNumber(price, locale);
  return t("calendar.thousands", { value: formatNumber(price / 1000, locale, { maximumFractionDigits: 1 }) });
}

/** The JSX of MonthTable's body before decision 0089. */
function ReferenceDays({ m, d, now, sel, locale, t }: { m: string; d: AvailableDatesResponse; now: string; sel: Selection; locale: Locale; t: TFunction }) {
  const unavailable = new Set(d.unavailable);
  const prices = new Map(d.prices.map((p) => [p.date, p.price]));
  let checkOutLimit: string | null = null;
  if (sel.checkIn && !sel.checkOut) checkOutLimit = d.unavailable.find((u) => u >= sel.checkIn!) ?? "9999-12-31";
  return (
    <tbody>
      {monthWeeks(m).map((week, wi) => (
        <tr key={wi}>
          {week.map((date, di) => {
            if (!date) return <td key={di} />;
            const day = Number(date.slice(8));
            const past = date < now;
            const taken = unavailable.has(date);
            const special = prices.get(date);
            const selected = date === sel.checkIn || date === sel.checkOut;
            const inRange = sel.checkIn && sel.checkOut && date > sel.checkIn && date < sel.checkOut;
            const pick: "checkInDate" | "checkOutDate" | null = past ? null : checkOutLimit && date > sel.checkIn! && date <= checkOutLimit ? "checkOutDate" : taken ? null : "checkInDate";
            const state = past ? "past" : taken ? "taken" : "free";
            const tone = selected ? "cal-selected" : inRange ? "cal-range" : TONES[state];
            const price = special && !taken && !past ? <span className={`cal-price ${selected ? "text-white" : "text-brand-700"}`}>{shortPrice(special, locale, t)}</span> : null;
            let cell;
            if (pick) {
              const label = `${formatDate(date, locale)}${taken ? `, ${t("calendar.taken")}` : special ? `, ${formatPrice(special, locale)}` : ""} — ${t(pick === "checkInDate" ? "calendar.asCheckIn" : "calendar.asCheckOut")}`;
              cell = (
                <button name={pick} value={date} form={pick === "checkOutDate" ? "calendar-check-out" : undefined} className={`cal-day ${tone}`} aria-current={selected ? "date" : undefined}>
                  <span className="sr-only">{label}</span>
                  <span aria-hidden="true" className="contents">
                    {day}
                    {price}
                  </span>
                </button>
              );
            } else if (past) {
              cell = <span className={`cal-day ${tone}`}>{day}</span>;
            } else {
              cell = (
                <span className={`cal-day ${tone}`} role="img" aria-label={`${formatDate(date, locale)}, ${t("calendar.taken")}`}>
                  {day}
                </span>
              );
            }
            return (
              <td key={date} className="p-0.5" data-date={date} data-state={state}>
                {cell}
              </td>
            );
          })}
        </tr>
      ))}
    </tbody>
  );
}

const reference = (...args: Parameters<typeof monthDaysHtml>) => {
  const [m, d, now, sel, locale, t] = args;
  return renderToString(<ReferenceDays m={m} d={d} now={now} sel={sel} locale={locale} t={t} />).replace(/^<tbody>|<\/tbody>$/g, "");
};

const dates: AvailableDatesResponse = {
  from: "2027-01-01",
  to: "2027-03-31",
  unavailable: ["2027-01-05", "2027-01-06", "2027-02-10", "2027-02-11", "2027-02-20"],
  prices: [
    { date: "2027-01-07", price: 4500 },
    { date: "2027-01-06", price: 5000 },
    { date: "2027-02-03", price: 800 },
    { date: "2027-02-05", price: 12_345 },
    { date: "2027-02-21", price: 7000 },
  ],
  price: 3000,
};

const selections: Selection[] = [
  { checkIn: null, checkOut: null },
  { checkIn: "2027-02-03", checkOut: null }, // check-out to pick up to the taken 10th
  { checkIn: "2027-02-21", checkOut: null }, // no taken night after: every later day
  { checkIn: "2027-02-03", checkOut: "2027-02-07" },
  { checkIn: "2027-01-30", checkOut: "2027-02-05" },
];

describe("the calendar's days as one HTML string", () => {
  for (const locale of LOCALES) {
    it(`are what the JSX rendered, in ${locale}`, () => {
      const t = createI18n(locale, resources[locale] as Resource[string]).getFixedT(null, "estate") as unknown as TFunction;
      let compared = 0;
      for (const month of ["2027-01", "2027-02", "2027-03"]) {
        for (const today of ["2026-11-29", "2027-01-15", "2027-02-04"]) {
          for (const selection of selections) {
            const html = monthDaysHtml(month, dates, today, selection, locale, t);
            expect(html, `${month} today ${today} ${JSON.stringify(selection)}`).toBe(reference(month, dates, today, selection, locale, t));
            compared++;
          }
        }
      }
      expect(compared).toBe(45);
    });
  }

  it("escape the words as React did", () => {
    const t = ((key: string, options?: { value?: string }) => `${key} "q" & <b> 'a'${options?.value ?? ""}`) as unknown as TFunction;
    const selection = { checkIn: "2027-02-03", checkOut: null };
    const html = monthDaysHtml("2027-02", dates, "2027-01-15", selection, "en", t);
    expect(html).toContain("&quot;q&quot; &amp; &lt;b&gt; &#x27;a&#x27;");
    expect(html).toBe(reference("2027-02", dates, "2027-01-15", selection, "en", t));
  });

  it("mark each kind of day", () => {
    const t = createI18n("en", resources.en as Resource[string]).getFixedT(null, "estate") as unknown as TFunction;
    const html = monthDaysHtml("2027-02", dates, "2027-02-02", { checkIn: "2027-02-03", checkOut: null }, "en", t);
    expect(html).toContain('<td class="p-0.5" data-date="2027-02-01" data-state="past"><span class="cal-day cal-past">1</span></td>');
    expect(html).toContain('<button name="checkInDate" value="2027-02-03" class="cal-day cal-selected" aria-current="date">');
    // Check-out up to and including the first taken night after check-in, then check-in again.
    expect(html).toContain('<button name="checkOutDate" value="2027-02-10" form="calendar-check-out" class="cal-day cal-taken">');
    expect(html).toContain('data-date="2027-02-11" data-state="taken"><span class="cal-day cal-taken" role="img" aria-label="11 February 2027, ');
    expect(html).toContain('<span class="cal-price text-brand-700">12.3k</span>');
  });
});
