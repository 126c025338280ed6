import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { formatPrice } from "~/lib/format";
import type { StayCard } from "~/lib/stay-card";
import { useLocale } from "~/i18n/use-locale";
import { FavoriteButton } from "./favorite-button";
import { Photo } from "./photo";
import { RatingBadge } from "./rating-badge";

/**
 * One stay in a list. `search` carries the chosen dates and guests on to the estate page so its
 * price is for the same stay. The heart sits above the card's whole-card link.
 */
export function EstateCard({ estate, search = "", eager = false }: { estate: StayCard; search?: string; eager?: boolean }) {
  const { t } = useTranslation("common");
  const { locale, path } = useLocale();
  const cover = estate.cover;
  return (
    <article className="group card" data-testid="estate-card">
      <div className="card-photo">
        {cover ? (
          <Photo photo={cover} alt={estate.title} eager={eager} sizes="(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw" className="card-img" />
        ) : (
          <svg viewBox="0 0 24 24" aria-hidden="true" className="absolute inset-0 m-auto h-12 w-12 text-stone-400" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
            <path d="M3 11 12 4l9 7M5 10v10h14V10M10 20v-5h4v5" />
          </svg>
        )}
        {estate.isInstantConfirmation ? (
          <span className="card-badge">⚡ {t("estate.instant")}</span>
        ) : null}
        <FavoriteButton estateId={estate.id} className="absolute right-2 top-2 z-10" />
      </div>
      <div className="card-body">
        <div className="card-meta">
          <span className="truncate">
            {estate.type.name}
            {estate.star ? ` · ${"★".repeat(estate.star)}` : ""}
          </span>
          <span className="shrink-0">{estate.city}</span>
        </div>
        <h3 className="card-title">
          <Link to={`${path(`/estates/${estate.slug}`)}${search}`} className="after:absolute after:inset-0" data-testid="estate-card-link">
            {estate.title}
          </Link>
        </h3>
        <RatingBadge rating={estate.rating} reviewsCount={estate.reviewsCount} />
        <p className="text-xs text-stone-500">{t("estate.capacity", { count: estate.capacity })}</p>
        <div className="mt-auto pt-2">
          {estate.stayPrice != null && estate.nights ? (
            <p data-testid="card-price" data-amount={estate.stayPrice}>
              <span className="text-lg font-bold">{formatPrice(estate.stayPrice, locale)}</span>{" "}
              <span className="text-sm text-stone-500">{t("estate.forNights", { count: estate.nights })}</span>
            </p>
          ) : (
            <p data-testid="card-price" data-amount={estate.price}>
              <span className="text-sm text-stone-500">{t("estate.from")} </span>
              <span className="text-lg font-bold">{formatPrice(estate.price, locale)}</span>
              <span className="text-sm text-stone-500"> / {t("estate.night")}</span>
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
