/**
 * The web app's API client (SPEC sections 7 and 8) against a real HTTP server on an ephemeral
 * port: retries, timeouts, error shapes and the headers every call carries.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, TIMEOUT_MESSAGE, apiOverHttp, createApiClient, pathOf } from "../../app/lib/api.server";
import { endpoints, type Endpoint, type QueryValue } from "../../contract/endpoints";

/** Endpoints of this test's own fake API, in the map's form, for what no real entry has (any query, any method). */
const probe = { method: "GET", path: "/api/v1/probe/:id", io: {} as { query: Record<string, QueryValue>; answer: { types: { id: number }[] } } } as const satisfies Endpoint;
const writes = {
  post: { method: "POST", path: "/api/v1/x", io: {} as { body: { a: number }; answer: unknown } },
  put: { method: "PUT", path: "/api/v1/x", io: {} as { body: { a: number }; answer: unknown } },
  delete: { method: "DELETE", path: "/api/v1/x", io: {} as { answer: unknown } },
} as const satisfies Record<string, Endpoint>;

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
type Reply = { status: number; body?: unknown; raw?: string; delayMs?: number };

/** Answers each request with the next queued reply (the last one repeats). */
class FakeApi {
  seen: Seen[] = [];
  replies: Reply[] = [];
  private server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      this.seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const reply = (this.replies.length > 1 ? this.replies.shift() : this.replies[0]) ?? { status: 200, body: { success: true, data: null } };
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { "Content-Type": reply.raw === undefined ? "application/json" : "text/html" });
        res.end(reply.raw ?? JSON.stringify(reply.body ?? {}));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  base = "";

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  reply(...replies: Reply[]) {
    this.replies = replies;
  }
}

const api = new FakeApi();

function client(options: { locale?: "ru" | "en" | "ky"; token?: string | null; timeoutMs?: number; base?: string } = {}) {
  const base = options.base ?? api.base;
  return createApiClient(
    {
      apiFetch: apiOverHttp(base),
      config: { apiTimeoutMs: options.timeoutMs ?? 5_000, publicUrl: "http://localhost:3000", mapTileUrl: "", mapTileAttribution: "", sessionSecret: "x".repeat(32), production: false },
    },
    { locale: options.locale ?? "ru", token: options.token },
  );
}

/** The ApiError a call fails with. */
async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("The call succeeded");
}

const ok = (data: unknown): Reply => ({ status: 200, body: { success: true, data } });

beforeAll(() => api.start());
afterAll(() => api.stop());
beforeEach(() => {
  api.seen = [];
  api.replies = [];
});

