/** Promo landing pages: the offer in the request's language, its state by today's date in Bishkek, its estates. */
import { sql } from "drizzle-orm";
import type { Localized } from "../../../contract/common";
import type { PromoResponse } from "../../../contract/content";
import type { Db } from "../../db/client";
import type { Presentation } from "../../lib/context";
import { notFound } from "../../lib/http-errors";
import { localize } from "../../lib/locale";
import { intArray, sqlLiteral } from "../../lib/sql";
import { loadCards } from "../estate-cards";
import { coverPhoto } from "./cover";
import { ESTATE_STATUS } from "../../../contract/estate-statuses";

type Row = {
  slug: string;
  title: Localized;
  summary: Localized;
  body: Localized;
  terms: Localized;
  cover_key: string | null;
  discount_percent: number;
  starts_on: string;
  ends_on: string;
  estate_ids: number[];
  today: string;
};

export async function getPromo(db: Db, slug: string, view: Presentation): Promise<PromoResponse> {
  const { rows } = await db.execute<Row>(sql`
    SELECT slug, title, summary, body, terms, cover_key, discount_percent, estate_ids,
      to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on,
      to_char((now() AT TIME ZONE 'Asia/Bishkek')::date, 'YYYY-MM-DD') AS today
    FROM promos WHERE slug = ${slug}`);
  const row = rows[0];
  if (!row) throw notFound("pageNotFound");
  const status = row.today < row.starts_on ? "upcoming" : row.today > row.ends_on ? "over" : "running";
  const title = localize(row.title, view.locale);
  // An offer that is over lists no estates: its page sends people to the search instead.
  const estates =
    status === "over" || row.estate_ids.length === 0
      ? []
      : await loadCards(db, { where: sql`e.status = ${sqlLiteral(ESTATE_STATUS.published)} AND e.id = ANY(${intArray(row.estate_ids)})`, orderBy: "rating", limit: row.estate_ids.length, stay: null }, view);
  return {
    promo: {
      slug: row.slug,
      title,
      summary: localize(row.summary, view.locale),
      body: localize(row.body, view.locale),
      terms: localize(row.terms, view.locale),
      cover: coverPhoto(row.cover_key, title, view),
      discountPercent: row.discount_percent,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      status,
    },
    estates,
  };
}
