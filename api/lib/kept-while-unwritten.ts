/**
 * Reads kept in memory until the next write, for lists every search page asks for and operators
 * seldom change (types, amenities, meals, subtypes). On PGlite this process is the database's only
 * writer and counts the statements that changed data (`writesSeen`, decision 0079): a kept read is reused while the
 * count has not moved since it was asked, so it is never older than the last write. On
 * PostgreSQL other processes write too, and every call reads.
 */
import { writesSeen, type Db } from "../db/client";

/** Different keys at most (subtypes are kept per type id, which a URL chooses). */
const MAX_KEYS = 256;
const kept = new WeakMap<Db, Map<string, { writes: number; value: Promise<unknown> }>>();

export function keptWhileUnwritten<T>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  // Noted before the read is asked: a write ending after this point moves the count, so the next
  // call reads again even if this read already saw the write.
  const writes = writesSeen(db);
  if (writes === null) return read();
  let byKey = kept.get(db);
  if (!byKey) kept.set(db, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit && hit.writes === writes) return hit.value as Promise<T>;
  if (!hit && byKey.size >= MAX_KEYS) byKey.clear();
  // A real promise: drizzle's query objects run their statement again on every `then`.
  const value = Promise.resolve(read());
  byKey.set(key, { writes, value });
  // A failed read is not kept.
  value.catch(() => {
    if (byKey.get(key)?.value === value) byKey.delete(key);
  });
  return value;
}
