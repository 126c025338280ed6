import { sql } from "drizzle-orm";
import type { Localized } from "../../contract/common";
import type { EstateCard, EstateDetail, ReviewSummary } from "../../contract/estate";
import { isAllowedAvatarUrl } from "../../contract/account";
import { writesBefore, type Db } from "../db/client";
import type { Presentation } from "../lib/context";
import { notFound } from "../lib/http-errors";
import { keptWhileUnwritten } from "../lib/kept-while-unwritten";
import { localize } from "../lib/locale";
import { intArray, sqlLiteral } from "../lib/sql";
import { calendarOf } from "./calendar";
import { loadCards, NO_TEXT, toCardFields, type CardRow, type CardStay } from "./estate-cards";
import { ESTATE_NOT_FOUND, idOrSlugCondition } from "./estate-lookup";
import { loadPhotoRows, toPhoto, type PhotoRow } from "./photos";
import { reviewSummary } from "./reviews";
import { quoteStay, type StayRequest } from "./stay-quote";
import type { StayDates } from "./search/conditions";
import { ESTATE_STATUS } from "../../contract/estate-statuses";

/** More units than any complex has; a bound so one request cannot ask for everything. */
const UNITS_LIMIT = 200;

type DetailRow = CardRow & {
  description: Localized;
  advance_notice_days: number;
  same_day_until_hour: number | null;
  preparation_nights: number;
  booking_window_months: number | null;
  parameter_ids: number[];
  nutrition_ids: number[];
  min_nights: number;
  max_nights: number;
  available_from: string | null;
  check_in_time: string;
  check_in_until: string;
  check_out_time: string;
  cancellation_policy: EstateDetail["cancellationPolicy"];
  house_rules: Localized;
  host_id: number;
  host_first_name: string;
  host_avatar: string | null;
  host_since: string;
  parent_ref_id: number | null;
  parent_slug: string | null;
  parent_title: Localized | null;
  /** Whether it has published units (a complex): most estates have none, and skip their query. */
  has_units: boolean;
};

/** `ownerId`: that host also sees their own drafts and unpublished listings (the wizard's preview). */
async function fetchDetailRow(db: Db, idOrSlug: string, ownerId: number | null): Promise<DetailRow> {
  const visible = ownerId === null ? sql`e.status = ${sqlLiteral(ESTATE_STATUS.published)}` : sql`(e.status = ${sqlLiteral(ESTATE_STATUS.published)} OR e.host_id = ${ownerId})`;
  const { rows } = await db.execute<DetailRow>(sql`
    SELECT e.id, e.slug, coalesce(x.title, ${NO_TEXT}) AS title, coalesce(x.city, ${NO_TEXT}) AS city,
      coalesce(x.address, ${NO_TEXT}) AS address, e.lat, e.lng, e.price, e.rating, e.reviews_count, e.star,
      e.is_instant_confirmation, e.capacity, e.bed_count,
      e.type_id, t.slug AS type_slug, t.name AS type_name, e.subtype_id, s.slug AS subtype_slug, s.name AS subtype_name,
      NULL::json AS date_prices, e.cleaning_fee, e.extra_guest_fee, e.extra_guests_above, e.weekly_discount, e.monthly_discount,
      coalesce(x.description, ${NO_TEXT}) AS description, e.parameter_ids, e.nutrition_ids, e.min_nights, e.max_nights,
      e.weekend_price, e.available_from::text AS available_from,
      e.advance_notice_days, e.same_day_until_hour, e.preparation_nights, e.booking_window_months,
      e.check_in_time, e.check_in_until, e.check_out_time, e.cancellation_policy, coalesce(x.house_rules, ${NO_TEXT}) AS house_rules,
      h.id AS host_id, h.first_name AS host_first_name, h.avatar_url AS host_avatar,
      to_char(h.created_at AT TIME ZONE 'Asia/Bishkek', 'YYYY-MM-DD') AS host_since,
      p.id AS parent_ref_id, p.slug AS parent_slug, coalesce(px.title, ${NO_TEXT}) AS parent_title,
      EXISTS (SELECT 1 FROM estates u WHERE u.parent_id = e.id AND u.status = ${sqlLiteral(ESTATE_STATUS.published)}) AS has_units
    FROM estates e
    JOIN estate_types t ON t.id = e.type_id
    LEFT JOIN estate_subtypes s ON s.id = e.subtype_id
    LEFT JOIN estate_texts x ON x.estate_id = e.id
    JOIN users h ON h.id = e.host_id
    LEFT JOIN estates p ON p.id = e.parent_id AND p.status = ${sqlLiteral(ESTATE_STATUS.published)}
    LEFT JOIN estate_texts px ON px.estate_id = p.id
    WHERE ${visible} AND ${idOrSlugCondition(idOrSlug)}`);
  if (!rows[0]) throw notFound(ESTATE_NOT_FOUND);
  return rows[0];
}

