/**
 * Bulk generation for benchmarks and load tests: N more published estates from the demo generator,
 * with photo rows referencing the demo pool, reviews, a share of bookings, prices and blocked
 * dates, then VACUUM ANALYZE: the planner learns the new sizes, and pages marked all-visible let
 * scans skip per-row visibility checks (PGlite never vacuums or analyzes on its own). Reviews come without the completed
 * bookings the demo gives them (three times fewer rows); current and upcoming bookings, which
 * availability search reads, are there for about half of the listings.
 *
 * Speed: rows go in batches of ~1000 listings (one INSERT per table per batch). The whole load is
 * one transaction, so a failed or interrupted run leaves the database as it was; that also makes
 * two bulk-loading shortcuts safe: for a large load the estates' GIN indexes (trigram search and
 * parameter arrays) are dropped and rebuilt at the end, which is several times cheaper than
 * updating them row by row; and when the role may (PGlite always), triggers are skipped for the
 * generated rows: the foreign-key checks (the rows reference only rows created before them) and
 * the one keeping `estate_words`, which is then brought up to date in one statement, and those
 * logging changes for the search index, which instead logs one "reload everything". The EXCLUDE
 * constraint against overlapping bookings and the CHECK constraints stay in force.
 * On PostgreSQL the transaction locks the estates table against writes while it runs.
 */
import { sql } from "drizzle-orm";
import { dayIndex, todayInBishkek } from "../../contract/dates";
import type { Db } from "../db/client";
import { loadDirectoryIds } from "./directory";
import {
  BULK_DENSITY,
  finalizeRatings,
  generateComplex,
  generateListing,
  insertBatch,
  isoAt,
  pickPlaceAndType,
  SeedBatch,
  type GenContext,
  type GuestRef,
} from "./estates";
import { PLACES } from "./places";
import { Rng } from "./rng";
import type { SeedTx } from "./sql";
import { personAt } from "./texts";
import { insertUsers, type UserSeed } from "./users";
import { ESTATE_STATUS } from "../../contract/estate-statuses";
import { sqlLiteral } from "../lib/sql";

export type BulkOptions = {
  /** How many more listings to create (complexes count once; their units come on top). */
  count: number;
  /** Listings per batch. */
  batchSize?: number;
  log?: (line: string) => void;
};

export type BulkResult = { listings: number; estates: number; bookings: number; reviews: number; photos: number; users: number; seconds: number };

const LISTINGS_PER_HOST = 25;
const LISTINGS_PER_GUEST = 20;
const COMPLEX_SHARE = 0.01;
/** Below this many new listings, or when adding less than half the table, indexes are kept. */
const REBUILD_MIN = 2000;
const LOCK_KEY = 731_957_002;
/** The tables a bulk load writes. */
const BULK_TABLES = ["users", "estates", "estate_texts", "estate_words", "estate_photos", "estate_prices", "estate_blocked_dates", "bookings", "reviews"];

