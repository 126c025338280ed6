/**
 * The web app's in-process door to the API (server/in-process-api.ts) with the real API client:
 * what a call sends arrives as sent, a write is counted once it has finished (even when the caller
 * stopped waiting), and a call that takes longer than its limit fails as 408 as over HTTP. The
 * light request and the answer's text handed over (decision 0087) read as fetch's would.
 */
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { localeMiddleware } from "../../api/lib/locale";
import { SessionMemo } from "../../api/lib/session-memo";
import { ApiError, TIMEOUT_MESSAGE, createApiClient } from "../../app/lib/api.server";
import { endpoints, type Endpoint } from "../../contract/endpoints";
import { inProcessApi, inProcessRequest, keptText } from "../../server/in-process-api";

const slowWrite = { method: "POST", path: "/api/v1/slow", io: {} as { body: { a: number }; answer: { a: number } } } as const satisfies Endpoint;

function setup(delayMs: number) {
  const seen: { method: string; url: string; auth: string | undefined; language: string | undefined; body: unknown }[] = [];
  const counted: string[] = [];
  let finished = 0;
  const api = new Hono();
  api.get("/api/v1/guest/types", (c) => {
    seen.push({ method: "GET", url: c.req.url, auth: c.req.header("authorization"), language: c.req.header("accept-language"), body: null });
    return c.json({ success: true, data: { types: [{ id: 1 }] } });
  });
  api.post("/api/v1/slow", async (c) => {
    const body = await c.req.json();
    seen.push({ method: "POST", url: c.req.url, auth: c.req.header("authorization"), language: c.req.header("accept-language"), body });
    await new Promise((r) => setTimeout(r, delayMs));
    finished++;
    return c.json({ success: true, data: body });
  });
  const door = inProcessApi(api as never, (method, pathname) => counted.push(`${method} ${pathname}`));
  const client = (timeoutMs: number) =>
    createApiClient(
      { apiFetch: door.fetchFor(new SessionMemo()), config: { apiTimeoutMs: timeoutMs, publicUrl: "http://localhost", mapTileUrl: "", mapTileAttribution: "", sessionSecret: "x".repeat(32), production: false } },
      { locale: "ky", token: "tok" },
    );
  return { seen, counted, client, finished: () => finished };
}

describe("the in-process API door", () => {
  it("hands the API the call's path, query, headers and body, and counts each call after its answer", async () => {
    const { seen, counted, client } = setup(0);
    expect(await client(5_000).call(endpoints.guestTypes)).toEqual({ types: [{ id: 1 }] });
    expect(await client(5_000).call(slowWrite, { body: { a: 7 } })).toEqual({ a: 7 });
    expect(seen.map(({ method, url, auth, language, body }) => ({ method, url, auth, language, body }))).toEqual([
      { method: "GET", url: "http://konok.internal/api/v1/guest/types", auth: "Bearer tok", language: "ky", body: null },
      { method: "POST", url: "http://konok.internal/api/v1/slow", auth: "Bearer tok", language: "ky", body: { a: 7 } },
    ]);
    expect(counted).toEqual(["GET /api/v1/guest/types", "POST /api/v1/slow"]);
  });

  it("fails a call that takes longer than its limit as 408, and still counts the write when it finishes", async () => {
    const { counted, client, finished } = setup(300);
    const started = Date.now();
    const error = await client(50)
      .call(slowWrite, { body: { a: 1 } })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 408, message: TIMEOUT_MESSAGE });
    expect(Date.now() - started).toBeLessThan(250);
    expect(counted).toEqual([]);
    await new Promise((r) => setTimeout(r, 400));
    expect(finished()).toBe(1);
    expect(counted).toEqual(["POST /api/v1/slow"]);
  });
});

/**
 * The light request (decision 0087): whatever the API reads of it is what a real Request from the
 * same URL and options gives, including the refusals (a second read of the body) and what fetch
 * rewrites (a text's type, a lone surrogate, a lower-case method).
 */
