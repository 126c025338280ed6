import { describe, expect, it } from "vitest";
import { publicPaths, secondHalfTrend } from "../../scripts/bench/endurance";

const MB = 2 ** 20;
const line = (perMinute: (minute: number) => number) => Array.from({ length: 121 }, (_, i) => ({ minute: i / 2, rss: perMinute(i / 2) * MB }));

describe("the endurance bench's verdict", () => {
  it("reads a line that rose while warming up and then stayed as flat", () => {
    expect(Math.abs(secondHalfTrend(line((m) => (m < 10 ? 300 + 5 * m : 350))))).toBeLessThan(0.5);
  });

  it("reads a slow leak as growth per hour", () => {
    expect(secondHalfTrend(line((m) => 350 + m / 2))).toBeCloseTo(30, 5);
  });

  it("asks for every estate in all three languages, and no address that redirects", () => {
    const paths = publicPaths(["a", "b"]);
    for (const lang of ["", "/en", "/ky"]) {
      expect(paths).toContain(`${lang}/estates/a`);
      expect(paths).toContain(`${lang}/estates/b`);
    }
    expect(paths).toContain("/");
    expect(paths.filter((p) => p.endsWith("/") && p !== "/")).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
