import type { OrderBy } from "../../../contract/estate";
import type { Columns } from "./columns";

export type Compare = (a: number, b: number) => number;

/** Slot comparators for the orders of SearchFilter.orderBy, as `orderClause` sorts. */
export function comparators(c: Columns): Record<OrderBy, Compare> {
  return {
    score: (a, b) => c.score[b] - c.score[a] || c.id[a] - c.id[b],
    price_asc: (a, b) => c.price[a] - c.price[b] || c.id[a] - c.id[b],
    price_desc: (a, b) => c.price[b] - c.price[a] || c.id[b] - c.id[a],
    rating: (a, b) => {
      const ra = c.rating[a];
      const rb = c.rating[b];
      // Unrated last (NaN is unrated).
      if (Number.isNaN(ra) || Number.isNaN(rb)) return Number.isNaN(ra) === Number.isNaN(rb) ? c.id[a] - c.id[b] : Number.isNaN(ra) ? 1 : -1;
      return rb - ra || c.id[a] - c.id[b];
    },
    newest: (a, b) => c.created[b] - c.created[a] || c.id[a] - c.id[b],
  };
}

/** Listed slots kept sorted in one order. */
export class SortedSlots {
  slots = new Int32Array(1024);
  length = 0;
  constructor(private readonly compare: Compare) {}

  /** First position whose slot does not sort before `slot` (its own position when present). */
  private position(slot: number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(this.slots[mid], slot) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }
  insert(slot: number): void {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.slots.length * 2);
      slots.set(this.slots);
      this.slots = slots;
    }
    const at = this.position(slot);
    this.slots.copyWithin(at + 1, at, this.length);
    this.slots[at] = slot;
    this.length++;
  }
  /** Removes `slot`, which must still hold the values it was sorted by. */
  remove(slot: number): void {
    const at = this.position(slot);
    if (this.slots[at] !== slot) return;
    this.slots.copyWithin(at, at + 1, this.length);
    this.length--;
  }
  static of(slots: number[], compare: Compare): SortedSlots {
    const sorted = new SortedSlots(compare);
    sorted.slots = Int32Array.from(slots).sort(compare);
    sorted.length = slots.length;
    if (sorted.slots.length === 0) sorted.slots = new Int32Array(1024);
    return sorted;
  }
  view(): Int32Array {
    return this.slots.subarray(0, this.length);
  }
}

