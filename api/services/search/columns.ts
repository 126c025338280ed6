/** The search index's fields: one typed array per field, indexed by slot (search-index.ts). */

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
  readonly parameters: IdBits;
  readonly nutrition: IdBits;
  slug: string[] = [];
  /** Word ids of the estate's text (see Dictionary). */
  words: Int32Array[] = [];
  bookedFrom: (Int32Array | null)[] = [];
  bookedTo: (Int32Array | null)[] = [];
  blocked: (Int32Array | null)[] = [];

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
    this.parameters = new IdBits(size);
    this.nutrition = new IdBits(size);
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
    this.parameters.grow(size);
    this.nutrition.grow(size);
    this.size = size;
  }
}