type Named = { id: number; slug: string; name: Localized };
type AmenityRows = { parameters: (Named & { icon: string; group: string })[]; nutrition: Named[] };

/** The estate's amenities and meals, in one statement (each costs PGlite's thread ~0.5 ms, whatever it reads). */
async function loadAmenities(db: Db, row: DetailRow): Promise<AmenityRows> {
  const { rows } = await db.execute<AmenityRows>(sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', id, 'slug', slug, 'name', name, 'icon', icon, 'group', "group") ORDER BY sort_order, id), '[]')
        FROM parameters WHERE id = ANY(${intArray(row.parameter_ids)})) AS parameters,
      (SELECT coalesce(json_agg(json_build_object('id', id, 'slug', slug, 'name', name) ORDER BY sort_order, id), '[]')
        FROM nutrition_types WHERE id = ANY(${intArray(row.nutrition_ids)})) AS nutrition`);
  return rows[0];
}

const localizeAmenities = ({ parameters, nutrition }: AmenityRows, view: Presentation) => ({
  parameters: parameters.map((p) => ({ ...p, name: localize(p.name, view.locale) })),
  nutrition: nutrition.map((n) => ({ ...n, name: localize(n.name, view.locale) })),
});

/** What the estate page shows whatever the dates, in every language: the detail row, photos, amenities, review summary. */
type DetailReads = { row: DetailRow; photos: PhotoRow[]; amenities: AmenityRows; reviews: ReviewSummary; opensAt: number | null };

async function readDetail(db: Db, idOrSlug: string, ownerId: number | null): Promise<DetailReads> {
  const row = await fetchDetailRow(db, idOrSlug, ownerId);
  const [photos, amenities, { summary, opensAt }] = await Promise.all([loadPhotoRows(db, [row.id], null), loadAmenities(db, row), reviewSummary(db, row.id)]);
  return { row, photos: photos.get(row.id) ?? [], amenities, reviews: summary, opensAt };
}

/**
 * A guest's reads are the same for every visit until something is written: kept in memory on
 * PGlite (api/lib/kept-while-unwritten.ts), by the id or slug asked. A host's preview reads.
 */
const detailReads = (db: Db, idOrSlug: string, ownerId: number | null, noted: Promise<number | null>): Promise<DetailReads> =>
  ownerId === null ? keptWhileUnwritten(db, `detail:${idOrSlug}`, () => readDetail(db, idOrSlug, null), Infinity, (read) => read.opensAt, noted) : readDetail(db, idOrSlug, ownerId);

/** The published units of a complex, cheapest first. */
function loadUnits(db: Db, complexId: number, stay: CardStay | null, view: Presentation): Promise<EstateCard[]> {
  return loadCards(
    db,
    { where: sql`e.parent_id = ${complexId} AND e.status = ${sqlLiteral(ESTATE_STATUS.published)}`, orderBy: "price_asc", limit: UNITS_LIMIT, stay },
    view,
  );
}

/** A row's fees and discounts (contract/stay-price.ts). */
const feesOf = (row: CardRow) => ({
  cleaningFee: row.cleaning_fee,
  extraGuestFee: row.extra_guest_fee,
  extraGuestsAbove: row.extra_guests_above,
  weeklyDiscount: row.weekly_discount,
  monthlyDiscount: row.monthly_discount,
});
const pricingOf = (row: CardRow) => ({ price: row.price, weekendPrice: row.weekend_price, ...feesOf(row) });

/** Everything the estate page shows; with a stay, its price for those dates and whether it can be booked. */
export async function getEstateDetail(
  db: Db,
  idOrSlug: string,
  stay: StayRequest | null,
  view: Presentation,
  options: { ownerId?: number } = {},
): Promise<EstateDetail> {
  // One write signal for the detail and the calendar, the second read after the first (on
  // PostgreSQL one snapshot check instead of two in a row).
  const noted = writesBefore(db);
  const { row, photos, amenities, reviews } = await detailReads(db, idOrSlug, options.ownerId ?? null, noted);
  const [children, calendar] = await Promise.all([
    row.has_units ? loadUnits(db, row.id, stay && { checkInDate: stay.checkInDate, checkOutDate: stay.checkOutDate, guests: stay.adultCount + stay.childrenCount }, view) : [],
    stay ? calendarOf(db, row.id, stay.checkInDate, stay.checkOutDate, row.preparation_nights, noted) : null,
  ]);
  const quote =
    stay && calendar
      ? quoteStay(
          {
            ...pricingOf(row),
            availableFrom: row.available_from,
            minNights: row.min_nights,
            maxNights: row.max_nights,
            capacity: row.capacity,
            advanceNoticeDays: row.advance_notice_days,
            sameDayUntilHour: row.same_day_until_hour,
            preparationNights: row.preparation_nights,
            bookingWindowMonths: row.booking_window_months,
          },
          stay,
          calendar,
        )
      : null;
  const card = toCardFields(row, null, view);
  return {
    ...card,
    stayPrice: quote?.total ?? null,
    nights: quote?.nights ?? null,
    photos: photos.map((p) => toPhoto(p, card.title, view)),
    description: localize(row.description, view.locale),
    ...localizeAmenities(amenities, view),
    host: { id: row.host_id, name: row.host_first_name, avatar: row.host_avatar && isAllowedAvatarUrl(row.host_avatar) ? row.host_avatar : null, since: row.host_since },
    parent:
      row.parent_ref_id !== null && row.parent_slug !== null && row.parent_title
        ? { id: row.parent_ref_id, slug: row.parent_slug, title: localize(row.parent_title, view.locale) }
        : null,
    children,
    checkInTime: row.check_in_time,
    checkInUntil: row.check_in_until,
    checkOutTime: row.check_out_time,
    minNights: row.min_nights,
    maxNights: row.max_nights,
    weekendPrice: row.weekend_price,
    fees: feesOf(row),
    availableFrom: row.available_from,
    cancellationPolicy: row.cancellation_policy,
    houseRules: localize(row.house_rules, view.locale),
    reviews,
    stay: quote,
  };
}

/** Cards of published estates in the order asked; unknown, draft and repeated ids are left out. */
export async function loadCardsByIds(db: Db, ids: number[], view: Presentation): Promise<EstateCard[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const cards = await loadCards(
    db,
    { where: sql`e.status = ${sqlLiteral(ESTATE_STATUS.published)} AND e.id = ANY(${intArray(unique)})`, orderBy: "score", limit: unique.length, stay: null },
    view,
  );
  const byId = new Map(cards.map((card) => [card.id, card]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** One map point's card; with dates, its price for the stay. */
export async function loadCardOf(db: Db, idOrSlug: string, stay: StayDates | null, view: Presentation): Promise<EstateCard> {
  const [card] = await loadCards(
    db,
    { where: sql`e.status = ${sqlLiteral(ESTATE_STATUS.published)} AND ${idOrSlugCondition(idOrSlug)}`, orderBy: "score", limit: 1, stay },
    view,
  );
  if (!card) throw notFound(ESTATE_NOT_FOUND);
  return card;
}
