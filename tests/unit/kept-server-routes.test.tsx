/**
 * patches/@remix-run+react and patches/react-router-dom (decision 0051): a server render reuses the
 * route objects of the build instead of making new ones, so the router's ranking kept per routes
 * array (decision 0049) hits; and the route ids each prefix of a URL matches, for lazy route
 * discovery's first manifest, are kept per prefix, bounded. Kept answers must be fresh answers.
 */
import { createRequire } from "node:module";
import { createElement, useContext } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");
const remix = require("@remix-run/react") as typeof import("@remix-run/react");
const routerDom = require("react-router-dom") as typeof import("react-router-dom");
const routerDomServer = require("react-router-dom/server") as typeof import("react-router-dom/server");
const fogOfWar = require("@remix-run/react/dist/fog-of-war.js") as {
  getPartialManifest: (manifest: { routes: Record<string, unknown> }, router: unknown) => { routes: Record<string, unknown> };
};

afterEach(() => vi.restoreAllMocks());

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; hasLoader: boolean; module: string };

const manifestRoutes = (): Record<string, ManifestRoute> => ({
  root: { id: "root", path: "", hasLoader: false, module: "/root.js" },
  home: { id: "home", parentId: "root", index: true, hasLoader: false, module: "/home.js" },
  estates: { id: "estates", parentId: "root", path: "estates", hasLoader: false, module: "/estates.js" },
});

let seen: unknown;
const Seen = () => {
  seen = useContext(routerDom.UNSAFE_DataRouterContext)?.router.routes;
  return null;
};

/** Renders RemixServer for a URL and returns the routes array the React side's router was given. */
async function renderedRoutes(manifest: { routes: Record<string, ManifestRoute> }, modules: Record<string, unknown>, url: string) {
  seen = undefined;
  const handler = router.createStaticHandler(Object.values(manifest.routes).filter((r) => !r.parentId).map((r) => ({ id: r.id, path: r.path, children: [{ id: "home", index: true }, { id: "estates", path: "estates" }] })));
  const staticContext = await handler.query(new Request(url));
  if (staticContext instanceof Response) throw new Error("unexpected response");
  // A new object of the same modules for every render, as the server runtime hands them.
  const routeModules = { ...modules };
  renderToString(
    createElement(remix.RemixServer, {
      url,
      context: {
        manifest: { ...manifest, entry: { module: "/entry.js", imports: [] }, url: "/manifest.js", version: "1" },
        routeModules,
        staticHandlerContext: staticContext,
        serverHandoffString: "{}",
        future: { v3_fetcherPersist: false, v3_relativeSplatPath: false, v3_throwAbortReason: false, v3_singleFetch: false, v3_lazyRouteDiscovery: false, unstable_optimizeDeps: false, v3_routeConfig: false },
        isSpaMode: false,
        serializeError: (e: Error) => ({ message: e.message }),
        renderMeta: {},
      },
    } as unknown as Parameters<typeof remix.RemixServer>[0]),
  );
  return seen;
}

