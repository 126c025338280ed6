/**
 * The estate page's parts below the fold, hydrated lazily (see app/components/deferred.tsx): the units of a
 * complex, amenities, the calendar, the rules and the reviews; and the stays nearby. Everything in
 * them is a link or a plain form, so before (or without) their code they work as plain HTML.
 */
import type { AvailableDatesResponse, Review } from "../../../contract/estate";
import type { EstateShownOnly, PageEstate } from "~/lib/photo-srcset";
import { ServerRendered, useServerOnlyData } from "~/components/server-rendered";
import { AvailabilityCalendar } from "./availability-calendar";
import { Amenities, StayRules, Units } from "./details";
import { ReviewsSection, type ReviewsPage } from "./reviews-section";

export type StayDetailsProps = {
  estate: PageEstate;
  /** `?checkInDate=…` carried on to the units' pages. */
  search: string;
  calendar: { month: string; firstMonth: string; lastMonth: string; dates: AvailableDatesResponse | null } | null;
  today: string;
  selection: { checkIn: string | null; checkOut: string | null };
  reviews: ReviewsPage | null;
  reviewItems?: Review[];
  /** Absent in a document's hydration data: the server rendered those parts (server-rendered.tsx). */
  shownOnly?: EstateShownOnly;
};

export function StayDetails({ estate, search, calendar, today, selection, reviews, reviewItems, shownOnly }: StayDetailsProps) {
  const rendered = useServerOnlyData<EstateShownOnly>("estateShownOnly");
  const renderedReviews = useServerOnlyData<Review[]>("reviewItems");
  const shown = shownOnly ?? rendered;
  return (
    <div className="space-y-12">
      <Units units={estate.children} search={search} />
      <ServerRendered id="estate-amenities" data={shown}>
        {(d) => (d.parameters.length > 0 || d.nutrition.length > 0 ? <Amenities parameters={d.parameters} nutrition={d.nutrition} /> : null)}
      </ServerRendered>
      {calendar ? (
        <AvailabilityCalendar month={calendar.month} firstMonth={calendar.firstMonth} lastMonth={calendar.lastMonth} dates={calendar.dates} today={today} selection={selection} />
      ) : null}
      <ServerRendered id="estate-rules" data={shown}>
        {(d) => <StayRules estate={{ ...estate, houseRules: d.houseRules }} />}
      </ServerRendered>
      <ReviewsSection summary={estate.reviews} reviews={reviews} items={reviewItems ?? renderedReviews} />
    </div>
  );
}

export { NearbyStays } from "./nearby-stays";
