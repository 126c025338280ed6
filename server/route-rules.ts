/**
 * Route rules (SPEC section 2, "a server-side routing check for each path"): redirects from the
 * database, consulted for every page request before Remix. The rules are held in memory; they are
 * reloaded when this process saves one (api/services/route-rules.ts tells us) and at least every
 * `maxAgeMs` otherwise (another process, or an external API). A rule applies in every language:
 * `/en/help` follows the rule of `/help` to the English target. Loops are refused when a rule is saved.
 */
import type { NextFunction, Request, Response } from "express";
import type { RouteRule } from "../contract/content";

const LOCALE_PREFIX = /^\/(en|ky)(?=\/|$)/;

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
    const prefix = LOCALE_PREFIX.exec(req.path)?.[0] ?? "";
    const bare = req.path.slice(prefix.length) || "/";
    const rule = rules.get(bare.length > 1 ? bare.replace(/\/+$/, "") : bare);
    if (!rule) return next();
    res.setHeader("Cache-Control", "no-store");
    const external = /^https?:\/\//.test(rule.target);
    let location = rule.target;
    if (!external) {
      const [targetPath, targetQuery] = rule.target.split("?");
      const search = new URL(req.originalUrl, "http://konok.internal").searchParams;
      search.delete("_data");
      const query = targetQuery ?? search.toString();
      const localized = prefix ? (targetPath === "/" ? prefix : `${prefix}${targetPath}`) : targetPath;
      location = `${localized}${query ? `?${query}` : ""}`;
    }
    // A client-side navigation asks for data (`?_data=`): Remix's client follows X-Remix-Redirect,
    // and for another site reloads the document, so an external target is always a full page load.
    if (req.query._data !== undefined) {
      res.status(204).setHeader("X-Remix-Redirect", location);
      res.setHeader("X-Remix-Status", String(rule.status));
      if (external) res.setHeader("X-Remix-Reload-Document", "true");
      return void res.end();
    }
    res.redirect(rule.status, location);
  };
}
