import type { Coordinate, MapArea } from "~/lib/search-params";

/** A corner as the URL writes it: `42.87461,74.56978` (five decimals are about a metre). */
export const formatCorner = ({ lat, lng }: Coordinate) => `${Number(lat.toFixed(5))},${Number(lng.toFixed(5))}`;

/**
 * The list's query string for a new map area: the map search of SPEC section 4. The rest of the
 * filter stays; the page goes back to the first; and the place typed before goes, since the area
 * now says where (and would otherwise hide what the map shows).
 */
export function areaSearch(search: string, area: MapArea): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete("location");
  params.set("topRight", formatCorner(area.topRight));
  params.set("leftBottom", formatCorner(area.leftBottom));
  return `?${params}`;
}
