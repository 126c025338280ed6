import { sql, type SQL } from "drizzle-orm";
import { RATING_BANDS, type SearchFilter } from "../../contract/estate";
import { intArray } from "../lib/sql";
import { listedToGuests } from "./estate-lookup";
import { matchesLocation, type LocationTerms } from "./search-location";

export type StayDates = { checkInDate: string; checkOutDate: string };

export const stayDatesOf = (filter: Pick<SearchFilter, "checkInDate" | "checkOutDate">): StayDates | null =>
  filter.checkInDate && filter.checkOutDate ? { checkInDate: filter.checkInDate, checkOutDate: filter.checkOutDate } : null;

/**
 * The estate (alias `a`) is free on every night of the stay: no active booking overlaps
 * [check-in, check-out) and no night is blocked. The booking test is the exclusion constraint's
 * own, so its gist index (estate_id, date range; partial, WHERE active) answers it however long
 * an estate's booking history grows.
 */
export const isFreeFor = (a: SQL, stay: StayDates) => sql`
  NOT EXISTS (
    SELECT 1 FROM bookings b
    WHERE b.estate_id = ${a}.id AND b.active
      AND daterange(b.check_in, b.check_out) && daterange(${stay.checkInDate}::date, ${stay.checkOutDate}::date))
  AND NOT EXISTS (
    SELECT 1 FROM estate_blocked_dates bd
    WHERE bd.estate_id = ${a}.id AND bd.date >= ${stay.checkInDate}::date AND bd.date < ${stay.checkOutDate}::date)`;

/**
 * Units are booked, not their complex: a complex is shown while one of its published units is
 * free for the stay and big enough. OFFSET 0 keeps both subqueries per row (an index probe on
 * parent_id, and for a complex a probe per unit): without it the planner hashes the set of every
 * free unit in the country, reading every booking of those dates (64 ms at 100k estates).
 */
const complexHasFreeUnit = (stay: StayDates, guests: number) => sql`
  (NOT EXISTS (SELECT 1 FROM estates u WHERE u.parent_id = e.id AND u.status = 'published' OFFSET 0)
   OR EXISTS (
     SELECT 1 FROM estates u
     WHERE u.parent_id = e.id AND u.status = 'published' AND u.capacity >= ${guests} AND ${isFreeFor(sql.raw("u"), stay)}
     OFFSET 0))`;

export const priceRange = (filter: Pick<SearchFilter, "priceFrom" | "priceTo">) =>
  sql`e.price BETWEEN ${filter.priceFrom} AND ${filter.priceTo}`;

/**
 * Every field of the guest search filter as SQL over `estates e`. The location text comes as the
 * terms `resolveLocation` made of it (null: it matches nothing).
 */
export function searchConditions(filter: SearchFilter, location: LocationTerms | null): SQL {
  const guests = filter.adultCount + filter.childrenCount;
  const conditions: SQL[] = [listedToGuests, sql`e.capacity >= ${guests}`, priceRange(filter)];
  if (filter.location) conditions.push(matchesLocation(location));
  if (filter.bedCount !== null) conditions.push(sql`e.bed_count >= ${filter.bedCount}`);
  if (filter.type !== null) conditions.push(sql`e.type_id = ${filter.type}`);
  if (filter.subtype !== null) conditions.push(sql`e.subtype_id = ${filter.subtype}`);
  if (filter.star.length) conditions.push(sql`e.star = ANY(${intArray(filter.star)})`);
  if (filter.rate) conditions.push(sql`e.rating >= ${RATING_BANDS[filter.rate]}`);
  if (filter.parameters.length) conditions.push(sql`e.parameter_ids @> ${intArray(filter.parameters)}`);
  if (filter.nutrition.length) conditions.push(sql`e.nutrition_ids && ${intArray(filter.nutrition)}`);
  if (filter.isInstantConfirmation) conditions.push(sql`e.is_instant_confirmation`);
  if (filter.topRight && filter.leftBottom) {
    conditions.push(sql`e.lat BETWEEN ${filter.leftBottom.lat} AND ${filter.topRight.lat}`);
    conditions.push(sql`e.lng BETWEEN ${filter.leftBottom.lng} AND ${filter.topRight.lng}`);
  }
  const stay = stayDatesOf(filter);
  if (stay) conditions.push(isFreeFor(sql.raw("e"), stay), complexHasFreeUnit(stay, guests));
  return sql.join(conditions, sql` AND `);
}
