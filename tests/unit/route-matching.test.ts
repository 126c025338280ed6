/**
 * patches/@remix-run+router: the route tree's ranked branches and compiled paths are kept instead
 * of rebuilt on every match (decision 0049). The installed router must carry the patch (an install
 * that skipped `postinstall` fails here), and kept answers must be the same answers.
 */
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
});
