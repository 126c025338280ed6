import { Link } from "@remix-run/react";
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Photo } from "~/components/photo";
import { RatingBadge } from "~/components/rating-badge";
import { useLocale } from "~/i18n/use-locale";
import { formatPrice } from "~/lib/format";
import { deferred, DeferredBoundary } from "~/components/deferred";
import { EmptyState } from "./empty-state";
import * as rendered from "./filter-form.rendered";
import { ResultsList } from "./results-list";
import type { SearchPageData } from "~/routes-server/($lang).estates._index.server";
import { SortSelect } from "./sort-select";

/**
 * The filter form hydrates lazily (docs/decisions/0055-lazily-hydrated-search-and-booking-forms.md):
 * the server renders it, and until its code is in it is a plain GET form. In a sidebar (wide
 * screens) it is in view and hydrates right after the page; on a phone, once "Filters" is opened.
 */
const serverSide: Partial<typeof rendered> = rendered;
const FilterForm = serverSide.FilterForm ?? deferred("filter-form", () => import("./filter-form").then((m) => m.FilterForm));

/** Leaflet and the map come only when the map is opened (docs/decisions/0008-leaflet-on-demand.md). */
const SearchMap = lazy(() =>
  import("~/components/map/maps.client").then(
    (m) => ({ default: m.SearchMap }),
    () => ({ default: MapFailed }),
  ),
);

function MapFailed() {
  const { t } = useTranslation("estates");
  return (
    <p role="alert" className="mb-4 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      {t("map.failed")}
    </p>
  );
}

/** "12 июн. – 15 июн. · 3 гостя": what the guest asked for, readable at a glance. */
function StaySummary({ summary }: { summary: SearchPageData["summary"] }) {
  const { t } = useTranslation("estates");
  return (
    <p className="mt-1 text-sm text-stone-600" data-testid="stay-summary">
      {summary.dates ?? t("summary.anyDates")}
      {" · "}
      {t("summary.guests", { count: summary.guests })}
    </p>
  );
}

