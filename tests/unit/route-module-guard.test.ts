/**
 * The route-module reload guard (app/lib/build-freshness.ts, decision 0080) hooks the message Remix
 * logs right before its unguarded `window.location.reload()`. This fails when an upgraded
 * @remix-run/react no longer logs that message before the reload, in the build the browser gets
 * (the ESM files Vite bundles), so the guard is looked at again instead of silently doing nothing.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installRouteModuleGuard, noteNavigationTarget, REMIX_ROUTE_MODULE_ERROR } from "../../app/lib/build-freshness";

const require = createRequire(import.meta.url);

describe("Remix's route-module reload", () => {
  it("logs our message with console.error, and only then reloads, in the browser's build", () => {
    const pkg = path.dirname(require.resolve("@remix-run/react/package.json"));
    const source = fs.readFileSync(path.join(pkg, "dist", "esm", "routeModules.js"), "utf8");
    const log = source.indexOf(`console.error(\`${REMIX_ROUTE_MODULE_ERROR}`);
    expect(log, "Remix no longer logs the route-module message").toBeGreaterThan(0);
    const reload = source.indexOf("window.location.reload()", log);
    expect(reload, "Remix no longer reloads after its route-module message").toBeGreaterThan(log);
    // Between the two: the error itself logged, and the SPA-mode branch; nothing that could reload first.
    const between = source.slice(log, reload);
    expect(between).not.toMatch(/location\.(assign|replace|href)|reload\(/);
  });
});

describe("installRouteModuleGuard", () => {
  const original = console.error;
  afterEach(() => {
    console.error = original;
    vi.unstubAllGlobals();
  });

  it("loads the target in full once, throws so Remix's reload is never reached, and within 10 s only throws", () => {
    const storage = new Map<string, string>();
    const assigned: string[] = [];
    vi.stubGlobal("window", {
      location: { pathname: "/en/articles", search: "", hash: "", assign: (to: string) => assigned.push(to), reload: () => assigned.push("reload") },
      sessionStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) },
    });
    const logged: unknown[][] = [];
    console.error = (...args: unknown[]) => void logged.push(args);
    installRouteModuleGuard();
    noteNavigationTarget({ pathname: "/en/faq", search: "?q=1", hash: "" });
    expect(() => console.error(`${REMIX_ROUTE_MODULE_ERROR} \`/build/assets/faq.js\`, reloading page...`)).toThrow(/afresh/);
    expect(assigned).toEqual(["/en/faq?q=1"]);
    expect(() => console.error(`${REMIX_ROUTE_MODULE_ERROR} \`/build/assets/faq.js\`, reloading page...`)).toThrow(/less than 10 s ago/);
    expect(assigned).toEqual(["/en/faq?q=1"]);
    // Every other message is only logged.
    console.error("something else");
    expect(logged).toHaveLength(3);
  });
});
