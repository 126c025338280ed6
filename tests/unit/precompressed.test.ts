/**
 * Build files compressed once (scripts/precompress.mjs, server/precompressed.ts) over real
 * sockets, behind the same compression middleware as in production: the browser gets brotli when
 * it takes it, gzip otherwise, the file itself when it takes neither, and never a copy compressed
 * twice.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressedOnce, precompressedAssets } from "../../server/precompressed";
import { precompress } from "../../scripts/precompress.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-precompressed-"));
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `слово-${i % 37}`))};\n`;
const STYLE = `.a{color:red}\n`.repeat(200);
const TRANSLATIONS = JSON.stringify({ greeting: "Салам", long: "Кош келиңиз! ".repeat(100) });
let server: http.Server;
let port = 0;

beforeAll(async () => {
  fs.mkdirSync(path.join(dir, "_shared"));
  fs.writeFileSync(path.join(dir, "_shared", "chunk-A.js"), SCRIPT);
  fs.writeFileSync(path.join(dir, "style-B.css"), STYLE);
  fs.writeFileSync(path.join(dir, "tiny-C.js"), "1");
  fs.writeFileSync(path.join(dir, "logo.svg"), "<svg/>");
  fs.writeFileSync(path.join(dir, "stale-D.js.br"), "left from an older build");
  precompress(dir);

  const app = express();
  app.use(compression());
  app.use("/build", precompressedAssets(dir, "public, max-age=31536000, immutable"));
  app.use("/build", express.static(dir, { immutable: true, maxAge: "1y" }));
  const sendOnce = compressedOnce();
  app.get("/i18n", (req, res) => sendOnce(req, res, "ky/common.0123456789.json", TRANSLATIONS, "application/json"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  fs.rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
function get(pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // node:http leaves the body as it came: no Accept-Encoding unless given, no decoding.
    const req = http.request({ host: "127.0.0.1", port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the build script", () => {
  it("writes brotli and gzip copies that decode to the file, and removes stale copies", () => {
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, "_shared", "chunk-A.js.br"))).toString()).toBe(SCRIPT);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, "_shared", "chunk-A.js.gz"))).toString()).toBe(SCRIPT);
    expect(fs.existsSync(path.join(dir, "style-B.css.br"))).toBe(true);
    expect(fs.existsSync(path.join(dir, "stale-D.js.br"))).toBe(false);
    // A copy larger than its one-byte file is not kept; the file is served as it is.
    expect(fs.existsSync(path.join(dir, "tiny-C.js.br"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "logo.svg.br"))).toBe(false);
  });
});

describe("serving the build", () => {
  it("answers a browser that takes brotli (listed after gzip, as Chrome does) with the brotli copy", async () => {
    const answer = await get("/build/_shared/chunk-A.js", { "Accept-Encoding": "gzip, deflate, br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
    expect(answer.body.length).toBeLessThan(zlib.gzipSync(SCRIPT, { level: 9 }).length);
  });

  it("answers gzip to a browser without brotli, and the file itself to one that takes neither", async () => {
    const gzip = await get("/build/style-B.css", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(STYLE);

    const plain = await get("/build/_shared/chunk-A.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    const refused = await get("/build/_shared/chunk-A.js", { "Accept-Encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.toString()).toBe(SCRIPT);
  });

  it("answers a HEAD and a revalidation without a body", async () => {
    const head = await get("/build/_shared/chunk-A.js", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
    const first = await get("/build/_shared/chunk-A.js", { "Accept-Encoding": "br" });
    const again = await get("/build/_shared/chunk-A.js", { "Accept-Encoding": "br", "If-None-Match": String(first.headers.etag) });
    expect(again.status).toBe(304);
  });

  it("leaves files without copies, unknown files and other methods to the static server", async () => {
    const svg = await get("/build/logo.svg", { "Accept-Encoding": "br" });
    expect(svg.status).toBe(200);
    expect(svg.headers["content-type"]).toMatch(/image\/svg\+xml/);
    const tiny = await get("/build/tiny-C.js", { "Accept-Encoding": "identity" });
    expect(tiny.body.toString()).toBe("1");
    expect((await get("/build/missing-E.js", { "Accept-Encoding": "br" })).status).toBe(404);
    expect((await get("/build/_shared/chunk-A.js.br/../../../package.json", { "Accept-Encoding": "br" })).status).toBe(404);
    // The copies themselves are not a way around the negotiation.
    const post = await get("/build/_shared/chunk-A.js", { "Accept-Encoding": "br" }, "POST");
    expect(post.headers["content-encoding"]).not.toBe("br");
  });
});

describe("a body compressed once", () => {
  it("goes out in the encoding the browser takes, decoding to the same text", async () => {
    const br = await get("/i18n", { "Accept-Encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^application\/json/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(TRANSLATIONS);
    const gzip = await get("/i18n", { "Accept-Encoding": "gzip" });
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(TRANSLATIONS);
    const plain = await get("/i18n");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(TRANSLATIONS);
  });
});
