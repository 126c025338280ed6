/** The guest estate endpoints of SPEC section 7: search, map, detail, complex, calendar, reviews. */
import { Hono, type Context } from "hono";
import {
  byIdsRequestSchema,
} from "../../../../contract/estate";
import { presentationFor, type ApiDeps, type ApiEnv } from "../../../lib/context";
import { ok } from "../../../lib/respond";
import { bodyOf, queryOf } from "../../../lib/request";
import { publishedEstateDates } from "../../../services/calendar";
import { getEstateDetail, loadCardOf, loadCardsByIds } from "../../../services/estate-detail";
import { searchEstates, searchMap } from "../../../services/search/estate-search";
import { publishedEstateReviews } from "../../../services/reviews";
import { calendarInput, mapInput, reviewsInput, searchInput, stayInput } from "./estate-input";
import { endpoints } from "../../../../contract/endpoints";
import { pathsUnder } from "../../../lib/endpoint-path";

const at = pathsUnder("/api/v1/guest/estate");

export function guestEstateRoutes(deps: ApiDeps) {
  const { db } = deps;
  const view = (c: Context<ApiEnv>) => presentationFor(c, deps);

  return new Hono<ApiEnv>()
    .post(at(endpoints.search), async (c) => {
      const request = await bodyOf(c, endpoints.search, searchInput);
      return ok(c, endpoints.search, await searchEstates(db, request, view(c)));
    })
    .post(at(endpoints.searchMap), async (c) => {
      const filter = await bodyOf(c, endpoints.searchMap, mapInput);
      return ok(c, endpoints.searchMap, await searchMap(db, filter));
    })
    .get(at(endpoints.mapCard), async (c) => {
      const stay = queryOf(c, endpoints.mapCard, stayInput);
      return ok(c, endpoints.mapCard, { estate: await loadCardOf(db, c.req.param("id"), stay, view(c)) });
    })
    .post(at(endpoints.estatesByIds), async (c) => {
      const { ids } = await bodyOf(c, endpoints.estatesByIds, byIdsRequestSchema);
      return ok(c, endpoints.estatesByIds, { items: await loadCardsByIds(db, ids, view(c)) });
    })
    .get(at(endpoints.estateComplex), async (c) => {
      const stay = queryOf(c, endpoints.estateComplex, stayInput);
      const estate = await getEstateDetail(db, c.req.param("id"), stay, view(c));
      return ok(c, endpoints.estateComplex, { estate, children: estate.children });
    })
    .get(at(endpoints.availableDates), async (c) => {
      const { from, to } = queryOf(c, endpoints.availableDates, calendarInput);
      return ok(c, endpoints.availableDates, await publishedEstateDates(db, c.req.param("id"), from, to));
    })
    .get(at(endpoints.estateReviews), async (c) => {
      const { page, perPage } = queryOf(c, endpoints.estateReviews, reviewsInput);
      return ok(c, endpoints.estateReviews, await publishedEstateReviews(db, c.req.param("id"), page, perPage));
    })
    .get(at(endpoints.estate), async (c) => {
      const stay = queryOf(c, endpoints.estate, stayInput);
      return ok(c, endpoints.estate, { estate: await getEstateDetail(db, c.req.param("id"), stay, view(c)) });
    });
}
