import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { EstateCard } from "~/components/estate-card";
import { skipAfterFavorite } from "~/components/favorite-button";
import { NEARBY_SECTION_PARAM, staySearch } from "~/components/estate/search-params";
import { parseStayQuery } from "~/components/estate/stay-query.server";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { ApiError, routeErrorFrom } from "~/lib/api.server";
import { todayInBishkek } from "../../contract/dates";
import { nearbyStays } from "~/lib/nearby.server";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { endpoints } from "../../contract/endpoints";

/** How many stays the page lists; the estate page's section shows the first four. */
const NEARBY_COUNT = 8;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Konok" },
  // A list that the estate page and the search already lead to: followed, not indexed on its own.
  { name: "robots", content: "noindex, follow" },
];

export const shouldRevalidate = skipAfterFavorite;

/**
 * `/estates/{slug}/nearby`: the stays around an estate, for the guests and dates of the page that
 * links here. It is the estate page's "Stays nearby" section: out of that page's first answer, the
 * section loads it when it comes near the screen, and without JavaScript it is this page
 * (docs/decisions/0059-estate-page-first-answer-within-14-kb.md).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const locale = localeFromParams(params);
  const slug = params.slug ?? "";
  const api = apiFor(context, params);
  const query = parseStayQuery(url.searchParams, todayInBishkek());
  // The estate page's section asks with `?section=1` (components/estate/nearby-stays.tsx).
  const forSection = url.searchParams.has(NEARBY_SECTION_PARAM);

  let estate;
  try {
    ({ estate } = await api.call(endpoints.estate, { params: { id: slug } }));
  } catch (error) {
    // A fetcher's thrown error would replace the estate page that asked (its error boundary): the
    // section gets no stays instead, and leaves itself out.
    if (forSection && error instanceof ApiError) return data({ estate: null, stays: [], stay: null, title: "" }, { status: routeErrorFrom(error).status });
    throw routeErrorFrom(error);
  }
  if (estate.slug !== slug && !forSection) {
    throw redirect(`${localizePath(`/estates/${estate.slug}/nearby`, locale)}${url.search}`, 301);
  }
  // Decoration: a failed search shows none, never an error.
  const stays = await nearbyStays(api, estate, query, NEARBY_COUNT).catch(() => []);
  const t = await getT(locale, "estate");
  return {
    estate: { slug: estate.slug, title: estate.title },
    stays,
    stay: query.stay,
    title: `${t("nearby.pageTitle", { title: estate.title })} — Konok`,
  };
}

export default function NearbyPage() {
  const { estate, stays, stay } = useLoaderData<typeof loader>();
  const { t } = useTranslation("estate");
  const { path } = useLocale();
  if (!estate) return null;
  const search = staySearch(stay);
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10" data-testid="nearby-page">
      <Link to={`${path(`/estates/${estate.slug}`)}${search}`} className="text-sm font-medium text-stone-700 underline underline-offset-4 hover:text-stone-900" data-testid="nearby-back">
        ← {estate.title}
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{t("nearby.pageTitle", { title: estate.title })}</h1>
      {stays.length > 0 ? (
        <section aria-labelledby="nearby-list-title">
          {/* The cards' titles are third-level headings, as in every list of stays. */}
          <h2 id="nearby-list-title" className="sr-only">
            {t("nearby.title")}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="nearby-list">
            {stays.map((card) => (
              <li key={card.id} className="flex [&>*]:w-full">
                <EstateCard estate={card} search={search} />
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <div className="mt-6 rounded-2xl bg-white p-6 ring-1 ring-stone-200" data-testid="nearby-empty">
          <p className="text-stone-700">{t("nearby.empty")}</p>
          <Link to={path("/estates")} className="btn-secondary mt-4 inline-flex">
            {t("nearby.search")}
          </Link>
        </div>
      )}
    </div>
  );
}
