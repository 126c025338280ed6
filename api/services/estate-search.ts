import { sql } from "drizzle-orm";
import { SEARCH_TOTAL_CAP, type MapPoint, type MapSearchResponse, type SearchFilter, type SearchResponse } from "../../contract/estate";
import type { Db } from "../db/client";
import type { Presentation } from "../lib/context";
import { intArray } from "../lib/sql";
import { loadCards } from "./estate-cards";
import { priceRange, searchConditions, stayDatesOf } from "./search-conditions";
import { firstMatches } from "./search-matches";
import { resolveLocation } from "./search-location";

/** Most points one map answer carries: enough to fill a screen, few enough for a phone on 3G. */
export const MAP_POINTS_CAP = 500;
/** The first look around the centre covers this fraction of the asked box's width and height. */
const MAP_FIRST_SCALE = 1 / 4;
/** Past this fraction, asking for the whole box costs little more than another guess. */
const MAP_WHOLE_BOX_SCALE = 0.6;

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
          where: searchConditions(filter, location),
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

type Box = { topRight: { lat: number; lng: number }; leftBottom: { lat: number; lng: number } };

/**
 * Every match inside the map box, nearest to the box centre first, up to the cap. Sorting every
 * match of a country-wide box by distance reads the whole table, so the search first looks in a
 * smaller box around the centre. Its answer is final when the cap is reached by points closer
 * than that box's edge: no point outside can be nearer. Otherwise the next box is sized from what
 * was seen: out to the farthest point found, or by the density found; past MAP_WHOLE_BOX_SCALE,
 * the whole box.
 */
export async function searchMap(db: Db, filter: SearchFilter): Promise<MapSearchResponse> {
  const { topRight, leftBottom } = filter;
  if (!topRight || !leftBottom) throw new Error("A map search needs both corners");
  const location = await locationTerms(db, filter);
  const center = { lat: (topRight.lat + leftBottom.lat) / 2, lng: (topRight.lng + leftBottom.lng) / 2 };
  // A degree of longitude shrinks with latitude; scale it so "nearest" is nearest on the ground.
  const lngScale = Math.cos((center.lat * Math.PI) / 180);
  const distance = (p: MapPoint) => Math.hypot(p.lat - center.lat, (p.lng - center.lng) * lngScale);
  const halfLat = (topRight.lat - leftBottom.lat) / 2;
  const halfLng = (topRight.lng - leftBottom.lng) / 2;

  const nearestIn = async (box: Box) => {
    const { rows } = await db.execute<MapPoint>(sql`
      SELECT e.id, e.slug, e.lat, e.lng, e.price
      FROM estates e
      WHERE ${searchConditions({ ...filter, ...box }, location)}
      ORDER BY (e.lat - ${center.lat}::float8) ^ 2 + ((e.lng - ${center.lng}::float8) * ${lngScale}::float8) ^ 2, e.id
      LIMIT ${MAP_POINTS_CAP}`);
    return rows;
  };

  for (let scale = MAP_FIRST_SCALE; scale < MAP_WHOLE_BOX_SCALE; ) {
    const points = await nearestIn({
      topRight: { lat: center.lat + halfLat * scale, lng: center.lng + halfLng * scale },
      leftBottom: { lat: center.lat - halfLat * scale, lng: center.lng - halfLng * scale },
    });
    const edge = Math.min(halfLat, halfLng * lngScale) * scale;
    if (points.length < MAP_POINTS_CAP) {
      // Too few: grow the area by the shortfall, with room for an uneven spread.
      scale *= 1.5 * Math.sqrt(MAP_POINTS_CAP / Math.max(points.length, 1));
    } else {
      const farthest = distance(points[points.length - 1]);
      if (farthest < edge) return { estates: points, filter };
      // The true nearest points all lie within `farthest`: a box reaching it settles the answer.
      scale *= (1.05 * farthest) / edge;
    }
  }
  return { estates: await nearestIn({ topRight, leftBottom }), filter };
}
