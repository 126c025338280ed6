import { sql, type SQL } from "drizzle-orm";
import type { Localized } from "../../contract/common";
import type { EstateCard, NamedRef, OrderBy } from "../../contract/estate";
import { SEARCH_DEFAULTS } from "../../contract/estate-constants";
import { stayBreakdown } from "../../contract/stay-price";
import type { Db } from "../db/client";
import type { Presentation } from "../lib/context";
import { datesUntil, daysBetween } from "../../contract/dates";
import { localize } from "../lib/locale";
import { CARD_PHOTO_LIMIT, loadPhotoRows, toPhoto } from "./photos";
import type { StayDates } from "./search/conditions";

/** The columns of a card, its type and subtype, and the stay price when dates were asked. */
export type CardRow = {
  id: number;
  slug: string;
  title: Localized;
  city: Localized;
  address: Localized;
  lat: number;
  lng: number;
  price: number;
  rating: number | null;
  reviews_count: number;
  star: number | null;
  is_instant_confirmation: boolean;
  capacity: number;
  bed_count: number;
  type_id: number;
  type_slug: string;
  type_name: Localized;
  subtype_id: number | null;
  subtype_slug: string | null;
  subtype_name: Localized | null;
  /** What the stay is priced from (contract/stay-price.ts). */
  weekend_price: number | null;
  cleaning_fee: number;
  extra_guest_fee: number;
  extra_guests_above: number;
  weekly_discount: number;
  monthly_discount: number;
  /** The host's prices for the stay's nights, by date; null without a stay or such prices. */
  date_prices: Record<string, number> | null;
};

/**
 * ORDER BY for each sort, matching the estates indexes (score DESC, id), (price, id),
 * (created_at DESC, id) so matches are read off an index in order instead of sorted.
 */
export function orderClause(orderBy: OrderBy, alias: string): SQL {
  const a = sql.raw(alias);
  switch (orderBy) {
    case "score":
      return sql`${a}.score DESC, ${a}.id`;
    case "price_asc":
      return sql`${a}.price, ${a}.id`;
    case "price_desc":
      return sql`${a}.price DESC, ${a}.id DESC`;
    case "rating":
      return sql`${a}.rating DESC NULLS LAST, ${a}.id`;
    case "newest":
      return sql`${a}.created_at DESC, ${a}.id`;
  }
}

/**
 * The host's prices for the nights of the stay at alias `a`, as a JSON object by date: with the
 * estate's own columns, what `stayBreakdown` (contract/stay-price.ts) prices the stay from, so the
 * card's figure is the estate page's total (decision 0069).
 */
function datePricesExpr(a: SQL, stay: StayDates | null): SQL {
  if (!stay) return sql`NULL::json`;
  return sql`(SELECT json_object_agg(ep.date::text, ep.price) FROM estate_prices ep
    WHERE ep.estate_id = ${a}.id AND ep.date >= ${stay.checkInDate}::date AND ep.date < ${stay.checkOutDate}::date)`;
}

/** What a card row's stay costs for `guests`: the breakdown's total (contract/stay-price.ts). */
export function cardStayPrice(row: CardRow, stay: StayDates, guests: number): number {
  const pricing = {
    price: row.price,
    weekendPrice: row.weekend_price,
    cleaningFee: row.cleaning_fee,
    extraGuestFee: row.extra_guest_fee,
    extraGuestsAbove: row.extra_guests_above,
    weeklyDiscount: row.weekly_discount,
    monthlyDiscount: row.monthly_discount,
  };
  return stayBreakdown(pricing, datesUntil(stay.checkInDate, stay.checkOutDate), guests, new Map(Object.entries(row.date_prices ?? {}))).total;
}

/** `stay.guests`: the party the stay is priced for (the extra-guest fee); the search's default when not given. */
export type CardStay = StayDates & { guests?: number };
export type CardQuery = { where: SQL; orderBy: OrderBy; limit: number; offset?: number; stay: CardStay | null };

/** An estate without a texts row reads as having empty ones. */
export const NO_TEXT = sql`'{"ru":"","en":"","ky":""}'::jsonb`;

