/**
 * The caller's saved estates: GET /api/v1/favorites (cards), GET /api/v1/favorites/ids (to mark
 * hearts), POST and DELETE /api/v1/favorites/{estateId} (idempotent), POST /api/v1/favorites/merge
 * (a visitor's list, on sign-in). Every call is the token's user's own: no user id is ever taken
 * from the request.
 */
import { Hono, type Context } from "hono";
import { paginationSchema } from "../../../contract/common";
import {
  favoriteEstateIdSchema,
  favoritesMergeSchema,
} from "../../../contract/favorites";
import { requireUser, type AuthedEnv } from "../../lib/auth";
import { presentationFor, type AccountDeps } from "../../lib/context";
import { ok } from "../../lib/respond";
import { parseInput } from "../../lib/validation";
import { bodyOf, queryOf } from "../../lib/request";
import { addFavorite, favoriteIds, listFavorites, mergeFavorites, removeFavorite } from "../../services/favorites";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v1/favorites");

export function favoriteRoutes(deps: AccountDeps) {
  const { db, auth } = deps;
  const estateIdOf = (c: Context<AuthedEnv>) => parseInput(favoriteEstateIdSchema, { estateId: c.req.param("estateId") }, "estateId").estateId;

  return new Hono<AuthedEnv>()
    .use(requireUser(db, auth))
    .get(at(endpoints.favorites), async (c) => {
      const { page, perPage } = queryOf(c, endpoints.favorites, paginationSchema);
      return ok(c, endpoints.favorites, await listFavorites(db, c.get("user").id, page, perPage, presentationFor(c, deps)));
    })
    .get(at(endpoints.favoriteIds), async (c) => ok(c, endpoints.favoriteIds, { ids: await favoriteIds(db, c.get("user").id) }))
    .post(at(endpoints.favoritesMerge), async (c) => {
      const { ids } = await bodyOf(c, endpoints.favoritesMerge, favoritesMergeSchema);
      const me = c.get("user").id;
      const added = await mergeFavorites(db, me, ids);
      return ok(c, endpoints.favoritesMerge, { added, ids: await favoriteIds(db, me) });
    })
    .post(at(endpoints.favoriteAdd), async (c) => {
      const estateId = estateIdOf(c);
      const changed = await addFavorite(db, c.get("user").id, estateId);
      return ok(c, endpoints.favoriteAdd, { estateId, favorite: true, changed });
    })
    .delete(at(endpoints.favoriteRemove), async (c) => {
      const estateId = estateIdOf(c);
      const changed = await removeFavorite(db, c.get("user").id, estateId);
      return ok(c, endpoints.favoriteRemove, { estateId, favorite: false, changed });
    });
}
