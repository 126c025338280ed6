import { DateInput } from "~/components/forms/date-input";
import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { StayQuote } from "../../../contract/estate";
import { isWeekendNight } from "../../../contract/stay-terms";
import { useLocale } from "~/i18n/use-locale";
import { formatDate, formatPrice } from "~/lib/format";
import { Icon } from "~/components/icon";
import { bookingHref } from "./search-params";
import { FeeLines, FeesNote } from "~/components/booking/price-breakdown";
import type { StayPricing } from "../../../contract/stay-price";

export type StayField = "checkInDate" | "checkOutDate" | "adultCount" | "childrenCount";

export type BookingQuery = {
  values: Record<StayField, string>;
  errors: Partial<Record<StayField, string>>;
  awaitingCheckOut: boolean;
  adultCount: number;
  childrenCount: number;
};

type PriceLine = { price: number; dates: string[] };

/**
 * Nights grouped by price: the estate's own price first ("3 nights × 4 500 сом"), then each price
 * a host set for particular dates, with those dates named.
 */
export function priceLines(nightly: StayQuote["nightly"], basePrice: number): PriceLine[] {
  const byPrice = new Map<number, string[]>();
  for (const night of nightly) byPrice.set(night.price, [...(byPrice.get(night.price) ?? []), night.date]);
  return [...byPrice.entries()]
    .map(([price, dates]) => ({ price, dates }))
    .sort((a, b) => (a.price === basePrice ? -1 : b.price === basePrice ? 1 : a.dates[0].localeCompare(b.dates[0])));
}

function FieldError({ id, code }: { id: string; code?: string }) {
  const { t } = useTranslation("estate");
  if (!code) return null;
  return (
    <p id={id} className="field-error" data-testid={`error-${id}`}>
      {t(`booking.errors.${code}`)}
    </p>
  );
}

/**
 * The stay form (a GET to this page, so it works without JavaScript) and its answer: the price of
 * each night grouped, the total, or in words why the stay cannot be booked.
 */
