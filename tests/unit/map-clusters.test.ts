/** The search map's grid clustering (issue 27: markers piled up): app/components/map/clusters.ts. */
import { describe, expect, it } from "vitest";
import { clusterPoints } from "../../app/components/map/clusters";

/** Screen position = the coordinates themselves, so the cells are easy to see. */
const flat = (p: { lat: number; lng: number }) => ({ x: p.lng, y: p.lat });

describe("clusterPoints", () => {
  it("puts points of one grid cell together, at their mean position, and leaves lone ones alone", () => {
    const points = [
      { id: 1, lat: 10, lng: 10 },
      { id: 2, lat: 20, lng: 30 },
      { id: 3, lat: 200, lng: 200 },
      { id: 4, lat: 63, lng: 63 },
      { id: 5, lat: 64, lng: 10 },
    ];
    const clusters = clusterPoints(points, flat, 64);
    expect(clusters.map((c) => c.points.map((p) => p.id))).toEqual([[1, 2, 4], [3], [5]]);
    expect(clusters[0]).toMatchObject({ lat: 31, lng: 103 / 3 });
    expect(clusters[1]).toMatchObject({ lat: 200, lng: 200 });
  });

  it("keeps every point exactly once, and nothing for no points", () => {
    const points = Array.from({ length: 500 }, (_, i) => ({ id: i, lat: (i * 37) % 300, lng: (i * 53) % 300 }));
    const clusters = clusterPoints(points, flat);
    expect(clusters.flatMap((c) => c.points.map((p) => p.id)).sort((a, b) => a - b)).toEqual(points.map((p) => p.id));
    expect(clusters.length).toBeLessThan(points.length);
    expect(clusterPoints([], flat)).toEqual([]);
  });
});
