/** The guest estate endpoints of SPEC section 7: search, map, detail, complex, calendar, reviews. */
import { Hono, type Context } from "hono";
import {
  byIdsRequestSchema,
  type AvailableDatesResponse,
  type ByIdsResponse,
  type ComplexResponse,
  type EstateCard,
  type EstateResponse,
  type MapSearchResponse,
  type ReviewsResponse,
  type SearchResponse,
} from "../../../../contract/estate";
import { presentationFor, type ApiDeps, type ApiEnv } from "../../../lib/context";
import { ok } from "../../../lib/respond";
import { parseBody, parseQuery } from "../../../lib/validation";
import { availableDates } from "../../../services/calendar";
import { getEstateDetail, loadCardOf, loadCardsByIds } from "../../../services/estate-detail";
import { findPublishedEstate } from "../../../services/estate-lookup";
import { searchEstates, searchMap } from "../../../services/search/estate-search";
import { listReviews } from "../../../services/reviews";
import { calendarInput, mapInput, reviewsInput, searchInput, stayInput } from "./estate-input";

export function guestEstateRoutes(deps: ApiDeps) {
  const { db } = deps;
  const view = (c: Context<ApiEnv>) => presentationFor(c, deps);

  return new Hono<ApiEnv>()
    .post("/", async (c) => {
      const request = await parseBody(c, searchInput);
      return ok<SearchResponse>(c, await searchEstates(db, request, view(c)));
    })
    .post("/map", async (c) => {
      const filter = await parseBody(c, mapInput);
      return ok<MapSearchResponse>(c, await searchMap(db, filter));
    })
    .get("/map/:id", async (c) => {
      const stay = parseQuery(c, stayInput);
      return ok<{ estate: EstateCard }>(c, { estate: await loadCardOf(db, c.req.param("id"), stay, view(c)) });
    })
    .post("/by_ids", async (c) => {
      const { ids } = await parseBody(c, byIdsRequestSchema);
      return ok<ByIdsResponse>(c, { items: await loadCardsByIds(db, ids, view(c)) });
    })
    .get("/complex/:id", async (c) => {
      const stay = parseQuery(c, stayInput);
      const estate = await getEstateDetail(db, c.req.param("id"), stay, view(c));
      return ok<ComplexResponse>(c, { estate, children: estate.children });
    })
    .get("/available_dates/:id", async (c) => {
      const { from, to } = parseQuery(c, calendarInput);
      const estate = await findPublishedEstate(db, c.req.param("id"));
      return ok<AvailableDatesResponse>(c, await availableDates(db, estate, from, to));
    })
    .get("/review/:id", async (c) => {
      const { page, perPage } = parseQuery(c, reviewsInput);
      const estate = await findPublishedEstate(db, c.req.param("id"));
      return ok<ReviewsResponse>(c, await listReviews(db, estate.id, page, perPage));
    })
    .get("/:id", async (c) => {
      const stay = parseQuery(c, stayInput);
      return ok<EstateResponse>(c, { estate: await getEstateDetail(db, c.req.param("id"), stay, view(c)) });
    });
}
