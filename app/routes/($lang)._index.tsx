import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { HeroSearch } from "~/components/home/hero-search";
import { toStayCard } from "~/lib/stay-card";
import { Categories, Featured } from "~/components/home/sections";
import * as rendered from "~/components/home/lower-sections.rendered";
import { deferred, DeferredBoundary } from "~/components/deferred";
import { getT } from "~/i18n/i18n.server";
import { todayInBishkek } from "../../contract/dates";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { skipAfterFavorite } from "~/components/favorite-button";
import { pageSeoMeta } from "~/lib/seo";
import { endpoints } from "../../contract/endpoints";

/** Places, reasons and the apps band hydrate lazily: links and text, below the first screen (decision 0055). */
const serverSide: Partial<typeof rendered> = rendered;
const LowerSections = serverSide.LowerSections ?? deferred("home-lower", () => import("~/components/home/lower-sections").then((m) => m.LowerSections));

/** How many top-scored stays the home page shows. */
const FEATURED_COUNT = 8;

/** A heart's post changes only the root's ids: no need to run this page's search again. */
export const shouldRevalidate = skipAfterFavorite;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const api = apiFor(context, params);
  // The search form works whatever the API says: a failing list leaves its section out, not the page.
  const [types, featured] = await Promise.all([
    api
      .call(endpoints.guestTypes)
      .then((d) => d.types.filter((type) => type.estatesCount > 0))
      .catch(() => []),
    api
      .call(endpoints.search, { body: { orderBy: "score", page: 1, perPage: FEATURED_COUNT } })
      .then((d) => d.estates.map(toStayCard))
      .catch(() => []),
  ]);
  const t = await getT(localeFromParams(params), "home");
  return {
    types,
    featured,
    today: todayInBishkek(),
    meta: { title: t("meta.title"), description: t("meta.description") },
  };
}

export const meta: MetaFunction<typeof loader> = (args) => (args.data ? pageSeoMeta(args, args.data.meta) : []);

export default function Home() {
  const { types, featured, today } = useLoaderData<typeof loader>();
  const { t } = useTranslation("home");
  return (
    <>
      <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-orange-500 text-white">
        <svg viewBox="0 0 1440 320" preserveAspectRatio="none" aria-hidden="true" className="pointer-events-none absolute inset-x-0 bottom-0 h-40 w-full sm:h-56">
          <path d="M0 320V210l120-70 90 50 160-130 120 90 110-60 170 140 130-90 150 80 140-110 130 90 120-40v160Z" fill="white" fillOpacity="0.08" />
          <path d="M0 320V250l160-60 140 70 180-120 150 100 130-50 200 90 160-80 170 70 150-50v150Z" fill="white" fillOpacity="0.1" />
          <path d="M330 60l40 30-22-4-18 14-14-12-26 6Z" fill="white" fillOpacity="0.35" />
        </svg>
        <div className="relative mx-auto max-w-6xl px-4 pb-10 pt-8 sm:pb-20 sm:pt-16">
          <p className="text-sm font-semibold uppercase tracking-widest text-white/80">{t("hero.eyebrow")}</p>
          <h1 id="hero-title" className="mt-2 max-w-3xl text-3xl font-extrabold leading-tight tracking-tight sm:text-5xl">
            {t("hero.title")}
          </h1>
          <p className="mt-3 max-w-2xl text-base text-white/90 sm:text-lg">{t("hero.subtitle")}</p>
          <div className="mt-6 sm:mt-8">
            <HeroSearch today={today} />
          </div>
        </div>
      </section>
      <Categories types={types} />
      <Featured estates={featured} />
      <div id="home-lower">
        <DeferredBoundary id="home-lower">
          <LowerSections />
        </DeferredBoundary>
      </div>
    </>
  );
}
