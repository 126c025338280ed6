import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadMapCard } from "~/routes-server/($lang).estates.map.server";

/**
 * `/estates/map/{id}?checkInDate&checkOutDate`: one map marker's card, as JSON for the map's
 * fetcher (app/routes-server/($lang).estates.map.server.ts). Always 200: `card: null` says there is none, where
 * an error status would take the fetcher to the page's error boundary.
 */
export async function loader(args: LoaderFunctionArgs) {
  return Response.json(await loadMapCard(args));
}
