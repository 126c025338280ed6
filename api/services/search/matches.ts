import type { OrderBy } from "../../../contract/estate";
import type { SlotTest } from "./conditions";
import type { SearchIndex } from "./search-index";

export type MatchQuery = {
  /** Every field of the filter but the stay (conditions.ts). */
  row: SlotTest;
  /** Free for the stay, or null without dates: the dearest test, so it runs last. */
  free: SlotTest | null;
  orderBy: OrderBy;
  /** Matches worth finding: the page, one more to tell whether more follow, and the total's cap. */
  upTo: number;
};

/**
 * Ids of the first `upTo` matches in the order: listed estates are tested best first until that
 * many pass. A narrow search tests every listed estate, a few milliseconds at 100 000; counting
 * every match of a broad one would cost that on every search (measured: dates p95 12 → 42 ms), so
 * the count stops at the cap and is then a lower bound.
 */
export function firstMatches(index: SearchIndex, { row, free, orderBy, upTo }: MatchQuery): number[] {
  const ordered = index.inOrder(orderBy);
  const { id } = index.columns;
  const ids: number[] = [];
  for (let i = 0; i < ordered.length && ids.length < upTo; i++) {
    const slot = ordered[i];
    if (row(slot) && (free === null || free(slot))) ids.push(id[slot]);
  }
  return ids;
}
