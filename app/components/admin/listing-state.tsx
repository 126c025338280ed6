import type { OperatorListingRow } from "../../../contract/operator";
import { useTranslation } from "~/i18n/use-translation";

const TONE = {
  published: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  draft: "bg-stone-100 text-stone-800 ring-stone-300",
  archived: "bg-stone-100 text-stone-800 ring-stone-300",
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  rejected: "bg-red-50 text-red-800 ring-red-200",
} as const;

/** A listing's status, and its review state when it has one (waiting, or sent back to the host). */
export function ListingState({ listing }: { listing: Pick<OperatorListingRow, "status" | "review"> }) {
  const { t } = useTranslation("admin");
  const pill = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1";
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="listing-state" data-status={listing.status} data-review={listing.review?.state ?? ""}>
      <span className={`${pill} ${TONE[listing.status]}`}>{t(`listings.filter.${listing.status}`)}</span>
      {listing.review ? <span className={`${pill} ${TONE[listing.review.state]}`}>{t(`listings.filter.${listing.review.state}`)}</span> : null}
    </span>
  );
}