export function BookingPanel({
  estate,
  query,
  stay,
  today,
  isComplex,
}: {
  estate: { id: number; price: number; isInstantConfirmation: boolean; capacity: number; minNights: number; maxNights: number; weekendPrice?: number | null; fees?: Omit<StayPricing, "price" | "weekendPrice"> };
  query: BookingQuery;
  stay: StayQuote | null;
  today: string;
  isComplex: boolean;
}) {
  const { t } = useTranslation("estate");
  const { locale, path } = useLocale();
  const { pathname, search } = useLocation();
  const { values, errors } = query;
  const describedBy = (field: StayField) => (errors[field] ? `${field}-error` : undefined);
  const bookHref = stay?.available ? bookingHref(path, estate.id, stay, query) : null;

  return (
    <section id="booking" aria-labelledby="booking-title" className="scroll-mt-20 rounded-2xl bg-white p-5 shadow-lg ring-1 ring-stone-200" data-testid="booking-panel">
      <h2 id="booking-title" className="sr-only">
        {t("booking.title")}
      </h2>
      <p className="text-stone-600">
        {isComplex ? <span className="text-sm">{t("price.from")} </span> : null}
        <span className="text-2xl font-bold text-stone-900">{formatPrice(estate.price, locale)}</span>
        <span> / {t("price.night")}</span>
      </p>
      {estate.fees ? <FeesNote fees={estate.fees} /> : null}

      {/* The whole form is re-created on each navigation so its fields show the URL's values. */}
      <Form key={search} method="get" action={`${pathname}#booking`} preventScrollReset className="mt-4" noValidate>
        <fieldset className="grid grid-cols-2 overflow-hidden rounded-xl border border-stone-300">
          <legend className="sr-only">{t("booking.dates")}</legend>
          <div className="border-r border-stone-300 p-2.5">
            <label htmlFor="checkInDate" className="block text-[11px] font-bold uppercase tracking-wide text-stone-700">
              {t("booking.checkIn")}
            </label>
            <DateInput
              id="checkInDate"
              name="checkInDate"
              wordsClassName="block text-xs leading-snug text-stone-600"
              min={today}
              defaultValue={values.checkInDate}
              aria-invalid={errors.checkInDate ? true : undefined}
              aria-describedby={describedBy("checkInDate")}
              className="w-full min-w-0 bg-transparent text-sm text-stone-900 focus:outline-none aria-[invalid=true]:text-red-700"
            />
          </div>
          <div className="p-2.5">
            <label htmlFor="checkOutDate" className="block text-[11px] font-bold uppercase tracking-wide text-stone-700">
              {t("booking.checkOut")}
            </label>
            <DateInput
              id="checkOutDate"
              name="checkOutDate"
              wordsClassName="block text-xs leading-snug text-stone-600"
              min={today}
              defaultValue={values.checkOutDate}
              aria-invalid={errors.checkOutDate ? true : undefined}
              aria-describedby={describedBy("checkOutDate")}
              className="w-full min-w-0 bg-transparent text-sm text-stone-900 focus:outline-none aria-[invalid=true]:text-red-700"
            />
          </div>
        </fieldset>
        <FieldError id="checkInDate-error" code={errors.checkInDate} />
        <FieldError id="checkOutDate-error" code={errors.checkOutDate} />
        {query.awaitingCheckOut ? (
          <p className="mt-1 text-sm text-stone-600" data-testid="awaiting-check-out">
            {t("booking.chooseCheckOut")}
          </p>
        ) : null}

        <fieldset className="mt-3 grid grid-cols-2 gap-3">
          <legend className="sr-only">{t("booking.guests")}</legend>
          <div>
            <label htmlFor="adultCount" className="field-label">
              {t("booking.adults")}
            </label>
            <input
              id="adultCount"
              name="adultCount"
              type="number"
              inputMode="numeric"
              min={1}
              max={30}
              defaultValue={values.adultCount || String(query.adultCount)}
              aria-invalid={errors.adultCount ? true : undefined}
              aria-describedby={describedBy("adultCount")}
              className="field-input"
            />
            <FieldError id="adultCount-error" code={errors.adultCount} />
          </div>
          <div>
            <label htmlFor="childrenCount" className="field-label">
              {t("booking.children")}
            </label>
            <input
              id="childrenCount"
              name="childrenCount"
              type="number"
              inputMode="numeric"
              min={0}
              max={20}
              defaultValue={values.childrenCount || String(query.childrenCount)}
              aria-invalid={errors.childrenCount ? true : undefined}
              aria-describedby={describedBy("childrenCount")}
              className="field-input"
            />
            <FieldError id="childrenCount-error" code={errors.childrenCount} />
          </div>
        </fieldset>
        <p className="mt-1 text-xs text-stone-500">{t("booking.capacity", { count: estate.capacity })}</p>

        <button type="submit" className={`${stay ? "btn-secondary" : "btn-primary"} mt-4 w-full`} data-testid="check-price">
          {stay ? t("booking.update") : t("booking.showPrice")}
        </button>
      </Form>

      <div aria-live="polite">
        {isComplex ? (
          <p className="mt-4 rounded-xl bg-stone-100 p-3 text-sm text-stone-700">
            {t("booking.complexHint")}{" "}
            <a href="#units" className="font-medium text-brand-700 underline">
              {t("booking.seeUnits")}
            </a>
          </p>
        ) : stay ? (
          <StayResult stay={stay} basePrice={estate.price} weekendPrice={estate.weekendPrice ?? null} minNights={estate.minNights} maxNights={estate.maxNights} capacity={estate.capacity} />
        ) : (
          <p className="mt-4 text-center text-sm text-stone-500">{t("booking.chooseDates")}</p>
        )}
      </div>

      {bookHref ? (
        <Link to={bookHref} className="btn-primary mt-4 w-full text-base" data-testid="book-link">
          {estate.isInstantConfirmation ? t("booking.bookInstant") : t("booking.request")}
        </Link>
      ) : null}

      {!isComplex ? (
        <p className="mt-3 flex gap-2 text-sm text-stone-600" data-testid="booking-mode">
          <Icon name={estate.isInstantConfirmation ? "bolt" : "clock"} className="mt-0.5 h-4 w-4 shrink-0 text-stone-500" />
          <span>
            <strong className="font-semibold text-stone-800">{estate.isInstantConfirmation ? t("booking.instantTitle") : t("booking.requestTitle")}</strong>
            {" — "}
            {estate.isInstantConfirmation ? t("booking.instantText") : t("booking.requestText")}
          </span>
        </p>
      ) : null}
      {stay && !stay.available ? (
        <p className="mt-3 text-center text-sm">
          <a href={`${pathname}${search}#calendar`} className="font-medium text-brand-700 underline">
            {t("booking.seeCalendar")}
          </a>
        </p>
      ) : null}
    </section>
  );
}

