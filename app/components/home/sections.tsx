import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { EstateType } from "../../../contract/directory";
import { EstateCard } from "~/components/estate-card";
import type { StayCard } from "~/lib/stay-card";
import { DESTINATIONS } from "~/components/search/destinations";
import { useLocale } from "~/i18n/use-locale";
import { TypeIcon } from "./type-icon";

export function SectionHeader({ id, title, subtitle, action }: { id: string; title: string; subtitle?: string; action?: ReactNode }) {
  return (
    <div className="mb-5 flex items-end justify-between gap-4">
      <div>
        <h2 id={id} className="text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">
          {title}
        </h2>
        {subtitle ? <p className="mt-1 text-stone-600">{subtitle}</p> : null}
      </div>
      {action}
    </div>
  );
}

const moreLink = "shrink-0 rounded-full px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50";

/** Types with how many stays each has, linking to their category page. */
export function Categories({ types }: { types: EstateType[] }) {
  const { t } = useTranslation("home");
  const { path } = useLocale();
  if (!types.length) return null;
  return (
    <section aria-labelledby="categories-title" className="mx-auto max-w-6xl px-4 pt-10 sm:pt-14">
      <SectionHeader id="categories-title" title={t("categories.title")} subtitle={t("categories.subtitle")} />
      <ul className="grid grid-cols-2 gap-2.5 sm:gap-3 lg:grid-cols-3" data-testid="categories">
        {types.map((type) => (
          <li key={type.id}>
            <Link
              to={path(`/estates/category/${type.slug}`)}
              className="group flex h-full items-center gap-2.5 rounded-2xl bg-white p-2.5 shadow-sm ring-1 ring-stone-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-brand-200 sm:p-4"
              data-testid="category-link"
              data-count={type.estatesCount}
            >
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 transition group-hover:bg-brand-600 group-hover:text-white sm:h-12 sm:w-12">
                <TypeIcon slug={type.slug} icon={type.icon} className="h-5 w-5 sm:h-7 sm:w-7" />
              </span>
              <span className="min-w-0">
                <span className="block hyphens-auto text-sm font-semibold leading-tight text-stone-900 sm:text-base">{type.name}</span>
                <span className="mt-0.5 block text-xs text-stone-500 sm:text-sm">{t("categories.count", { count: type.estatesCount })}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The best-scored stays: a swipeable row on a phone, a grid on wider screens. */
export function Featured({ estates }: { estates: StayCard[] }) {
  const { t } = useTranslation("home");
  const { path } = useLocale();
  if (!estates.length) return null;
  return (
    <section aria-labelledby="featured-title" className="mx-auto max-w-6xl pt-12 sm:px-4 sm:pt-16">
      <div className="px-4 sm:px-0">
        <SectionHeader
          id="featured-title"
          title={t("featured.title")}
          subtitle={t("featured.subtitle")}
          action={
            <Link to={path("/estates")} className={`hidden sm:inline-flex ${moreLink}`}>
              {t("featured.all")} →
            </Link>
          }
        />
      </div>
      <ul
        className="flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-px-4 px-4 pb-3 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-4"
        data-testid="featured"
      >
        {estates.map((estate) => (
          <li key={estate.id} className="flex w-[78%] shrink-0 snap-start sm:w-auto">
            <div className="flex w-full flex-col [&>article]:flex-1">
              <EstateCard estate={estate} />
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-4 px-4 sm:hidden">
        <Link to={path("/estates")} className="btn-secondary w-full">
          {t("featured.all")}
        </Link>
      </div>
    </section>
  );
}

/** Popular places, each a search for that place. */
export function Destinations() {
  const { t } = useTranslation("home");
  const { locale, path } = useLocale();
  return (
    <section aria-labelledby="destinations-title" className="mx-auto max-w-6xl px-4 pt-12 sm:pt-16">
      <SectionHeader id="destinations-title" title={t("destinations.title")} subtitle={t("destinations.subtitle")} />
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3" data-testid="destinations">
        {DESTINATIONS.map((d) => (
          <li key={d.key}>
            <Link
              to={`${path("/estates")}?${new URLSearchParams({ location: d.names[locale] })}`}
              className={`group relative flex h-full min-h-[8.5rem] flex-col justify-end overflow-hidden rounded-2xl bg-gradient-to-br p-4 text-white shadow-sm sm:min-h-[11rem] ${d.tone}`}
              data-testid="destination-link"
            >
              <svg viewBox="0 0 200 80" preserveAspectRatio="none" aria-hidden="true" className="absolute inset-x-0 bottom-0 h-2/3 w-full opacity-25 transition duration-500 group-hover:scale-105">
                <path d="M0 80 L0 55 L30 30 L48 44 L80 12 L108 40 L128 28 L160 52 L182 36 L200 48 L200 80 Z" fill="white" />
                <path d="M72 20 L80 12 L88 21 L82 19 L77 23 Z" fill="white" opacity="0.9" />
              </svg>
              <span aria-hidden="true" className="absolute inset-x-0 bottom-0 h-2/3 bg-gradient-to-t from-black/35 to-transparent" />
              <span className="relative text-lg font-bold leading-tight drop-shadow-sm sm:text-xl">{d.names[locale]}</span>
              <span className="relative mt-0.5 text-sm leading-snug text-white drop-shadow-sm">{t(`destinations.places.${d.key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Reasons to book here, short enough to read on a phone. */
export function Benefits() {
  const { t } = useTranslation("home");
  const items = [
    { key: "verified", path: "M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Zm-3.5 9 2.5 2.5 4.5-5" },
    { key: "instant", path: "M13 2 4 14h7l-1 8 9-12h-7l1-8Z" },
    { key: "local", path: "M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z" },
  ];
  return (
    <section aria-labelledby="benefits-title" className="mx-auto max-w-6xl px-4 pt-12 sm:pt-16">
      <h2 id="benefits-title" className="sr-only">
        {t("benefits.title")}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {items.map((item) => (
          <li key={item.key} className="flex gap-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200">
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <svg viewBox="0 0 24 24" aria-hidden="true" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                <path d={item.path} />
              </svg>
            </span>
            <span>
              <span className="block font-semibold text-stone-900">{t(`benefits.${item.key}.title`)}</span>
              <span className="mt-1 block text-sm text-stone-600">{t(`benefits.${item.key}.text`)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A band pointing to the mobile apps page. */
export function AppPromo() {
  const { t } = useTranslation("home");
  const { path } = useLocale();
  return (
    <section aria-labelledby="app-promo-title" className="mx-auto max-w-6xl px-4 pt-12 sm:pt-16">
      <div className="relative overflow-hidden rounded-3xl bg-stone-900 px-6 py-8 text-white sm:flex sm:items-center sm:justify-between sm:gap-8 sm:px-10 sm:py-10">
        <div aria-hidden="true" className="absolute -right-16 -top-16 h-56 w-56 rounded-full bg-brand-600/40 blur-2xl" />
        <div className="relative">
          <h2 id="app-promo-title" className="text-xl font-bold sm:text-2xl">
            {t("appPromo.title")}
          </h2>
          <p className="mt-2 max-w-xl text-stone-300">{t("appPromo.text")}</p>
        </div>
        <Link to={path("/app")} className="relative mt-5 inline-flex shrink-0 items-center gap-2 rounded-full bg-white px-5 py-2.5 font-semibold text-stone-900 hover:bg-stone-100 sm:mt-0">
          {t("appPromo.cta")} →
        </Link>
      </div>
    </section>
  );
}
