import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/i18n/use-locale";
import { formatDate, formatPrice } from "~/lib/format";
import { MONTHLY_NIGHTS, WEEKLY_NIGHTS, type StayBreakdown, type StayPricing } from "../../../contract/stay-price";

/**
 * The lines of a breakdown after its nights (contract/stay-price.ts): the extra-guest fee, the
 * long-stay discount and the cleaning fee, each only when there is one. The estate page's quote
 * and every booking page show them alike (their words are in `common`, which every page has).
 */
export function FeeLines({ breakdown }: { breakdown: StayBreakdown }) {
  const { t } = useTranslation("common");
  const { locale } = useLocale();
  const { extraGuests, discount, cleaningFee } = breakdown;
  if (!extraGuests && !discount && !cleaningFee) return null;
  return (
    <ul className="mt-2 space-y-1.5 text-stone-700" data-testid="fee-lines">
      {extraGuests ? (
        <li className="flex justify-between gap-3" data-testid="fee-extra-guests" data-amount={extraGuests.amount}>
          <span>
            {t("stayPrice.extraGuests", { guests: extraGuests.guests })}
            {/* A night's fee times the nights: the numbers say it in every language. */}
            <span className="block text-xs text-stone-500">
              {formatPrice(extraGuests.perNight, locale)} × {extraGuests.nights}
            </span>
          </span>
          <span className="shrink-0 tabular-nums">{formatPrice(extraGuests.amount, locale)}</span>
        </li>
      ) : null}
      {discount ? (
        <li className="flex justify-between gap-3 text-emerald-800" data-testid="fee-discount" data-kind={discount.kind} data-amount={discount.amount}>
          <span>{t(`stayPrice.${discount.kind}Discount`, { percent: discount.percent })}</span>
          <span className="shrink-0 tabular-nums">−{formatPrice(discount.amount, locale)}</span>
        </li>
      ) : null}
      {cleaningFee ? (
        <li className="flex justify-between gap-3" data-testid="fee-cleaning" data-amount={cleaningFee}>
          <span>{t("stayPrice.cleaningFee")}</span>
          <span className="shrink-0 tabular-nums">{formatPrice(cleaningFee, locale)}</span>
        </li>
      ) : null}
    </ul>
  );
}

/** The host's fees and discounts as short phrases: "cleaning 1 500 som per stay", "−10% from 7 nights". */
export function useFeeParts(fees: Partial<Omit<StayPricing, "price" | "weekendPrice">>): string[] {
  const { t } = useTranslation("common");
  const { locale } = useLocale();
  return [
    fees.cleaningFee ? t("stayPrice.cleaningPerStay", { price: formatPrice(fees.cleaningFee, locale) }) : null,
    fees.extraGuestFee ? t("stayPrice.extraPerGuest", { price: formatPrice(fees.extraGuestFee, locale), guests: fees.extraGuestsAbove ?? 1 }) : null,
    fees.weeklyDiscount ? t("stayPrice.discountFrom", { percent: fees.weeklyDiscount, nights: WEEKLY_NIGHTS }) : null,
    fees.monthlyDiscount ? t("stayPrice.discountFrom", { percent: fees.monthlyDiscount, nights: MONTHLY_NIGHTS }) : null,
  ].filter((part): part is string => part !== null);
}

/**
 * The host's fees and discounts in one line, before the guest picks dates: "Cleaning 1 500 som per
 * stay · −10% from 7 nights". Nothing when the listing has none.
 */
export function FeesNote({ fees }: { fees: Omit<StayPricing, "price" | "weekendPrice"> }) {
  const { locale } = useLocale();
  const parts = useFeeParts(fees);
  if (!parts.length) return null;
  const text = parts.join(" · ");
  return (
    <p className="mt-1 text-sm text-stone-600" data-testid="fees-note">
      {text.charAt(0).toLocaleUpperCase(locale) + text.slice(1)}
    </p>
  );
}

/**
 * The price of a stay as the API computed it (contract/stay-price.ts): "2 nights × 4 500 сом" when
 * every night costs the same, one line per date when they differ, then the fees and the discount,
 * and the total. Whole som only.
 */
export function PriceBreakdown({ breakdown, className = "" }: { breakdown: StayBreakdown; className?: string }) {
  const { t } = useTranslation("booking");
  const { locale } = useLocale();
  const { nightly, total } = breakdown;
  const uniform = nightly.length > 0 && nightly.every((n) => n.price === nightly[0].price);
  return (
    <div className={className} data-testid="price-breakdown">
      {uniform ? (
        <p className="flex justify-between gap-3 text-stone-700">
          <span>{t("price.nightsTimes", { count: nightly.length, price: formatPrice(nightly[0].price, locale) })}</span>
          <span className="shrink-0 tabular-nums">{formatPrice(nightly[0].price * nightly.length, locale)}</span>
        </p>
      ) : (
        <>
          <p className="text-sm text-stone-600">{t("price.perNight")}</p>
          <ul className="mt-2 space-y-1.5 text-stone-700" data-testid="price-lines">
            {nightly.map((n) => (
              <li key={n.date} className="flex justify-between gap-3">
                <span>{formatDate(n.date, locale, { weekday: "short", day: "numeric", month: "long" })}</span>
                <span className="shrink-0 tabular-nums">{formatPrice(n.price, locale)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <FeeLines breakdown={breakdown} />
      <p className="mt-3 flex justify-between gap-3 border-t border-stone-200 pt-3 text-lg font-bold text-stone-900">
        <span>{t("price.total")}</span>
        <span className="tabular-nums" data-testid="price-total">
          {formatPrice(total, locale)}
        </span>
      </p>
    </div>
  );
}
