import type { LoaderFunctionArgs, MetaDescriptor, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import * as rendered from "~/components/estate/below-the-fold.rendered";
import * as renderedPanel from "~/components/estate/booking-panel.rendered";
import { FavoriteButton, skipAfterFavorite } from "~/components/favorite-button";
import { lastDayOf, shiftMonth, todayInBishkek } from "../../contract/dates";
import { deferred, DeferredBoundary } from "~/components/deferred";
import { Gallery } from "~/components/estate/gallery";
import { bookingHref, nearbyHref, staySearch } from "~/components/estate/search-params";
import { Description, Location, Overview } from "~/components/estate/sections";
import { ShareButton } from "~/components/estate/share-button";
import { ServerRendered, useServerOnlyData } from "~/components/server-rendered";
import { CALENDAR_MONTHS_AHEAD, calendarMonth, parseStayQuery, reviewsPageOf } from "~/components/estate/stay-query.server";
import { RatingBadge } from "~/components/rating-badge";
import { LOCALES, localizePath, type Locale } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { resolveTranslations } from "~/i18n/translation-files";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { formatPrice } from "~/lib/format";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { packSrcset, type EstateShownOnly } from "~/lib/photo-srcset";
import type { RootData } from "~/root";
import { serverOnlyOf } from "~/lib/server-only.server";
import { endpoints } from "../../contract/endpoints";

const REVIEWS_PER_PAGE = 6;
/** The heart beside the title looks like the share button next to it. */
const HEADER_BUTTON = "inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium text-stone-800 underline-offset-4 hover:bg-stone-100 hover:underline";

const absolute = (publicUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith("/") ? "" : "/"}${url}`);

// Below the fold, the server renders these parts and the browser hydrates them when they near the
// viewport, from their own chunk: they are not part of the page's first-load JavaScript.
const serverSide: Partial<typeof rendered> = rendered;
const StayDetails = serverSide.StayDetails ?? deferred("stay-details", () => import("~/components/estate/below-the-fold").then((m) => m.StayDetails));
// The booking panel too (docs/decisions/0055-lazily-hydrated-search-and-booking-forms.md): its form
// is a plain GET form until then. On a wide screen it is in view and hydrates right after the page.
const panelServerSide: Partial<typeof renderedPanel> = renderedPanel;
const BookingPanel = panelServerSide.BookingPanel ?? deferred("booking-panel", () => import("~/components/estate/booking-panel").then((m) => m.BookingPanel));
const NearbyStays = serverSide.NearbyStays ?? deferred("nearby-stays", () => import("~/components/estate/below-the-fold").then((m) => m.NearbyStays));

function summaryOf(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20))}…`;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const locale = localeFromParams(params);
  const slug = params.slug ?? "";
  const api = apiFor(context, params);
  const today = todayInBishkek();
  const query = parseStayQuery(url.searchParams, today);

  let estate;
  try {
    ({ estate } = await api.call(endpoints.estate, { params: { id: slug }, query: query.stay ?? undefined }));
  } catch (error) {
    throw routeErrorFrom(error);
  }
  // `/estates/42` and any other spelling of the address lead to the one canonical page.
  if (estate.slug !== slug) {
    throw redirect(`${localizePath(`/estates/${estate.slug}`, locale)}${url.search}`, 301);
  }

  const isComplex = estate.children.length > 0;
  const firstMonth = today.slice(0, 7);
  const lastMonth = shiftMonth(firstMonth, CALENDAR_MONTHS_AHEAD - 2);
  const month = (() => {
    const m = calendarMonth(url.searchParams.get("month"), today, query.stay?.checkInDate ?? (query.awaitingCheckOut ? query.values.checkInDate : null));
    return m > lastMonth ? lastMonth : m;
  })();
  const reviewsPage = reviewsPageOf(url.searchParams.get("reviewsPage"));

  // The rest of the page is decoration around the estate: a failure shows less, never an error page.
  const [calendar, reviews] = await Promise.all([
    isComplex
      ? null
      : api
          .call(endpoints.availableDates, { params: { id: estate.id }, query: { from: `${month}-01`, to: lastDayOf(shiftMonth(month, 1)) } })
          .catch(() => null),
    estate.reviews.count > 0
      ? api.call(endpoints.estateReviews, { params: { id: estate.id }, query: { page: reviewsPage, perPage: REVIEWS_PER_PAGE } }).catch(() => null)
      : null,
  ]);

  const t = await getT(locale, "estate");
  const publicUrl = context.config.publicUrl.replace(/\/+$/, "");
  const pagePath = `/estates/${estate.slug}`;
  const cover = estate.photos[0];
  const seo = {
    title: t("meta.title", { title: estate.title, city: estate.city }),
    description: estate.description.trim()
      ? summaryOf(estate.description)
      : t("meta.description", { type: estate.type.name, city: estate.city, price: formatPrice(estate.price, locale) }),
    image: cover ? absolute(publicUrl, cover.url) : null,
    canonical: `${publicUrl}${localizePath(pagePath, locale)}`,
    alternates: LOCALES.map((lng) => ({ locale: lng, href: `${publicUrl}${localizePath(pagePath, lng)}` })),
  };

  // The description, amenities and house rules are only shown, never changed in the browser: a
  // document's render takes them from the load context, out of the page's hydration data
  // (components/server-rendered.tsx).
  const { description, parameters, nutrition, houseRules, ...shown } = estate;
  const shownOnly: EstateShownOnly = { description, parameters, nutrition, houseRules };
  const serverOnly = serverOnlyOf(context);
  // The reviews of the page too; their paging stays in the data.
  const reviewItems = reviews?.items;
  if (serverOnly) {
    serverOnly.estateShownOnly = shownOnly;
    serverOnly.reviewItems = reviewItems;
  }

  return {
    // A unit's row shows one photo (UnitCard): the others need not be inlined into the page.
    estate: {
      ...shown,
      photos: estate.photos.map(packSrcset),
      children: estate.children.map((unit) => ({ ...unit, photos: unit.photos.slice(0, 1).map(packSrcset) })),
    },
    query: { values: query.values, errors: query.errors, awaitingCheckOut: query.awaitingCheckOut, adultCount: query.adultCount, childrenCount: query.childrenCount },
    ...(serverOnly ? {} : { shownOnly }),
    stayRequest: query.stay,
    today,
    calendar: isComplex ? null : { month, firstMonth, lastMonth, dates: calendar },
    reviews: reviews ? { page: reviews.page, perPage: reviews.perPage, total: reviews.total, hasMore: reviews.hasMore, shown: reviews.items.length } : null,
    ...(serverOnly ? {} : { reviewItems }),
    tiles: { url: context.config.mapTileUrl, attribution: context.config.mapTileAttribution },
    seo,
  };
}

