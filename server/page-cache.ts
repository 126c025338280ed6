/**
 * Rendered pages for visitors who are not signed in, kept in process memory.
 *
 * An anonymous page is a function of its URL, the visitor's cookies (language, visitor
 * favourites, the remembered filter), Accept-Language and the data: the key holds the first
 * three and the data's version, so a page is reused only while nothing it could show changed.
 * Every write through the API in this process moves the version at once (`noteApiCall`);
 * writes this process cannot see (another node on the same PostgreSQL, the booking sweeper's
 * timed annulments) are covered by the entries' short lifetime. See
 * docs/decisions/0029-anonymous-page-cache.md.
 *
 * Never cached: a request with the session cookie or an Authorization header, anything but GET
 * and HEAD, an answer that sets a cookie or says `private`/`no-store`, anything but a 200 page or
 * single-fetch data.
 *
 * A hit is the same bytes for everyone, so they are compressed once per entry (off the main
 * thread), not on every hit: the page keeps the nonce it was rendered with, and a hit's CSP allows
 * its inline scripts by their SHA-256 hashes instead of by nonce. Only the scripts that carried
 * the render's nonce are hashed, so a script injected into the page is refused on a hit exactly as
 * on the render (docs/decisions/0054-cached-pages-compressed-once.md).
 *
 * That work (the hashes, the ETag, the brotli and gzip copies) is done at an entry's first hit,
 * not when it is stored: most pages people ask for carry their own dates and filters and are
 * never asked for again, and preparing each of them cost ~5 % of the main thread under distinct
 * URLs (issue 33; docs/decisions/0082-page-cache-prepares-on-first-hit.md).
 */
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { setsPersonalCookie } from "./edge";

const SESSION_COOKIE = "__konok=";
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const CACHEABLE_TYPE = /^text\/(html|x-script)/;
/** Paths that are never pages: the API, static files, realtime endpoints, the health check. */
const NOT_PAGES = /^\/(api|build|uploads|pusher|healthz)(\/|$)/;

let dataVersion = 0;

/** The API's searches are POSTs that write nothing (their filters do not fit a query string). */
const READ_ONLY_POSTS = /^\/api\/v1\/guest\/estate(\/map|\/by_ids)?\/?$/;

/** Called after every API call of this process: any that may have written moves the data version. */
export function noteApiCall(method: string, pathname: string): void {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return;
  if (method === "POST" && READ_ONLY_POSTS.test(pathname)) return;
  dataVersion++;
}

type Entry = {
  body: Buffer;
  /** The body as brotli and gzip, once compressed (until then a hit is compressed on its way out). */
  encoded?: { br: Buffer; gzip: Buffer };
  headers: [string, string | string[]][];
  /** The render's CSP and nonce, from which the hits' policy is made at the first hit. */
  renderCsp: string | null;
  nonce: string | undefined;
  /** Made at the first hit: the render's CSP with its nonce replaced by the hashes of the scripts that carried it, and the ETag. */
  prepared?: { csp: string | null; etag: string };
  version: number;
  storedAt: number;
  refreshing?: boolean;
};

export type PageCacheOptions = {
  /** How long an entry may answer at most, for changes made outside this process. */
  maxAgeMs: number;
  /** The cache's size in bytes of stored bodies and their compressed copies; the least recently used go first. */
  maxBytes: number;
};

