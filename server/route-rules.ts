/**
 * Route rules (SPEC section 2, "a server-side routing check for each path"): redirects from the
 * database, consulted for every page request before Remix. The rules are held in memory; they are
 * reloaded when this process saves one (api/services/route-rules.ts tells us) and at least every
 * `maxAgeMs` otherwise (another process, or an external API). A rule applies in every language:
 * `/en/help` follows the rule of `/help` to the English target. Loops are refused when a rule is saved.
 */
import type { NextFunction, Request, Response } from "express";
// Remix's own encoder of a single-fetch answer (not re-exported by the package index): a redirect
// of a client-side navigation has to be answered the way a loader's redirect would be.
import { encodeViaTurboStream, getSingleFetchRedirect, SingleFetchRedirectSymbol } from "@remix-run/server-runtime/dist/single-fetch.js";
import { ServerMode } from "@remix-run/server-runtime/dist/mode.js";
import type { RouteRule } from "../contract/content";

const LOCALE_PREFIX = /^\/(en|ky)(?=\/|$)/;
/** Remix's single-fetch data request of a page: `/faq.data`, `/_root.data` for `/`. */
const DATA_SUFFIX = ".data";
/** What Remix answers a single-fetch request that redirects with (server-runtime's SINGLE_FETCH_REDIRECT_STATUS). */
const SINGLE_FETCH_REDIRECT_STATUS = 202;

/** The page path a request is for: a client-side navigation's `/help.data` is `/help`. */
function pagePathOf(path: string): { path: string; data: boolean } {
  if (!path.endsWith(DATA_SUFFIX)) return { path, data: false };
  if (path === "/_root.data") return { path: "/", data: true };
  return { path: path.slice(0, -DATA_SUFFIX.length), data: true };
}

/** A redirect as a single-fetch answer, which Remix's client follows (reloading the document for another site). */
async function singleFetchRedirect(location: string, status: number, external: boolean): Promise<string> {
  const headers = new Headers({ Location: location });
  if (external) headers.set("X-Remix-Reload-Document", "true");
  const stream = encodeViaTurboStream(
    { [SingleFetchRedirectSymbol]: getSingleFetchRedirect(status, headers, undefined) },
    new AbortController().signal,
    undefined,
    ServerMode.Production,
  );
  return new Response(stream).text();
}

export function routeRules(options: { load: () => Promise<RouteRule[]>; maxAgeMs: number; subscribe?: (onChange: () => void) => void }) {
  let rules = new Map<string, RouteRule>();
  let loadedAt = 0;
  let loading: Promise<void> | null = null;

  const refresh = () => {
    loading ??= options
      .load()
      .then((list) => {
        rules = new Map(list.map((r) => [r.path, r]));
        loadedAt = Date.now();
      })
      .catch((error) => {
        // Keep serving with the rules we have; try again on the next request after a short pause.
        console.error("route rules: could not load", error);
        loadedAt = Date.now() - options.maxAgeMs + 5_000;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  options.subscribe?.(() => {
    loadedAt = 0;
  });

  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path.startsWith("/api/") || req.path.startsWith("/build/")) return next();
    if (Date.now() - loadedAt > options.maxAgeMs) await refresh();
    if (rules.size === 0) return next();
    const page = pagePathOf(req.path);
    const prefix = LOCALE_PREFIX.exec(page.path)?.[0] ?? "";
    const bare = page.path.slice(prefix.length) || "/";
    const rule = rules.get(bare.length > 1 ? bare.replace(/\/+$/, "") : bare);
    if (!rule) return next();
    res.setHeader("Cache-Control", "no-store");
    const external = /^https?:\/\//.test(rule.target);
    let location = rule.target;
    if (!external) {
      const [targetPath, targetQuery] = rule.target.split("?");
      const search = new URL(req.originalUrl, "http://konok.internal").searchParams;
      // Remix's own query parameters of a data request are not the page's.
      search.delete("_data");
      search.delete("_routes");
      const query = targetQuery ?? search.toString();
      const localized = prefix ? (targetPath === "/" ? prefix : `${prefix}${targetPath}`) : targetPath;
      location = `${localized}${query ? `?${query}` : ""}`;
    }
    // A client-side navigation (a Link) asks for `/help.data`: answered as Remix answers a loader's
    // redirect, which its client follows; another site is always a full page load.
    if (page.data) {
      const body = await singleFetchRedirect(location, rule.status, external);
      res.status(SINGLE_FETCH_REDIRECT_STATUS).setHeader("Content-Type", "text/x-script");
      res.setHeader("X-Remix-Response", "yes");
      return void res.send(body);
    }
    res.redirect(rule.status, location);
  };
}