export const shouldRevalidate = skipAfterFavorite;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) {
    const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
    const errors = (root ? resolveTranslations(root.locale, root.translations).errors : undefined) as { notFound?: { title?: string } } | undefined;
    return [{ title: `${errors?.notFound?.title ?? "Page Not Found"} · Konok` }, { name: "robots", content: "noindex" }];
  }
  const { seo, estate } = data;
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Konok" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    ...seo.alternates.map((a) => ({ tagName: "link", rel: "alternate", hrefLang: a.locale, href: a.href })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: seo.alternates[0].href },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "LodgingBusiness",
        name: estate.title,
        description: seo.description,
        url: seo.canonical,
        ...(seo.image ? { image: seo.image } : {}),
        address: { "@type": "PostalAddress", streetAddress: estate.address, addressLocality: estate.city, addressCountry: "KG" },
        geo: { "@type": "GeoCoordinates", latitude: estate.lat, longitude: estate.lng },
        ...(estate.reviews.count > 0 && estate.reviews.rating != null
          ? { aggregateRating: { "@type": "AggregateRating", ratingValue: estate.reviews.rating, reviewCount: estate.reviews.count, bestRating: 5, worstRating: 1 } }
          : {}),
      },
    },
  ];
  if (seo.image) tags.push({ property: "og:image", content: seo.image });
  return tags;
};

