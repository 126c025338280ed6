/**
 * A signed-in user's saved estates. Only published estates count: one that is hidden later keeps
 * its row (it comes back if republished) but is left out of every answer, as guests never see it.
 */
import { sql } from "drizzle-orm";
import type { EstateCard } from "../../contract/estate";
import type { Paginated } from "../../contract/common";
import type { Db } from "../db/client";
import type { Presentation } from "../lib/context";
import { notFound } from "../lib/http-errors";
import { intArray, sqlLiteral } from "../lib/sql";
import { loadCardsByIds } from "./estate-detail";
import { ESTATE_NOT_FOUND } from "./estate-lookup";
import { ESTATE_STATUS } from "../../contract/estate-statuses";

const newestFirst = sql`f.created_at DESC, f.estate_id DESC`;
const mineAndListed = (userId: number) => sql`f.user_id = ${userId} AND e.status = ${sqlLiteral(ESTATE_STATUS.published)}`;

/** The same ids as one int array (never null), to ride along another read (`/api/v1/page_data`). */
export const favoriteIdsArraySql = (userId: number) => sql`
  coalesce((SELECT array_agg(f.estate_id ORDER BY ${newestFirst}) FROM favorites f JOIN estates e ON e.id = f.estate_id
    WHERE ${mineAndListed(userId)}), '{}'::int[])`;

/** Every saved, published estate id, newest first: one index-backed query, for marking hearts. */
export async function favoriteIds(db: Db, userId: number): Promise<number[]> {
  const { rows } = await db.execute<{ estate_id: number }>(sql`
    SELECT f.estate_id FROM favorites f JOIN estates e ON e.id = f.estate_id
    WHERE ${mineAndListed(userId)} ORDER BY ${newestFirst}`);
  return rows.map((r) => Number(r.estate_id));
}

/** One page of saved estates as cards, newest first. */
export async function listFavorites(db: Db, userId: number, page: number, perPage: number, view: Presentation): Promise<Paginated<EstateCard>> {
  const [idRows, countRows] = await Promise.all([
    db.execute<{ estate_id: number }>(sql`
      SELECT f.estate_id FROM favorites f JOIN estates e ON e.id = f.estate_id
      WHERE ${mineAndListed(userId)} ORDER BY ${newestFirst}
      LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`),
    db.execute<{ total: number }>(sql`
      SELECT count(*) AS total FROM favorites f JOIN estates e ON e.id = f.estate_id WHERE ${mineAndListed(userId)}`),
  ]);
  const total = Number(countRows.rows[0]?.total ?? 0);
  const items = await loadCardsByIds(
    db,
    idRows.rows.map((r) => Number(r.estate_id)),
    view,
  );
  return { items, page, perPage, total, hasMore: page * perPage < total };
}

/** Saves an estate; saving it again changes nothing. A draft, archived or unknown estate is a 404. */
export async function addFavorite(db: Db, userId: number, estateId: number): Promise<boolean> {
  const { rows } = await db.execute<{ estate_id: number }>(sql`
    INSERT INTO favorites (user_id, estate_id)
    SELECT ${userId}, e.id FROM estates e WHERE e.id = ${estateId} AND e.status = ${sqlLiteral(ESTATE_STATUS.published)}
    ON CONFLICT DO NOTHING
    RETURNING estate_id`);
  if (rows.length > 0) return true;
  const { rows: listed } = await db.execute(sql`SELECT 1 FROM estates e WHERE e.id = ${estateId} AND e.status = ${sqlLiteral(ESTATE_STATUS.published)}`);
  if (listed.length === 0) throw notFound(ESTATE_NOT_FOUND);
  return false;
}

/** Forgets a saved estate; forgetting one that is not saved (or does not exist) changes nothing. */
export async function removeFavorite(db: Db, userId: number, estateId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    DELETE FROM favorites WHERE user_id = ${userId} AND estate_id = ${estateId} RETURNING estate_id`);
  return rows.length > 0;
}

/**
 * Saves a visitor's list into the account. `ids` come newest first and keep that order just below
 * now (a millisecond apart). Unknown and hidden estates are skipped; already saved ones keep their
 * date. Answers how many were new.
 */
export async function mergeFavorites(db: Db, userId: number, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const { rows } = await db.execute(sql`
    INSERT INTO favorites (user_id, estate_id, created_at)
    SELECT ${userId}, e.id, now() - v.ord * interval '1 millisecond'
    FROM unnest(${intArray(unique)}) WITH ORDINALITY AS v(id, ord)
    JOIN estates e ON e.id = v.id AND e.status = ${sqlLiteral(ESTATE_STATUS.published)}
    ON CONFLICT DO NOTHING
    RETURNING estate_id`);
  return rows.length;
}
