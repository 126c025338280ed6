/** The search index's fields: one typed array per field, indexed by slot (search-index.ts). */
import type { AvailabilityRules } from "../../../contract/availability-rules";

/** Stands for "none" in id columns. */
export const NO_ID = -1;

/** Ids as bits: `stride` 32-bit words per slot, so "has all of" and "has any of" are a few ANDs. */
export class IdBits {
  stride = 1;
  bits: Uint32Array;
  constructor(slots: number) {
    this.bits = new Uint32Array(slots);
  }
  grow(slots: number): void {
    const bits = new Uint32Array(slots * this.stride);
    bits.set(this.bits);
    this.bits = bits;
  }
  set(slot: number, ids: readonly number[]): void {
    const needed = Math.max(this.stride, ...ids.map((id) => (id >>> 5) + 1));
    if (needed > this.stride) this.widen(needed);
    const base = slot * this.stride;
    this.bits.fill(0, base, base + this.stride);
    for (const id of ids) if (id >= 0) this.bits[base + (id >>> 5)] |= 1 << (id & 31);
  }
  /** The ids as a mask of `stride` words (ids beyond any estate's can never be had). */
  mask(ids: readonly number[]): Uint32Array | null {
    const mask = new Uint32Array(this.stride);
    for (const id of ids) {
      if (id >>> 5 >= this.stride) return null;
      mask[id >>> 5] |= 1 << (id & 31);
    }
    return mask;
  }
  hasAll(slot: number, mask: Uint32Array): boolean {
    const base = slot * this.stride;
    for (let k = 0; k < mask.length; k++) if ((this.bits[base + k] & mask[k]) !== mask[k]) return false;
    return true;
  }
  hasAny(slot: number, mask: Uint32Array): boolean {
    const base = slot * this.stride;
    for (let k = 0; k < mask.length; k++) if ((this.bits[base + k] & mask[k]) !== 0) return true;
    return false;
  }
  private widen(stride: number): void {
    const slots = this.bits.length / this.stride;
    const bits = new Uint32Array(slots * stride);
    for (let s = 0; s < slots; s++) bits.set(this.bits.subarray(s * this.stride, (s + 1) * this.stride), s * stride);
    this.bits = bits;
    this.stride = stride;
  }
}

/**
 * A list of ints per slot, all in one pool: the slot's list is `pool[start[slot]]` onwards for
 * `length[slot]` values. A typed array per slot costs ~200 bytes of objects whatever it holds
 * (a JSArrayBuffer, a JSTypedArray and the backing store's record), which for a few ids or days
 * is most of it: at 100 000 estates the words and the booked and blocked nights as arrays of
 * their own took ~50 MB, as pools ~12 MB (decision 0058). A new list for a slot goes at the
 * pool's end; the old one's place is garbage until the pool is compacted, when garbage is more
 * than the live values.
 */
export class SlotLists {
  start: Int32Array;
  length: Int32Array;
  pool = new Int32Array(1024);
  /** Values written to the pool so far, live or not. */
  private used = 0;
  private garbage = 0;

  constructor(slots: number) {
    this.start = new Int32Array(slots);
    this.length = new Int32Array(slots);
  }

  grow(slots: number): void {
    const start = new Int32Array(slots);
    const length = new Int32Array(slots);
    start.set(this.start);
    length.set(this.length);
    this.start = start;
    this.length = length;
  }

  /** Replaces the slot's list (null or empty: none). */
  set(slot: number, values: ArrayLike<number> | null): void {
    this.garbage += this.length[slot];
    const n = values?.length ?? 0;
    this.start[slot] = 0;
    this.length[slot] = 0;
    if (n === 0) return;
    if (this.used + n > this.pool.length) this.makeRoom(n);
    this.pool.set(values!, this.used);
    this.start[slot] = this.used;
    this.length[slot] = n;
    this.used += n;
  }

  /** The slot's list, as a view on the pool (valid until the next `set`). */
  get(slot: number): Int32Array {
    return this.pool.subarray(this.start[slot], this.start[slot] + this.length[slot]);
  }

  /**
   * Drops the garbage and all but an eighth of spare room: a full load doubles the pool as it
   * goes, so up to half of it would be empty.
   */
  fit(): void {
    this.repack(Math.ceil((this.used - this.garbage) * 1.125) + 1024);
  }

  /** Frees the space the values replaced so far took, or grows the pool, so `n` more fit. */
  private makeRoom(n: number): void {
    const live = this.used - this.garbage;
    let size = this.pool.length;
    if (this.garbage > live) size = Math.max(1024, live + n);
    while (size < live + n) size *= 2;
    // Headroom for the next lists, so appending does not copy the pool at every one.
    if (size < (live + n) * 1.25) size = Math.ceil((live + n) * 1.5);
    this.repack(size);
  }

  /** Copies the live lists, in slot order, to the start of a new pool of `size`. */
  private repack(size: number): void {
    const pool = new Int32Array(size);
    let at = 0;
    for (let slot = 0; slot < this.length.length; slot++) {
      const length = this.length[slot];
      if (length === 0) continue;
      pool.set(this.pool.subarray(this.start[slot], this.start[slot] + length), at);
      this.start[slot] = at;
      at += length;
    }
    this.pool = pool;
    this.used = at;
    this.garbage = 0;
  }
}

