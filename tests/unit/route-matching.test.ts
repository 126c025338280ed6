/**
 * patches/@remix-run+router: the route tree's ranked branches and compiled paths are kept instead
 * of rebuilt on every match (decision 0049), and so is each path's answer per tree (decision 0090).
 * The installed router must carry the patch (an install that skipped `postinstall` fails here),
 * and kept answers must be the same answers, whatever a caller does with the ones it got.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");

const tree = () => [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", path: ":lang?", index: true },
      { id: "estates", path: ":lang?/estates" },
      { id: "estate", path: ":lang?/estates/:slug" },
      { id: "bookings", path: ":lang?/profile/booking" },
      { id: "booking", path: ":lang?/profile/booking/:id" },
      { id: "step", path: ":lang?/host/objects/:id/:step" },
      { id: "splat", path: ":lang?/*" },
    ],
  },
];

const leaf = (routes: Parameters<typeof router.matchRoutes>[0], path: string) => {
  const matches = router.matchRoutes(routes, path);
  const last = matches?.[matches.length - 1];
  return last ? { id: last.route.id, params: last.params } : null;
};

describe("route matching with the kept route tree", () => {
  it("runs the patched router: a tree is ranked once, so a route added to it in place is not seen", () => {
    // The kept ranking is why the browser's build is left alone (lazy route discovery adds
    // children in place there), and the observable sign that the patch applied: an unpatched
    // router flattens the tree again on every match and finds the new route.
    const kept = tree();
    expect(leaf(kept, "/en/late")?.id).toBe("splat");
    kept[0].children.unshift({ id: "late", path: ":lang?/late" });
    expect(leaf(kept, "/en/late")?.id).toBe("splat");
    expect(leaf(tree().map((r) => ({ ...r, children: [{ id: "late", path: ":lang?/late" }, ...r.children] })), "/en/late")?.id).toBe("late");
  });

  it("answers each path as a fresh tree does, on the first match and on later ones", () => {
    const kept = tree();
    const paths = ["/", "/en", "/en/estates", "/estates/ala-archa", "/ky/profile/booking", "/profile/booking/12", "/en/host/objects/5/price", "/de/nothing"];
    for (let round = 0; round < 3; round++) {
      for (const path of paths) expect(leaf(kept, path)).toEqual(leaf(tree(), path));
    }
    expect(leaf(kept, "/en/estates/ala-archa")).toEqual({ id: "estate", params: { lang: "en", slug: "ala-archa" } });
    expect(leaf(kept, "/profile/booking/12")).toEqual({ id: "booking", params: { id: "12" } });
    expect(leaf(kept, "/en/host/objects/5/price")).toEqual({ id: "step", params: { lang: "en", id: "5", step: "price" } });
  });

  it("keeps one tree's branches apart from another's", () => {
    const other = [{ id: "only", path: "/only" }];
    expect(leaf(tree(), "/only")?.id).not.toBe("only");
    expect(leaf(other, "/only")?.id).toBe("only");
    expect(leaf(other, "/en/estates")).toBeNull();
  });

  it("keeps each path's answer per tree, and hands every caller matches of its own", () => {
    // The sign that the kept answers are installed (the behaviour below holds with or without them).
    expect(fs.readFileSync(require.resolve("@remix-run/router"), "utf8")).toContain("keptMatchesByBranches");
    const kept = tree();
    const first = router.matchRoutes(kept, "/en/estates/ala-archa")!;
    expect(first.map((m) => m.route.id)).toEqual(["root", "estate"]);
    // As a fresh match: one params object for the whole match, with every level's parameters.
    expect(first[0].params).toBe(first[1].params);
    expect(first[1].params).toEqual({ lang: "en", slug: "ala-archa" });
    // A caller changing what it got does not change the next caller's answer.
    (first[1].params as Record<string, string>).slug = "changed";
    first[0].pathname = "/changed";
    first.pop();
    const second = router.matchRoutes(kept, "/en/estates/ala-archa")!;
    expect(second).not.toBe(first);
    expect(second.map((m) => [m.route.id, m.pathname, m.pathnameBase, m.params])).toEqual(
      router.matchRoutes(tree(), "/en/estates/ala-archa")!.map((m) => [m.route.id, m.pathname, m.pathnameBase, m.params]),
    );
    expect(second[0].params).toBe(second[1].params);
    // A miss is kept as a miss, and answered as one again.
    const other = [{ id: "only", path: "/only" }];
    expect(router.matchRoutes(other, "/en/estates")).toBeNull();
    expect(router.matchRoutes(other, "/en/estates")).toBeNull();
    expect(router.matchRoutes(other, "/only")?.[0].route.id).toBe("only");
    // A basename is taken off before the path is looked up: the same path under it, the same answer.
    expect(router.matchRoutes(kept, "/app/en/estates", "/app")?.map((m) => m.route.id)).toEqual(["root", "estates"]);
    expect(router.matchRoutes(kept, "/elsewhere/en/estates", "/app")).toBeNull();
  });

  it("answers as a fresh tree past the number of paths it keeps", () => {
    const kept = tree();
    for (let i = 0; i < 2100; i++) expect(leaf(kept, `/en/estates/estate-${i}`)).toEqual({ id: "estate", params: { lang: "en", slug: `estate-${i}` } });
    expect(leaf(kept, "/en/estates/estate-0")).toEqual({ id: "estate", params: { lang: "en", slug: "estate-0" } });
    const long = `/en/estates/${"x".repeat(400)}`;
    expect(leaf(kept, long)).toEqual({ id: "estate", params: { lang: "en", slug: "x".repeat(400) } });
    expect(leaf(kept, long)).toEqual(leaf(tree(), long));
  });
});
