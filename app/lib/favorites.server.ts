/**
 * What every page needs about the person looking at it, so every heart renders right without
 * JavaScript and the header shows its counts: the saved estates' ids (the account's when signed
 * in, the cookie's otherwise) and, signed in, the unread counts. Signed in, that is one API call
 * (`/api/v1/page_data`, one query), not one for the ids and one for the counts.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type { UnreadData } from "../../contract/account";
import { ApiError } from "./api.server";
import { getSignedIn, type SignedIn } from "./auth.server";
import { readVisitorFavorites } from "./visitor-favorites.server";
import { endpoints } from "../../contract/endpoints";

export type PersonalData = { favorites: number[]; unread: UnreadData | null; signedIn: SignedIn | null };

export async function personalDataFor(request: Request, context: AppLoadContext, params: Params): Promise<PersonalData> {
  const signedIn = await getSignedIn(request, context, params);
  if (!signedIn) return { favorites: await readVisitorFavorites(request), unread: null, signedIn };
  // Hearts and counts are decoration: an API failure shows them empty rather than failing the page.
  const data = await signedIn.api.call(endpoints.pageData).catch((error: unknown) => {
    if (error instanceof Response) throw error;
    // An API without this call (an older instance, or another one behind API_BASE_URL): the two
    // calls it replaced.
    if (error instanceof ApiError && error.status === 404) return separately(signedIn);
    return null;
  });
  return { favorites: data?.favorites ?? [], unread: data?.unread ?? null, signedIn };
}

async function separately(signedIn: SignedIn): Promise<{ favorites: number[]; unread: UnreadData | null }> {
  const [favorites, unread] = await Promise.all([
    signedIn.api
      .call(endpoints.favoriteIds)
      .then((r) => r.ids)
      .catch((error: unknown) => {
        if (error instanceof Response) throw error;
        return [] as number[];
      }),
    signedIn.api.call(endpoints.unreadData).catch(() => null),
  ]);
  return { favorites, unread };
}
