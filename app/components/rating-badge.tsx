import { useTranslation } from "~/i18n/use-translation";
import { ratingBandOf } from "../../contract/estate-constants";
import { formatRating } from "~/lib/format";
import { useLocale } from "~/i18n/use-locale";

/** The average rating with its band of SPEC section 9 (excellent 4.5+, good 4+, normal 3+). */
export function RatingBadge({ rating, reviewsCount, compact = false }: { rating: number | null; reviewsCount: number; compact?: boolean }) {
  const { t } = useTranslation("common");
  const { locale } = useLocale();
  if (rating == null || reviewsCount === 0) {
    return <span className="text-sm text-stone-500">{t("rating.new")}</span>;
  }
  const band = ratingBandOf(rating);
  return (
    <span className="rating">
      <span className="rating-score">{formatRating(rating, locale)}</span>
      {band ? <span className="font-medium text-stone-800">{t(`rating.band.${band}`)}</span> : null}
      {!compact ? <span className="whitespace-nowrap text-stone-500">· {t("rating.reviews", { count: reviewsCount })}</span> : null}
    </span>
  );
}
