import type { Coordinate, MapArea } from "~/lib/search-params";

/** A corner as the URL writes it: `42.87461,74.56978` (five decimals are about a metre). */
export const formatCorner = ({ lat, lng }: Coordinate) => `${Number(lat.toFixed(5))},${Number(lng.toFixed(5))}`;

/**
 * The list's query string for a new map area: the map search of SPEC section 4. The whole filter
 * stays, the typed place included (the form shows it again); only the page goes back to the first.
 * While an area is set it bounds the search and the place is not asked for (toSearchBody), so the
 * place cannot hide what the map shows.
 */
export function areaSearch(search: string, area: MapArea): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.set("topRight", formatCorner(area.topRight));
  params.set("leftBottom", formatCorner(area.leftBottom));
  return `?${params}`;
}
