/**
 * The page cache's hits over real sockets, behind the same compression middleware and security
 * headers as in production: every hit is the same bytes, compressed once, and its CSP allows the
 * inline scripts the render gave its nonce (by hash) and no other.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders } from "../../server/http";
import { hashedPolicy, pageCache } from "../../server/page-cache";

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
const HYDRATE = "window.__ready = true;";
const DATA = 'window.__data = {"title":"Юрта у озера"};';
// What a page whose data let a script through would carry: no nonce, so never allowed.
const INJECTED = "alert(document.cookie)";

let server: http.Server;
let port = 0;
let renders = 0;

beforeAll(async () => {
  const app = express();
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }));
  app.use(securityHeaders({ mapTileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", production: false }));
  app.use(pageCache({ maxAgeMs: 60_000, maxBytes: 8 * 1024 * 1024 }));
  app.get("/page", (_req, res) => {
    renders++;
    const nonce = res.locals.cspNonce as string;
    res.type("html").send(
      `<!doctype html><html><head><script nonce="${nonce}">${DATA}</script></head><body>${"<p>Кош келиңиз!</p>".repeat(300)}` +
        `<script>${INJECTED}</script><script nonce="${nonce}" type="module" src="/build/entry.js"></script><script nonce="${nonce}">${HYDRATE}</script></body></html>`,
    );
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** Asks until the hit comes with the entry's stored copies (compressed off the request's path). */
async function storedHit(path: string, headers: Record<string, string>) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const answer = await get(path, headers);
    // The middleware compresses as it streams (chunked); a stored copy goes out whole, with its length.
    const stored = answer.headers["content-length"] !== undefined && answer.headers["transfer-encoding"] === undefined;
    if (answer.headers["x-page-cache"] === "hit" && stored && answer.headers["content-encoding"] === headers["Accept-Encoding"]) return answer;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the hit never came compressed");
}

describe("a cached page's hits", () => {
  it("are the render's bytes, compressed once, with the scripts that carried its nonce allowed by hash", async () => {
    const miss = await get("/page", { "Accept-Encoding": "br" });
    expect(miss.headers["x-page-cache"]).toBe("miss");
    const page = zlib.brotliDecompressSync(miss.body).toString("utf8");
    const nonce = /nonce="([^"]+)"/.exec(page)![1];
    expect(miss.headers["content-security-policy"]).toContain(`'nonce-${nonce}'`);

    const hit = await storedHit("/page", { "Accept-Encoding": "br" });
    const again = await storedHit("/page", { "Accept-Encoding": "br" });
    expect(renders).toBe(1);
    // The same compressed bytes for everyone: nothing in the page changes per response.
    expect(again.body.equals(hit.body)).toBe(true);
    expect(zlib.brotliDecompressSync(hit.body).toString("utf8")).toBe(page);
    expect(hit.headers.vary).toMatch(/Accept-Encoding/i);

    const scriptSrc = String(hit.headers["content-security-policy"]).split("; ").find((d) => d.startsWith("script-src"))!;
    expect(scriptSrc).not.toContain("nonce-");
    expect(scriptSrc.split(" ").sort()).toEqual(["script-src", "'self'", sha256(DATA), sha256(HYDRATE)].sort());
    expect(scriptSrc).not.toContain(sha256(INJECTED));
    // The rest of the policy is the render's.
    expect(String(hit.headers["content-security-policy"]).replace(scriptSrc, "")).toBe(String(miss.headers["content-security-policy"]).replace(/script-src [^;]*/, ""));
  });

  it("go out as gzip to a browser without brotli, and as they are to one that takes neither", async () => {
    await get("/page");
    const gzipped = await storedHit("/page", { "Accept-Encoding": "gzip" });
    const plain = await get("/page", { "Accept-Encoding": "identity" });
    expect(plain.headers["x-page-cache"]).toBe("hit");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zlib.gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    expect(plain.body.toString("utf8")).toContain(HYDRATE);
  });
});

describe("the cache's size", () => {
  it("keeps a page asked for once as it is, and counts the copies its first hit makes: when they push it over its budget, the least recently used pages go", async () => {
    // Six 5 KB pages of random text fit a 45 KB budget as pages (30 KB), not with their copies
    // (~12.5 KB a page). Pages asked for once are never compressed, so all six stay; the copies
    // made at the first hits of three of them push the two least recently used out.
    const app = express();
    app.use(pageCache({ maxAgeMs: 60_000, maxBytes: 45_000 }));
    const pages = Array.from({ length: 6 }, () => crypto.randomBytes(3_750).toString("base64"));
    app.get("/noise/:n", (req, res) => void res.type("html").send(pages[Number(req.params.n)]));
    const small = http.createServer(app);
    await new Promise<void>((resolve) => small.listen(0, "127.0.0.1", resolve));
    const at = (small.address() as AddressInfo).port;
    const ask = (path: string) =>
      new Promise<string>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port: at, path, headers: { "Accept-Encoding": "identity" } }, (res) => {
            res.resume();
            res.on("end", () => resolve(String(res.headers["x-page-cache"])));
          })
          .on("error", reject);
      });
    try {
      for (let n = 0; n < 6; n++) expect(await ask(`/noise/${n}`)).toBe("miss");
      await new Promise((r) => setTimeout(r, 200));
      // No copies were made for pages asked for once: every one is still there.
      for (const n of [5, 4, 3]) expect(await ask(`/noise/${n}`)).toBe("hit");
      await new Promise((r) => setTimeout(r, 200));
      expect(await ask("/noise/5")).toBe("hit");
      expect(await ask("/noise/2")).toBe("hit");
      expect(await ask("/noise/0")).toBe("miss");
      expect(await ask("/noise/1")).toBe("miss");
    } finally {
      await new Promise<void>((resolve) => small.close(() => resolve()));
    }
  });
});

describe("hashedPolicy", () => {
  it("hashes a script's text as the browser parses it, and only the scripts with the render's nonce", () => {
    const policy = "default-src 'self'; script-src 'self' 'nonce-abc'; object-src 'none'";
    const html = `<script nonce="abc">a();\r\nb();\rc();</script><script nonce="other">d()</script><SCRIPT NONCE="abc" src="/x.js"></SCRIPT><script>e()</script>`;
    expect(hashedPolicy(policy, "abc", html)).toBe(`default-src 'self'; script-src 'self' ${sha256("a();\nb();\nc();")}; object-src 'none'`);
  });
});
