import { sql, type SQL } from "drizzle-orm";
import type { OrderBy } from "../../contract/estate";
import type { Db } from "../db/client";
import { orderClause } from "./estate-cards";
import { listedToGuests } from "./estate-lookup";

/**
 * How many listed estates, in the asked order, a search reads before it gives up on finding its
 * matches that way. Reading in index order answers a broad search after a few rows; a narrow one
 * (or one whose filters go with the order, like an expensive type sorted by price) would read the
 * whole table, at ~3 µs a row on PGlite with rows this wide. Measured on the bench's 200 searches
 * at 100k estates: 2000 beat 500, 5000 and 10 000.
 */
export const ORDERED_WINDOW = 2000;

/** What the search conditions read, so the window carries these instead of whole rows. */
const FILTER_COLUMNS = sql.raw(
  `e.id, e.status, e.parent_id, e.capacity, e.bed_count, e.price, e.type_id, e.subtype_id, e.star, e.rating,
   e.parameter_ids, e.nutrition_ids, e.is_instant_confirmation, e.lat, e.lng, e.search_text, e.score, e.created_at`,
);

/**
 * The first `size` listed estates in the order: a prefix of the order over all of them. For the
 * price orders the price range is part of the index walk, so the prefix is of the estates in range.
 */
function listedPrefix(orderBy: OrderBy, size: number, priceRange: SQL): SQL {
  if (orderBy === "price_asc" || orderBy === "price_desc") {
    return sql`SELECT ${FILTER_COLUMNS} FROM estates e WHERE ${listedToGuests} AND ${priceRange} ORDER BY ${orderClause(orderBy, "e")} LIMIT ${size}`;
  }
  if (orderBy !== "rating") {
    return sql`SELECT ${FILTER_COLUMNS} FROM estates e WHERE ${listedToGuests} ORDER BY ${orderClause(orderBy, "e")} LIMIT ${size}`;
  }
  // The rating index puts nulls first; "rated first" reads the rated and the unrated in index order.
  return sql`
    SELECT * FROM (
      (SELECT ${FILTER_COLUMNS} FROM estates e WHERE ${listedToGuests} AND e.rating IS NOT NULL ORDER BY e.rating DESC, e.id LIMIT ${size})
      UNION ALL
      (SELECT ${FILTER_COLUMNS} FROM estates e WHERE ${listedToGuests} AND e.rating IS NULL ORDER BY e.id LIMIT ${size})
    ) e
    ORDER BY ${orderClause(orderBy, "e")} LIMIT ${size}`;
}

export type MatchQuery = {
  /** The search conditions over `estates e`. */
  where: SQL;
  /** The price range alone (also in `where`), which the price orders walk their index by. */
  priceRange: SQL;
  orderBy: OrderBy;
  /** Matches the answer needs: it is complete once this many are found in order. */
  needed: number;
  /** Matches worth counting, when they come cheaply (at least `needed`). */
  countUpTo: number;
};

/**
 * Ids of the first matches in order: at least `needed` of them when there are that many, and up
 * to `countUpTo`. First among the first ORDERED_WINDOW listed estates: when `needed` of them match,
 * no estate further on can rank before those. Otherwise the matches are few, and all of them are
 * found through the filters' own indexes (trigram, map box, type, parameters…) and sorted. Then
 * the ids are every match (up to `countUpTo`); from the window, they may be the first of many.
 */
export async function firstMatches(db: Db, query: MatchQuery): Promise<number[]> {
  const { where, orderBy } = query;
  const inWindow = await db.execute<{ id: number }>(sql`
    SELECT e.id FROM (${listedPrefix(orderBy, ORDERED_WINDOW, query.priceRange)}) e
    WHERE ${where}
    ORDER BY ${orderClause(orderBy, "e")}
    LIMIT ${query.countUpTo}`);
  if (inWindow.rows.length >= query.needed) return inWindow.rows.map((r) => r.id);
  const all = await db.execute<{ id: number }>(sql`
    WITH matches AS MATERIALIZED (SELECT e.id, e.score, e.price, e.rating, e.created_at FROM estates e WHERE ${where})
    SELECT e.id FROM matches e
    ORDER BY ${orderClause(orderBy, "e")}
    LIMIT ${query.countUpTo}`);
  return all.rows.map((r) => r.id);
}
