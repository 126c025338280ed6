import { z } from "zod";
import type { Paginated } from "./common";
import type { EstateCard } from "./estate";
import { msg } from "./message-key";

/** How many ids one merge may carry: a visitor's cookie holds at most VISITOR_FAVORITES_MAX. */
export const FAVORITES_MERGE_MAX = 100;
/** What a visitor's favorites cookie keeps, newest first; adding past it forgets the oldest. */
export const VISITOR_FAVORITES_MAX = 50;

/** An estate id in a path (`/api/v1/favorites/{estateId}`): a positive Postgres integer. */
export const favoriteEstateIdSchema = z.object({
  estateId: z.coerce
    .number({ invalid_type_error: msg("estateIdInvalid") })
    .int(msg("estateIdInvalid"))
    .positive(msg("estateIdInvalid"))
    .max(2_147_483_647, msg("estateIdInvalid")),
});

/** Body of POST /api/v1/favorites/merge: a visitor's saved ids, newest first. */
export const favoritesMergeSchema = z.object({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).max(FAVORITES_MERGE_MAX),
});

/** GET /api/v1/favorites: the caller's saved published estates as cards, newest first. */
export type FavoritesResponse = Paginated<EstateCard>;
/** GET /api/v1/favorites/ids: every saved published estate's id, newest first (to mark hearts). */
export type FavoriteIdsResponse = { ids: number[] };
/** POST and DELETE /api/v1/favorites/{estateId}: the state now, and whether this call changed it. */
export type FavoriteToggleResponse = { estateId: number; favorite: boolean; changed: boolean };
/** POST /api/v1/favorites/merge: how many were new, and every id saved now. */
export type FavoritesMergeResponse = { added: number; ids: number[] };
