/**
 * The browser build's files, compressed once at build time (`scripts/precompress.mjs`: brotli at
 * its best quality and gzip at level 9 beside each `.js` and `.css`) instead of on every request.
 * The compression middleware's on-the-fly brotli (quality 4) made the first load's JavaScript
 * slightly larger than gzip, and spent CPU on every first visit; quality 11 is ~13 % smaller and
 * costs nothing per request (docs/decisions/0050-compressed-once-and-streamed-in-bursts.md).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";

const TYPES: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" };
/** The encodings written beside a file, best first, with the suffix each is stored under. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** Every file under `dir` (relative, with `/`), read once: the build never changes under a running server. */
function filesUnder(dir: string): Set<string> {
  const found = new Set<string>();
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else found.add(rel);
    }
  };
  if (fs.existsSync(dir)) walk("");
  return found;
}

/**
 * Answers a GET or HEAD for a built `.js` or `.css` with its precompressed copy when the request
 * accepts that encoding; anything else (no copy, an image, `identity` only) falls through to
 * `express.static`, which serves the file itself as before.
 */
export function precompressedAssets(dir: string, cacheControl: string) {
  const files = filesUnder(dir);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let rel: string;
    try {
      rel = decodeURIComponent(req.path).replace(/^\/+/, "");
    } catch {
      return next();
    }
    const type = TYPES[path.extname(rel)];
    // Only names the build wrote: the set, not the path, decides (no way out of `dir`).
    if (!type || !files.has(rel)) return next();
    const stored = ENCODINGS.filter((e) => files.has(rel + e.suffix));
    if (stored.length === 0) return next();
    // Whatever is chosen, the answer depends on Accept-Encoding: a shared cache must key on it.
    res.vary("Accept-Encoding");
    // Our order, not the header's: Chrome lists "gzip, deflate, br" at equal weight.
    const encoding = stored.find((e) => req.acceptsEncodings(e.name) === e.name);
    if (!encoding) return next();
    res.sendFile(
      path.join(dir, rel + encoding.suffix),
      { headers: { "Content-Type": type, "Content-Encoding": encoding.name, "Cache-Control": cacheControl }, cacheControl: false, dotfiles: "deny" },
      (error) => {
        if (error && !res.headersSent) next(error);
      },
    );
  };
}

/**
 * A body that never changes under its key (a translation file named by its version), compressed
 * the first time it is asked for and kept: the keys are the few files the build has, and an
 * unknown key never gets here.
 */
export function compressedOnce() {
  const kept = new Map<string, { br: Buffer; gzip: Buffer }>();
  return (req: Request, res: Response, key: string, body: string, type: string) => {
    let copies = kept.get(key);
    if (!copies) {
      const bytes = Buffer.from(body);
      copies = {
        br: zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gzip: zlib.gzipSync(bytes, { level: 9 }),
      };
      kept.set(key, copies);
    }
    res.vary("Accept-Encoding");
    res.type(type);
    const encoding = (["br", "gzip"] as const).find((name) => req.acceptsEncodings(name) === name);
    if (!encoding) return void res.send(body);
    res.setHeader("Content-Encoding", encoding);
    res.send(copies[encoding]);
  };
}
