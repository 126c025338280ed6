/**
 * The loaders of the map's routes: `/estates/map` (the page a browser without script sees),
 * `/estates/map/points` (the markers) and `/estates/map/{id}` (one marker's card). They live here,
 * in a `.server` module, so the routes' browser modules import nothing of the search code: each
 * new browser module sharing a module would re-split the chunks every page loads first.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type { MapPoint } from "../../contract/estate";
import { toStayCard, type StayCard } from "~/lib/stay-card";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { ApiError } from "~/lib/api.server";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { COUNTRY_AREA, fieldsOfErrors, isRealDate, nextDrop, parseArea, parseSearchValues, toQueryString, toSearchBody, type FilterField, type MapArea } from "~/lib/search-params";
import { endpoints } from "../../contract/endpoints";

type Args = { request: Request; params: Params; context: AppLoadContext };

/** The API answers at most this many points (MAP_POINTS_CAP of api/services/search/estate-search.ts). */
const MAP_POINTS_CAP = 500;

export type MapPointsData = {
  points: MapPoint[];
  /** The box asked for: the list's area, or the whole country when the list has none. */
  area: MapArea;
  /** Whether that box is the list's own area (the map then opens on it, not on the points). */
  listArea: boolean;
  /** The API's cap was reached: more stays match than the map shows. */
  capped: boolean;
  /** The tile server of the configuration (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
  tiles: { url: string; attribution: string };
  /**
   * The words the map shows once it has points, in the page's language. They come with the
   * points rather than with every list page's inlined translations (the `map` namespace).
   */
  texts: MapTexts;
};

export type MapTexts = { searchArea: string; none: string; capped: string; tilesFailed: string; closeCard: string; cardFailed: string };

export type MapCardData = { card: StayCard | null };

/**
 * `/estates/map?{filter}[&category={type slug}]`: the way back to the list with the same filter,
 * to the category page when the map was opened from one.
 */
export async function loadMapPage({ request, params }: Args) {
  const url = new URL(request.url);
  const locale = localeFromParams(params);
  const category = url.searchParams.get("category") ?? "";
  const listPath = /^[a-z0-9-]{1,80}$/.test(category) ? `/estates/category/${category}` : "/estates";
  const t = await getT(locale, "map");
  return {
    back: `${localizePath(listPath, locale)}${toQueryString(parseSearchValues(url.searchParams))}`,
    title: t("noScript.pageTitle"),
  };
}

/**
 * `/estates/map/points?{filter}`: the markers for the list's filter (POST /api/v1/guest/estate/map).
 * Without an area in the filter it asks for the whole country. A field the API refuses is left
 * out, as the list does; a failing API gives an empty map, never an error page.
 */
export async function loadMapPoints({ request, params, context }: Args): Promise<MapPointsData> {
  const values = parseSearchValues(new URL(request.url).searchParams);
  const parsed = parseArea(values);
  const area = parsed && parsed !== "invalid" ? parsed : COUNTRY_AREA;
  const api = apiFor(context, params);
  // The area is set below; the filter's own corners are read above. With an area of its own the
  // list is bounded by it, not by the typed place (toSearchBody), and so are the markers.
  let drop = new Set<FilterField>(parsed && parsed !== "invalid" ? ["topRight", "leftBottom", "location"] : ["topRight", "leftBottom"]);
  let points: MapPoint[] = [];
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      // The API ignores the page fields of the search body.
      const body = { ...toSearchBody(values, { drop }), ...area, locationSearchType: "map" as const };
      points = (await api.call(endpoints.searchMap, { body })).estates;
      break;
    } catch (error) {
      const next = error instanceof ApiError && error.status === 422 ? nextDrop(drop, fieldsOfErrors(error.errors)) : null;
      if (!next) break;
      drop = next;
    }
  }
  const t = await getT(localeFromParams(params), "map");
  return {
    points,
    area,
    listArea: area !== COUNTRY_AREA,
    capped: points.length >= MAP_POINTS_CAP,
    tiles: { url: context.config.mapTileUrl, attribution: context.config.mapTileAttribution },
    texts: {
      searchArea: t("searchArea"),
      none: t("none"),
      capped: t("capped", { count: points.length }),
      tilesFailed: t("tilesFailed"),
      closeCard: t("closeCard"),
      cardFailed: t("cardFailed"),
    },
  };
}

/**
 * `/estates/map/{id}?checkInDate&checkOutDate`: one marker's card (GET /api/v1/guest/estate/map/{id}),
 * priced for the stay when it has dates. An unknown estate, bad dates or a failing API give no
 * card rather than an error page: the map stays.
 */
export async function loadMapCard({ request, params, context }: Args): Promise<MapCardData> {
  const id = params.id ?? "";
  if (!/^\d{1,9}$/.test(id)) return { card: null };
  const query = new URL(request.url).searchParams;
  const [checkInDate, checkOutDate] = [query.get("checkInDate") ?? "", query.get("checkOutDate") ?? ""];
  const stay = isRealDate(checkInDate) && isRealDate(checkOutDate) && checkOutDate > checkInDate ? { checkInDate, checkOutDate } : undefined;
  try {
    const { estate } = await apiFor(context, params).call(endpoints.mapCard, { params: { id }, query: stay });
    return { card: toStayCard(estate) };
  } catch {
    return { card: null };
  }
}
