import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { Review, ReviewsResponse, ReviewSummary } from "../../../contract/estate";
import { ServerRendered } from "~/components/server-rendered";
import { useLocale } from "~/i18n/use-locale";
import { formatMonthYear, formatRating } from "~/lib/format";
import { hrefWith } from "./search-params";

function Stars({ rating, className = "" }: { rating: number; className?: string }) {
  const full = Math.round(rating);
  return (
    <span className={`tracking-tight ${className}`} aria-hidden="true">
      <span className="text-amber-500">{"★".repeat(full)}</span>
      <span className="text-stone-300">{"★".repeat(5 - full)}</span>
    </span>
  );
}

/**
 * The rating with its band (SPEC: excellent 4.5+, good 4+, normal 3+), how many reviews gave each
 * number of stars as bars, and one page of reviews with plain links to the others.
 */
/** A page of reviews without its items (they come apart: `items`) and how many there are. */
export type ReviewsPage = Pick<ReviewsResponse, "page" | "perPage" | "total" | "hasMore"> & { shown: number };

export function ReviewsSection({ summary, reviews, items }: { summary: ReviewSummary; reviews: ReviewsPage | null; items: Review[] | undefined }) {
  const { t } = useTranslation("estate");
  const { locale } = useLocale();
  const { pathname, search } = useLocation();
  const pages = reviews ? Math.max(1, Math.ceil(reviews.total / reviews.perPage)) : 1;

  return (
    <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-20" data-testid="reviews">
      <h2 id="reviews-title" className="text-xl font-semibold">
        {summary.count > 0 ? t("reviews.title", { count: summary.count }) : t("reviews.titleEmpty")}
      </h2>
      {summary.count === 0 || summary.rating == null ? (
        <p className="mt-2 text-stone-600">{t("reviews.none")}</p>
      ) : (
        <div className="mt-4 grid gap-6 sm:grid-cols-[auto_1fr] sm:items-center">
          <div className="flex items-center gap-4 sm:flex-col sm:items-start sm:gap-1">
            <p className="text-5xl font-bold leading-none text-stone-900" data-testid="reviews-rating">
              {formatRating(summary.rating, locale)}
            </p>
            <div>
              {summary.band ? (
                <p className="font-semibold text-stone-900" data-testid="reviews-band">
                  {t(`bands.${summary.band}`)}
                </p>
              ) : null}
              <Stars rating={summary.rating} />
              <p className="text-sm text-stone-500">{t("reviews.count", { count: summary.count })}</p>
            </div>
          </div>
          <dl className="space-y-1.5" data-testid="reviews-bars">
            {(["5", "4", "3", "2", "1"] as const).map((star) => {
              const n = summary.byStars[star];
              const share = summary.count ? Math.round((n / summary.count) * 100) : 0;
              return (
                <div key={star} className="grid grid-cols-[2rem_1fr_2.5rem] items-center gap-3 text-sm">
                  <dt className="whitespace-nowrap text-stone-600">
                    <span aria-hidden="true">
                      {star} <span className="text-amber-500">★</span>
                    </span>
                    <span className="sr-only">{t("reviews.stars", { count: Number(star) })}</span>
                  </dt>
                  <dd className="h-2 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
                    <span className="block h-full rounded-full bg-stone-800" style={{ width: `${share}%` }} />
                  </dd>
                  <dd className="text-right tabular-nums text-stone-600" data-testid={`reviews-stars-${star}`}>
                    {n}
                  </dd>
                </div>
              );
            })}
          </dl>
        </div>
      )}

      {reviews && reviews.shown > 0 ? (
        <ServerRendered id="reviews-items" data={items}>
          {(list) => <ReviewList items={list} page={reviews.page} />}
        </ServerRendered>
      ) : reviews && reviews.total > 0 ? (
        <p className="mt-6 text-stone-600">
          {t("reviews.pastEnd")}{" "}
          <Link to={hrefWith(pathname, search, { reviewsPage: null }, "#reviews")} className="font-medium text-brand-700 underline">
            {t("reviews.firstPage")}
          </Link>
        </p>
      ) : summary.count > 0 ? (
        <p className="mt-6 text-stone-600">{t("reviews.failed")}</p>
      ) : null}

      {reviews && pages > 1 && reviews.page <= pages ? (
        <nav aria-label={t("reviews.pagination")} className="mt-6 flex items-center justify-between gap-3" data-testid="reviews-pagination">
          {reviews.page > 1 ? (
            <Link
              to={hrefWith(pathname, search, { reviewsPage: reviews.page > 2 ? reviews.page - 1 : null }, "#reviews")}
              className="btn-secondary"
              rel="prev nofollow"
              data-testid="reviews-prev"
            >
              ← {t("reviews.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-stone-600">{t("reviews.page", { page: reviews.page, pages })}</span>
          {reviews.hasMore ? (
            <Link to={hrefWith(pathname, search, { reviewsPage: reviews.page + 1 }, "#reviews")} className="btn-secondary" rel="next nofollow" data-testid="reviews-next">
              {t("reviews.next")} →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

/** One page of reviews: only shown, so a document's render has them apart from its hydration data. */
function ReviewList({ items, page }: { items: Review[]; page: number }) {
  const { t } = useTranslation("estate");
  const { locale } = useLocale();
  return (
    <ol className="mt-8 grid gap-6 md:grid-cols-2" data-testid="reviews-list" data-page={page}>
      {items.map((review) => (
        <li key={review.id} className="rounded-2xl bg-white p-4 ring-1 ring-stone-200" data-testid="review">
          <article>
            <header className="flex items-center gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800" aria-hidden="true">
                {review.authorName.charAt(0).toUpperCase()}
              </span>
              <div className="min-w-0">
                <h3 className="truncate font-semibold">{review.authorName}</h3>
                <p className="text-xs text-stone-500">
                  <time dateTime={review.createdAt}>{formatMonthYear(review.createdAt.slice(0, 7), locale)}</time>
                </p>
              </div>
            </header>
            <p className="mt-2 text-sm">
              <Stars rating={review.rating} />
              <span className="sr-only">{t("reviews.ratedStars", { count: review.rating })}</span>
            </p>
            {review.text ? <p className="mt-2 whitespace-pre-line break-words text-stone-700">{review.text}</p> : null}
            {review.reply ? (
              <div className="mt-3 border-l-2 border-brand-200 pl-3" data-testid="review-reply">
                <p className="text-xs font-medium text-stone-500">{t("reviews.hostReply")}</p>
                <p className="mt-1 whitespace-pre-line break-words text-sm text-stone-700">{review.reply.text}</p>
              </div>
            ) : null}
          </article>
        </li>
      ))}
    </ol>
  );
}