export function pageCache({ maxAgeMs, maxBytes }: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const sizeOf = (entry: Entry) => entry.body.length + (entry.encoded ? entry.encoded.br.length + entry.encoded.gzip.length : 0);

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= sizeOf(entry);
    entries.delete(key);
  };

  const evictOverBudget = () => {
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  const store = (key: string, entry: Entry) => {
    drop(key);
    if (entry.body.length > maxBytes / 8) return;
    entries.set(key, entry);
    bytes += entry.body.length;
    evictOverBudget();
  };

  /**
   * What only hits need, made at the entry's first hit: the policy and ETag at once (a few tenths
   * of a millisecond, on this request), the brotli (quality 5, as the middleware's pages) and gzip
   * copies on libuv's threads; until they are ready, or if they fail, a hit is compressed on its
   * way out.
   */
  const prepare = (key: string, entry: Entry): { csp: string | null; etag: string } => {
    if (entry.prepared) return entry.prepared;
    entry.prepared = {
      csp: entry.renderCsp && entry.nonce ? hashedPolicy(entry.renderCsp, entry.nonce, entry.body.toString("utf8")) : null,
      etag: `W/"${crypto.createHash("sha1").update(entry.body).digest("base64url")}"`,
    };
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length };
    Promise.all([brotli(entry.body, { params }), gzip(entry.body, { level: 6 })]).then(
      ([br, gz]) => {
        if (entries.get(key) !== entry) return;
        entry.encoded = { br, gzip: gz };
        bytes += br.length + gz.length;
        evictOverBudget();
      },
      () => undefined,
    );
    return entry.prepared;
  };

  return function pageCacheMiddleware(req: Request, res: Response, next: NextFunction) {
    if ((req.method !== "GET" && req.method !== "HEAD") || NOT_PAGES.test(req.path)) return next();
    const cookies = req.get("cookie") ?? "";
    if (req.get("authorization") || cookies.includes(SESSION_COOKIE)) return next();

    const key = `${req.originalUrl}\n${cookies}\n${req.get("accept-language") ?? ""}`;
    const nonce = res.locals.cspNonce as string | undefined;
    const cached = entries.get(key);
    const current = cached?.version === dataVersion;
    const age = cached ? Date.now() - cached.storedAt : Infinity;
    // When an entry only aged out, one request renders it again while the others keep being
    // answered from it: a busy page never sends every connection to the renderer at once.
    const fresh = current && (age < maxAgeMs || (cached?.refreshing === true && age < 2 * maxAgeMs));
    if (cached && current && !fresh) cached.refreshing = true;
    if (cached && fresh) {
      // Most recently used last: the eviction walks from the front.
      entries.delete(key);
      entries.set(key, cached);
      const { csp, etag } = prepare(key, cached);
      for (const [name, value] of cached.headers) res.setHeader(name, value);
      if (csp) res.setHeader("Content-Security-Policy", csp);
      res.setHeader("ETag", etag);
      res.setHeader("X-Page-Cache", "hit");
      if (req.get("if-none-match") === etag) return void res.status(304).end();
      res.status(200);
      let body = cached.body;
      const encoding = cached.encoded && (["br", "gzip"] as const).find((name) => req.acceptsEncodings(name) === name);
      if (cached.encoded && encoding) {
        // Set before the compression middleware looks: it leaves an encoded body alone.
        res.vary("Accept-Encoding");
        res.setHeader("Content-Encoding", encoding);
        body = cached.encoded[encoding];
        // Whole and known: no chunked encoding (the middleware would not set the length).
        res.setHeader("Content-Length", body.length);
      }
      return void res.end(req.method === "HEAD" ? undefined : body);
    }
    if (cached && !current) drop(key);
    if (req.method === "HEAD") return next();

    const versionAtStart = dataVersion;
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (tooBig || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      size += buffer.length;
      if (size > maxBytes / 8) tooBig = true;
      else chunks.push(buffer);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      const result = end(chunk, ...rest);
      if (!tooBig && versionAtStart === dataVersion && cacheable(res)) {
        const csp = res.getHeader("content-security-policy");
        store(key, {
          body: Buffer.concat(chunks, size),
          headers: storedHeaders(res),
          renderCsp: typeof csp === "string" ? csp : null,
          nonce,
          version: versionAtStart,
          storedAt: Date.now(),
        });
      }
      return result;
    }) as Response["end"];
    res.setHeader("X-Page-Cache", "miss");
    next();
  };
}

function cacheable(res: Response): boolean {
  if (res.statusCode !== 200) return false;
  // The shareable cookies are a function of the URL and the request's cookies, both in the key.
  if (setsPersonalCookie(res)) return false;
  if (!CACHEABLE_TYPE.test(String(res.getHeader("content-type") ?? ""))) return false;
  // The key holds the URL, cookies and Accept-Language only: a page that varies by anything
  // else (the deeplink page by User-Agent) is never shared.
  const vary = String(res.getHeader("vary") ?? "").toLowerCase();
  if (vary.split(",").some((name) => !["", "accept-encoding", "accept-language", "cookie"].includes(name.trim()))) return false;
  return !/private|no-store/.test(String(res.getHeader("cache-control") ?? ""));
}

/** The page's own headers; the per-response ones (CSP with its nonce, encoding, length) are set again on each hit. */
function storedHeaders(res: Response): [string, string | string[]][] {
  const skip = new Set(["content-length", "content-encoding", "transfer-encoding", "etag", "date", "connection", "content-security-policy", "x-page-cache", "vary"]);
  return Object.entries(res.getHeaders())
    .filter(([name, value]) => !skip.has(name) && value !== undefined)
    .map(([name, value]) => [name, Array.isArray(value) ? value : String(value)]);
}

/**
 * The policy for the page's hits: its `'nonce-…'` source replaced by the SHA-256 of every inline
 * script that carried that nonce. A script without it (injected into the page's data, say) gets
 * no hash, so the browser refuses it on a hit as it did on the render.
 */
export function hashedPolicy(policy: string, nonce: string, html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const nonceAttribute = /\snonce="([^"]*)"/i.exec(match[1])?.[1];
    if (nonceAttribute !== nonce || /\ssrc=/i.test(match[1])) continue;
    // The browser hashes the script's text as parsed, where every CR LF and lone CR is a LF.
    const text = match[2].replace(/\r\n?/g, "\n");
    hashes.add(`'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return policy.replace(`'nonce-${nonce}'`, [...hashes].join(" ") || "");
}
