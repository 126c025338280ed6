/**
 * A visitor's favorites: estate ids in an httpOnly cookie, newest first (docs/decisions/0009).
 * Nothing in it is trusted: every read keeps positive integer ids only, once each, at most
 * VISITOR_FAVORITES_MAX. On sign-in the ids move into the account and the cookie is cleared.
 */
import { createCookie, type AppLoadContext } from "@remix-run/node";
import { VISITOR_FAVORITES_MAX } from "../../contract/favorites";

const MAX_AGE = 365 * 24 * 60 * 60;

const cookie = createCookie("konok_fav", { path: "/", sameSite: "lax", httpOnly: true, maxAge: MAX_AGE });

/** Keeps what looks like estate ids, once each, in order, at most the cap. */
export function cleanFavoriteIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const ids: number[] = [];
  for (const v of value) {
    if (typeof v === "number" && Number.isInteger(v) && v > 0 && v <= 2_147_483_647 && !ids.includes(v)) ids.push(v);
    if (ids.length === VISITOR_FAVORITES_MAX) break;
  }
  return ids;
}

export async function readVisitorFavorites(request: Request): Promise<number[]> {
  return cleanFavoriteIds(await cookie.parse(request.headers.get("Cookie")).catch(() => null));
}

/** The Set-Cookie value storing `ids` (newest first); an empty list deletes the cookie. */
export function visitorFavoritesCookie(ids: number[], context: AppLoadContext): Promise<string> {
  const secure = context.config.production;
  const kept = cleanFavoriteIds(ids);
  return kept.length ? cookie.serialize(kept, { secure }) : cookie.serialize([], { secure, maxAge: 0 });
}

/** `ids` with `estateId` saved first; past the cap the oldest is forgotten. */
export const withFavorite = (ids: number[], estateId: number) => [estateId, ...ids.filter((id) => id !== estateId)].slice(0, VISITOR_FAVORITES_MAX);
export const withoutFavorite = (ids: number[], estateId: number) => ids.filter((id) => id !== estateId);
