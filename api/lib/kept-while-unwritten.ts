/**
 * Reads kept in memory until the next write: lists every search page asks for and operators
 * seldom change (types, amenities, meals, subtypes), what every signed-in page of one user
 * reads besides its own data (who the session is, the header's favourites and unread counts, a
 * host's objects for the picker), and what the estate page shows whatever the visitor's dates
 * (api/services/estate-detail.ts, decision 0084). On PGlite this process is the database's only writer and counts
 * the statements that changed data (`writesSeen`, decision 0079): a kept read is reused while the
 * count has not moved since it was asked, so it is never older than the last write. On PostgreSQL
 * other processes write too, and every call reads.
 */
import { writesSeen, type Db } from "../db/client";

/**
 * Different keys at most: a few per signed-in user who is browsing, one per type's subtypes. When
 * full, the key unused longest goes (a Map keeps insertion order; a hit moves its key to the end).
 */
const MAX_KEYS = 4096;
type Kept = { writes: number; at: number; value: Promise<unknown>; expires: number };
const kept = new WeakMap<Db, Map<string, Kept>>();

/**
 * `read()`'s answer, or the one kept under `key` while nothing was written since it was asked.
 * `maxAgeMs`: also read again after this long, for an answer that depends on the clock too (a
 * session that expires). `expiresAt`: read again from the moment it gives for the answer (ms since
 * the epoch; null: never), for an answer that changes with time alone (a review that opens).
 */
export function keptWhileUnwritten<T>(db: Db, key: string, read: () => Promise<T>, maxAgeMs = Infinity, expiresAt?: (value: T) => number | null): Promise<T> {
  // Noted before the read is asked: a write ending after this point moves the count, so the next
  // call reads again even if this read already saw the write.
  const writes = writesSeen(db);
  if (writes === null) return read();
  let byKey = kept.get(db);
  if (!byKey) kept.set(db, (byKey = new Map()));
  const now = Date.now();
  const hit = byKey.get(key);
  if (hit) byKey.delete(key);
  if (hit && hit.writes === writes && now - hit.at < maxAgeMs && now < hit.expires) {
    byKey.set(key, hit);
    return hit.value as Promise<T>;
  }
  if (byKey.size >= MAX_KEYS) byKey.delete(byKey.keys().next().value!);
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
