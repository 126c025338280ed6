/**
 * Bulk insertion shared by the demo seed and the bulk generator: rows travel as one JSON document
 * per statement (`jsonb_to_recordset`), which is much faster than thousands of bind parameters and
 * works the same on PGlite and PostgreSQL.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** The database or a transaction on it. */
export type SeedDb = Pick<Db, "insert" | "select" | "execute">;
export type SeedTx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Column = readonly [name: string, pgType: string];

/** Rows per INSERT statement. */
export const CHUNK_ROWS = 1000;

/**
 * Optional parts of an insert: `inputs` are fields of the JSON rows that are not columns of the
 * table, and `computed` are columns written from an SQL expression over the row's fields (`x`).
 */
export type JsonInsertExtras = { inputs?: readonly Column[]; computed?: readonly (readonly [name: string, expression: string])[] };

export async function insertJson(
  db: SeedDb,
  table: string,
  columns: readonly Column[],
  rows: readonly Record<string, unknown>[],
  chunk = CHUNK_ROWS,
  extras: JsonInsertExtras = {},
): Promise<void> {
  if (rows.length === 0) return;
  const computed = extras.computed ?? [];
  const names = [...columns.map(([n]) => `"${n}"`), ...computed.map(([n]) => `"${n}"`)].join(", ");
  const values = [...columns.map(([n]) => `x."${n}"`), ...computed.map(([, e]) => e)].join(", ");
  const defs = [...columns, ...(extras.inputs ?? [])].map(([n, t]) => `"${n}" ${t}`).join(", ");
  for (let i = 0; i < rows.length; i += chunk) {
    const json = JSON.stringify(rows.slice(i, i + chunk));
    await db.execute(sql`INSERT INTO ${sql.raw(`"${table}"`)} (${sql.raw(names)}) SELECT ${sql.raw(values)} FROM jsonb_to_recordset(${json}::text::jsonb) AS x(${sql.raw(defs)})`);
  }
}

/** Takes `count` fresh ids from a table's serial sequence, so rows can reference each other before insertion. */
export async function allocateIds(db: SeedDb, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await db.execute(
    sql`SELECT nextval(pg_get_serial_sequence(${`"${table}"`}, 'id'))::int AS id FROM generate_series(1, ${count}::int)`,
  );
  return (result.rows as { id: number | string }[]).map((r) => Number(r.id));
}

export const COLUMNS = {
  users: [
    ["id", "int"],
    ["phone", "text"],
    ["password_hash", "text"],
    ["mode", "user_mode"],
    ["locale", "locale"],
    ["first_name", "text"],
    ["last_name", "text"],
    ["referral_code", "text"],
    ["created_at", "timestamptz"],
    ["updated_at", "timestamptz"],
  ],
  estates: [
    ["id", "int"],
    ["slug", "text"],
    ["host_id", "int"],
    ["parent_id", "int"],
    ["type_id", "int"],
    ["subtype_id", "int"],
    ["status", "estate_status"],
    ["region", "text"],
    ["lat", "float8"],
    ["lng", "float8"],
    ["capacity", "int2"],
    ["bed_count", "int2"],
    ["bedroom_count", "int2"],
    ["area", "int2"],
    ["star", "int2"],
    ["rating", "real"],
    ["reviews_count", "int"],
    ["price", "int"],
    ["is_instant_confirmation", "boolean"],
    ["parameter_ids", "int[]"],
    ["nutrition_ids", "int[]"],
    ["min_nights", "int2"],
    ["max_nights", "int2"],
    ["check_in_time", "text"],
    ["check_out_time", "text"],
    ["cancellation_policy", "cancellation_policy"],
    ["score", "real"],
    ["created_at", "timestamptz"],
    ["updated_at", "timestamptz"],
    ["published_at", "timestamptz"],
  ],
  estate_texts: [
    ["estate_id", "int"],
    ["title", "jsonb"],
    ["city", "jsonb"],
    ["address", "jsonb"],
    ["description", "jsonb"],
    ["house_rules", "jsonb"],
  ],
  estate_photos: [
    ["estate_id", "int"],
    ["key", "text"],
    ["width", "int2"],
    ["height", "int2"],
    ["variants", "int[]"],
    ["alt", "jsonb"],
    ["sort_order", "int2"],
    ["created_at", "timestamptz"],
  ],
  estate_prices: [
    ["estate_id", "int"],
    ["date", "date"],
    ["price", "int"],
  ],
  estate_blocked_dates: [
    ["estate_id", "int"],
    ["date", "date"],
  ],
  bookings: [
    ["id", "int"],
    ["estate_id", "int"],
    ["guest_id", "int"],
    ["host_id", "int"],
    ["check_in", "date"],
    ["check_out", "date"],
    ["adult_count", "int2"],
    ["children_count", "int2"],
    ["status", "booking_status"],
    ["nights", "int2"],
    ["total_price", "int"],
    ["price_lines", "jsonb"],
    ["comment", "text"],
    ["cancel_reason_id", "int"],
    ["refund_amount", "int"],
    ["created_at", "timestamptz"],
    ["updated_at", "timestamptz"],
  ],
  booking_events: [
    ["booking_id", "int"],
    ["from_status", "booking_status"],
    ["to_status", "booking_status"],
    ["actor", "text"],
    ["created_at", "timestamptz"],
  ],
  transactions: [
    ["booking_id", "int"],
    ["user_id", "int"],
    ["kind", "transaction_kind"],
    ["amount", "int"],
    ["status", "transaction_status"],
    ["provider", "text"],
    ["provider_ref", "text"],
    ["created_at", "timestamptz"],
    ["completed_at", "timestamptz"],
  ],
  reviews: [
    ["estate_id", "int"],
    ["booking_id", "int"],
    ["author_id", "int"],
    ["author_name", "text"],
    ["rating", "int2"],
    ["text", "text"],
    ["locale", "locale"],
    ["created_at", "timestamptz"],
  ],
  favorites: [
    ["user_id", "int"],
    ["estate_id", "int"],
    ["created_at", "timestamptz"],
  ],
} as const satisfies Record<string, readonly Column[]>;
