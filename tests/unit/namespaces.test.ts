import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { namespacesFor } from "../../app/i18n/namespaces";

describe("namespaces inlined per page", () => {
  it.each([
    ["/", ["home", "estates"]],
    ["/en/estates", ["estates"]],
    ["/ky/estates/category/hotel", ["estates"]],
    ["/en/estates/map", ["map"]],
    ["/estates/issyk-kul-yurt-12", ["estate"]],
    ["/login", ["auth"]],
    ["/en/host/sms", ["auth"]],
    ["/profile/email/link", ["account", "auth"]],
    ["/profile/booking/12", ["booking", "account", "hosting"]],
    ["/booking", ["booking", "account", "hosting"]],
    ["/en/host/booking/5", ["hosting", "booking", "account"]],
    ["/host/calendar", ["hosting", "booking", "account"]],
    // Favorites speak "common", which every page carries (the hearts are on every card).
    ["/en/favorites", []],
    ["/profile/favorites", ["account", "auth"]],
    ["/nonexistent", []],
  ])("%s gets common, errors and %j", (pathname, area) => {
    expect(namespacesFor(pathname)).toEqual(["common", "errors", ...area]);
  });

  /** Each route module's useTranslation("ns") must be among what its URL inlines. */
  it("covers the namespaces every route module asks for", () => {
    const dir = "app/routes";
    const urlOf = (file: string) =>
      "/" +
      file
        .replace(/\.tsx?$/, "")
        .replace(/^\(\$lang\)\.?/, "")
        .replace(/_index$/, "")
        .split(".")
        .filter(Boolean)
        .map((seg) => (seg.startsWith("$") ? "x" : seg))
        .join("/");
    for (const file of fs.readdirSync(dir)) {
      const source = fs.readFileSync(path.join(dir, file), "utf8");
      const asked = [...source.matchAll(/useTranslation\("(\w+)"\)/g)].map((m) => m[1]);
      const url = urlOf(file).replace(/\/$/, "") || "/";
      for (const ns of asked) expect(namespacesFor(url), `${file} → ${url}`).toContain(ns);
    }
  });
});
