/**
 * The last filter used on `/estates`, so a guest who opens the list again (from the header, the
 * home page, another language) finds their search as they left it (SPEC section 3 keeps the
 * filter in session storage).
 *
 * It is a browser-session cookie of its own rather than a key of the `__konok` session: the root
 * loader may rewrite that session in the same request (a token refresh), and two loaders setting
 * one cookie race; the last header would win and could bring back a spent refresh token.
 * The value is only ever read through `parseSearchValues`, so a forged one is just a filter.
 */
import { createCookie, redirect, type AppLoadContext } from "@remix-run/node";
import { RESET_PARAM, parseSearchValues, toQueryString } from "~/lib/search-params";
/** Longer filters are not remembered (a cookie header has to stay well under 4 KB). */
const MAX_LENGTH = 1500;

const cookieFor = (context: AppLoadContext) =>
  createCookie("konok_search", { path: "/", httpOnly: true, sameSite: "lax", secure: context.config.production });

/** The filter of a query string as a canonical `?…` (page left out: coming back starts at page 1), or "". */
function canonical(params: URLSearchParams): string {
  return toQueryString(parseSearchValues(params), { page: 1 });
}

async function remember(context: AppLoadContext, query: string): Promise<HeadersInit> {
  const cookie = cookieFor(context);
  const value = query.length <= MAX_LENGTH ? query : "";
  return { "Set-Cookie": value ? await cookie.serialize(value) : await cookie.serialize("", { maxAge: 0 }) };
}

/**
 * Call first in the `/estates` loader. A bare `/estates` with a remembered filter redirects to
 * it; a `reset` link stores what is left of its filter and redirects to the clean URL; any other
 * filter is remembered (the returned headers, when it changed).
 */
export async function rememberedFilter(request: Request, context: AppLoadContext, basePath: string): Promise<HeadersInit | undefined> {
  const url = new URL(request.url);
  const stored = canonical(new URLSearchParams(((await cookieFor(context).parse(request.headers.get("Cookie"))) as string | null) ?? ""));

  if (url.searchParams.has(RESET_PARAM)) {
    url.searchParams.delete(RESET_PARAM);
    const query = canonical(url.searchParams);
    throw redirect(`${basePath}${query}`, { headers: await remember(context, query) });
  }
  if (url.search === "" || url.search === "?") {
    if (stored) throw redirect(`${basePath}${stored}`);
    return undefined;
  }
  const query = canonical(url.searchParams);
  return query === stored ? undefined : remember(context, query);
}
