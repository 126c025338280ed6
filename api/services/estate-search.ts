import { sql } from "drizzle-orm";
import { SEARCH_TOTAL_CAP, type MapPoint, type MapSearchResponse, type SearchFilter, type SearchResponse } from "../../contract/estate";
import type { Db } from "../db/client";
import type { Presentation } from "../lib/context";
import { intArray } from "../lib/sql";
import { loadCards } from "./estate-cards";
import { priceRange, searchConditionParts, searchConditions, stayDatesOf } from "./search-conditions";
import { firstMatches } from "./search-matches";
import { resolveLocation } from "./search-location";

/** Most points one map answer carries: enough to fill a screen, few enough for a phone on 3G. */
export const MAP_POINTS_CAP = 500;
/**
 * Matches a map search reads nearest-first (plain degrees) before it falls back to sorting every
 * match. Where matches are dense this settles the answer (see searchMap); 1.5 times the cap beat
 * 2 and 3 times on the bench's map boxes at 100k estates.
 */
const MAP_WALK = MAP_POINTS_CAP + MAP_POINTS_CAP / 2;

const conditionParts = (filter: SearchFilter, location: Parameters<typeof searchConditionParts>[1]) => {
  const { rows, stay } = searchConditionParts(filter, location);
  return { where: rows, stay };
};

export type SearchRequest = SearchFilter & { page: number; perPage: number };

/** The location text as search terms: typos corrected, see search-location.ts. */
const locationTerms = (db: Db, filter: SearchFilter) => (filter.location ? resolveLocation(db, filter.location) : Promise.resolve([]));

/**
 * One page of cards. The matches are found once: those of the page, one more to tell whether
 * more follow, and while they come cheaply, up to SEARCH_TOTAL_CAP for the total.
 */
export async function searchEstates(db: Db, request: SearchRequest, view: Presentation): Promise<SearchResponse> {
  const { page, perPage, ...filter } = request;
  const location = await locationTerms(db, filter);
  const offset = (page - 1) * perPage;
  const needed = offset + perPage + 1;
  const ids =
    location === null
      ? []
      : await firstMatches(db, {
          ...conditionParts(filter, location),
          priceRange: priceRange(filter),
          orderBy: filter.orderBy,
          needed,
          countUpTo: Math.max(SEARCH_TOTAL_CAP, needed),
        });
  const pageIds = ids.slice(offset, offset + perPage);
  const stay = stayDatesOf(filter);
  const estates = pageIds.length
    ? await loadCards(db, { where: sql`e.id = ANY(${intArray(pageIds)})`, orderBy: filter.orderBy, limit: perPage, stay }, view)
    : [];
  return { estates, filter, hasMore: ids.length > offset + perPage, total: ids.length, page, perPage };
}

/**
 * Every match inside the map box, nearest to the box centre first, up to the cap. "Nearest" scales
 * a degree of longitude by the cosine of the centre's latitude, so it is nearest on the ground.
 *
 * Sorting every match of a country-wide box reads them all, so the search first reads matches
 * nearest-first by plain degrees off the GiST index on point(lng, lat), which stops after
 * MAP_WALK of them, and keeps the nearest by ground distance among those. Plain-degree distance
 * `u` and ground distance `d` satisfy d >= u * cos(lat), the scale being at most 1. The answer is
 * final when there were fewer matches than that (they are all of them), or when the last one
 * read, its `u` times the scale, is beyond the farthest point kept: no match not read can be
 * nearer. Otherwise (matches thinning out from the centre) every match in the box is found
 * through the filters' own indexes and sorted, as the search always did before.
 */
export async function searchMap(db: Db, filter: SearchFilter): Promise<MapSearchResponse> {
  const { topRight, leftBottom } = filter;
  if (!topRight || !leftBottom) throw new Error("A map search needs both corners");
  const location = await locationTerms(db, filter);
  const center = { lat: (topRight.lat + leftBottom.lat) / 2, lng: (topRight.lng + leftBottom.lng) / 2 };
  const lngScale = Math.cos((center.lat * Math.PI) / 180);
  const origin = sql`point(${center.lng}::float8, ${center.lat}::float8)`;
  const groundDistance = sql`(e.lat - ${center.lat}::float8) ^ 2 + ((e.lng - ${center.lng}::float8) * ${lngScale}::float8) ^ 2`;
  const where = searchConditions(filter, location);

  const { rows } = await db.execute<MapPoint & { d2: number; u: number }>(sql`
    SELECT e.id, e.slug, e.lat, e.lng, e.price, ${groundDistance} AS d2, point(e.lng, e.lat) <-> ${origin} AS u
    FROM estates e
    WHERE ${where}
    ORDER BY point(e.lng, e.lat) <-> ${origin}
    LIMIT ${MAP_WALK}`);
  const nearest = [...rows].sort((a, b) => (a.d2 < b.d2 ? -1 : a.d2 > b.d2 ? 1 : a.id - b.id)).slice(0, MAP_POINTS_CAP);
  const settled =
    rows.length < MAP_WALK || lngScale * rows[rows.length - 1].u > Math.sqrt(nearest[nearest.length - 1].d2) * (1 + 1e-9);
  if (settled) return { estates: nearest.map(({ id, slug, lat, lng, price }) => ({ id, slug, lat, lng, price })), filter };

  const all = await db.execute<MapPoint>(sql`
    SELECT e.id, e.slug, e.lat, e.lng, e.price FROM estates e
    WHERE ${where}
    ORDER BY ${groundDistance}, e.id
    LIMIT ${MAP_POINTS_CAP}`);
  return { estates: all.rows, filter };
}
