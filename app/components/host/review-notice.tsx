import type { Listing } from "../../../contract/listing-steps";
import { useTranslation } from "~/i18n/use-translation";

/**
 * With LISTING_REVIEW=on: the listing waits for an operator's approval (guests do not see it yet),
 * or was sent back with the operator's reason, for the host to fix and publish again.
 */
export function ReviewNotice({ listing, compact = false }: { listing: Pick<Listing, "review">; compact?: boolean }) {
  const { t } = useTranslation("listing");
  if (!listing.review) return null;
  const rejected = listing.review.state === "rejected";
  return (
    <div
      role="status"
      data-testid="listing-review"
      data-state={listing.review.state}
      className={`${compact ? "mt-1 px-3 py-2 text-xs" : "mt-3 px-4 py-3 text-sm"} rounded-xl ring-1 ${rejected ? "bg-red-50 text-red-900 ring-red-200" : "bg-amber-50 text-amber-900 ring-amber-200"}`}
    >
      <p className="font-semibold">{t(`review.${listing.review.state}.title`)}</p>
      {compact ? null : <p className="mt-0.5">{t(`review.${listing.review.state}.text`)}</p>}
      {rejected && listing.review.reason ? (
        <p className="mt-1 break-words" data-testid="listing-review-reason">
          {t("review.reason", { reason: listing.review.reason })}
        </p>
      ) : null}
    </div>
  );
}