describe("createApiClient", () => {
  it("returns the envelope's data, fills the path's parameters in and sends the query without empty values", async () => {
    api.reply(ok({ types: [{ id: 1 }] }));
    const data = await client().call(probe, { params: { id: "a b/c" }, query: { page: 2, q: "Ош", empty: "", none: null, gone: undefined, flag: false } });
    expect(data).toEqual({ types: [{ id: 1 }] });
    expect(api.seen).toHaveLength(1);
    const url = new URL(api.seen[0].url, api.base);
    expect(url.pathname).toBe("/api/v1/probe/a%20b%2Fc");
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: "2", q: "Ош", flag: "false" });
  });

  it("sends the language, and the bearer token once signed in", async () => {
    api.reply(ok({}));
    await client({ locale: "ky" }).call(endpoints.profileUser);
    expect(api.seen[0].headers["accept-language"]).toBe("ky");
    expect(api.seen[0].headers.authorization).toBeUndefined();
    expect(api.seen[0].headers.accept).toBe("application/json");

    await client({ locale: "en", token: "tok-123" }).call(endpoints.search, { body: { page: 1 } });
    expect(api.seen[1].headers["accept-language"]).toBe("en");
    expect(api.seen[1].headers.authorization).toBe("Bearer tok-123");
    expect(api.seen[1].headers["content-type"]).toBe("application/json");
    expect(api.seen[1].method).toBe("POST");
    expect(JSON.parse(api.seen[1].body)).toEqual({ page: 1 });
  });

  it.each([502, 503, 504])("retries a GET exactly once on %i", async (status) => {
    api.reply({ status, body: { success: false, message: "Upstream down" } });
    const error = await apiError(client().call(endpoints.guestTypes));
    expect(api.seen).toHaveLength(2);
    expect(error.status).toBe(status);
    expect(error.message).toBe("Upstream down");
  });

  it("returns the retried GET's answer when the second attempt succeeds", async () => {
    api.reply({ status: 503, body: { success: false, message: "busy" } }, ok({ fine: true }));
    await expect(client().call(endpoints.guestTypes)).resolves.toEqual({ fine: true });
    expect(api.seen).toHaveLength(2);
  });

  it("does not retry a GET on 500", async () => {
    api.reply({ status: 500, body: { success: false, message: "Boom" } });
    const error = await apiError(client().call(endpoints.guestTypes));
    expect(api.seen).toHaveLength(1);
    expect(error).toMatchObject({ status: 500, statusText: "Internal Server Error", message: "Boom" });
  });

  it.each(["post", "put", "delete"] as const)("never retries a %s", async (method) => {
    api.reply({ status: 503, body: { success: false, message: "busy" } });
    const error = await apiError(method === "delete" ? client().call(writes.delete) : client().call(writes[method], { body: { a: 1 } }));
    expect(api.seen).toHaveLength(1);
    expect(api.seen[0].method).toBe(method.toUpperCase());
    expect(error.status).toBe(503);
  });

  it("aborts a call that takes longer than the timeout as 408", async () => {
    api.reply({ status: 200, body: { success: true, data: {} }, delayMs: 2_000 });
    const started = Date.now();
    const error = await apiError(client({ timeoutMs: 150 }).call(endpoints.guestTypes));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(error).toMatchObject({ status: 408, statusText: "Request Timeout", message: TIMEOUT_MESSAGE });
    expect(error.message).toBe("This request has been automatically aborted.");
    expect(api.seen).toHaveLength(1);
  });

  it("turns a non-2xx answer into an ApiError with status, status text and the body's message", async () => {
    api.reply({ status: 422, body: { success: false, message: "Check the fields", errors: { phoneNumber: ["Required"] } } });
    const error = await apiError(client().call(endpoints.login, { body: { password: "" } }));
    expect(error).toMatchObject({ name: "ApiError", status: 422, statusText: "Unprocessable Entity", message: "Check the fields", errors: { phoneNumber: ["Required"] } });
  });

  it("uses the serialised errors when the body has no message", async () => {
    const errors = { phoneNumber: ["Required"], password: ["Too short"] };
    api.reply({ status: 422, body: { success: false, errors } });
    const error = await apiError(client().call(endpoints.login, { body: { password: "" } }));
    expect(error.message).toBe(JSON.stringify(errors));
    expect(error.errors).toEqual(errors);
  });

  it("falls back to the status text when the body is not JSON", async () => {
    api.reply({ status: 502, raw: "<html>Bad gateway</html>" });
    const error = await apiError(client().call(writes.post, { body: { a: 1 } }));
    expect(error).toMatchObject({ status: 502, statusText: "Bad Gateway", message: "Bad Gateway" });
  });

  it("treats a 2xx body with success: false (or status: error) as a failure", async () => {
    api.reply({ status: 200, body: { success: false, message: "Estate is not available" } });
    const error = await apiError(client().call(endpoints.estate, { params: { id: 1 } }));
    expect(error.status).toBe(400);
    expect(error.message).toBe("Estate is not available");
    expect(api.seen).toHaveLength(1);

    api.reply({ status: 200, body: { status: "error", message: "Nope" } });
    expect((await apiError(client().call(endpoints.estate, { params: { id: 1 } }))).message).toBe("Nope");
  });

  it("reports an unreachable API as 503 without retrying forever", async () => {
    // A port that was just open and is now closed: connection refused.
    const closed = new FakeApi();
    await closed.start();
    const base = closed.base;
    await closed.stop();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = await apiError(client({ base }).call(endpoints.guestTypes));
    // The server log says which call failed; the visitor gets the friendly page.
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("API GET /api/v1/guest/types failed"), expect.anything());
    logged.mockRestore();
    expect(error).toMatchObject({ status: 503, statusText: "Service Unavailable" });
    expect(error.message).toMatch(/unavailable/i);
  });
});

describe("pathOf", () => {
  it("fills each parameter in, encoded, and drops the route's constraint after a name", () => {
    expect(pathOf(endpoints.hostCalendarImportSync.path, { id: 12 })).toBe("/api/v1/host/calendar/imports/12/sync");
    expect(pathOf(endpoints.article.path, { type: "news", slug: "ош/бишкек" })).toBe(`/api/v1/guest/articles/news/${encodeURIComponent("ош/бишкек")}`);
    expect(pathOf(endpoints.guestTypes.path)).toBe("/api/v1/guest/types");
  });

  it("refuses a path whose parameter has no value rather than calling a wrong address", () => {
    expect(() => pathOf(endpoints.booking.path, {})).toThrow(/:id/);
  });
});
