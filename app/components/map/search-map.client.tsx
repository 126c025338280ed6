/**
 * The map of the search list, loaded only when the guest opens it (search-page.tsx imports it
 * lazily, through maps.client.ts). Price markers come from `/estates/map/points` with the list's
 * filter; a marker's card from `/estates/map/{id}`. Moving the map offers "Search this area",
 * which navigates the list to the new box (page 1): the list, its count and the markers follow.
 * On a phone it covers the screen; from 1024 px it is a large panel above the list.
 *
 * It imports libraries only. What it needs of the app's own code (the price format, the photo,
 * the rating badge, the language) comes in `kit` from the page: importing those modules here
 * would make the bundler split the chunks the list loads first into more, larger files.
 */
import { Link, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { MapPoint } from "../../../contract/estate";
import type { Photo } from "~/components/photo";
import type { RatingBadge } from "~/components/rating-badge";
import type { SearchPageData } from "~/routes-server/($lang).estates._index.server";
import type { Locale } from "~/i18n/config";
import type { formatPrice } from "~/lib/format";
import type { MapArea } from "~/lib/search-params";
import type { MapCardData, MapPointsData } from "~/routes-server/($lang).estates.map.server";
import { areaSearch } from "./area-search";
import { CLUSTER_MAX_ZOOM, clusterPoints } from "./clusters";
import { L, createMap, htmlIcon, loadLeafletCss } from "./leaflet.client";

export type SearchMapKit = {
  locale: Locale;
  path: (to: string) => string;
  formatPrice: typeof formatPrice;
  Photo: typeof Photo;
  RatingBadge: typeof RatingBadge;
};

const PILL =
  "absolute left-0 top-0 -translate-x-1/2 -translate-y-1/2 cursor-pointer whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-bold shadow-md ring-1 transition group-focus-visible:outline group-focus-visible:outline-2 group-focus-visible:outline-brand-600";
const PILL_IDLE = "bg-white text-stone-900 ring-stone-300 hover:bg-stone-900 hover:text-white";
const PILL_ACTIVE = "bg-stone-900 text-white ring-stone-900";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const toBounds = (area: MapArea) => L.latLngBounds([area.leftBottom.lat, area.leftBottom.lng], [area.topRight.lat, area.topRight.lng]);

const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));

type Loaded<T> = { data: T | undefined; state: "idle" | "loading"; failed: boolean };

/**
 * GETs JSON from one of the map's resource routes, keeping the last answer while the next loads.
 * Not a Remix fetcher: a fetcher whose request fails on the network (offline, a dropped
 * connection) throws to the route's error boundary, and the whole list would become an error
 * page. Here a failure is a state the map shows, with a way to try again (`attempt`).
 */
function useJson<T>(href: string | null, attempt: number): Loaded<T> {
  const [result, setResult] = useState<Loaded<T>>({ data: undefined, state: "idle", failed: false });
  useEffect(() => {
    if (!href) return;
    const controller = new AbortController();
    setResult((r) => ({ ...r, state: "loading", failed: false }));
    fetch(href, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<T>;
      })
      .then(
        (data) => {
          if (!controller.signal.aborted) setResult({ data, state: "idle", failed: false });
        },
        () => {
          if (!controller.signal.aborted) setResult((r) => ({ ...r, state: "idle", failed: true }));
        },
      );
    return () => controller.abort();
  }, [href, attempt]);
  return result;
}

/** The box the map shows, as the list's area. */
function areaOf(map: L.Map): MapArea {
  const b = map.getBounds();
  return {
    topRight: { lat: clamp(b.getNorth(), 90), lng: clamp(b.getEast(), 180) },
    leftBottom: { lat: clamp(b.getSouth(), 90), lng: clamp(b.getWest(), 180) },
  };
}

