import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/i18n/use-locale";
import type { StayCard } from "~/lib/stay-card";
import { EstateCard } from "./estate-card";
import { HeartIcon } from "./favorite-button";

/** Saved stays as cards (each with its heart, to remove it), or a kind way back to the search. */
export function FavoritesList({ items }: { items: StayCard[] }) {
  const { t } = useTranslation("common");
  const { path } = useLocale();
  if (items.length === 0) {
    return (
      <div className="rounded-3xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center" data-testid="favorites-empty">
        <span aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <HeartIcon className="h-7 w-7" />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-stone-900">{t("favorites.emptyTitle")}</h2>
        <p className="mx-auto mt-2 max-w-sm text-sm text-stone-600">{t("favorites.emptyText")}</p>
        <Link to={path("/estates")} className="btn-primary mt-6" data-testid="favorites-find">
          {t("favorites.find")}
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="favorites-list">
      {items.map((estate, index) => (
        <li key={estate.id} className="flex [&>*]:w-full">
          <EstateCard estate={estate} eager={index === 0} />
        </li>
      ))}
    </ul>
  );
}
