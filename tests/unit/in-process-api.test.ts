/**
 * The web app's in-process door to the API (server/in-process-api.ts) with the real API client:
 * what a call sends arrives as sent, a write is counted once it has finished (even when the caller
 * stopped waiting), and a call that takes longer than its limit fails as 408 as over HTTP.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { SessionMemo } from "../../api/lib/session-memo";
import { ApiError, TIMEOUT_MESSAGE, createApiClient } from "../../app/lib/api.server";
import { endpoints, type Endpoint } from "../../contract/endpoints";
import { inProcessApi } from "../../server/in-process-api";

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
