import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { boundHeapGrowth, HEAP_GROWING_PERCENT } from "../../server/heap-growth";

const module = path.resolve(__dirname, "../../server/heap-growth.ts");

/**
 * Runs a load's shape in a fresh node: a live set, then objects that outlive a few scavenges (as a
 * render under load does) and die in the old generation. Returns the heap's largest size.
 */
function peakHeapMb(bound: boolean): number {
  const script = `
    import { boundHeapGrowth } from ${JSON.stringify(module)};
    if (${bound}) boundHeapGrowth();
    const live = [];
    for (let i = 0; i < 200_000; i++) live.push({ i, s: "x".repeat(20) + i });
    let peak = 0;
    const recent = [];
    for (let round = 0; round < 1500; round++) {
      recent.push(Array.from({ length: 2000 }, (_, j) => ({ round, j, t: "r" + round + "-" + j })));
      if (recent.length > 40) recent.shift();
      peak = Math.max(peak, process.memoryUsage().heapTotal);
    }
    console.log(Math.round(peak / 2 ** 20) + " " + live.length);
  `;
  const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" });
  return Number(out.trim().split(" ")[0]);
}

describe("boundHeapGrowth", () => {
  it("keeps the old generation near its live size under churn", () => {
    const unbounded = peakHeapMb(false);
    const bounded = peakHeapMb(true);
    // ~260 MB against ~130 MB on Node 20; the margin leaves room for V8's own heuristics.
    expect(bounded).toBeLessThan(unbounded * 0.75);
  }, 30_000);

  it("leaves a --heap-growing-percent given on node's command line alone", () => {
    expect(boundHeapGrowth(["--heap-growing-percent=80"])).toBeNull();
    expect(boundHeapGrowth(["--inspect"])).toBe(HEAP_GROWING_PERCENT);
  });
});
