/**
 * Grid clustering of the search map's price markers (docs/decisions/0075-map-markers-clustered-on-a-grid.md).
 * The points are cut into square cells of the screen at the map's zoom; a cell holding one point
 * shows its price pill, a cell holding more shows one round marker with their number, at their
 * mean position. A pill is ~60 px wide: points closer than that on the screen covered each other.
 */

/** A cell's side in screen pixels: a little more than a price pill's width ("12 500 сом"). */
export const CLUSTER_CELL_PX = 80;
/** From this zoom on (streets and houses) every stay has its own pill: closer ones share a building. */
export const CLUSTER_MAX_ZOOM = 16;

export type Cluster<P> = { points: P[]; lat: number; lng: number };

/**
 * The points grouped by the grid cell their screen position falls in (`project` gives it at the
 * map's zoom), in the order of each cell's first point, so the same points always draw the same.
 */
export function clusterPoints<P extends { lat: number; lng: number }>(points: readonly P[], project: (point: P) => { x: number; y: number }, cell = CLUSTER_CELL_PX): Cluster<P>[] {
  const cells = new Map<string, P[]>();
  for (const point of points) {
    const { x, y } = project(point);
    const key = `${Math.floor(x / cell)}:${Math.floor(y / cell)}`;
    const members = cells.get(key);
    if (members) members.push(point);
    else cells.set(key, [point]);
  }
  return [...cells.values()].map((members) => ({
    points: members,
    lat: members.reduce((sum, p) => sum + p.lat, 0) / members.length,
    lng: members.reduce((sum, p) => sum + p.lng, 0) / members.length,
  }));
}
