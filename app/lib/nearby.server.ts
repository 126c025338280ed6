import type { EstateDetail, SearchResponse } from "../../contract/estate";
import type { StayRequest } from "~/components/estate/stay-query.server";
import { toStayCard, type StayCard } from "./stay-card";
import { endpoints } from "../../contract/endpoints";

/** Half the side of the "nearby" box in degrees of latitude (~5.5 km), widened once if too few. */
const BOXES = [0.05, 0.25];

import type { ApiClient } from "./api.server";

/**
 * Up to `count` listed stays around an estate, nearest box first, for the guests and dates asked
 * about (a stay that cannot host them is not offered). Neither the estate itself nor the complex
 * it belongs to is among them.
 */
export async function nearbyStays(
  api: ApiClient,
  estate: Pick<EstateDetail, "id" | "lat" | "lng" | "parent">,
  party: { adultCount: number; childrenCount: number; stay: StayRequest | null },
  count: number,
): Promise<StayCard[]> {
  let found: SearchResponse["estates"] = [];
  for (const half of BOXES) {
    const lngHalf = half / Math.max(Math.cos((estate.lat * Math.PI) / 180), 0.2);
    const result = await api.call(endpoints.search, { body: {
      topRight: { lat: estate.lat + half, lng: estate.lng + lngHalf },
      leftBottom: { lat: estate.lat - half, lng: estate.lng - lngHalf },
      priceFrom: 0,
      priceTo: 10_000_000,
      adultCount: party.adultCount,
      childrenCount: party.childrenCount,
      ...(party.stay ? { checkInDate: party.stay.checkInDate, checkOutDate: party.stay.checkOutDate } : {}),
      perPage: count + 2,
      page: 1,
    } });
    found = result.estates.filter((e) => e.id !== estate.id && e.id !== estate.parent?.id);
    if (found.length >= count) break;
  }
  return found.slice(0, count).map(toStayCard);
}
