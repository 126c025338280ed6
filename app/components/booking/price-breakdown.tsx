import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/i18n/use-locale";
import { formatDate, formatPrice } from "~/lib/format";

/**
 * The price of a stay, night by night as the API computed it: "2 nights × 4 500 сом" when every
 * night costs the same, one line per date when they differ, and the total. Whole som only.
 */
export function PriceBreakdown({ nightly, total, className = "" }: { nightly: { date: string; price: number }[]; total: number; className?: string }) {
  const { t } = useTranslation("booking");
  const { locale } = useLocale();
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
      <p className="mt-3 flex justify-between gap-3 border-t border-stone-200 pt-3 text-lg font-bold text-stone-900">
        <span>{t("price.total")}</span>
        <span className="tabular-nums" data-testid="price-total">
          {formatPrice(total, locale)}
        </span>
      </p>
    </div>
  );
}