/**
 * One page of card rows: filter and order the estates first, then join texts (from
 * `estate_texts`) and names onto that page only.
 */
export async function fetchCardRows(db: Db, query: CardQuery): Promise<CardRow[]> {
  const page = sql.raw("page");
  const { rows } = await db.execute<CardRow>(sql`
    WITH page AS (
      SELECT e.id, e.slug, e.lat, e.lng, e.price, e.weekend_price, e.cleaning_fee, e.extra_guest_fee, e.extra_guests_above,
        e.weekly_discount, e.monthly_discount, e.rating, e.reviews_count, e.star,
        e.is_instant_confirmation, e.capacity, e.bed_count, e.type_id, e.subtype_id, e.score, e.created_at
      FROM estates e
      WHERE ${query.where}
      ORDER BY ${orderClause(query.orderBy, "e")}
      LIMIT ${query.limit} OFFSET ${query.offset ?? 0})
    SELECT page.id, page.slug, coalesce(x.title, ${NO_TEXT}) AS title, coalesce(x.city, ${NO_TEXT}) AS city,
      coalesce(x.address, ${NO_TEXT}) AS address, page.lat, page.lng, page.price, page.rating,
      page.reviews_count, page.star, page.is_instant_confirmation, page.capacity, page.bed_count,
      page.type_id, t.slug AS type_slug, t.name AS type_name,
      page.subtype_id, s.slug AS subtype_slug, s.name AS subtype_name,
      page.weekend_price, page.cleaning_fee, page.extra_guest_fee, page.extra_guests_above, page.weekly_discount,
      page.monthly_discount, ${datePricesExpr(page, query.stay)} AS date_prices
    FROM page
    LEFT JOIN estate_texts x ON x.estate_id = page.id
    JOIN estate_types t ON t.id = page.type_id
    LEFT JOIN estate_subtypes s ON s.id = page.subtype_id
    ORDER BY ${orderClause(query.orderBy, "page")}`);
  return rows;
}

const namedRef = (id: number, slug: string, name: Localized, view: Presentation): NamedRef => ({
  id,
  slug,
  name: localize(name, view.locale),
});

/** A card without its photos, which the caller fetches for a whole page at once. */
export function toCardFields(row: CardRow, stay: CardStay | null, view: Presentation): Omit<EstateCard, "photos"> {
  return {
    id: row.id,
    slug: row.slug,
    title: localize(row.title, view.locale),
    type: namedRef(row.type_id, row.type_slug, row.type_name, view),
    subtype:
      row.subtype_id !== null && row.subtype_slug !== null && row.subtype_name
        ? namedRef(row.subtype_id, row.subtype_slug, row.subtype_name, view)
        : null,
    city: localize(row.city, view.locale),
    address: localize(row.address, view.locale),
    lat: row.lat,
    lng: row.lng,
    price: row.price,
    rating: row.rating,
    reviewsCount: row.reviews_count,
    star: row.star,
    isInstantConfirmation: row.is_instant_confirmation,
    capacity: row.capacity,
    bedCount: row.bed_count,
    stayPrice: stay ? cardStayPrice(row, stay, stay.guests ?? SEARCH_DEFAULTS.adultCount + SEARCH_DEFAULTS.childrenCount) : null,
    nights: stay ? daysBetween(stay.checkInDate, stay.checkOutDate) : null,
  };
}

/** Cards for rows, with their first photos fetched in one query. */
export async function toCards(db: Db, rows: CardRow[], stay: CardStay | null, view: Presentation): Promise<EstateCard[]> {
  const photos = await loadPhotoRows(
    db,
    rows.map((r) => r.id),
    CARD_PHOTO_LIMIT,
  );
  return rows.map((row) => {
    const card = toCardFields(row, stay, view);
    return { ...card, photos: (photos.get(row.id) ?? []).map((p) => toPhoto(p, card.title, view)) };
  });
}

export async function loadCards(db: Db, query: CardQuery, view: Presentation): Promise<EstateCard[]> {
  return toCards(db, await fetchCardRows(db, query), query.stay, view);
}
