/**
 * The search's cards without a query per page (issue 33). After the index has picked a
 * page of ids, each card needs its row (texts, type and subtype names, prices and fees) and its
 * first photos: two queries, a few milliseconds of the PGlite thread for every search. Those are
 * the same for every search until something is written, so they are kept in memory by
 * estate id until the next write (`writesBefore`, as api/lib/kept-while-unwritten.ts keeps the
 * directory lists; on PostgreSQL any node's write, decision 0086): whatever table a write touches (texts, photos, a type's name, a price), no
 * card read before it is used after it. The stay's own part, the host's prices for its nights,
 * comes from the search index, which holds them already (stay-prices.ts prices the search with
 * them). See docs/decisions/0081-search-cards-kept-until-a-write.md.
 *
 */
import { sql } from "drizzle-orm";
import type { EstateCard, OrderBy } from "../../../contract/estate";
import { dateOfDayIndex, dayIndex } from "../../../contract/dates";
import { writesBefore, type Db } from "../../db/client";
import type { Presentation } from "../../lib/context";
import { intArray } from "../../lib/sql";
import { fetchCardRows, loadCards, toCardFields, type CardRow, type CardStay } from "../estate-cards";
import { CARD_PHOTO_LIMIT, loadPhotoRows, toPhoto, type PhotoRow } from "../photos";
import type { SearchIndex } from "./search-index";

/**
 * Cards kept at most (~2 KB each with their photos): the pages guests look at most, without
 * holding a catalogue of 100 000 estates. Beyond it the longest unused go.
 */
export const KEPT_CARDS_MAX = 5000;

type Kept = { row: CardRow; photos: PhotoRow[] };
const keptBy = new WeakMap<Db, { writes: number; cards: Map<number, Kept> }>();

/**
 * The cards of `ids` (the index's page, in its order) for `stay`, in that order. `noted`: the
 * search's write signal, taken before its index was synced, instead of a check of their own.
 */
export async function searchCards(
  db: Db,
  index: SearchIndex,
  ids: number[],
  orderBy: OrderBy,
  stay: CardStay | null,
  view: Presentation,
  noted?: Promise<number | null>,
): Promise<EstateCard[]> {
  // Noted before anything is read: a write ending after this point moves the count, and the next
  // search reads again even if these reads already saw it.
  const writes = await (noted ?? writesBefore(db));
  // The index holds the host's prices from the database's yesterday on (read-estates.ts); a stay
  // that begins before today in UTC, which is no later than that in any time zone, is read as before.
  const today = dayIndex(new Date().toISOString().slice(0, 10));
  if (writes === null || (stay && dayIndex(stay.checkInDate) < today)) {
    const cards = await loadCards(db, { where: sql`e.id = ANY(${intArray(ids)})`, orderBy, limit: ids.length, stay }, view);
    const position = new Map(ids.map((id, i) => [id, i]));
    return cards.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  }
  let kept = keptBy.get(db);
  if (!kept || kept.writes !== writes) keptBy.set(db, (kept = { writes, cards: new Map() }));
  const { cards } = kept;
  const missing = ids.filter((id) => !cards.has(id));
  if (missing.length) {
    const [rows, photos] = await Promise.all([
      fetchCardRows(db, { where: sql`e.id = ANY(${intArray(missing)})`, orderBy, limit: missing.length, stay: null }),
      loadPhotoRows(db, missing, CARD_PHOTO_LIMIT),
    ]);
    for (const row of rows) cards.set(row.id, { row, photos: photos.get(row.id) ?? [] });
    for (let excess = cards.size - KEPT_CARDS_MAX; excess > 0; excess--) cards.delete(cards.keys().next().value!);
  }
  const from = stay ? dayIndex(stay.checkInDate) : 0;
  const to = stay ? dayIndex(stay.checkOutDate) : 0;
  const result: EstateCard[] = [];
  for (const id of ids) {
    const hit = cards.get(id);
    // Gone meanwhile (unpublished between the index's pick and this read): not shown, as before.
    if (!hit) continue;
    // Used now: the last to go when the cards are too many.
    cards.delete(id);
    cards.set(id, hit);
    let row = hit.row;
    if (stay) {
      const prices = index.datePrices(id, from, to);
      row = { ...row, date_prices: prices?.size ? Object.fromEntries([...prices].map(([day, price]) => [dateOfDayIndex(day), price])) : null };
    }
    const card = toCardFields(row, stay, view);
    result.push({ ...card, photos: hit.photos.map((p) => toPhoto(p, card.title, view)) });
  }
  return result;
}
