/**
 * How stale a signed-out page can be for a change this process did not see (another node's write,
 * an operator's edit through another node; issue 31: "within a minute on others"): an aged entry
 * answers only while one request renders it again, and never past twice its lifetime. With
 * PAGE_CACHE_SECONDS at most 30 (tests/unit/config.test.ts), that is within a minute.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pageCache } from "../../server/page-cache";

const MAX_AGE_MS = 300;
let server: http.Server;
let port = 0;
/** The data the page shows, as another node would change it: this process is not told. */
let text = "old";
/** While set, a render waits for it: the re-render of an aged entry held in flight. */
let hold: Promise<void> | null = null;
let rendersStarted = 0;

beforeAll(async () => {
  const app = express();
  app.use(pageCache({ maxAgeMs: MAX_AGE_MS, maxBytes: 1024 * 1024 }));
  app.get("/faq", async (_req, res) => {
    rendersStarted++;
    const shown = text;
    if (hold) await hold;
    res.type("html").send(`<!doctype html><p>${shown}</p>`);
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(): Promise<{ cache: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/faq" }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString("utf8")));
        res.on("end", () => resolve({ cache: String(res.headers["x-page-cache"]), body }));
      })
      .on("error", reject);
  });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it("serves a change made elsewhere after at most twice the entry's lifetime, even while its re-render hangs", async () => {
  expect(await get()).toMatchObject({ cache: "miss", body: expect.stringContaining("old") });
  text = "new";
  expect(await get()).toMatchObject({ cache: "hit", body: expect.stringContaining("old") });

  await sleep(MAX_AGE_MS + 50);
  let release!: () => void;
  hold = new Promise<void>((r) => (release = r));
  // The first request after the lifetime renders again (held); the others meanwhile get the aged page.
  const started = rendersStarted;
  const rendering = get();
  while (rendersStarted === started) await sleep(5);
  expect(await get()).toMatchObject({ cache: "hit", body: expect.stringContaining("old") });

  // Past twice the lifetime the aged page answers nobody, however long its re-render takes.
  await sleep(MAX_AGE_MS);
  hold = null;
  expect(await get()).toMatchObject({ cache: "miss", body: expect.stringContaining("new") });
  release();
  expect((await rendering).body).toContain("new");
});
