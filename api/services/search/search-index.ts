/**
 * The search's read model: every published estate's search fields, booked and blocked nights and
 * location words, held in memory by each API process. See docs/decisions/0011-in-memory-search-index.md.
 *
 * PostgreSQL stays the truth. Triggers (migration 0005) log the id of every estate whose search
 * fields, bookings or blocked dates change into `search_changes`, with the writing transaction's
 * id. Before each search the index reads the entries logged by transactions it may not have seen
 * (xid at or above the oldest transaction still running when it last looked) and reloads those
 * estates, so a search sees every write committed before it started, from any process.
 *
 * Estates live in slots: one typed array per field, indexed by slot, so a search tests 100 000
 * estates in a millisecond or two by reading memory in order instead of chasing objects.
 */
import { sqlStateOf } from "../../lib/error-handler";
import { sql } from "drizzle-orm";
import type { OrderBy } from "../../../contract/estate";
import { writesBefore, type Db } from "../../db/client";
import { Columns, NO_ID, packRules } from "./columns";
import { Dictionary } from "./dictionary";
import { comparators, SortedSlots } from "./orders";
import { readEstates, type EstateRow } from "./read-estates";

/** The stay-price fields at the end of an EstateRow (from position 27). */
type StayPriceFields = [number | null, number, number, number, number, number, number[] | null, number[] | null];