/** The fields the filters test, one typed array each, indexed by slot. */
export class Columns {
  id: Int32Array;
  /** The complex of a unit; NO_ID for others. */
  parent: Int32Array;
  listed: Uint8Array;
  capacity: Int32Array;
  bedCount: Int32Array;
  price: Int32Array;
  typeId: Int32Array;
  /** NO_ID when none. */
  subtypeId: Int32Array;
  /** 0 when none. */
  star: Int32Array;
  /** NaN when not rated: every comparison with it is false. */
  rating: Float64Array;
  instant: Uint8Array;
  lat: Float64Array;
  lng: Float64Array;
  score: Float64Array;
  created: Float64Array;
  /** The first bookable date (the wizard's "start" step) in days since 1970-01-01; 0 when none. */
  opensOn: Int32Array;
  /** 1 for a complex (its type's kind), which is shown only while it has a published unit. */
  complex: Uint8Array;
  /** The availability rules, packed by packRules (0: none). */
  rules: Int32Array;
  /** What a stay costs (contract/stay-price.ts): the weekend price (0: none), the fees and the discounts. */
  weekendPrice: Int32Array;
  cleaningFee: Int32Array;
  extraGuestFee: Int32Array;
  extraGuestsAbove: Int32Array;
  weeklyDiscount: Uint8Array;
  monthlyDiscount: Uint8Array;
  readonly parameters: IdBits;
  readonly nutrition: IdBits;
  slug: string[] = [];
  /** Word ids of the estate's text (see Dictionary), ascending by first appearance. */
  readonly words: SlotLists;
  /** Active bookings' check-in and check-out days (sorted by check-in), and blocked nights (sorted). */
  readonly bookedFrom: SlotLists;
  readonly bookedTo: SlotLists;
  readonly blocked: SlotLists;
  /** The host's per-date prices: the days (ascending) and, at the same positions, their prices. */
  readonly priceDays: SlotLists;
  readonly priceValues: SlotLists;

  constructor(public size: number) {
    this.id = new Int32Array(size);
    this.parent = new Int32Array(size);
    this.listed = new Uint8Array(size);
    this.capacity = new Int32Array(size);
    this.bedCount = new Int32Array(size);
    this.price = new Int32Array(size);
    this.typeId = new Int32Array(size);
    this.subtypeId = new Int32Array(size);
    this.star = new Int32Array(size);
    this.rating = new Float64Array(size);
    this.instant = new Uint8Array(size);
    this.lat = new Float64Array(size);
    this.lng = new Float64Array(size);
    this.score = new Float64Array(size);
    this.created = new Float64Array(size);
    this.opensOn = new Int32Array(size);
    this.complex = new Uint8Array(size);
    this.rules = new Int32Array(size);
    this.weekendPrice = new Int32Array(size);
    this.cleaningFee = new Int32Array(size);
    this.extraGuestFee = new Int32Array(size);
    this.extraGuestsAbove = new Int32Array(size);
    this.weeklyDiscount = new Uint8Array(size);
    this.monthlyDiscount = new Uint8Array(size);
    this.parameters = new IdBits(size);
    this.nutrition = new IdBits(size);
    this.words = new SlotLists(size);
    this.bookedFrom = new SlotLists(size);
    this.bookedTo = new SlotLists(size);
    this.blocked = new SlotLists(size);
    this.priceDays = new SlotLists(size);
    this.priceValues = new SlotLists(size);
  }

  grow(size: number): void {
    const grown = <T extends Int32Array | Uint8Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.id = grown(this.id);
    this.parent = grown(this.parent);
    this.listed = grown(this.listed);
    this.capacity = grown(this.capacity);
    this.bedCount = grown(this.bedCount);
    this.price = grown(this.price);
    this.typeId = grown(this.typeId);
    this.subtypeId = grown(this.subtypeId);
    this.star = grown(this.star);
    this.rating = grown(this.rating);
    this.instant = grown(this.instant);
    this.lat = grown(this.lat);
    this.lng = grown(this.lng);
    this.score = grown(this.score);
    this.created = grown(this.created);
    this.opensOn = grown(this.opensOn);
    this.complex = grown(this.complex);
    this.rules = grown(this.rules);
    this.weekendPrice = grown(this.weekendPrice);
    this.cleaningFee = grown(this.cleaningFee);
    this.extraGuestFee = grown(this.extraGuestFee);
    this.extraGuestsAbove = grown(this.extraGuestsAbove);
    this.weeklyDiscount = grown(this.weeklyDiscount);
    this.monthlyDiscount = grown(this.monthlyDiscount);
    this.parameters.grow(size);
    this.nutrition.grow(size);
    this.words.grow(size);
    this.bookedFrom.grow(size);
    this.bookedTo.grow(size);
    this.blocked.grow(size);
    this.priceDays.grow(size);
    this.priceValues.grow(size);
    this.size = size;
  }

  /** Gives back the spare room a full load left in the pools. */
  fit(): void {
    this.words.fit();
    this.bookedFrom.fit();
    this.bookedTo.fit();
    this.blocked.fit();
    this.priceDays.fit();
    this.priceValues.fit();
  }
}


/** An estate's availability rules in one number for the index: notice, cut-off hour + 1, preparation, window. */
export const packRules = (r: AvailabilityRules) => r.advanceNoticeDays | (((r.sameDayUntilHour ?? -1) + 1) << 4) | (r.preparationNights << 9) | ((r.bookingWindowMonths ?? 0) << 11);
export const unpackRules = (n: number): AvailabilityRules => ({
  advanceNoticeDays: n & 15,
  sameDayUntilHour: ((n >> 4) & 31) - 1 < 0 ? null : ((n >> 4) & 31) - 1,
  preparationNights: (n >> 9) & 3,
  bookingWindowMonths: (n >> 11) & 15 || null,
});
export const preparationOf = (packed: number) => (packed >> 9) & 3;
