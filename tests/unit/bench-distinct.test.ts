import { describe, expect, it } from "vitest";
import { aBuildFileOf, distinctStay, targetMet, type DistinctResult } from "../../scripts/bench/distinct";

const row = (over: Partial<DistinctResult>): DistinctResult => ({
  label: "x",
  perSecond: 200,
  p50: 50,
  p99: 200,
  failures: 0,
  cpuMsPerRequest: 1,
  mainThreadCpuMsPerRequest: 1,
  ...over,
});

describe("bench: issue 33's distinct-URL table", () => {
  it("gives every request of a run its own stay (the page cache must never answer one)", () => {
    const seen = new Set<string>();
    for (let n = 0; n < 16_800; n++) seen.add(JSON.stringify(distinctStay(n)));
    expect(seen.size).toBe(16_800);
    const { checkInDate, checkOutDate, adultCount } = distinctStay(12_345);
    expect(checkOutDate > checkInDate).toBe(true);
    expect(adultCount).toBeGreaterThanOrEqual(1);
  });

  it("says a target is met only when the rate, the p99, the share of the bare server and no failures all hold", () => {
    expect(targetMet(row({ target: undefined }), 1000)).toBeNull();
    expect(targetMet(row({ target: { perSecond: 150, p99: 250 } }), 1000)).toBe(true);
    expect(targetMet(row({ target: { perSecond: 150, p99: 250 }, perSecond: 149 }), 1000)).toBe(false);
    expect(targetMet(row({ target: { perSecond: 150, p99: 250 }, p99: 251 }), 1000)).toBe(false);
    expect(targetMet(row({ target: { perSecond: 150 }, failures: 1 }), 1000)).toBe(false);
    expect(targetMet(row({ target: { ofBare: 0.25 }, perSecond: 250 }), 1000)).toBe(true);
    expect(targetMet(row({ target: { ofBare: 0.25 }, perSecond: 249 }), 1000)).toBe(false);
  });

  it("finds a build file in a page's head wherever the build puts it", () => {
    expect(aBuildFileOf('<link rel="stylesheet" href="/build/_assets/a.css"><link rel="modulepreload" href="/build/entry.client-X.js">')).toBe("/build/entry.client-X.js");
    expect(aBuildFileOf('<script type="module" src="/assets/index-Y.js"></script>')).toBe("/assets/index-Y.js");
    expect(aBuildFileOf("<p>no scripts</p>")).toBeNull();
  });
});