/** Splits text into words: `estate_words_of` (migration 0004) splits `search_text` the same way. */
export const WORD_SEPARATORS = /[\s,.;:!?()"«»]+/;

/**
 * Changes logged more than this long ago are deleted; a process that has not looked for half as
 * long reloads everything instead of trusting the log.
 */
const LOG_KEPT_MS = 24 * 3_600_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/** More changed estates than this at once are cheaper to reload whole. */
const RELOAD_ALL_ABOVE = 5000;
/**
 * Moving an estate in a sorted order shifts the slots after it (~20 µs at 100 000): beyond this
 * many moves, sorting afresh is cheaper.
 */
const RESORT_ABOVE = 1000;
/**
 * A full load reads the published estates this many at a time (by id, in one snapshot): PGlite's
 * WASM memory, which never shrinks, then only grows to hold one page's result, not the whole
 * catalogue's (decision 0058). A page of 5000 is ~2.5 MB of JSON.
 */
export const LOAD_PAGE_ROWS = 5000;

export type SearchIndexOptions = { loadPageRows?: number };

export class SearchIndex {
  // What a full load replaces at once (adopt): not readonly for that, never assigned elsewhere.
  columns = new Columns(1024);
  private dictionary = new Dictionary();
  private compare = comparators(this.columns);
  private slotOf = new Map<number, number>();
  private freeSlots: number[] = [];
  private nextSlot = 0;
  /** Slots of the published units of each complex, by the complex's id. */
  private units = new Map<number, number[]>();
  private sorted = new Map<OrderBy, SortedSlots>();
  private watermark: number | null = null;
  private syncedAt = 0;
  private prunedAt = 0;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /**
   * The database's write signal (`writesBefore`) as the last finished sync began, and as the one
   * under way began: every write that had ended by then was visible to its reads.
   */
  private coveredWrites = -1;
  private runningCovers = -1;
  /** How many times the index has read the database (catch-up queries and full loads). */
  lookups = 0;

  private readonly loadPageRows: number;

  constructor(
    private readonly db: Db,
    options: SearchIndexOptions = {},
  ) {
    this.loadPageRows = Math.max(1, options.loadPageRows ?? LOAD_PAGE_ROWS);
  }

  /**
   * Brings the index up to every write committed before this call (`noted`: the caller's write
   * signal, taken at the start of its work, instead of a check of its own).
   */
  async sync(noted?: Promise<number | null>): Promise<void> {
    // When no write has ended since a sync began, that sync's reads already saw everything
    // committed before this call, and there is nothing to ask the log: on PGlite this process is
    // the only writer and counts its writes (docs/decisions/0079-search-index-skips-catch-up-without-writes.md);
    // on PostgreSQL the signal is the database's snapshot, which any node's write moves (decision 0086).
    // Without a signal (a failed check) the log is asked.
    const writes = await (noted ?? writesBefore(this.db));
    if (writes !== null && !this.reloadDue()) {
      if (writes <= this.coveredWrites) return;
      if (this.running && writes <= this.runningCovers) return this.running;
    }
    if (!this.running) {
      this.running = this.syncOnce(writes).finally(() => {
        this.running = null;
      });
      return this.running;
    }
    // A sync under way may have read the log before the caller's writes committed: wait for
    // the next one, which every caller arriving meanwhile shares.
    this.queued ??= this.running
      .catch(() => {})
      .then(() => {
        this.queued = null;
        return this.sync();
      });
    return this.queued;
  }

  /** A full load is needed: never loaded, or not looked at for so long that the log may have been pruned. */
  private reloadDue(): boolean {
    return this.watermark === null || Date.now() - this.syncedAt > LOG_KEPT_MS / 2;
  }

  /** `covers`: the write signal noted before any read (null: none). */
  private async syncOnce(covers: number | null): Promise<void> {
    // Noted before any read: every write that ended before this point is visible to them.
    covers ??= -1;
    this.runningCovers = covers;
    this.lookups++;
    const now = Date.now();
    if (this.reloadDue()) {
      await this.loadAll();
    } else {
      const { rows } = await this.db.execute<{ xmin: number | string; ids: (number | null)[] | null }>(sql`
        SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS xmin,
          (SELECT array_agg(DISTINCT estate_id) FROM search_changes WHERE xid >= ${this.watermark}) AS ids`);
      const ids = rows[0].ids ?? [];
      if (ids.includes(null) || ids.length > RELOAD_ALL_ABOVE) await this.loadAll();
      else {
        if (ids.length) this.replace(ids as number[], await readEstates(this.db, { ids: ids as number[] }));
        this.watermark = Number(rows[0].xmin);
      }
    }
    this.syncedAt = now;
    this.coveredWrites = covers;
    if (now - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = now;
      // Housekeeping, not part of the answer: a database that takes no writes now (a standby, a
      // read-only user) must not fail a search. It is tried again after the next PRUNE_EVERY_MS.
      await this.db.execute(sql`DELETE FROM search_changes WHERE at < now() - make_interval(secs => ${LOG_KEPT_MS / 1000})`).catch((error: unknown) => {
        console.error(`search index: could not prune search_changes (${sqlStateOf(error) ?? "?"}): ${(error as { cause?: Error }).cause?.message ?? (error as Error).message}`);
      });
    }
  }

  /**
   * Every published estate, read in one snapshot together with the watermark, a page of ids at a
   * time (LOAD_PAGE_ROWS), into a new index that then replaces this one's contents at once:
   * building afresh is cheaper than replacing estate by estate (which moves each one in every
   * order and in the postings of every word it loses), and a search whose own awaits (a typo
   * lookup) fall between two pages never sees half a catalogue.
   */
  private async loadAll(): Promise<void> {
    const built = new SearchIndex(this.db);
    const xmin = await this.db.transaction(
      async (tx) => {
        const { rows } = await tx.execute<{ xmin: number | string }>(sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS xmin`);
        for (let after = 0; ; ) {
          const page = await readEstates(tx as unknown as Db, { after, rows: this.loadPageRows });
          for (const row of page) built.write(row);
          if (page.length < this.loadPageRows) break;
          after = page[page.length - 1][0];
        }
        return Number(rows[0].xmin);
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    built.columns.fit();
    built.dictionary.fit();
    this.adopt(built);
    this.watermark = xmin;
  }

  /** Takes over the contents of an index built by a full load. */
  private adopt(built: SearchIndex): void {
    this.columns = built.columns;
    this.dictionary = built.dictionary;
    this.compare = built.compare;
    this.slotOf = built.slotOf;
    this.freeSlots = built.freeSlots;
    this.nextSlot = built.nextSlot;
    this.units = built.units;
    this.sorted = built.sorted;
  }

  /** Replaces the estates of `ids` with `rows` (those of them still published). */
  private replace(ids: number[], rows: EstateRow[]): void {
    // Many at once: drop the orders and sort afresh when next asked, instead of moving each.
    if (ids.length + rows.length > RESORT_ABOVE) this.sorted.clear();
    const published = new Set(rows.map((row) => row[0]));
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined && !published.has(id)) this.release(slot);
    }
    for (const row of rows) this.write(row);
  }

  /** Writes an estate into its slot, or a free one when it is new. */
  private write(row: EstateRow): void {
    const [id, slug, parentId, capacity, bedCount, price, typeId, subtypeId, star, rating, parameterIds, nutritionIds, instant, lat, lng, score, created, searchText, bookedFrom, bookedTo, blocked, opensOn, complex, advanceNoticeDays, sameDayUntilHour, preparationNights, bookingWindowMonths] = row;
    const [weekendPrice, cleaningFee, extraGuestFee, extraGuestsAbove, weeklyDiscount, monthlyDiscount, priceDays, priceValues] = row.slice(27) as StayPriceFields;
    const c = this.columns;
    const known = this.slotOf.get(id);
    const slot = known ?? this.freeSlots.pop() ?? this.nextSlot++;
    if (slot >= c.size) c.grow(c.size * 2);
    const words = Int32Array.from(new Set(searchText.split(WORD_SEPARATORS).filter(Boolean).map((w) => this.dictionary.idOf(w))));
    const listed = parentId === null;
    const wasListed = known !== undefined && c.listed[slot] === 1;
    // A booking changes an estate's nights, not its words: keep its postings then.
    const sameWords = wasListed && listed && sameIds(c.words.get(slot), words);
    if (known !== undefined) this.unlink(slot, !sameWords);

    c.id[slot] = id;
    c.parent[slot] = parentId ?? NO_ID;
    c.listed[slot] = listed ? 1 : 0;
    c.capacity[slot] = capacity;
    c.bedCount[slot] = bedCount;
    c.price[slot] = price;
    c.typeId[slot] = typeId;
    c.subtypeId[slot] = subtypeId ?? NO_ID;
    c.star[slot] = star ?? 0;
    c.rating[slot] = rating ?? Number.NaN;
    c.instant[slot] = instant ? 1 : 0;
    c.lat[slot] = lat;
    c.lng[slot] = lng;
    c.score[slot] = score;
    c.created[slot] = created;
    c.opensOn[slot] = opensOn ?? 0;
    c.rules[slot] = packRules({ advanceNoticeDays: advanceNoticeDays ?? 0, sameDayUntilHour: sameDayUntilHour ?? null, preparationNights: preparationNights ?? 0, bookingWindowMonths: bookingWindowMonths ?? null });
    c.complex[slot] = complex ? 1 : 0;
    c.weekendPrice[slot] = weekendPrice ?? 0;
    c.cleaningFee[slot] = cleaningFee ?? 0;
    c.extraGuestFee[slot] = extraGuestFee ?? 0;
    c.extraGuestsAbove[slot] = extraGuestsAbove ?? 1;
    c.weeklyDiscount[slot] = weeklyDiscount ?? 0;
    c.monthlyDiscount[slot] = monthlyDiscount ?? 0;
    c.priceDays.set(slot, priceDays);
    c.priceValues.set(slot, priceValues);
    c.parameters.set(slot, parameterIds);
    c.nutrition.set(slot, nutritionIds);
    c.slug[slot] = slug;
    c.bookedFrom.set(slot, bookedFrom);
    c.bookedTo.set(slot, bookedTo);
    c.blocked.set(slot, blocked);
    c.words.set(slot, words);
    this.slotOf.set(id, slot);

    if (parentId !== null) this.units.set(parentId, [...(this.units.get(parentId) ?? []), slot]);
    if (listed) {
      if (!sameWords) this.dictionary.add(slot, words);
      for (const order of this.sorted.values()) order.insert(slot);
    }
  }

  /** Takes a slot out of the orders, its complex's units and (`words`) the word postings. */
  private unlink(slot: number, words: boolean): void {
    const c = this.columns;
    if (c.listed[slot]) {
      if (words) this.dictionary.remove(slot, c.words.get(slot));
      for (const order of this.sorted.values()) order.remove(slot);
    } else {
      const siblings = this.units.get(c.parent[slot])?.filter((s) => s !== slot) ?? [];
      if (siblings.length) this.units.set(c.parent[slot], siblings);
      else this.units.delete(c.parent[slot]);
    }
  }

  /** Frees the slot of an estate no longer published. */
  private release(slot: number): void {
    const c = this.columns;
    this.unlink(slot, true);
    this.slotOf.delete(c.id[slot]);
    c.listed[slot] = 0;
    c.id[slot] = NO_ID;
    c.bookedFrom.set(slot, null);
    c.bookedTo.set(slot, null);
    c.blocked.set(slot, null);
    c.priceDays.set(slot, null);
    c.priceValues.set(slot, null);
    this.freeSlots.push(slot);
  }

  /** Listed slots in the order, best first. */
  inOrder(orderBy: OrderBy): Int32Array {
    let order = this.sorted.get(orderBy);
    if (!order) {
      const listed: number[] = [];
      for (let slot = 0; slot < this.nextSlot; slot++) if (this.columns.listed[slot]) listed.push(slot);
      order = SortedSlots.of(listed, this.compare[orderBy]);
      this.sorted.set(orderBy, order);
    }
    return order.view();
  }

  get listedCount(): number {
    return this.inOrder("score").length;
  }

  /**
   * Whether a listed estate is shown to guests: a complex only while it has a published unit,
   * since its units are what is booked and priced (decision 0037).
   */
  shown(slot: number): boolean {
    return this.columns.complex[slot] === 0 || (this.units.get(this.columns.id[slot])?.length ?? 0) > 0;
  }

  /** How many listed estates guests are shown of each type, by type id. */
  listedByType(): Map<number, number> {
    const counts = new Map<number, number>();
    const { listed, typeId } = this.columns;
    for (let slot = 0; slot < this.nextSlot; slot++) {
      if (listed[slot] && this.shown(slot)) counts.set(typeId[slot], (counts.get(typeId[slot]) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * The host's prices for the days `[from, to)` (days since 1970-01-01) of the estate `id`, by
   * day; undefined when the index does not hold the estate. The index holds them from yesterday
   * on (read-estates.ts): asked for earlier days, it has none of them.
   */
  datePrices(id: number, from: number, to: number): Map<number, number> | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    const prices = new Map<number, number>();
    const c = this.columns;
    const start = c.priceDays.start[slot];
    const end = start + c.priceDays.length[slot];
    const values = c.priceValues.start[slot] - start;
    const days = c.priceDays.pool;
    for (let i = start; i < end && days[i] < to; i++) if (days[i] >= from) prices.set(days[i], c.priceValues.pool[values + i]);
    return prices;
  }

  /** Slots in use so far: every listed slot is below this. */
  get slotCount(): number {
    return this.nextSlot;
  }

  /** Slots of the published units of the complex in `slot` (none for other estates). */
  unitsOf(slot: number): readonly number[] | undefined {
    return this.units.get(this.columns.id[slot]);
  }

  /**
   * Marks (by slot) the listed estates whose text contains one of `parts`: inside one of its
   * words, as a part holds no separator. False when no listed estate's text does.
   */
  markContaining(parts: readonly string[], marks: Uint8Array): boolean {
    let found = false;
    for (const part of parts) {
      const words = this.dictionary.containing(part);
      this.dictionary.mark(words, marks);
      found ||= words.length > 0;
    }
    return found;
  }

  /** Whether some listed estate's text contains `part`. */
  hasText(part: string): boolean {
    return this.dictionary.containing(part).length > 0;
  }
}

const indexes = new WeakMap<Db, SearchIndex>();

/**
 * The index of a database, synced: one per database handle, kept for the process's life.
 * `noted`: as `SearchIndex.sync`'s.
 */
export async function searchIndexFor(db: Db, noted?: Promise<number | null>): Promise<SearchIndex> {
  let index = indexes.get(db);
  if (!index) {
    index = new SearchIndex(db);
    indexes.set(db, index);
  }
  await index.sync(noted);
  return index;
}

/**
 * Loads the index at start, in the background, so the first guest does not wait for it (about
 * 5 s for 100 000 estates on PGlite, milliseconds for the demo's few hundred).
 */
export function warmSearchIndex(db: Db, log: (line: string) => void = console.log): void {
  const started = performance.now();
  searchIndexFor(db).then(
    (index) => log(`search index: ${index.listedCount} listed estates loaded in ${Math.round(performance.now() - started)} ms`),
    (error: Error) => log(`search index: loading failed (${error.message}); the first search will try again`),
  );
}

function sameIds(a: Int32Array, b: Int32Array): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
