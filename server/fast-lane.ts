/**
 * Answers that need nothing of the app, given at the top of the pipeline before Express (issue 33):
 * the health check and the build's files from memory. Through Express every such request paid for
 * its router walking ~20 layers, the request-id and security-header middleware, the compression
 * middleware wrapping the response, and `send` stat'ing and streaming the file from disk: `/healthz`
 * and a build file were ~0.06 of a bare Node server's rate on the same machine. Here a build file
 * is a lookup in a map and one `writeHead` with headers prepared at start.
 *
 * Anything unusual goes on to Express as before, which answers it as it always did: a method other
 * than GET or HEAD, a body, a Range request, an If-Modified-Since without an ETag to compare, a path
 * Express would decode or normalise, a file the server did not find at start.
 */
import fs from "node:fs";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { newRequestId } from "./edge";

/** Returns true when it answered the request; false sends it on (to Express). */
export type FastLane = (req: IncomingMessage, res: ServerResponse) => boolean;

const TYPES: Record<string, { type: string; compressible: boolean }> = {
  ".js": { type: "text/javascript; charset=utf-8", compressible: true },
  ".mjs": { type: "text/javascript; charset=utf-8", compressible: true },
  ".css": { type: "text/css; charset=utf-8", compressible: true },
  ".json": { type: "application/json; charset=utf-8", compressible: true },
  ".map": { type: "application/json; charset=utf-8", compressible: true },
  ".svg": { type: "image/svg+xml", compressible: true },
  ".webmanifest": { type: "application/manifest+json", compressible: true },
  ".txt": { type: "text/plain; charset=utf-8", compressible: true },
  ".png": { type: "image/png", compressible: false },
  ".jpg": { type: "image/jpeg", compressible: false },
  ".webp": { type: "image/webp", compressible: false },
  ".avif": { type: "image/avif", compressible: false },
  ".ico": { type: "image/x-icon", compressible: false },
  ".woff2": { type: "font/woff2", compressible: false },
};

type Variant = { body: Buffer; etag: string; lastModified: string; encoding: "br" | "gzip" | null };
type File = { type: string; cacheControl: string; identity: Variant; br?: Variant; gzip?: Variant };

/** Express's weak ETag of a file (`etag` of its stat): the same validators browsers already hold. */
function statTag(stat: fs.Stats): string {
  return `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
}

function variantOf(file: string, encoding: Variant["encoding"]): Variant {
  const stat = fs.statSync(file);
  return { body: fs.readFileSync(file), etag: statTag(stat), lastModified: stat.mtime.toUTCString(), encoding };
}

/** A compressible file the build wrote no copies of (an SVG, the web manifest): compressed once here. */
function compressedVariants(identity: Variant): { br: Variant; gzip: Variant } {
  const tag = (suffix: string) => identity.etag.replace(/"$/, `-${suffix}"`);
  return {
    br: { ...identity, body: zlib.brotliCompressSync(identity.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), etag: tag("br"), encoding: "br" },
    gzip: { ...identity, body: zlib.gzipSync(identity.body, { level: 9 }), etag: tag("gz"), encoding: "gzip" },
  };
}

export type StaticMount = {
  /** The URL prefix, `/build` or `` for the public folder's top level. */
  prefix: string;
  dir: string;
  cacheControl: string;
  /** Walk sub-folders (the build's), or only the folder's own files (the public folder's). */
  recursive: boolean;
  /** Paths under the prefix left to Express (`/builds/latest.json` changes under its name). */
  skip?: ReadonlySet<string>;
};

/** Every file of the mounts, read once at start with its compressed copies (`name.br`, `name.gz`). */
export function loadStaticFiles(mounts: StaticMount[]): Map<string, File> {
  const files = new Map<string, File>();
  for (const mount of mounts) {
    if (!fs.existsSync(mount.dir)) continue;
    const walk = (sub: string) => {
      for (const entry of fs.readdirSync(path.join(mount.dir, sub), { withFileTypes: true })) {
        const rel = `${sub}/${entry.name}`;
        if (entry.isDirectory()) {
          if (mount.recursive) walk(rel);
          continue;
        }
        if (!entry.isFile() || entry.name.startsWith(".") || mount.skip?.has(rel)) continue;
        const kind = TYPES[path.extname(entry.name)];
        if (!kind) continue;
        const full = path.join(mount.dir, rel);
        const identity = variantOf(full, null);
        const file: File = { type: kind.type, cacheControl: mount.cacheControl, identity };
        if (fs.existsSync(`${full}.br`)) file.br = variantOf(`${full}.br`, "br");
        if (fs.existsSync(`${full}.gz`)) file.gzip = variantOf(`${full}.gz`, "gzip");
        // Below ~1 KB compression saves nothing worth a header (the compression middleware's threshold).
        if (kind.compressible && !file.br && !file.gzip && identity.body.length >= 1024) Object.assign(file, compressedVariants(identity));
        files.set(`${mount.prefix}${rel}`, file);
      }
    };
    walk("");
  }
  return files;
}

