import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { EstateType } from "../../../contract/directory";
import { EstateCard } from "~/components/estate-card";
import type { StayCard } from "~/lib/stay-card";
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