export default function SearchMap({ data, onClose, kit }: { data: SearchPageData; onClose: () => void; kit: SearchMapKit }) {
  const { t } = useTranslation("estates");
  const { t: tc } = useTranslation("common");
  const { locale, path, formatPrice, Photo, RatingBadge } = kit;
  const clusterLabel = useCallback((count: number) => t("map.cluster", { count }), [t]);
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [pointsAttempt, setPointsAttempt] = useState(0);
  const element = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const markers = useRef(new Map<number, L.Marker>());
  const layer = useRef<L.LayerGroup | null>(null);
  /** True while the map moves by our own doing (fitting, resizing): only the guest's moves count. */
  const quiet = useRef(true);
  const [cssReady, setCssReady] = useState(false);
  const [moved, setMoved] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  /** The map's zoom: the markers are clustered again at each one. */
  const [zoom, setZoom] = useState<number | null>(null);

  const { pointsHref } = data.map;
  // The list's filter changed (a new area searched, a filter applied): the markers follow.
  const points = useJson<MapPointsData>(pointsHref, pointsAttempt);
  const pointsData = points.data;
  const texts = pointsData?.texts;
  const firstPoints = useRef(pointsData);
  firstPoints.current ??= pointsData;
  const hasPoints = pointsData !== undefined;

  useEffect(() => {
    let live = true;
    void loadLeafletCss().then(() => live && setCssReady(true));
    return () => {
      live = false;
    };
  }, []);

  // A phone shows the map over the whole screen: the page behind must not scroll; Escape closes.
  useEffect(() => {
    closeButton.current?.focus({ preventScroll: true });
    const root = document.documentElement;
    const overlay = !window.matchMedia("(min-width: 1024px)").matches;
    const before = root.style.overflow;
    if (overlay) root.style.overflow = "hidden";
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      root.style.overflow = before;
      window.removeEventListener("keydown", onKey);
    };
  }, [onClose]);

  // The map itself, once its stylesheet applies and the first points say where to look.
  useEffect(() => {
    const el = element.current;
    const first = firstPoints.current;
    if (!cssReady || !hasPoints || !first || !el) return;
    const created = createMap(el, first.tiles, { onTilesFailed: () => setTilesFailed(true) });
    layer.current = L.layerGroup().addTo(created);
    // The list's own area when it has one, otherwise the stays found (or the whole country).
    const bounds =
      first.listArea || first.points.length === 0
        ? toBounds(first.area)
        : L.latLngBounds(first.points.map((p) => [p.lat, p.lng] as [number, number])).pad(0.08);
    created.fitBounds(bounds, { animate: false, maxZoom: first.listArea ? 18 : 14 });
    quiet.current = false;
    created.on("moveend", () => {
      if (!quiet.current) setMoved(true);
    });
    created.on("click", () => setSelected(null));
    created.on("zoomend", () => setZoom(created.getZoom()));
    setZoom(created.getZoom());
    const resize = new ResizeObserver(() => {
      quiet.current = true;
      created.invalidateSize({ animate: false });
      quiet.current = false;
    });
    resize.observe(el);
    setMap(created);
    const placed = markers.current;
    return () => {
      resize.disconnect();
      created.remove();
      layer.current = null;
      placed.clear();
      setMap(null);
    };
  }, [cssReady, hasPoints]);

  // The markers: price pills, and a round count where pills would cover each other (clusters.ts);
  // redrawn when the points or the zoom change. A cluster's click zooms to its stays.
  useEffect(() => {
    const group = layer.current;
    if (!map || !group || !pointsData || zoom === null) return;
    group.clearLayers();
    markers.current.clear();
    const groups =
      zoom >= CLUSTER_MAX_ZOOM
        ? pointsData.points.map((p) => ({ points: [p], lat: p.lat, lng: p.lng }))
        : clusterPoints(pointsData.points, (p) => map.project([p.lat, p.lng], zoom));
    for (const { points: members, lat, lng } of groups) {
      if (members.length > 1) {
        const label = clusterLabel(members.length);
        const cluster = L.marker([lat, lng], { icon: clusterIcon(members.map((p) => p.id)), title: label, riseOnHover: true, keyboard: true });
        cluster.on("click", (event) => {
          L.DomEvent.stopPropagation(event);
          const bounds = L.latLngBounds(members.map((p) => [p.lat, p.lng] as [number, number]));
          // Stays in one spot cannot be told apart by zooming to them: one step past the grid's last zoom.
          if (bounds.getNorthEast().equals(bounds.getSouthWest())) map.setView(bounds.getCenter(), CLUSTER_MAX_ZOOM);
          else map.fitBounds(bounds.pad(0.2), { maxZoom: CLUSTER_MAX_ZOOM });
        });
        cluster.addTo(group);
        continue;
      }
      const point = members[0];
      const price = formatPrice(point.price, locale);
      const marker = L.marker([point.lat, point.lng], { icon: pillIcon(point.id, price, false), title: price, riseOnHover: true, keyboard: true });
      marker.on("click", (event) => {
        L.DomEvent.stopPropagation(event);
        setSelected(point.id);
      });
      marker.addTo(group);
      markers.current.set(point.id, marker);
    }
  }, [map, pointsData, locale, formatPrice, zoom, clusterLabel]);

  // The chosen marker stands out.
  useEffect(() => {
    const marker = selected === null ? undefined : markers.current.get(selected);
    const point = selected === null ? undefined : pointsData?.points.find((p) => p.id === selected);
    if (!marker || !point) return;
    const price = formatPrice(point.price, locale);
    marker.setIcon(pillIcon(point.id, price, true)).setZIndexOffset(1000);
    return () => {
      marker.setIcon(pillIcon(point.id, price, false)).setZIndexOffset(0);
    };
  }, [selected, map, pointsData, locale, formatPrice]);

  // Its card, priced for the stay when the search has dates.
  const cardHref = selected === null ? null : `${path(`/estates/map/${selected}`)}${data.cardSearch}`;
  const card = useJson<MapCardData>(cardHref, 0);

  function searchThisArea() {
    if (!map) return;
    setMoved(false);
    setSelected(null);
    navigate(`${location.pathname}${areaSearch(location.search, areaOf(map))}`, { preventScrollReset: true });
  }

  const searching = navigation.state !== "idle" && navigation.location?.pathname === location.pathname;
  const shownCard = selected !== null && card.data?.card?.id === selected ? card.data.card : null;
  const total = data.result?.total ?? 0;
  const ready = map !== null;

  return (
    <section
      aria-label={t("map.title")}
      className="fixed inset-0 z-50 flex flex-col bg-white lg:relative lg:inset-auto lg:z-0 lg:mb-6 lg:h-[min(70vh,40rem)] lg:overflow-hidden lg:rounded-2xl lg:shadow-sm lg:ring-1 lg:ring-stone-200"
      data-testid="map-panel"
    >
      {/* On a phone a bar above the map with the count and the way back to the list; on a wide screen the list's own count shows, and only the close button floats over the map. */}
      <header className="flex items-center justify-between gap-3 border-b border-stone-200 px-4 py-2.5 lg:absolute lg:right-0 lg:top-0 lg:z-[1002] lg:border-0 lg:p-3">
        <p className="min-w-0 truncate text-sm font-medium text-stone-800 lg:sr-only" role="status" data-testid="map-count" data-total={total}>
          {searching || points.state === "loading" ? t("map.searching") : t(data.result?.totalExact === false ? "foundAtLeast" : "found", { count: total })}
        </p>
        <button
          ref={closeButton}
          type="button"
          onClick={onClose}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100 lg:shadow-md"
          data-testid="map-close"
        >
          <span aria-hidden="true">✕</span>
          <span className="lg:hidden">{t("map.showList")}</span>
          <span className="hidden lg:inline">{t("map.close")}</span>
        </button>
      </header>
      <div className="relative isolate min-h-0 flex-1">
        <div ref={element} className="absolute inset-0 bg-stone-100" data-testid="map" />
        {!ready && !points.failed ? (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-stone-600" data-testid="map-loading">
            {t("map.loading")}
          </p>
        ) : null}
        {points.failed ? (
          // The points did not come (offline, a dropped connection): said in the map, with a retry.
          <div className={`absolute z-[1001] flex justify-center px-4 ${ready ? "inset-x-0 bottom-8" : "inset-0 items-center"}`}>
            <div role="alert" className="max-w-xs rounded-xl bg-white px-4 py-3 text-center text-sm text-stone-800 shadow-lg ring-1 ring-stone-200" data-testid="map-points-failed">
              <p>{t("map.failed")}</p>
              <button type="button" onClick={() => setPointsAttempt((n) => n + 1)} className="btn-primary mt-2 py-1.5 text-sm" data-testid="map-retry">
                {t("map.retry")}
              </button>
            </div>
          </div>
        ) : null}
        <div className="pointer-events-none absolute inset-x-0 top-3 z-[1001] flex flex-col items-center gap-2 px-12 lg:px-44">
          {moved ? (
            <button type="button" onClick={searchThisArea} className="btn-primary pointer-events-auto py-2 text-sm shadow-lg" data-testid="map-search-area">
              <svg viewBox="0 0 24 24" aria-hidden="true" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
                <circle cx="11" cy="11" r="6" />
                <path d="m20 20-4.5-4.5" />
              </svg>
              {texts?.searchArea}
            </button>
          ) : null}
          {ready && pointsData && points.state === "idle" && !points.failed && !moved ? (
            pointsData.points.length === 0 ? (
              <p className="pointer-events-auto rounded-xl bg-white/95 px-3 py-2 text-center text-sm text-stone-700 shadow" data-testid="map-none">
                {pointsData.texts.none}
              </p>
            ) : pointsData.capped ? (
              <p className="pointer-events-auto rounded-xl bg-white/95 px-3 py-2 text-center text-sm text-stone-700 shadow" data-testid="map-capped">
                {pointsData.texts.capped}
              </p>
            ) : null
          ) : null}
          {tilesFailed ? (
            <p className="max-w-xs rounded-lg bg-white/90 px-2 py-1 text-center text-xs text-stone-600 shadow-sm" data-testid="map-tiles-failed">
              {texts?.tilesFailed}
            </p>
          ) : null}
        </div>
        {selected !== null ? (
          <div className="absolute inset-x-3 bottom-8 z-[1001] mx-auto max-w-md" data-testid="map-card">
            {shownCard ? (
              <article className="relative flex gap-3 overflow-hidden rounded-2xl bg-white p-2 pr-9 shadow-xl ring-1 ring-stone-200">
                <div className="h-24 w-24 shrink-0 overflow-hidden rounded-xl bg-stone-200">
                  {shownCard.cover ? <Photo photo={shownCard.cover} alt={shownCard.title} eager sizes="96px" className="h-full w-full object-cover" /> : null}
                </div>
                <div className="flex min-w-0 flex-1 flex-col gap-0.5 py-0.5">
                  <p className="truncate text-xs text-stone-500">
                    {shownCard.type.name} · {shownCard.city}
                  </p>
                  <h3 className="line-clamp-2 text-sm font-semibold leading-snug text-stone-900">
                    <Link to={`${path(`/estates/${shownCard.slug}`)}${data.cardSearch}`} className="after:absolute after:inset-0" data-testid="map-card-link">
                      {shownCard.title}
                    </Link>
                  </h3>
                  <RatingBadge rating={shownCard.rating} reviewsCount={shownCard.reviewsCount} compact />
                  <p className="mt-auto text-sm">
                    {shownCard.stayPrice != null && shownCard.nights ? (
                      <>
                        <span className="font-bold">{formatPrice(shownCard.stayPrice, locale)}</span>{" "}
                        <span className="text-stone-500">{tc("estate.forNights", { count: shownCard.nights })}</span>
                      </>
                    ) : (
                      <>
                        <span className="font-bold">{formatPrice(shownCard.price, locale)}</span>
                        <span className="text-stone-500"> / {tc("estate.night")}</span>
                      </>
                    )}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => setSelected(null)}
                  className="absolute right-1.5 top-1.5 z-10 flex h-7 w-7 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-800"
                  aria-label={texts?.closeCard}
                  data-testid="map-card-close"
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </article>
            ) : (
              <p className="rounded-2xl bg-white p-4 text-center text-sm text-stone-600 shadow-xl ring-1 ring-stone-200">
                {card.state === "loading" ? t("map.loading") : texts?.cardFailed}
              </p>
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
}

const CLUSTER =
  "absolute left-0 top-0 flex h-10 min-w-10 -translate-x-1/2 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-brand-700 px-2 text-sm font-bold text-white shadow-md ring-4 ring-white/80 hover:bg-stone-900 group-focus-visible:outline group-focus-visible:outline-2 group-focus-visible:outline-brand-600";

/** A cluster: how many stays, and which (`data-estate-ids`, for the tests and nothing else); its name is the marker's title. */
function clusterIcon(ids: MapPoint["id"][]): L.DivIcon {
  return htmlIcon(`<span class="${CLUSTER}" data-testid="map-cluster" data-count="${ids.length}" data-estate-ids="${ids.join(",")}">${ids.length}</span>`);
}

function pillIcon(id: MapPoint["id"], price: string, active: boolean): L.DivIcon {
  return htmlIcon(`<span class="${PILL} ${active ? PILL_ACTIVE : PILL_IDLE}" data-testid="map-marker" data-estate-id="${id}">${escapeHtml(price)}</span>`);
}
