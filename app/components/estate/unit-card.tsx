import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { PageUnit } from "~/lib/photo-srcset";
import { Photo } from "~/components/photo";
import { RatingBadge } from "~/components/rating-badge";
import { useLocale } from "~/i18n/use-locale";
import { formatPrice } from "~/lib/format";
import { Icon } from "~/components/icon";

/**
 * One unit of a complex (a room, a cottage) as a compact row, the way hotel sites list rooms: a
 * photo, what it is, how many it sleeps, and its price per night or for the chosen stay.
 */
export function UnitCard({ unit, search }: { unit: PageUnit; search: string }) {
  const { t } = useTranslation("estate");
  const { locale, path } = useLocale();
  const cover = unit.photos[0];
  return (
    <article className="relative flex gap-3 rounded-2xl bg-white p-3 ring-1 ring-stone-200 transition hover:shadow-md sm:gap-4" data-testid="unit-card">
      <div className="relative aspect-[4/3] w-28 shrink-0 self-start overflow-hidden rounded-xl bg-stone-200 sm:w-44">
        {cover ? <Photo photo={cover} alt={unit.title} sizes="(min-width: 640px) 176px, 112px" className="h-full w-full object-cover" /> : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-semibold leading-snug text-stone-900">
          <Link to={`${path(`/estates/${unit.slug}`)}${search}`} className="after:absolute after:inset-0 after:rounded-2xl" data-testid="unit-link">
            {unit.title}
          </Link>
        </h3>
        <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-stone-600">
          <span className="inline-flex items-center gap-1" data-testid="unit-capacity">
            <Icon name="users" className="h-4 w-4 text-stone-400" />
            {t("facts.guests", { count: unit.capacity })}
          </span>
          <span className="inline-flex items-center gap-1">
            <Icon name="bed" className="h-4 w-4 text-stone-400" />
            {t("facts.beds", { count: unit.bedCount })}
          </span>
        </p>
        {unit.reviewsCount > 0 ? <RatingBadge rating={unit.rating} reviewsCount={unit.reviewsCount} compact /> : null}
        {/* Each unit books its own way: say which, both ways. */}
        <p className={`inline-flex items-center gap-1 text-xs font-medium ${unit.isInstantConfirmation ? "text-emerald-700" : "text-stone-600"}`} data-testid="unit-mode">
          <Icon name={unit.isInstantConfirmation ? "bolt" : "clock"} className="h-3.5 w-3.5" />
          {unit.isInstantConfirmation ? t("booking.instantTitle") : t("booking.requestTitle")}
        </p>
        <p className="mt-auto pt-1 text-right" data-testid="unit-price">
          {unit.stayPrice != null && unit.nights ? (
            <>
              <span className="text-lg font-bold text-stone-900" data-testid="unit-amount">
                {formatPrice(unit.stayPrice, locale)}
              </span>{" "}
              <span className="text-sm text-stone-500">{t("nightsTotal", { count: unit.nights })}</span>
            </>
          ) : (
            <>
              <span className="text-lg font-bold text-stone-900" data-testid="unit-amount">
                {formatPrice(unit.price, locale)}
              </span>
              <span className="text-sm text-stone-500"> / {t("price.night")}</span>
            </>
          )}
        </p>
      </div>
    </article>
  );
}