export async function seedBulk(db: Db, opts: BulkOptions): Promise<BulkResult> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
    return load(tx, opts, log, started);
  });
  log("seed: VACUUM ANALYZE");
  for (const table of BULK_TABLES) await db.execute(sql.raw(`VACUUM ANALYZE "${table}"`));
  return { ...result, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

async function load(tx: SeedTx, opts: BulkOptions, log: (line: string) => void, started: number): Promise<Omit<BulkResult, "seconds">> {
  const batchSize = Math.max(1, opts.batchSize ?? 1000);
  const dir = await loadDirectoryIds(tx);
  const existing = Number(((await tx.execute(sql`SELECT count(*)::int AS n FROM estates`)).rows[0] as { n: number | string }).n);
  const root = new Rng(`konok-bulk:${existing}`);
  const now = new Date();
  const today = dayIndex(todayInBishkek(now));
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  const lastIdBefore = Number(((await tx.execute(sql`SELECT coalesce(max(id), 0)::int AS id FROM estates`)).rows[0] as { id: number | string }).id);
  const superuser = ((await tx.execute(sql`SELECT current_setting('is_superuser') = 'on' AS su`)).rows[0] as { su: boolean }).su;
  if (superuser) await tx.execute(sql`SET LOCAL session_replication_role = replica`);
  const rebuild = opts.count >= REBUILD_MIN && opts.count * 2 >= existing;
  const ginIndexes = rebuild
    ? ((await tx.execute(sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'estates' AND indexdef ILIKE '% USING gin %'`)).rows as { indexname: string; indexdef: string }[])
    : [];
  for (const ix of ginIndexes) await tx.execute(sql.raw(`DROP INDEX "${ix.indexname}"`));

  // Owners and guests for the new listings, so no host ends up with tens of thousands of them.
  const people = root.fork("people");
  const pick = (n: number) => people.int(0, n - 1);
  const hostCount = Math.max(1, Math.ceil(opts.count / LISTINGS_PER_HOST));
  const guestCount = Math.max(20, Math.ceil(opts.count / LISTINGS_PER_GUEST));
  const users: UserSeed[] = [];
  for (let i = 0; i < hostCount + guestCount; i++) {
    const host = i < hostCount;
    const p = personAt(host ? i * 7 : i, pick);
    users.push({
      phone: (id) => `${host ? "99655" : "99677"}${String(id % 10_000_000).padStart(7, "0")}`,
      passwordHash: null,
      mode: host ? "host" : "guest",
      locale: p.locale,
      firstName: p.first,
      lastName: p.last,
      createdAt: isoAt(today - people.int(30, 1200), 9),
    });
  }
  const userIds: number[] = [];
  for (let i = 0; i < users.length; i += 5000) userIds.push(...(await insertUsers(tx, users.slice(i, i + 5000))));
  const hostIds = userIds.slice(0, hostCount);
  const guests: GuestRef[] = users.slice(hostCount).map((u, i) => ({ id: userIds[hostCount + i], first: u.firstName, last: u.lastName, locale: u.locale }));
  log(`seed: ${hostCount} hosts and ${guestCount} guests created for ${opts.count} listings`);

  const gen: GenContext = { dir, now, today, density: BULK_DENSITY, hostFor: (r) => r.pick(hostIds), guests, usedTitles: new Set() };
  const complexPlaces = PLACES.filter((p) => p.lake || p.mountainView >= 0.9);
  const totals = { listings: 0, estates: 0, bookings: 0, reviews: 0, photos: 0 };
  let lastLog = 0;
  for (let done = 0; done < opts.count; ) {
    const size = Math.min(batchSize, opts.count - done);
    const batch = new SeedBatch();
    for (let i = 0; i < size; i++) {
      const r = root.fork(`listing-${done + i}`);
      if (r.chance(COMPLEX_SHARE)) {
        generateComplex(r, gen, batch, r.pick(complexPlaces), r.chance(0.5) ? "sanatorium" : "resort", r.int(3, 6));
      } else {
        const { place, type } = pickPlaceAndType(r);
        generateListing(r, gen, batch, place, type);
      }
    }
    finalizeRatings(batch, now);
    const inserted = await insertBatch(tx, batch, { history: false, now });
    done += size;
    totals.listings += size;
    totals.estates += inserted.estates;
    totals.bookings += inserted.bookings;
    totals.reviews += inserted.reviews;
    totals.photos += inserted.photos;
    if (done === opts.count || performance.now() - lastLog > 5000) {
      lastLog = performance.now();
      log(`seed: ${done}/${opts.count} listings (${totals.estates} estates, ${totals.bookings} bookings, ${totals.reviews} reviews), ${elapsed()}`);
    }
  }
  if (superuser) {
    // The trigger keeping estate_words was skipped with the others: add the new listings' words.
    log(`seed: adding the new listings' words to estate_words, ${elapsed()}`);
    await tx.execute(sql`
      INSERT INTO estate_words (word, estates)
      SELECT w, count(*)::int FROM estates e CROSS JOIN LATERAL estate_words_of(e.search_text) AS w
      WHERE e.id > ${lastIdBefore} AND e.status = ${sqlLiteral(ESTATE_STATUS.published)} AND e.parent_id IS NULL
      GROUP BY w ORDER BY w
      ON CONFLICT (word) DO UPDATE SET estates = estate_words.estates + EXCLUDED.estates`);
    // The triggers logging changes for the search index were skipped too: have every index reload.
    await tx.execute(sql`INSERT INTO search_changes (estate_id) VALUES (NULL)`);
  }
  if (ginIndexes.length) {
    log(`seed: rebuilding ${ginIndexes.map((i) => i.indexname).join(", ")}`);
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const ix of ginIndexes) await tx.execute(sql.raw(ix.indexdef));
  }
  log(`seed: committing, ${elapsed()}`);
  return { ...totals, users: users.length };
}
