import { describe, expect, it } from "vitest";
import { isSafeRedirect, safeRedirect } from "../../app/lib/safe-redirect";

const hostile = [
  "//evil.example",
  "/\t/evil.example/phish",
  "/%09/evil.example/phish",
  "/%2509/evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%252F%252Fevil.example",
  "/\n/evil.example",
  "/\r\nSet-Cookie: x=1",
  "/%0d%0aSet-Cookie:%20x=1",
  "/%0a/evil.example",
  "/\u0000/evil.example",
  "/%00",
  "https://evil.example",
  "http:/evil.example",
  "javascript:alert(1)",
  "evil.example",
  " /profile",
  "/\u3000/evil.example",
  "/%E3%80%80/evil.example",
  "/%EF%BC%8Fevil.example",
  "/%zz",
  "/профиль",
  "",
  "/" + "a".repeat(3000),
];

const ours = [
  "/",
  "/en/profile",
  "/en/estates?location=%D0%91%D0%B8%D1%88%D0%BA%D0%B5%D0%BA&guests=2",
  "/estates?location=Bishkek%20center#map",
  "/en/estates/some-slug#favorite-12",
  "/ky/profile/booking/15?tab=paid",
];

describe("safeRedirect: only our own paths", () => {
  it.each(hostile)("refuses %j", (value) => {
    expect(isSafeRedirect(value)).toBe(false);
    expect(safeRedirect(value, "/fallback")).toBe("/fallback");
  });

  it.each(ours)("keeps %j", (value) => {
    expect(safeRedirect(value, "/fallback")).toBe(value);
  });

  it("refuses what is not a string (a file field, nothing)", () => {
    expect(safeRedirect(null, "/f")).toBe("/f");
    expect(safeRedirect(undefined, "/f")).toBe("/f");
    expect(safeRedirect(new File(["x"], "x.txt"), "/f")).toBe("/f");
  });
});