describe("route objects kept across server renders", () => {
  const modules = { root: { default: () => createElement(routerDom.Outlet) }, home: { default: () => null }, estates: { default: Seen } };

  it("gives every render of one build the same routes, and another build its own", async () => {
    const manifest = { routes: manifestRoutes() };
    const first = await renderedRoutes(manifest, modules, "http://x/estates");
    const second = await renderedRoutes(manifest, modules, "http://x/estates");
    expect(first).toBeDefined();
    expect(second).toBe(first);
    const otherBuild = await renderedRoutes({ routes: manifestRoutes() }, modules, "http://x/estates");
    expect(otherBuild).not.toBe(first);
    const shape = (routes: unknown): unknown => (routes as { id: string; path?: string; children?: unknown }[]).map((r) => [r.id, r.path, r.children ? shape(r.children) : null]);
    expect(shape(otherBuild)).toEqual(shape(first));
    const otherModules = await renderedRoutes(manifest, { ...modules, home: { default: () => null } }, "http://x/estates");
    expect(otherModules).not.toBe(first);
  });

  it("converts one routes array once for the static router, with the context's matches in it", async () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "a", path: "a" }, { id: "b", path: "b" }] }];
    const handler = router.createStaticHandler(routes);
    const at = async (path: string) => {
      const context = await handler.query(new Request(`http://x${path}`));
      if (context instanceof Response) throw new Error("unexpected response");
      return routerDomServer.createStaticRouter(routes, context);
    };
    const [a, b] = [await at("/a"), await at("/b")];
    expect(b.routes).toBe(a.routes);
    expect(a.state.matches.map((m) => m.route.id)).toEqual(["root", "a"]);
    expect(b.state.matches.map((m) => m.route.id)).toEqual(["root", "b"]);
    expect(b.state.matches[1].route).toBe(b.routes[0].children![1]);
    const other = [{ id: "root", path: "/", children: [{ id: "a", path: "a" }, { id: "b", path: "b" }] }];
    const context = await router.createStaticHandler(other).query(new Request("http://x/a"));
    if (context instanceof Response) throw new Error("unexpected response");
    expect(routerDomServer.createStaticRouter(other, context).routes).not.toBe(a.routes);
  });
});

describe("the first manifest's prefix matches, kept per prefix", () => {
  const tree = () => [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", path: ":lang?", index: true },
        { id: "layout", path: ":lang?/profile", children: [{ id: "profile-index", index: true }, { id: "bookings", path: "booking" }] },
        { id: "splat", path: ":lang?/*" },
      ],
    },
  ];
  const ids = ["root", "home", "layout", "profile-index", "bookings", "splat"];
  const manifest = { routes: Object.fromEntries(ids.map((id) => [id, { id }])) };
  const partial = (routes: ReturnType<typeof tree>, pathname: string, leaf: string[]) =>
    Object.keys(fogOfWar.getPartialManifest(manifest, { routes, basename: "/", state: { location: { pathname }, matches: leaf.map((id) => ({ route: { id } })) } }).routes);

  it("answers as matching does, and matches a prefix once", () => {
    const routes = tree();
    const match = vi.spyOn(router, "matchRoutes");
    const first = partial(routes, "/en/profile/booking", ["root", "layout", "bookings"]);
    const calls = match.mock.calls.length;
    expect(calls).toBeGreaterThan(0);
    expect(first).toEqual(["root", "layout", "bookings", "home", "profile-index"]);
    expect(partial(routes, "/en/profile/booking", ["root", "layout", "bookings"])).toEqual(first);
    expect(match.mock.calls.length).toBe(calls);
    // Another URL with the same prefixes matches nothing new; another tree is its own.
    expect(partial(routes, "/en/profile/other", ["root", "splat"])).toEqual(["root", "splat", "home", "layout", "profile-index"]);
    expect(match.mock.calls.length).toBe(calls);
    const flat = [{ id: "root", path: "", children: [{ id: "splat", path: "*" }] }] as unknown as ReturnType<typeof tree>;
    expect(partial(flat, "/en/profile/booking", ["root", "splat"])).toEqual(["root", "splat"]);
    expect(match.mock.calls.length).toBeGreaterThan(calls);
  });

  it("keeps a bounded number of prefixes, the oldest dropped first, and no long ones", () => {
    const routes = tree();
    const match = vi.spyOn(router, "matchRoutes");
    partial(routes, "/en/first/x", ["root", "splat"]);
    for (let i = 0; i < 2500; i++) partial(routes, `/p${i}/x`, ["root", "splat"]);
    const before = match.mock.calls.length;
    partial(routes, "/p2499/x", ["root", "splat"]);
    expect(match.mock.calls.length).toBe(before + 1 - 1); // "/" and "/p2499" are kept
    partial(routes, "/en/first/x", ["root", "splat"]);
    expect(match.mock.calls.length).toBeGreaterThan(before); // "/en/first" was dropped
    const long = `/${"a".repeat(300)}/x`;
    partial(routes, long, ["root", "splat"]);
    const afterLong = match.mock.calls.length;
    partial(routes, long, ["root", "splat"]);
    expect(match.mock.calls.length).toBe(afterLong + 1);
  });
});
