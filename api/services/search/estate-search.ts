import { SEARCH_TOTAL_CAP, type MapPoint, type MapSearchResponse, type SearchFilter, type SearchResponse } from "../../../contract/estate";
import { writesBefore, type Db } from "../../db/client";
import type { Presentation } from "../../lib/context";
import { searchCards } from "./kept-cards";
import { rowTest, stayDatesOf, stayTest, type SlotTest } from "./conditions";
import { stayFigures } from "./stay-prices";
import { searchIndexFor, type SearchIndex } from "./search-index";
import { resolveLocation } from "./location";
import { firstMatches } from "./matches";

/** Most points one map answer carries: enough to fill a screen, few enough for a phone on 3G. */
export const MAP_POINTS_CAP = 500;

export type SearchRequest = SearchFilter & { page: number; perPage: number };

/**
 * What the filter asks of a listed estate, as tests of its slot in the index: every field but
 * the stay (null when nothing can match, such as a place no estate's text has), and being free
 * for the stay (null without dates). With dates the price range applies to what the stay costs
 * per night (`figures`, stay-prices.ts), the figure the card shows.
 */
async function conditionsOf(db: Db, index: SearchIndex, filter: SearchFilter) {
  const terms = filter.location ? await resolveLocation(db, index, filter.location) : [];
  const stay = stayDatesOf(filter);
  const guests = filter.adultCount + filter.childrenCount;
  const figures = stay ? stayFigures(index, stay, guests) : null;
  return {
    row: terms ? rowTest(index, filter, terms, figures?.perNight ?? null) : null,
    free: stay ? stayTest(index, stay, guests) : null,
    figures,
  };
}

/**
 * One page of cards. The matches come from the search index (search-index.ts): those of the
 * page, one more to tell whether more follow, and up to one past SEARCH_TOTAL_CAP for the count.
 * The page's cards come from kept-cards.ts.
 *
 * The count is one answer for the whole search, whatever the page (issue 27: "100+" → "113+" →
 * "241+" read as a count that changed while paging): every match when there are at most
 * SEARCH_TOTAL_CAP (or when every listed estate was tested anyway, as a price sort with dates
 * does), otherwise "at least SEARCH_TOTAL_CAP".
 */
export async function searchEstates(db: Db, request: SearchRequest, view: Presentation): Promise<SearchResponse> {
  const { page, perPage, ...filter } = request;
  // One write signal for the index's catch-up and the page's cards, both read after it was taken
  // (on PostgreSQL one snapshot check a search instead of two in a row).
  const noted = writesBefore(db);
  const index = await searchIndexFor(db, noted);
  const { row, free, figures } = await conditionsOf(db, index, filter);
  const offset = (page - 1) * perPage;
  const needed = offset + perPage + 1;
  const upTo = Math.max(SEARCH_TOTAL_CAP + 1, needed);
  const byStayPrice = figures !== null && (filter.orderBy === "price_asc" || filter.orderBy === "price_desc");
  const ids = !row ? [] : byStayPrice ? matchesByStayPrice(index, row, free, figures.total, filter.orderBy === "price_desc") : firstMatches(index, { row, free, orderBy: filter.orderBy, upTo });
  const pageIds = ids.slice(offset, offset + perPage);
  const stay = stayDatesOf(filter);
  // In the index's order, not the database's: with dates a price sort is by the stay's price.
  const estates = pageIds.length ? await searchCards(db, index, pageIds, filter.orderBy, stay && { ...stay, guests: filter.adultCount + filter.childrenCount }, view, noted) : [];
  // Fewer than asked for: every listed estate was tested, so they are all the matches.
  const exact = byStayPrice || ids.length <= SEARCH_TOTAL_CAP;
  return {
    estates,
    filter,
    hasMore: ids.length > offset + perPage,
    total: exact ? ids.length : SEARCH_TOTAL_CAP,
    totalExact: exact,
    page,
    perPage,
  };
}

/**
 * Every match, cheapest stay first (or dearest): the stay's price differs per search (its dates,
 * the party, the discounts), so no kept order holds it and every listed estate is tested; ties go
 * to the lower id (the higher when dearest first, as the kept price orders do).
 */
function matchesByStayPrice(index: SearchIndex, row: SlotTest, free: SlotTest | null, total: (slot: number) => number, descending: boolean): number[] {
  const { listed, id } = index.columns;
  const slots: number[] = [];
  const prices: number[] = [];
  for (let slot = 0; slot < index.slotCount; slot++) {
    if (!listed[slot] || !row(slot) || (free !== null && !free(slot))) continue;
    slots.push(slot);
    prices.push(total(slot));
  }
  const order = slots.map((_, i) => i);
  order.sort(descending ? (a, b) => prices[b] - prices[a] || id[slots[b]] - id[slots[a]] : (a, b) => prices[a] - prices[b] || id[slots[a]] - id[slots[b]]);
  return order.map((i) => id[slots[i]]);
}

/**
 * Every match inside the map box, nearest to the box centre first, up to the cap. "Nearest"
 * scales a degree of longitude by the cosine of the centre's latitude, so it is nearest on the
 * ground; ties go to the lower id.
 */
export async function searchMap(db: Db, filter: SearchFilter): Promise<MapSearchResponse> {
  const { topRight, leftBottom } = filter;
  if (!topRight || !leftBottom) throw new Error("A map search needs both corners");
  const index = await searchIndexFor(db);
  const { row, free } = await conditionsOf(db, index, filter);
  if (!row) return { estates: [], filter };
  const center = { lat: (topRight.lat + leftBottom.lat) / 2, lng: (topRight.lng + leftBottom.lng) / 2 };
  const lngScale = Math.cos((center.lat * Math.PI) / 180);
  const { id, slug, lat, lng, price } = index.columns;

  const { listed } = index.columns;
  const slots = new Int32Array(index.slotCount);
  const distances = new Float64Array(index.slotCount);
  let found = 0;
  for (let slot = 0; slot < index.slotCount; slot++) {
    if (!listed[slot] || !row(slot) || (free && !free(slot))) continue;
    const north = lat[slot] - center.lat;
    const east = (lng[slot] - center.lng) * lngScale;
    slots[found] = slot;
    distances[found++] = north * north + east * east;
  }
  // Only the points within the cap-th smallest distance are sorted with their ids.
  const bound = found > MAP_POINTS_CAP ? nthSmallest(distances.slice(0, found), MAP_POINTS_CAP - 1) : Infinity;
  const nearest: number[] = [];
  for (let i = 0; i < found; i++) if (distances[i] <= bound) nearest.push(i);
  nearest.sort((a, b) => distances[a] - distances[b] || id[slots[a]] - id[slots[b]]);
  const points: MapPoint[] = nearest.slice(0, MAP_POINTS_CAP).map((i) => {
    const slot = slots[i];
    return { id: id[slot], slug: slug[slot], lat: lat[slot], lng: lng[slot], price: price[slot] };
  });
  return { estates: points, filter };
}

/** The n-th smallest value (from 0), by quickselect; reorders `values`. */
function nthSmallest(values: Float64Array, n: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1];
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        [values[i], values[j]] = [values[j], values[i]];
        i++;
        j--;
      }
    }
    if (n <= j) high = j;
    else if (n >= i) low = i;
    else return values[n];
  }
  return values[n];
}