describe("the in-process request", () => {
  const url = "http://konok.internal/api/v1/guest/estate?page=2";
  const cases: [string, Parameters<typeof inProcessRequest>[1]][] = [
    ["a GET with headers", { method: "GET", headers: { Accept: "application/json", "Accept-Language": "ky", Authorization: "Bearer t" } }],
    ["no method at all", { headers: { Accept: "application/json" } }],
    ["a JSON POST", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ priceFrom: 5, text: "Бишкек ✓" }) }],
    ["a text body without a type", { method: "PUT", body: '{"a":1}' }],
    ["a form-encoded body", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "socket_id=1.2&channel_name=private-user-7" }],
    ["a lone surrogate, which encoding replaces", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "a\ud800b" }],
    ["a byte order mark, which decoding drops", { method: "POST", body: "\ufeff{}" }],
    ["a lower-case method", { method: "patch", body: "{}" }],
    ["a DELETE without a body", { method: "DELETE" }],
  ];

  for (const [name, init] of cases) {
    it(`reads as a real Request: ${name}`, async () => {
      const light = inProcessRequest(url, init);
      const real = new Request(url, init);
      expect(light).toBeInstanceOf(Request);
      expect([light.method, light.url, [...light.headers]]).toEqual([real.method, real.url, [...real.headers]]);
      expect(light.bodyUsed).toBe(real.bodyUsed);
      expect(await light.text()).toBe(await real.text());
      expect(light.bodyUsed).toBe(real.bodyUsed);
      const again = async (request: Request) => request.text().then(() => "read", (error: Error) => error.name);
      expect(await again(light)).toBe(await again(real));
    });
  }

  it("parses a JSON body, and refuses one that is not JSON as a Request does", async () => {
    expect(await inProcessRequest(url, cases[2][1]).json()).toEqual({ priceFrom: 5, text: "Бишкек ✓" });
    const broken = { method: "POST", body: "{nope" };
    const failure = (request: Request) => request.json().then(() => null, (error: Error) => error.name);
    expect(await failure(inProcessRequest(url, broken))).toBe(await failure(new Request(url, broken)));
  });

  it("gives everything else from a real Request of the same parts: a form, the body stream, the signal", async () => {
    const form = inProcessRequest(url, cases[4][1]);
    expect(Object.fromEntries(await form.formData())).toEqual({ socket_id: "1.2", channel_name: "private-user-7" });
    expect(form.bodyUsed).toBe(true);
    const streamed = inProcessRequest(url, cases[2][1]);
    expect(await new Response(streamed.body).json()).toEqual({ priceFrom: 5, text: "Бишкек ✓" });
    expect(inProcessRequest(url, {}).signal).toBeInstanceOf(AbortSignal);
    // Read through the light side first: the real one made afterwards refuses a second read too.
    const read = inProcessRequest(url, cases[2][1]);
    await read.json();
    await expect(read.arrayBuffer()).rejects.toThrow(TypeError);
  });

  it("refuses what fetch refuses: a GET with a body", () => {
    expect(() => inProcessRequest(url, { method: "GET", body: "{}" })).toThrow(TypeError);
  });
});

/**
 * The answer's text, handed over as the API wrote it: behind Hono's Node adapter (which the server
 * mounts for /api, and which keeps a string body as given) the reader gets the same text without a
 * web stream. If an upgrade of the adapter stops keeping the string, the first test fails (the
 * calls still work, through `text()`, only slower).
 */
describe("the in-process answer", () => {
  getRequestListener(() => new Response(null));
  const words = { types: [{ id: 1, name: "Юрта" }], note: "a\u2028b" };
  const api = new Hono().basePath("/api");
  api.use(localeMiddleware);
  api.get("/v1/json", (c) => c.json({ success: true, data: words }));
  api.get("/v1/raw", () => new Response(JSON.stringify({ success: true, data: words }), { headers: { "Content-Type": "application/json" } }));
  api.get("/v1/stream", () => new Response(new Blob([JSON.stringify({ success: true, data: words })]).stream(), { headers: { "Content-Type": "application/json" } }));
  api.post("/v1/echo", async (c) => c.json({ success: true, data: await c.req.json() }));
  api.post("/v1/form", async (c) => c.json({ success: true, data: await c.req.parseBody() }));
  api.get("/v1/fails", () => {
    throw new Error("boom");
  });
  api.onError((_error, c) => c.json({ success: false, message: "failed" }, 500));
  const door = inProcessApi(api as never);
  const get = (path: string, init: Parameters<ReturnType<typeof door.fetchFor>>[1] = {}) => door.fetchFor(null)(path, init);

  it("is the API's JSON text as it wrote it, with Vary once, without reading a stream", async () => {
    const answer = await get("/api/v1/json");
    expect(keptText(answer)).toBe(JSON.stringify({ success: true, data: words }));
    expect(answer.headers.get("Vary")).toBe("Accept-Language");
    expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ success: true, data: words });
    await expect(answer.text()).rejects.toThrow(TypeError);
  });

  it("reads an answer the route built itself, or streamed, as before, with Vary once", async () => {
    for (const path of ["/api/v1/raw", "/api/v1/stream"]) {
      const answer = await get(path);
      expect(answer.headers.get("Vary")).toBe("Accept-Language");
      expect(await answer.json()).toEqual({ success: true, data: words });
    }
  });

  it("takes the error handler's answer with Vary, and what a route reads of the request arrives", async () => {
    const failed = await get("/api/v1/fails");
    expect([failed.status, failed.headers.get("Vary"), await failed.json()]).toEqual([500, "Accept-Language", { success: false, message: "failed" }]);
    const echo = await get("/api/v1/echo", { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"a":[1,"ы"]}' });
    expect(await echo.json()).toEqual({ success: true, data: { a: [1, "ы"] } });
    const form = await get("/api/v1/form", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "x=1&y=%D1%8B" });
    expect(await form.json()).toEqual({ success: true, data: { x: "1", y: "ы" } });
  });
});
