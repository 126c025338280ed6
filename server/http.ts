/** Express pieces of the server entry: security headers, static files, the API mount. */
import { randomPool } from "./random-pool";
import type { NextFunction, Request, Response } from "express";
import { getRequestListener } from "@hono/node-server";

/**
 * Security headers for every response. Scripts need the per-response nonce (Remix's inline
 * hydration scripts carry it); images may come from the map's tile server and the photo bucket.
 */
export function securityHeaders(options: { mapTileUrl: string; production: boolean; realtimeUrl?: string; paymentUrl?: string; photoUrl?: string }) {
  // Images: this site, the map's tiles, and the photo bucket's public address (S3_PUBLIC_URL) when photos come from there.
  const images = ["'self'", "data:", "blob:", originOf(options.mapTileUrl), options.photoUrl ? originOf(options.photoUrl) : null].filter(Boolean).join(" ");
  // A pay form without JavaScript is answered with a redirect to the gateway's page, which
  // form-action governs too: the gateway's origin (FREEDOMPAY_API_URL) is the one other allowed.
  const formAction = ["'self'", ...(options.paymentUrl ? [originOf(options.paymentUrl)] : [])].filter(Boolean).join(" ");
  // WebSockets only to the configured realtime host; development's live reload needs any ws: too.
  const connect = ["'self'", ...(options.realtimeUrl ? [originOf(options.realtimeUrl)] : []), ...(options.production ? [] : ["ws:", "wss:"])].filter(Boolean).join(" ");
  // Built once: a request only adds its nonce between the two halves.
  const cspBefore = "default-src 'self'; script-src 'self'";
  const cspAfter = [
    "",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images}`,
    `connect-src ${connect}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
  ].join("; ");
  const others: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=()"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ...(options.production ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]] : []),
  ];
  // 16 random bytes per page, from a pool (server/random-pool.ts) rather than a call into OpenSSL each.
  const newNonce = randomPool(16, 256, "base64");
  const middleware = (_req: Request, res: Response, next: NextFunction) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", `${cspBefore} 'nonce-${nonce}'${cspAfter}`);
    for (const [name, value] of others) res.setHeader(name, value);
    next();
  };
  /**
   * The same headers for a file that is no page (server/fast-lane.ts): the policy without a nonce,
   * which only a page's inline scripts use.
   */
  middleware.assetHeaders = Object.fromEntries([["Content-Security-Policy", `${cspBefore}${cspAfter}`], ...others]) as Record<string, string>;
  return middleware;
}

/** Tile servers are written as templates (`https://{s}.tile.example/{z}/{x}/{y}.png`). */
function originOf(template: string): string | null {
  try {
    const url = new URL(template.replace(/\{s\}/g, "a").replace(/\{[^}]+\}/g, "0"));
    return template.includes("{s}") ? `${url.protocol}//*.${url.host.split(".").slice(1).join(".")}` : url.origin;
  } catch {
    return null;
  }
}

/**
 * The Hono API answers everything under /api. It is mounted by path prefix rather than
 * `app.use("/api")` because Express would strip the prefix the API's routes include.
 */
export function mountApi(fetch: (request: globalThis.Request) => globalThis.Response | Promise<globalThis.Response>) {
  const listener = getRequestListener(fetch);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path === "/api" || req.path.startsWith("/api/")) {
      // Rate limits key on this header: a direct caller gets its socket address (or, behind a
      // trusted proxy, the visitor's), never its own claim. Hono's listener builds its headers
      // from rawHeaders, so the claim is removed there too.
      const ip = req.ip ?? req.socket.remoteAddress ?? "unknown";
      const raw: string[] = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        if (req.rawHeaders[i].toLowerCase() !== "x-forwarded-for") raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
      }
      raw.push("X-Forwarded-For", ip);
      req.rawHeaders = raw;
      req.headers["x-forwarded-for"] = ip;
      return void listener(req, res);
    }
    next();
  };
}

/**
 * CSRF defence for the web app's actions, besides the SameSite=Lax session cookie: a form post
 * must come from our own pages. Browsers send Origin on every POST; a request without Origin or
 * Referer is not a browser's cross-site request and passes.
 */
export function sameOriginActions(publicUrl: string) {
  const publicHost = new URL(publicUrl).host;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const source = req.get("origin") ?? req.get("referer");
    if (!source) return next();
    let host: string | null = null;
    try {
      host = new URL(source).host;
    } catch {
      host = null;
    }
    // Remix compares Origin with X-Forwarded-Host or Host itself and throws (a 500) when they
    // differ, so the answer is decided here: the same host passes, anything else is a 403. A post
    // from our own PUBLIC_URL that arrives with another Host means a proxy rewrote it: say so.
    const received = req.get("x-forwarded-host") ?? req.get("host");
    if (host && host === received) return next();
    const text =
      host === publicHost
        ? "Forbidden: the Host header does not match PUBLIC_URL. A reverse proxy must pass the original Host (or set X-Forwarded-Host)."
        : "Forbidden: cross-site form submission";
    res.status(403).type("text/plain").send(text);
  };
}

/**
 * Runs a static-file handler only for paths whose first segment names an entry of its folder, as
 * the folder was when the server started. Every page's request went through `express.static` on
 * the public folder, which looked its path up on disk (`/en/profile/booking`: a stat that fails)
 * before the page was rendered, ~2.5 % of a signed-in page's main thread. The public folder's top
 * level is the build's (`build/`, the favicon, the web manifest); a new top-level entry is served
 * after a restart. A path the static handler would decode or normalise (`%`, `//`, `/.`, a
 * backslash) still goes to it, so it answers those as it always did.
 */
export function onlyUnderEntriesOf(topLevel: ReadonlySet<string>, serve: (req: Request, res: Response, next: NextFunction) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    const pathname = req.path;
    if (NOT_PLAIN.test(pathname)) return serve(req, res, next);
    const end = pathname.indexOf("/", 1);
    if (topLevel.has(pathname.slice(1, end < 0 ? undefined : end))) return serve(req, res, next);
    next();
  };
}

const NOT_PLAIN = /%|\/\/|\/\.|\\|\0/;
