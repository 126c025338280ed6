import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadMapPoints } from "~/routes-server/($lang).estates.map.server";

/** `/estates/map/points?{filter}`: the search map's markers, as JSON for its fetcher (app/routes-server/($lang).estates.map.server.ts). */
export async function loader(args: LoaderFunctionArgs) {
  return Response.json(await loadMapPoints(args));
}
