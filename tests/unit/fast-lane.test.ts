/**
 * The fast lane in front of Express (server/fast-lane.ts, issue 33) over real sockets: build files
 * from memory with their compressed copies, validators and headers; the health check shared by
 * requests that arrive together; and everything it does not take going on to Express unchanged.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accepts, fastLane, loadStaticFiles, sharedHealth } from "../../server/fast-lane";
import { precompress } from "../../scripts/precompress.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-fast-lane-"));
const build = path.join(dir, "build");
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `слово-${i % 37}`))};\n`;
const ICON = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h10v10z"/>'.repeat(80)}</svg>`;
let server: http.Server;
let port = 0;
let checks = 0;
let healthy = true;
let stopping = false;
let releaseCheck: (() => void) | null = null;
let arrivals = 0;
const passedOn: string[] = [];

beforeAll(async () => {
  fs.mkdirSync(path.join(build, "_shared"), { recursive: true });
  fs.mkdirSync(path.join(build, "builds"), { recursive: true });
  fs.writeFileSync(path.join(build, "_shared", "chunk-A.js"), SCRIPT);
  fs.writeFileSync(path.join(build, "builds", "latest.json"), '{"version":"1"}');
  fs.writeFileSync(path.join(build, ".hidden.js"), "secret");
  fs.writeFileSync(path.join(dir, "favicon.svg"), ICON);
  precompress(build);

  const health = sharedHealth(
    async () => {
      checks++;
      if (releaseCheck === null) await new Promise<void>((resolve) => (releaseCheck = resolve));
      if (!healthy) throw new Error("database down");
      return { status: 200, body: '{"status":"ok"}' };
    },
    () => stopping,
    200,
  );
  const files = loadStaticFiles([
    { prefix: "/build", dir: build, cacheControl: "public, max-age=31536000, immutable", recursive: true, skip: new Set(["/builds/latest.json"]) },
    { prefix: "", dir, cacheControl: "public, max-age=3600", recursive: false },
  ]);
  const fast = fastLane({
    files,
    securityHeaders: { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'self'" },
    health: () => {
      arrivals++;
      return health();
    },
  });
  const app = express();
  app.use((req, res) => {
    passedOn.push(`${req.method} ${req.url}`);
    res.status(299).send("express");
  });
  server = http.createServer((req, res) => {
    if (!fast(req, res)) app(req, res);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  fs.rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
function get(pathname: string, headers: Record<string, string> = {}, method = "GET", body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("build files from memory", () => {
  it("sends brotli, gzip or the file itself as the browser takes them, with the security headers and a year's caching", async () => {
    const br = await get("/build/_shared/chunk-A.js", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.headers["x-content-type-options"]).toBe("nosniff");
    expect(br.headers["x-request-id"]).toMatch(/^[0-9a-f]{16}$/);

    const gzip = await get("/build/_shared/chunk-A.js", { "Accept-Encoding": "gzip, br;q=0" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    const plain = await get("/build/_shared/chunk-A.js?v=2");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(Number(plain.headers["content-length"])).toBe(Buffer.byteLength(SCRIPT));

    const head = await get("/build/_shared/chunk-A.js", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe(Buffer.byteLength(SCRIPT));
  });

  it("answers 304 to the browser's own copy, unless it asks past its cache", async () => {
    const first = await get("/build/_shared/chunk-A.js", { "Accept-Encoding": "br" });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"/);
    const again = await get("/build/_shared/chunk-A.js", { "Accept-Encoding": "br", "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await get("/build/_shared/chunk-A.js", { "Accept-Encoding": "br", "If-None-Match": '"other"' })).status).toBe(200);
    expect((await get("/build/_shared/chunk-A.js", { "Accept-Encoding": "br", "If-None-Match": etag, "Cache-Control": "no-cache" })).status).toBe(200);
  });

  it("compresses a public file the build wrote no copies of, once, and keeps its hour of caching", async () => {
    const icon = await get("/favicon.svg", { "Accept-Encoding": "br" });
    expect(icon.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(icon.body).toString()).toBe(ICON);
    expect(icon.headers["content-type"]).toBe("image/svg+xml");
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("leaves to Express what it does not take: other methods, bodies, ranges, odd paths, unknown and skipped files, dotfiles", async () => {
    passedOn.length = 0;
    const cases: [string, Record<string, string>, string, string?][] = [
      ["/build/_shared/chunk-A.js", {}, "POST", "x"],
      ["/build/_shared/chunk-A.js", { Range: "bytes=0-9" }, "GET"],
      ["/build/_shared/chunk-A.js", { "If-Modified-Since": new Date().toUTCString() }, "GET"],
      ["/build/_shared/%63hunk-A.js", {}, "GET"],
      ["/build//_shared/chunk-A.js", {}, "GET"],
      ["/build/_shared/missing.js", {}, "GET"],
      ["/build/builds/latest.json", {}, "GET"],
      ["/build/.hidden.js", {}, "GET"],
      ["/healthz", {}, "POST", "{}"],
      ["/en/estates", {}, "GET"],
    ];
    for (const [pathname, headers, method, body] of cases) {
      const answer = await get(pathname, headers, method, body);
      expect(answer.status, `${method} ${pathname}`).toBe(299);
    }
    expect(passedOn).toHaveLength(cases.length);
  });
});

describe("the health check", () => {
  it("checks once for the requests that arrive together, answers from that check for a moment, and says a stop at once", async () => {
    checks = 0;
    arrivals = 0;
    releaseCheck = null;
    const together = Promise.all(Array.from({ length: 20 }, () => get("/healthz")));
    // The check is held until all twenty have arrived.
    while (arrivals < 20) await new Promise((r) => setTimeout(r, 5));
    releaseCheck!();
    const answers = await together;
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(JSON.parse(answers[0].body.toString())).toEqual({ status: "ok" });
    expect(answers[0].headers["cache-control"]).toBe("no-store");
    expect(checks).toBe(1);
    expect((await get("/healthz")).status).toBe(200);
    expect(checks).toBe(1);

    stopping = true;
    const stop = await get("/healthz");
    expect(stop.status).toBe(503);
    expect(JSON.parse(stop.body.toString())).toEqual({ status: "shutting-down" });
    stopping = false;
  });

  it("answers 503 with the reason when the check fails, after its answer has aged", async () => {
    await new Promise((r) => setTimeout(r, 250));
    healthy = false;
    const down = await get("/healthz");
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body.toString())).toEqual({ status: "unavailable", error: "database down" });
    healthy = true;
    await new Promise((r) => setTimeout(r, 250));
    expect((await get("/healthz")).status).toBe(200);
  });
});

describe("Accept-Encoding", () => {
  it("reads weights and the wildcard as negotiator does", () => {
    expect(accepts("gzip, deflate, br", "br")).toBe(true);
    expect(accepts("gzip;q=1.0, br;q=0", "br")).toBe(false);
    expect(accepts("*", "gzip")).toBe(true);
    expect(accepts("*;q=0", "gzip")).toBe(false);
    expect(accepts("identity", "gzip")).toBe(false);
    expect(accepts(undefined, "br")).toBe(false);
  });
});