function StayResult({
  stay,
  basePrice,
  weekendPrice,
  minNights,
  maxNights,
  capacity,
}: {
  stay: StayQuote;
  basePrice: number;
  weekendPrice: number | null;
  minNights: number;
  maxNights: number;
  capacity: number;
}) {
  const { t } = useTranslation("estate");
  const { locale } = useLocale();
  if (!stay.available) {
    const reason = stay.reason ?? "booked";
    return (
      <div role="alert" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="stay-unavailable" data-reason={reason}>
        <p className="font-semibold">{t("booking.unavailable")}</p>
        <p className="mt-1">{reason === "booked" || reason === "blocked"
            ? t(`booking.reasons.${reason}`)
            : reason === "min_nights" && stay.minNightsForDate
              ? // The host's rule for that check-in date, named as such (issue 27): not the listing's usual minimum.
                t("booking.reasons.min_nights_date", { count: stay.minNights, date: formatDate(stay.checkInDate, locale, { day: "numeric", month: "long" }) })
              : t(`booking.reasons.${reason}`, { count: reason === "capacity" ? capacity : reason === "min_nights" ? (stay.minNights ?? minNights) : maxNights })}</p>
      </div>
    );
  }
  const lines = priceLines(stay.nightly, basePrice);
  return (
    <div className="mt-4" data-testid="stay-quote">
      <p className="text-sm text-stone-600">
        {formatDate(stay.checkInDate, locale, { day: "numeric", month: "short" })} – {formatDate(stay.checkOutDate, locale, { day: "numeric", month: "short" })}
        {" · "}
        {t("nights", { count: stay.nights })}
      </p>
      <ul className="mt-3 space-y-2 text-stone-700" data-testid="price-lines">
        {lines.map((line) => (
          <li key={line.price} className="flex justify-between gap-3" data-testid="price-line" data-price={line.price} data-nights={line.dates.length}>
            <span>
              <span className="underline decoration-stone-300 underline-offset-4">
                {t("nightsTimesPrice", { count: line.dates.length, price: formatPrice(line.price, locale) })}
              </span>
              {line.price === basePrice ? null : line.price === weekendPrice && line.dates.every(isWeekendNight) ? (
                <span className="block text-xs text-stone-500" data-testid="weekend-price-dates">
                  {t("booking.weekendPrice")}: {line.dates.map((d) => formatDate(d, locale, { day: "numeric", month: "short" })).join(", ")}
                </span>
              ) : (
                <span className="block text-xs text-stone-500" data-testid="host-price-dates">
                  {t("booking.hostPrice")}: {line.dates.map((d) => formatDate(d, locale, { day: "numeric", month: "short" })).join(", ")}
                </span>
              )}
            </span>
            <span className="shrink-0 tabular-nums" data-testid="price-line-amount">
              {formatPrice(line.price * line.dates.length, locale)}
            </span>
          </li>
        ))}
      </ul>
      <FeeLines breakdown={stay.breakdown} />
      <p className="mt-3 flex justify-between gap-3 border-t border-stone-200 pt-3 text-lg font-bold">
        <span>{t("booking.total")}</span>
        <span className="tabular-nums" data-testid="stay-total">
          {formatPrice(stay.total, locale)}
        </span>
      </p>
    </div>
  );
}
