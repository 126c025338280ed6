import { sql, type SQL } from "drizzle-orm";
import type { OrderBy } from "../../contract/estate";
import type { Db } from "../db/client";
import { orderClause } from "./estate-cards";
import { listedToGuests } from "./estate-lookup";

/**
 * How many listed estates, in the asked order, a search reads before it gives up on finding its
 * matches that way. Reading in index order answers a broad search after a few rows; a narrow one
 * (or one whose filters go with the order, like an expensive type sorted by price) would read the
 * whole table, at ~1.5 µs a row on PGlite. Measured on the bench's 200 searches
 * at 100k estates: 2000 beat 500, 5000 and 10 000.
 */
export const ORDERED_WINDOW = 2000;

/** What the search conditions read, so the window carries these instead of whole rows. */
const FILTER_COLUMNS = sql.raw(
  `e.id, e.status, e.parent_id, e.capacity, e.bed_count, e.price, e.type_id, e.subtype_id, e.star, e.rating,
   e.parameter_ids, e.nutrition_ids, e.is_instant_confirmation, e.lat, e.lng, e.search_text, e.score, e.created_at`,
);

/**
 * `columns` of the estates matching `where`, the first `limit` in the order, read off the order's
 * index. For the rating order, whose index puts nulls first, the rated and the unrated are read
 * in index order one after the other ("rated first").
 */
function inOrder(orderBy: OrderBy, columns: SQL, where: SQL, limit: number): SQL {
  if (orderBy !== "rating") {
    return sql`SELECT ${columns} FROM estates e WHERE ${where} ORDER BY ${orderClause(orderBy, "e")} LIMIT ${limit}`;
  }
  return sql`
    SELECT * FROM (
      (SELECT ${columns} FROM estates e WHERE ${where} AND e.rating IS NOT NULL ORDER BY e.rating DESC, e.id LIMIT ${limit})
      UNION ALL
      (SELECT ${columns} FROM estates e WHERE ${where} AND e.rating IS NULL ORDER BY e.id LIMIT ${limit})
    ) e
    ORDER BY ${orderClause(orderBy, "e")} LIMIT ${limit}`;
}

/**
 * The first `size` listed estates in the order: a prefix of the order over all of them. For the
 * price orders the price range is part of the index walk, so the prefix is of the estates in range.
 */
function listedPrefix(orderBy: OrderBy, size: number, priceRange: SQL): SQL {
  const listed = orderBy === "price_asc" || orderBy === "price_desc" ? sql`${listedToGuests} AND ${priceRange}` : listedToGuests;
  return inOrder(orderBy, FILTER_COLUMNS, listed, size);
}

export type MatchQuery = {
  /** The conditions on the estate row over `estates e` (location, price, type, parameters…). */
  where: SQL;
  /** Free for the stay (subqueries per estate), or null without dates. */
  stay: SQL | null;
  /** The price range alone (also in `where`), which the price orders walk their index by. */
  priceRange: SQL;
  orderBy: OrderBy;
  /** Matches the answer needs: it is complete once this many are found in order. */
  needed: number;
  /** Matches worth counting, when they come cheaply (at least `needed`). */
  countUpTo: number;
};

/** Row matches few enough to sort them all (step 2 below); 2000 beat 5000 on the bench at 100k. */
const ROW_MATCHES_SORTED = 2000;
/** Windows after the first (step 3 below), when many estates match but not early in the order. */
const LATER_WINDOWS = [ORDERED_WINDOW * 4, ORDERED_WINDOW * 16];

/**
 * Ids of the first matches in order: at least `needed` of them when there are that many, and up
 * to `countUpTo`.
 *
 * 1. Among the first ORDERED_WINDOW listed estates: when `needed` of them match, no estate further
 *    on can rank before those. This answers broad searches.
 * 2. Otherwise, the estates matching the row conditions, up to ROW_MATCHES_SORTED of them, by the
 *    cheapest way PostgreSQL finds (the filters' own indexes: trigram, map box, type,
 *    parameters…). When that is all of them, they are sorted and tested for the stay in order,
 *    until `countUpTo` are free: every match, up to `countUpTo`.
 * 3. Otherwise many estates match, just not early in the order (the cheapest estates sleep one,
 *    so a party sorted by price finds its first matches thousands of estates in): two larger
 *    windows (LATER_WINDOWS), and then every match in the order.
 *
 * From a window, the ids may be the first of many (`total` is then a lower bound, as the
 * contract says); from step 2 they are exact.
 */
export async function firstMatches(db: Db, query: MatchQuery): Promise<number[]> {
  const { where, stay, orderBy } = query;
  const all = stay ? sql`${where} AND ${stay}` : where;
  const inWindow = async (size: number) => {
    const { rows } = await db.execute<{ id: number }>(sql`
      SELECT e.id FROM (${listedPrefix(orderBy, size, query.priceRange)}) e
      WHERE ${all}
      ORDER BY ${orderClause(orderBy, "e")}
      LIMIT ${query.countUpTo}`);
    return rows.map((r) => r.id);
  };

  const first = await inWindow(ORDERED_WINDOW);
  if (first.length >= query.needed) return first;

  const { rows } = await db.execute<{ n: number; id: number | null; rank: number | null }>(sql`
    WITH found AS MATERIALIZED (
      SELECT e.id, e.score, e.price, e.rating, e.created_at FROM estates e WHERE ${where} LIMIT ${ROW_MATCHES_SORTED + 1}),
    size AS (SELECT count(*)::int AS n FROM found)
    SELECT size.n, m.id, m.rank FROM size LEFT JOIN LATERAL (
      SELECT e.id, row_number() OVER (ORDER BY ${orderClause(orderBy, "e")})::int AS rank FROM (
        SELECT * FROM found e WHERE size.n <= ${ROW_MATCHES_SORTED} ORDER BY ${orderClause(orderBy, "e")} OFFSET 0) e
      ${stay ? sql`WHERE ${stay}` : sql``}
      ORDER BY ${orderClause(orderBy, "e")}
      LIMIT ${query.countUpTo}) m ON true`);
  if (rows[0].n <= ROW_MATCHES_SORTED) {
    return rows
      .filter((r): r is { n: number; id: number; rank: number } => r.id !== null)
      .sort((a, b) => a.rank - b.rank)
      .map((r) => r.id);
  }

  for (const size of LATER_WINDOWS) {
    const ids = await inWindow(size);
    if (ids.length >= query.needed) return ids;
  }
  const { rows: walked } = await db.execute<{ id: number }>(sql`
    SELECT e.id FROM estates e WHERE ${all} ORDER BY ${orderClause(orderBy, "e")} LIMIT ${query.countUpTo}`);
  return walked.map((r) => r.id);
}