/** The list of `/estates` and of a category: filter (a sidebar, or "Filters" on a phone), results, pages. */
export function SearchPage({ data }: { data: SearchPageData }) {
  const { t } = useTranslation("estates");
  const { locale, path } = useLocale();
  const { values, applied, errors, result, category, directory, cardSearch, today, links, summary, activeCount } = data;
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const hasErrors = Object.keys(errors).length > 0;
  const chosenType = !category && values.type ? directory.types.find((ty) => String(ty.id) === values.type) : undefined;
  const heading =
    category?.name ?? (data.map.area ? t("headingArea") : applied.location ? t("headingIn", { location: applied.location }) : (chosenType?.name ?? t("heading")));
  const [mapOpen, setMapOpen] = useState(false);
  const closeMap = useCallback(() => setMapOpen(false), []);

  // `/estates/map` sends a browser with script here, with `#map`: the map opens at once.
  useEffect(() => {
    if (window.location.hash === "#map") setMapOpen(true);
  }, []);

  // Browsers that cannot style a closed <details> open on wide screens get it opened by script.
  useEffect(() => {
    const details = detailsRef.current;
    if (!details || typeof CSS === "undefined" || CSS.supports("selector(::details-content)")) return;
    if (window.matchMedia("(min-width: 1024px)").matches) details.open = true;
  }, []);

  return (
    <div className="mx-auto max-w-6xl px-4 pb-8 pt-5 sm:pt-8">
      <nav aria-label={t("breadcrumb.label")} className="mb-2 text-sm text-stone-500">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to={path("/")} className="hover:text-stone-800 hover:underline">
              {t("breadcrumb.home")}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          {category ? (
            <>
              <li>
                <Link to={path("/estates")} className="hover:text-stone-800 hover:underline">
                  {t("breadcrumb.stays")}
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="text-stone-700">
                {category.name}
              </li>
            </>
          ) : (
            <li aria-current="page" className="text-stone-700">
              {t("breadcrumb.stays")}
            </li>
          )}
        </ol>
      </nav>
      <header className="mb-4 lg:mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl" data-testid="search-heading">
          {heading}
        </h1>
        <StaySummary summary={summary} />
      </header>

      <div className="lg:grid lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <aside id="filters" className="mb-4 lg:mb-0">
          <details
            ref={detailsRef}
            open={hasErrors || undefined}
            className="group rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 lg:[&::details-content]:[content-visibility:visible]"
            data-testid="filters"
          >
            <summary
              className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-3 font-semibold text-stone-900 [&::-webkit-details-marker]:hidden lg:supports-[selector(::details-content)]:hidden"
              data-testid="filters-toggle"
            >
              <span className="flex items-center gap-2">
                <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                  <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
                  <circle cx="16" cy="6" r="2" />
                  <circle cx="10" cy="12" r="2" />
                  <circle cx="18" cy="18" r="2" />
                </svg>
                {t("filters.title")}
                {activeCount > 0 ? (
                  <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white" aria-label={t("filters.active", { count: activeCount })}>
                    {activeCount}
                  </span>
                ) : null}
              </span>
              <svg viewBox="0 0 20 20" aria-hidden="true" className="h-5 w-5 text-stone-500 transition group-open:rotate-180">
                <path d="m5 8 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </summary>
            <div id="filter-form" className="border-t border-stone-200 px-4 pt-4 lg:border-t-0 lg:pt-5 lg:supports-[not_selector(::details-content)]:border-t">
              <DeferredBoundary id="filter-form">
                <FilterForm
                  // A new address is a new filter: the form starts again from what the page says.
                  key={JSON.stringify(values)}
                  values={values}
                  errors={errors}
                  directory={directory}
                  today={today}
                  resetHref={links.reset}
                  onSubmitted={() => {
                    if (detailsRef.current && !window.matchMedia("(min-width: 1024px)").matches) detailsRef.current.open = false;
                  }}
                />
              </DeferredBoundary>
            </div>
          </details>
        </aside>

        <section aria-labelledby="results-title" className="min-w-0">
          <h2 id="results-title" className="sr-only">
            {t("results")}
          </h2>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="font-medium text-stone-800" data-testid="results-count" data-total={result?.total ?? 0}>
              {result ? t(result.totalExact ? "found" : "foundAtLeast", { count: result.total }) : t("errors.failed")}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              {/* Without script the link leads to a page saying the map needs it; with script the map opens here. */}
              <a
                href={links.map}
                onClick={(event) => {
                  event.preventDefault();
                  setMapOpen(true);
                }}
                aria-expanded={mapOpen}
                className="inline-flex items-center gap-1.5 rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100"
                data-testid="map-button"
              >
                <svg viewBox="0 0 24 24" aria-hidden="true" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
                  <path d="m9 4-6 2.5v13L9 17l6 2.5 6-2.5V4l-6 2.5L9 4Zm0 0v13m6-10.5v13" />
                </svg>
                {t("map.open")}
              </a>
              <SortSelect key={values.orderBy} value={values.orderBy} error={errors.orderBy} />
            </div>
          </div>

          {data.map.area ? (
            <p className="mb-4">
              <Link
                to={links.withoutArea}
                className="inline-flex items-center gap-1.5 rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100"
                aria-label={t("map.removeArea")}
                data-testid="area-chip"
              >
                {t("map.inArea")}
                <span aria-hidden="true" className="text-stone-400">
                  ✕
                </span>
              </Link>
            </p>
          ) : null}
          {data.map.areaInvalid ? (
            <p role="alert" className="mb-4 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="area-invalid">
              {t("map.areaInvalid")}
            </p>
          ) : null}

          {mapOpen ? (
            <Suspense
              fallback={
                <p className="fixed inset-0 z-50 flex items-center justify-center bg-white lg:static lg:mb-6 lg:h-[min(70vh,40rem)]">
                  {t("map.loading")}
                </p>
              }
            >
              <SearchMap data={data} onClose={closeMap} kit={{ locale, path, formatPrice, Photo, RatingBadge }} />
            </Suspense>
          ) : null}

          {hasErrors ? (
            <div role="alert" className="mb-5 flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="errors-banner">
              <span aria-hidden="true" className="text-lg leading-none">
                ⚠
              </span>
              <p>
                {t("errors.banner")}{" "}
                <a href="#filters" className="font-medium underline underline-offset-2">
                  {t("errors.toForm")}
                </a>
              </p>
            </div>
          ) : null}

          {result && result.estates.length > 0 ? (
            <ResultsList key={`${links.firstPage}#${result.page}`} result={result} links={links} cardSearch={cardSearch} />
          ) : result && result.total > 0 ? (
            <div className="rounded-3xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center" data-testid="page-empty">
              <p className="font-medium text-stone-800">{t("pageEmpty")}</p>
              <Link to={links.firstPage} className="btn-secondary mt-4">
                {t("pagination.first")}
              </Link>
            </div>
          ) : (
            <EmptyState links={links} />
          )}
        </section>
      </div>
    </div>
  );
}
