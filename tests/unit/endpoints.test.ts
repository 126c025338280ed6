/**
 * The endpoint map (contract/endpoints.ts, decision 0078) and the API agree: every entry is a
 * route the Hono app registers with that method and path, every route the API registers is in the
 * map or named below as one the web app does not call, and the web app names no API path of its
 * own (it can only call through the map).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import type { Db } from "../../api/db/client";
import { endpoints } from "../../contract/endpoints";

/** Routes the web app does not call: browsers, payment gateways, calendar apps and tests call them directly. */
const NOT_CALLED_BY_THE_WEB_APP = new Set([
  "GET /api/dev/outbox", // the tests' and a developer's view of sent codes, not in production
  "GET /api/sandbox/pay/:ref", // the sandbox payment page the browser is sent to
  "POST /api/sandbox/pay/:ref", // and its pay button
  "GET /api/v1/payment/callback", // the payment gateway's return
  "POST /api/v1/payment/freedompay/result", // the payment gateway's server-to-server result
  "GET /api/v1/calendar/:file", // the iCal feed a calendar app reads
  "GET /api/v1/operator/payouts/transfer-list", // a CSV the operator's browser downloads
]);

function registeredRoutes(): Set<string> {
  // Building the app opens nothing: the database is only touched by requests.
  const api = createApi({ db: {} as Db, exposeOutbox: true });
  return new Set(api.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`));
}

describe("the endpoint map", () => {
  const registered = registeredRoutes();
  const mapped = Object.entries(endpoints).map(([name, e]) => ({ name, key: `${e.method} ${e.path}` }));

  it("names only routes the API registers, each with its method", () => {
    const missing = mapped.filter((e) => !registered.has(e.key)).map((e) => `${e.name}: ${e.key}`);
    expect(missing).toEqual([]);
  });

  it("covers every route the API registers, except those named as not called by the web app", () => {
    const inMap = new Set(mapped.map((e) => e.key));
    const unmapped = [...registered].filter((key) => !inMap.has(key) && !NOT_CALLED_BY_THE_WEB_APP.has(key));
    expect(unmapped).toEqual([]);
    // The exceptions stay true: each is still a route, and none has crept into the map.
    for (const key of NOT_CALLED_BY_THE_WEB_APP) {
      expect(registered.has(key), key).toBe(true);
      expect(inMap.has(key), key).toBe(false);
    }
  });

  it("has one entry per route", () => {
    const keys = mapped.map((e) => e.key);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it("is the web app's only source of API paths", () => {
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? walk(full) : /\.tsx?$/.test(name) ? [full] : [];
      });
    })(path.resolve(__dirname, "../../app"));
    // A quoted path starting /api/ (a string or a template), anywhere but in a comment line.
    const offenders = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => ({ line, at: `${path.relative(process.cwd(), file)}:${i + 1}` }))
        .filter(({ line }) => !/^\s*(\*|\/\/)/.test(line) && /["'`]\/api\//.test(line))
        .map(({ at }) => at),
    );
    expect(offenders).toEqual([]);
  });
});
