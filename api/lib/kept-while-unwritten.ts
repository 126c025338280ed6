/**
 * Reads kept in memory until the next write: lists every search page asks for and operators
 * seldom change (types, amenities, meals, subtypes), what every signed-in page of one user
 * reads besides its own data (who the session is, the header's favourites and unread counts, a
 * host's objects for the picker), and what the estate page shows whatever the visitor's dates
 * (api/services/estate-detail.ts, decision 0084). A kept read is reused while the database's write
 * signal (`writesBefore`) has not moved since it was asked, so it is never older than the last
 * write: on PGlite this process is the only writer and counts the statements that changed data
 * (decision 0079); on PostgreSQL, which several nodes write, the signal is the database's snapshot,
 * checked after each call (decision 0086).
 */
import { writesBefore, type Db } from "../db/client";

/**
 * Different keys at most of one kind (a key's part before its first `:`: `session`, `detail`,
 * `calendar`, `types`, …): a few kinds per signed-in user who is browsing, a few per estate whose
 * page is read, one per type's subtypes. Each kind has its own limit, so a crowd on many estates'
 * pages cannot push the directory lists or the sessions out (one shared list of 4096 keys could).
 * When a kind is full, its key unused longest goes (a Map keeps insertion order; a hit moves its
 * key to the end). The kinds are the few the code names, so the whole is bounded too.
 */
export const MAX_KEYS_PER_KIND = 2048;
type Kept = { writes: number; at: number; value: Promise<unknown>; expires: number };
const kept = new WeakMap<Db, Map<string, Map<string, Kept>>>();

function keysOfKind(db: Db, key: string): Map<string, Kept> {
  let kinds = kept.get(db);
  if (!kinds) kept.set(db, (kinds = new Map()));
  const colon = key.indexOf(":");
  const kind = colon < 0 ? key : key.slice(0, colon);
  let byKey = kinds.get(kind);
  if (!byKey) kinds.set(kind, (byKey = new Map()));
  return byKey;
}

/**
 * `read()`'s answer, or the one kept under `key` while nothing was written since it was asked.
 * `maxAgeMs`: also read again after this long, for an answer that depends on the clock too (a
 * session that expires). `expiresAt`: read again from the moment it gives for the answer (ms since
 * the epoch; null: never), for an answer that changes with time alone (a review that opens).
 * `noted`: the write signal the caller took for this and its other kept reads (`writesBefore(db)`
 * asked once at the start of its work), instead of a check of this read's own.
 */
export async function keptWhileUnwritten<T>(
  db: Db,
  key: string,
  read: () => Promise<T>,
  maxAgeMs = Infinity,
  expiresAt?: (value: T) => number | null,
  noted?: Promise<number | null>,
): Promise<T> {
  // Noted before the read is asked: a write ending after this point moves the count, so the next
  // call reads again even if this read already saw the write.
  const writes = await (noted ?? writesBefore(db));
  if (writes === null) return read();
  const byKey = keysOfKind(db, key);
  const now = Date.now();
  const hit = byKey.get(key);
  if (hit) byKey.delete(key);
  if (hit && hit.writes === writes && now - hit.at < maxAgeMs && now < hit.expires) {
    byKey.set(key, hit);
    return hit.value as Promise<T>;
  }
  if (byKey.size >= MAX_KEYS_PER_KIND) byKey.delete(byKey.keys().next().value!);
  // A real promise: drizzle's query objects run their statement again on every `then`.
  const value = Promise.resolve(read());
  const entry: Kept = { writes, at: now, value, expires: Number.POSITIVE_INFINITY };
  byKey.set(key, entry);
  value.then(
    (answer) => {
      entry.expires = expiresAt?.(answer) ?? Number.POSITIVE_INFINITY;
    },
    // A failed read is not kept.
    () => {
      if (byKey.get(key) === entry) byKey.delete(key);
    },
  );
  return value;
}
