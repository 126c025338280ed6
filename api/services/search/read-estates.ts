/** One published estate as the search index reads it, and the query that reads it. */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { intArray, sqlLiteral } from "../../lib/sql";
import { ESTATE_STATUS } from "../../../contract/estate-statuses";

/** One published estate as read, before it gets a slot in the index (columns.ts). */
export type EstateRow = [
  id: number,
  slug: string,
  parentId: number | null,
  capacity: number,
  bedCount: number,
  price: number,
  typeId: number,
  subtypeId: number | null,
  star: number | null,
  rating: number | null,
  parameterIds: number[],
  nutritionIds: number[],
  instant: boolean,
  lat: number,
  lng: number,
  score: number,
  /** created_at in microseconds, so "newest" breaks ties as PostgreSQL does. */
  created: number,
  searchText: string,
  /** Active bookings' check-in and check-out, and blocked nights, in days since 1970-01-01. */
  bookedFrom: number[] | null,
  bookedTo: number[] | null,
  blocked: number[] | null,
  /** available_from (the first bookable date) in days since 1970-01-01; null when none. */
  opensOn: number | null,
  /** Of the kind "complex": shown only while it has a published unit (decision 0037). */
  complex: boolean,
  /** Availability rules (contract/availability-rules.ts). */
  advanceNoticeDays: number,
  sameDayUntilHour: number | null,
  preparationNights: number,
  bookingWindowMonths: number | null,
  /** What a stay costs (contract/stay-price.ts): the weekend price, the fees and discounts. */
  weekendPrice: number | null,
  cleaningFee: number,
  extraGuestFee: number,
  extraGuestsAbove: number,
  weeklyDiscount: number,
  monthlyDiscount: number,
  /** The host's per-date prices from yesterday on: the days (since 1970-01-01, ascending) and their prices. */
  priceDays: number[] | null,
  priceValues: number[] | null,
];

const EPOCH = sql.raw(`DATE '1970-01-01'`);

/**
 * Which published estates to read: those of `ids` (the change log's), or the next `rows` of
 * them by id after `after` (a full load, page by page).
 */
export type EstateScope = { ids: readonly number[] } | { after: number; rows: number };

/**
 * Published estates (those of `scope`) with their active bookings and blocked nights, in id
 * order, as one JSON text: PGlite hands over a row's values one by one in JavaScript (~30 µs a
 * row at 100k estates), where one JSON text parses natively.
 *
 * A full load reads pages of a few thousand (search-index.ts): PGlite's WASM memory grows to
 * hold the largest result it has built (the JSON text, the wire message and PGlite's copy of
 * it) and never shrinks, so the whole catalogue as one text left ~400 MB of it in the process at
 * 100 000 estates (docs/decisions/0058-search-index-loaded-in-pages.md). A page is a range of ids,
 * which the estates' primary key, `bookings_estate_dates_idx` and the blocked dates' primary key
 * all read in order.
 */
export async function readEstates(db: Db, scope: EstateScope): Promise<EstateRow[]> {
  const page = "after" in scope;
  // The page's last id, computed once (an InitPlan) and used as every range's upper end.
  const bound = page
    ? sql`bound AS (SELECT max(id) AS through FROM (SELECT id FROM estates WHERE status = ${sqlLiteral(ESTATE_STATUS.published)} AND id > ${scope.after} ORDER BY id LIMIT ${scope.rows}) p),`
    : sql``;
  const only = (column: SQL) =>
    page ? sql`AND ${column} > ${scope.after} AND ${column} <= (SELECT through FROM bound)` : sql`AND ${column} = ANY(${intArray(scope.ids)})`;
  const { rows } = await db.execute<{ estates: string | null }>(sql`
    WITH ${bound}
    booked AS (
      SELECT b.estate_id, array_agg(b.check_in - ${EPOCH} ORDER BY b.check_in) AS "from",
        array_agg(b.check_out - ${EPOCH} ORDER BY b.check_in) AS "to"
      FROM bookings b WHERE b.active ${only(sql`b.estate_id`)} GROUP BY b.estate_id),
    blocked AS (
      SELECT bd.estate_id, array_agg(bd.date - ${EPOCH} ORDER BY bd.date) AS days
      FROM estate_blocked_dates bd WHERE true ${only(sql`bd.estate_id`)} GROUP BY bd.estate_id),
    priced AS (
      SELECT ep.estate_id, array_agg(ep.date - ${EPOCH} ORDER BY ep.date) AS days, array_agg(ep.price ORDER BY ep.date) AS prices
      FROM estate_prices ep WHERE ep.date >= CURRENT_DATE - 1 ${only(sql`ep.estate_id`)} GROUP BY ep.estate_id)
    SELECT json_agg(json_build_array(e.id, e.slug, e.parent_id, e.capacity, e.bed_count, e.price, e.type_id,
      e.subtype_id, e.star, e.rating, e.parameter_ids, e.nutrition_ids, e.is_instant_confirmation, e.lat, e.lng,
      e.score, (extract(epoch FROM e.created_at) * 1000000)::bigint, e.search_text, bk."from", bk."to", bl.days,
      e.available_from - ${EPOCH}, t.kind = 'complex', e.advance_notice_days, e.same_day_until_hour, e.preparation_nights,
      e.booking_window_months, e.weekend_price, e.cleaning_fee, e.extra_guest_fee, e.extra_guests_above, e.weekly_discount,
      e.monthly_discount, pr.days, pr.prices) ORDER BY e.id)::text AS estates
    FROM estates e
    JOIN estate_types t ON t.id = e.type_id
    LEFT JOIN booked bk ON bk.estate_id = e.id
    LEFT JOIN blocked bl ON bl.estate_id = e.id
    LEFT JOIN priced pr ON pr.estate_id = e.id
    WHERE e.status = ${sqlLiteral(ESTATE_STATUS.published)} ${only(sql`e.id`)}`);
  return rows[0].estates ? (JSON.parse(rows[0].estates) as EstateRow[]) : [];
}