export default function EstatePage() {
  const data = useLoaderData<typeof loader>();
  const { estate, query, calendar, seo } = data;
  const { t } = useTranslation("estate");
  const { locale, path } = useLocale();
  const renderedShownOnly = useServerOnlyData<EstateShownOnly>("estateShownOnly");
  const isComplex = estate.children.length > 0;
  const search = staySearch(data.stayRequest);
  const stay = estate.stay;

  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 sm:pt-6" data-testid="estate-page" data-estate-id={estate.id}>
      <nav aria-label={t("breadcrumbs")} className="text-sm text-stone-500">
        <ol className="flex flex-wrap items-center gap-x-1.5">
          <li>
            <Link to={path("/")} className="hover:text-stone-800 hover:underline">
              {t("crumbs.home")}
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li>
            <Link to={path("/estates")} className="hover:text-stone-800 hover:underline">
              {t("crumbs.stays")}
            </Link>
          </li>
          {estate.parent ? (
            <>
              <li aria-hidden="true">›</li>
              <li>
                <Link to={`${path(`/estates/${estate.parent.slug}`)}${search}`} className="hover:text-stone-800 hover:underline">
                  {estate.parent.title}
                </Link>
              </li>
            </>
          ) : null}
        </ol>
      </nav>

      <header className="mt-2">
        {estate.parent ? (
          <p className="mb-2">
            <Link
              to={`${path(`/estates/${estate.parent.slug}`)}${search}`}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
              data-testid="parent-link"
            >
              ← {t("parent.partOf", { title: estate.parent.title })}
            </Link>
          </p>
        ) : null}
        <p className="text-sm font-medium text-stone-600" data-testid="estate-type">
          {estate.type.name}
          {estate.subtype ? ` · ${estate.subtype.name}` : ""}
          {estate.star ? (
            <span className="ml-1.5 text-amber-500" role="img" aria-label={t("facts.stars", { count: estate.star })}>
              {"★".repeat(estate.star)}
            </span>
          ) : null}
        </p>
        <h1 className="mt-1 break-words text-2xl font-bold leading-tight tracking-tight text-stone-900 sm:text-3xl" data-testid="estate-title">
          {estate.title}
        </h1>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
            <a href="#reviews" className="hover:underline">
              <RatingBadge rating={estate.reviews.rating ?? estate.rating} reviewsCount={estate.reviews.count} />
            </a>
            <a href="#location" className="underline decoration-stone-300 underline-offset-4 hover:decoration-stone-600">
              {estate.city}, {estate.address}
            </a>
          </div>
          <div className="flex items-center gap-1">
            <FavoriteButton estateId={estate.id} buttonClassName={HEADER_BUTTON}>
              {t("common:favorites.short")}
            </FavoriteButton>
            <ShareButton url={seo.canonical} title={estate.title} />
          </div>
        </div>
      </header>

      <div className="mt-4">
        <Gallery photos={estate.photos} title={estate.title} slug={estate.slug} />
      </div>

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-12">
        <div className="min-w-0 space-y-10 lg:col-start-1 lg:row-start-1">
          <Overview estate={estate} />
          <ServerRendered id="estate-description" data={data.shownOnly?.description ?? renderedShownOnly?.description}>
            {(text) => (text.trim() ? <Description text={text} /> : null)}
          </ServerRendered>
        </div>

        <aside className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div id="booking-panel" className="lg:sticky lg:top-24">
            <DeferredBoundary id="booking-panel">
              <BookingPanel estate={estate} query={query} stay={stay} today={data.today} isComplex={isComplex} />
            </DeferredBoundary>
          </div>
        </aside>

        <div className="min-w-0 space-y-12 lg:col-start-1 lg:row-start-2">
          <div id="stay-details">
            <DeferredBoundary id="stay-details">
              <StayDetails
                estate={estate}
                search={search}
                calendar={calendar}
                today={data.today}
                selection={{
                  checkIn: query.errors.checkInDate ? null : query.values.checkInDate || null,
                  checkOut: query.errors.checkOutDate || query.errors.checkInDate ? null : query.values.checkOutDate || null,
                }}
                reviews={data.reviews}
                shownOnly={data.shownOnly}
                reviewItems={data.reviewItems}
              />
            </DeferredBoundary>
          </div>
          <div id="location" className="scroll-mt-20">
            <Location estate={estate} tiles={data.tiles} />
          </div>
        </div>
      </div>

      <div id="nearby-stays">
        <DeferredBoundary id="nearby-stays">
          <NearbyStays href={nearbyHref(path, estate.slug, search)} search={search} />
        </DeferredBoundary>
      </div>

      <MobileBar
        price={estate.price}
        isComplex={isComplex}
        total={stay?.available ? stay.total : null}
        nights={stay?.available ? stay.nights : null}
        bookHref={stay?.available ? bookingHref(path, estate.id, stay, query) : null}
        instant={estate.isInstantConfirmation}
        locale={locale}
      />
    </div>
  );
}

/** On a phone the price and the way to the booking form stay in reach at the bottom of the screen. */
function MobileBar({
  price,
  total,
  nights,
  isComplex,
  bookHref,
  instant,
  locale,
}: {
  price: number;
  total: number | null;
  nights: number | null;
  isComplex: boolean;
  bookHref: string | null;
  instant: boolean;
  locale: Locale;
}) {
  const { t } = useTranslation("estate");
  return (
    <div className="sticky bottom-0 z-30 -mx-4 mt-10 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur lg:hidden" data-testid="mobile-bar">
      <div className="flex items-center justify-between gap-3">
        {/* Wrapping, not clipped: in Kyrgyz the button is wide enough to cover a one-line "/ түн". */}
        <p className="min-w-0 text-sm text-stone-600">
          {total != null && nights ? (
            <>
              <span className="block whitespace-nowrap text-lg font-bold text-stone-900">{formatPrice(total, locale)}</span>
              {t("nightsTotal", { count: nights })}
            </>
          ) : (
            <>
              {isComplex ? `${t("price.from")} ` : ""}
              <span className="whitespace-nowrap text-lg font-bold text-stone-900">{formatPrice(price, locale)}</span> / {t("price.night")}
            </>
          )}
        </p>
        {bookHref ? (
          <Link to={bookHref} className="btn-primary shrink-0">
            {instant ? t("booking.bookInstant") : t("booking.request")}
          </Link>
        ) : (
          <a href={isComplex ? "#units" : "#booking"} className="btn-primary shrink-0">
            {isComplex ? t("booking.seeUnits") : t("booking.chooseDatesShort")}
          </a>
        )}
      </div>
    </div>
  );
}
