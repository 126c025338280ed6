/** Links that change some query parameters of the current page and keep the others. */
export type ParamChanges = Record<string, string | number | null | undefined>;

export function hrefWith(pathname: string, search: string, changes: ParamChanges, hash = ""): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const qs = params.toString();
  return `${pathname}${qs ? `?${qs}` : ""}${hash}`;
}

/** `?checkInDate=…&…` carrying the chosen stay on to another estate page (units, nearby stays). */
export function staySearch(stay: { checkInDate: string; checkOutDate: string; adultCount: number; childrenCount: number } | null): string {
  if (!stay) return "";
  return `?${new URLSearchParams({
    checkInDate: stay.checkInDate,
    checkOutDate: stay.checkOutDate,
    adultCount: String(stay.adultCount),
    childrenCount: String(stay.childrenCount),
  })}`;
}

/** The booking page for a stay (`/booking?estateId=…&checkInDate=…`), in the page's language. */
export function bookingHref(localize: (to: string) => string, estateId: number, stay: { checkInDate: string; checkOutDate: string }, guests: { adultCount: number; childrenCount: number }): string {
  return `${localize("/booking")}?${new URLSearchParams({
    estateId: String(estateId),
    checkInDate: stay.checkInDate,
    checkOutDate: stay.checkOutDate,
    adultCount: String(guests.adultCount),
    childrenCount: String(guests.childrenCount),
  })}`;
}

/** The estate page's "Stays nearby" section asks `/estates/{slug}/nearby` for its data with this. */
export const NEARBY_SECTION_PARAM = "section";

/** `/estates/{slug}/nearby`, in the page's language, for the same guests and dates. */
export function nearbyHref(localize: (to: string) => string, slug: string, search: string): string {
  return `${localize(`/estates/${slug}/nearby`)}${search}`;
}
