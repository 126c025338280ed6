import type { AvailabilityRules } from "../../contract/availability-rules";
import { eq, sql, type SQL } from "drizzle-orm";
import type { Localized } from "../../contract/common";
import type { Db } from "../db/client";
import { estateTexts } from "../db/schema";
import { notFound } from "../lib/http-errors";
import { ESTATE_STATUS } from "../../contract/estate-statuses";
import { sqlLiteral } from "../lib/sql";
import { keptWhileUnwritten } from "../lib/kept-while-unwritten";

export const ESTATE_NOT_FOUND = "estateNotFound";

/** What a guest search lists: published, top-level estates (a complex's units are reached through it). */
export const listedToGuests = sql`e.status = ${sqlLiteral(ESTATE_STATUS.published)} AND e.parent_id IS NULL`;

/** Estates are addressed by id or by slug (`/estates/{slug}` pages); digits alone are an id. */
export const idOrSlugCondition = (idOrSlug: string): SQL =>
  /^\d{1,9}$/.test(idOrSlug)
    ? sql`e.id = ${Number(idOrSlug)}`
    : // No slug holds a NUL (PostgreSQL refuses it in text) or runs past 300 characters: such an
      // address names no estate, a 404 like any other unknown one.
      idOrSlug.includes("\u0000") || idOrSlug.length > 300
      ? sql`false`
      : sql`e.slug = ${idOrSlug}`;

/** A published estate, or a 404: drafts and archived estates do not exist for guests. */
export type PublishedEstate = { id: number; price: number; weekendPrice: number | null; availableFrom: string | null } & AvailabilityRules;

/**
 * Kept until the next write (api/lib/kept-while-unwritten.ts): the estate page's calendar and
 * reviews ask for it on every visit. `noted`: keptWhileUnwritten's.
 */
export async function findPublishedEstate(db: Db, idOrSlug: string, noted?: Promise<number | null>): Promise<PublishedEstate> {
  return keptWhileUnwritten(db, `published:${idOrSlug}`, () => readPublishedEstate(db, idOrSlug), Infinity, undefined, noted);
}

async function readPublishedEstate(db: Db, idOrSlug: string): Promise<PublishedEstate> {
  const { rows } = await db.execute<PublishedEstate>(
    sql`SELECT e.id, e.price, e.weekend_price AS "weekendPrice", e.available_from::text AS "availableFrom",
      e.advance_notice_days AS "advanceNoticeDays", e.same_day_until_hour AS "sameDayUntilHour", e.preparation_nights AS "preparationNights",
      e.booking_window_months AS "bookingWindowMonths"
      FROM estates e WHERE e.status = ${sqlLiteral(ESTATE_STATUS.published)} AND ${idOrSlugCondition(idOrSlug)}`,
  );
  if (!rows[0]) throw notFound(ESTATE_NOT_FOUND);
  return rows[0];
}

const NO_TEXT: Localized = { ru: "", en: "", ky: "" };

/** An estate's title and city, which live in `estate_texts`; empty for an estate without texts. */
export async function estateNames(db: Pick<Db, "select">, estateId: number): Promise<{ title: Localized; city: Localized }> {
  const [row] = await db.select({ title: estateTexts.title, city: estateTexts.city }).from(estateTexts).where(eq(estateTexts.estateId, estateId));
  return row ?? { title: NO_TEXT, city: NO_TEXT };
}