/** Whether Accept-Encoding takes `name` (q > 0, by name or by `*`), as `negotiator` reads it. */
export function accepts(header: string | undefined, name: "br" | "gzip"): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(",")) {
    const [token, ...params] = part.trim().split(";");
    const coding = token.trim().toLowerCase();
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (coding === name) return weight > 0;
    if (coding === "*") star = weight > 0;
  }
  return star;
}

/** Whether the browser's copy is the current one (`fresh`'s ETag comparison, weak). */
function notModified(req: IncomingMessage, etag: string): boolean {
  const match = req.headers["if-none-match"];
  if (!match) return false;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(req.headers["cache-control"] ?? "")) return false;
  if (match.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

/** A path Express would decode or normalise before serving it: left to it. */
const NOT_PLAIN = /%|\/\/|\/\.|\\|\0/;

export type FastLaneOptions = {
  files: Map<string, File>;
  /** The security headers every answer carries (server/http.ts), as one list. */
  securityHeaders: OutgoingHttpHeaders;
  /** The health check's answer; called at most once at a time (see `sharedHealth`). */
  health: () => Promise<{ status: number; body: string }>;
};

export function fastLane(options: FastLaneOptions): FastLane {
  const { files, health } = options;
  const security = options.securityHeaders;
  return (req, res) => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const pathname = q < 0 ? url : url.slice(0, q);
    if (pathname === "/healthz") {
      if (req.headers["content-length"] || req.headers["transfer-encoding"]) return false;
      const id = newRequestId();
      health().then(
        ({ status, body }) => {
          res.writeHead(status, { "X-Request-Id": id, "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body), "Cache-Control": "no-store" });
          res.end(method === "HEAD" ? undefined : body);
        },
        () => {
          res.writeHead(503, { "X-Request-Id": id, "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
          res.end(method === "HEAD" ? undefined : '{"status":"unavailable"}');
        },
      );
      return true;
    }
    const file = files.get(pathname);
    if (!file) return false;
    const headers = req.headers;
    if (headers["content-length"] || headers["transfer-encoding"] || headers.range || NOT_PLAIN.test(pathname)) return false;
    if (headers["if-modified-since"] && !headers["if-none-match"]) return false;
    const wanted = headers["accept-encoding"];
    const variant = (file.br && accepts(wanted, "br") ? file.br : undefined) ?? (file.gzip && accepts(wanted, "gzip") ? file.gzip : undefined) ?? file.identity;
    const out: OutgoingHttpHeaders = {
      "X-Request-Id": newRequestId(),
      ...security,
      "Cache-Control": file.cacheControl,
      "Last-Modified": variant.lastModified,
      ETag: variant.etag,
      "Content-Type": file.type,
      "Accept-Ranges": "bytes",
    };
    // Whatever is chosen, the answer depends on Accept-Encoding: a shared cache must key on it.
    if (file.br || file.gzip) out.Vary = "Accept-Encoding";
    if (variant.encoding) out["Content-Encoding"] = variant.encoding;
    if (notModified(req, variant.etag)) {
      res.writeHead(304, out);
      res.end();
      return true;
    }
    out["Content-Length"] = variant.body.length;
    res.writeHead(200, out);
    res.end(method === "HEAD" ? undefined : variant.body);
    return true;
  };
}

/**
 * The health check's answer shared by the requests that arrive together: one check at a time, its
 * answer given to everyone who asked meanwhile and for `freshMs` after. A balancer asks every few
 * seconds and always gets a new check; a flood of checks costs the database one query a second,
 * not one each. `stopping()` is read on every request, so a stop shows at once.
 */
export function sharedHealth(check: () => Promise<{ status: number; body: string }>, stopping: () => boolean, freshMs = 1000) {
  let running: Promise<{ status: number; body: string }> | null = null;
  let last: { at: number; answer: { status: number; body: string } } | null = null;
  return (): Promise<{ status: number; body: string }> => {
    if (stopping()) return Promise.resolve({ status: 503, body: '{"status":"shutting-down"}' });
    if (last && performance.now() - last.at < freshMs) return Promise.resolve(last.answer);
    running ??= check()
      .catch((error: unknown) => ({ status: 503, body: JSON.stringify({ status: "unavailable", error: (error as Error).message }) }))
      .then((answer) => {
        last = { at: performance.now(), answer };
        running = null;
        return answer;
      });
    return running;
  };
}
