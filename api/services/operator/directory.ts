/**
 * The console's directory editor (issue 31): listing types, subtypes, amenities and meals. Each
 * change is one transaction that locks the row, refuses a stale edit token (409 editedMeanwhile,
 * nothing written), writes the row with the next token and its audit entry with the entry before
 * and after.
 *
 * Nothing is deleted (decision 0076): retiring sets `retired_at`, so the guest lists
 * (services/directory.ts) and the wizard stop offering the entry while listings that have it keep
 * it, and the seed's `loadDirectoryIds` still finds every slug it knows.
 *
 * Freshness: the lists are read from the database on each request; this node's page cache is
 * emptied by the console's POST itself (server/page-cache.ts noteApiCall); other nodes' cached
 * pages age out within a minute (docs/operations.md, "Several nodes"). The search index keeps ids
 * only, never names or whether an entry is offered, so it needs nothing.
 */
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { ListingKind } from "../../../contract/listing-steps";
import {
  DIRECTORY_OBJECT_TYPES,
  DIRECTORY_SLUG_MAX,
  type DirectoryAdminResponse,
  type DirectoryInput,
  type DirectoryKind,
  type DirectoryRow,
  type DirectoryUpdate,
} from "../../../contract/operator-directory";
import type { Db } from "../../db/client";
import { estateSubtypes, estateTypes, nutritionTypes, parameters } from "../../db/schema";
import { fieldError, HttpError, notFound } from "../../lib/http-errors";
import { recordAudit } from "./audit";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
const TABLES = { type: estateTypes, subtype: estateSubtypes, amenity: parameters, meal: nutritionTypes } as const;
type AnyRow = { id: number; slug: string; name: DirectoryRow["name"]; sortOrder: number; retiredAt: Date | null; editVersion: number } & Record<string, unknown>;

function rowOf(kind: DirectoryKind, r: AnyRow, inUse: number): DirectoryRow {
  const row: DirectoryRow = { id: r.id, slug: r.slug, name: r.name, sortOrder: r.sortOrder, retiredAt: r.retiredAt?.toISOString() ?? null, editVersion: r.editVersion, inUse };
  if (kind === "type") Object.assign(row, { icon: r.icon, kind: r.kind });
  if (kind === "subtype") row.typeId = r.typeId as number;
  if (kind === "amenity") Object.assign(row, { icon: r.icon, group: r.group });
  return row;
}

/** How many listings have each entry, by kind and id (deleted listings too: their pages are gone, the rows are not). */
async function usage(db: Db | Tx): Promise<Record<DirectoryKind, Map<number, number>>> {
  const { rows } = await db.execute<{ kind: DirectoryKind; id: number; n: number }>(sql`
    SELECT 'type' AS kind, type_id AS id, count(*)::int AS n FROM estates GROUP BY type_id
    UNION ALL SELECT 'subtype', subtype_id, count(*)::int FROM estates WHERE subtype_id IS NOT NULL GROUP BY subtype_id
    UNION ALL SELECT 'amenity', p.id, count(*)::int FROM estates, unnest(parameter_ids) AS p(id) GROUP BY p.id
    UNION ALL SELECT 'meal', m.id, count(*)::int FROM estates, unnest(nutrition_ids) AS m(id) GROUP BY m.id`);
  const maps: Record<DirectoryKind, Map<number, number>> = { type: new Map(), subtype: new Map(), amenity: new Map(), meal: new Map() };
  for (const r of rows) maps[r.kind].set(Number(r.id), Number(r.n));
  return maps;
}

/** Every entry, retired ones too, in the order guests see them. */
export async function listDirectory(db: Db): Promise<DirectoryAdminResponse> {
  const [types, subtypes, amenities, meals, used] = await Promise.all([
    db.select().from(estateTypes).orderBy(asc(estateTypes.sortOrder), asc(estateTypes.id)),
    db.select().from(estateSubtypes).orderBy(asc(estateSubtypes.sortOrder), asc(estateSubtypes.id)),
    db.select().from(parameters).orderBy(asc(parameters.sortOrder), asc(parameters.id)),
    db.select().from(nutritionTypes).orderBy(asc(nutritionTypes.sortOrder), asc(nutritionTypes.id)),
    usage(db),
  ]);
  const of = (kind: DirectoryKind, rows: AnyRow[]) => rows.map((r) => rowOf(kind, r, used[kind].get(r.id) ?? 0));
  return { types: of("type", types), subtypes: of("subtype", subtypes), amenities: of("amenity", amenities), meals: of("meal", meals) };
}

async function lockedRow(tx: Tx, kind: DirectoryKind, id: number): Promise<AnyRow> {
  const table = TABLES[kind];
  const [row] = await tx.select().from(table).where(eq(table.id, id)).for("update");
  if (!row) throw notFound("directoryEntryNotFound");
  return row as AnyRow;
}

async function entryOf(tx: Tx, kind: DirectoryKind, row: AnyRow): Promise<DirectoryRow> {
  return rowOf(kind, row, (await usage(tx))[kind].get(row.id) ?? 0);
}

/** What the audit entry keeps of a row: its fields, not its id or token. */
function snapshot(row: AnyRow) {
  const { id: _id, editVersion: _version, retiredAt, ...rest } = row;
  return { ...rest, retiredAt: retiredAt?.toISOString() ?? null };
}

