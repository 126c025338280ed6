/**
 * Which estates the person looking at a page has saved, so every heart renders right without
 * JavaScript: the account's ids (one API call, one query) when signed in, the cookie's otherwise.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type { FavoriteIdsResponse } from "../../contract/favorites";
import { getSignedIn } from "./auth.server";
import { readVisitorFavorites } from "./visitor-favorites.server";

export async function favoriteIdsFor(request: Request, context: AppLoadContext, params: Params): Promise<{ ids: number[]; headers: HeadersInit }> {
  const signedIn = await getSignedIn(request, context, params);
  if (!signedIn) return { ids: await readVisitorFavorites(request), headers: {} };
  // Hearts are decoration: an API failure shows them empty rather than failing the page.
  const ids = await signedIn.api
    .get<FavoriteIdsResponse>("/api/v1/favorites/ids")
    .then((r) => r.ids)
    .catch((error: unknown) => {
      if (error instanceof Response) throw error;
      return [] as number[];
    });
  return { ids, headers: await signedIn.headers() };
}