/**
 * A slug made from the English name (`Sea view` → `sea-view`; a subtype's starts with its type's,
 * as the seeded ones do), `-2`, `-3`… added while another entry of the table has it.
 */
async function freeSlug(tx: Tx, kind: DirectoryKind, english: string, prefix: string | null): Promise<string> {
  const table = TABLES[kind];
  const words = english
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  let base = [prefix, words || kind].filter(Boolean).join("-").slice(0, DIRECTORY_SLUG_MAX - 4).replace(/-+$/, "");
  if (base.length < 2) base = `${kind}-${base}`;
  const { rows } = await tx.execute<{ slug: string }>(sql`SELECT slug FROM ${table} WHERE slug = ${base} OR slug LIKE ${`${base}-%`}`);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Adds an entry; its slug is the one typed (refused beside the field when taken) or one made from
 * the English name. The input is the kind's, validated by the route (DIRECTORY_CREATE_SCHEMAS).
 */
export async function createDirectoryEntry(db: Db, operatorId: number, kind: DirectoryKind, input: DirectoryInput<DirectoryKind>): Promise<DirectoryRow> {
  const table = TABLES[kind];
  return db.transaction(async (tx) => {
    // One adder at a time per table: two operators adding "Sea view" at once get two slugs, not a unique-key error.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(731957100, ${Object.keys(TABLES).indexOf(kind)})`);
    let prefix: string | null = null;
    if (kind === "subtype") {
      const [type] = await tx.select().from(estateTypes).where(eq(estateTypes.id, (input as DirectoryInput<"subtype">).typeId));
      if (!type) throw fieldError("typeId", "choose");
      prefix = type.slug;
    }
    let slug = input.slug;
    if (slug) {
      const [taken] = await tx.select({ id: table.id }).from(table).where(eq(table.slug, slug));
      if (taken) throw fieldError("slug", "directorySlugTaken");
    } else slug = await freeSlug(tx, kind, input.name.en, prefix);
    const { slug: _typed, ...columns } = input;
    const [made] = (await tx
      .insert(table)
      .values({ ...columns, slug } as never)
      .returning()) as AnyRow[];
    await recordAudit(tx, { operatorId, action: `${DIRECTORY_OBJECT_TYPES[kind]}.create`, objectType: DIRECTORY_OBJECT_TYPES[kind], objectId: made.id, before: null, after: snapshot(made) });
    return entryOf(tx, kind, made);
  });
}

/**
 * Changes an entry's names, order and (types and amenities) icon and group, with the token
 * `editVersion` it was read with. The input is the kind's, validated by the route (DIRECTORY_UPDATE_SCHEMAS).
 */
export async function updateDirectoryEntry(db: Db, operatorId: number, kind: DirectoryKind, id: number, editVersion: number, input: DirectoryUpdate<DirectoryKind>): Promise<DirectoryRow> {
  const table = TABLES[kind];
  return db.transaction(async (tx) => {
    const before = await lockedRow(tx, kind, id);
    if (before.editVersion !== editVersion) throw new HttpError(409, "editedMeanwhile");
    const [after] = (await tx
      .update(table)
      .set({ ...input, editVersion: sql`${table.editVersion} + 1` } as never)
      .where(eq(table.id, id))
      .returning()) as AnyRow[];
    await recordAudit(tx, { operatorId, action: `${DIRECTORY_OBJECT_TYPES[kind]}.update`, objectType: DIRECTORY_OBJECT_TYPES[kind], objectId: id, before: snapshot(before), after: snapshot(after) });
    return entryOf(tx, kind, after);
  });
}

/** Retires an entry (`retire`) or offers it again (`restore`), read with the token `editVersion`; listings that have it are not touched either way. */
export async function setDirectoryEntryRetired(db: Db, operatorId: number, kind: DirectoryKind, id: number, retire: boolean, editVersion: number): Promise<DirectoryRow> {
  const table = TABLES[kind];
  return db.transaction(async (tx) => {
    const before = await lockedRow(tx, kind, id);
    if (before.editVersion !== editVersion) throw new HttpError(409, "editedMeanwhile");
    if (retire && before.retiredAt) throw new HttpError(409, "alreadyRetired");
    if (!retire && !before.retiredAt) throw new HttpError(409, "notRetired");
    // A new listing starts with the first offered type of its kind: without one, none of that kind could be made.
    if (retire && kind === "type") {
      const [other] = await tx
        .select({ id: estateTypes.id })
        .from(estateTypes)
        .where(and(eq(estateTypes.kind, before.kind as ListingKind), isNull(estateTypes.retiredAt), ne(estateTypes.id, id)))
        .limit(1);
      if (!other) throw new HttpError(409, "lastTypeOfKind");
    }
    const [after] = (await tx
      .update(table)
      .set({ retiredAt: retire ? sql`now()` : null, editVersion: sql`${table.editVersion} + 1` } as never)
      .where(eq(table.id, id))
      .returning()) as AnyRow[];
    const type = DIRECTORY_OBJECT_TYPES[kind];
    await recordAudit(tx, { operatorId, action: `${type}.${retire ? "retire" : "restore"}`, objectType: type, objectId: id, before: snapshot(before), after: snapshot(after) });
    return entryOf(tx, kind, after);
  });
}
