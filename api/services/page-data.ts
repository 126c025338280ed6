/**
 * What every signed-in page shows besides its own data: the saved estates' ids (the hearts and
 * the header's count) and the unread counts. One statement for the three reads: on PGlite each
 * statement costs ~0.5 ms on the database thread whatever it does, and these ride with every
 * signed-in page. On PGlite the answer is kept per user until the next write (a new message,
 * notification or favourite is a write, so it shows at once).
 */
import { sql } from "drizzle-orm";
import type { PageData } from "../../contract/account";
import type { Db } from "../db/client";
import { unreadCountsSql } from "./chat/conversations";
import { favoriteIdsArraySql } from "./favorites";
import { keptWhileUnwritten } from "../lib/kept-while-unwritten";

export function pageData(db: Db, userId: number): Promise<PageData> {
  return keptWhileUnwritten(db, `pageData:${userId}`, () => readPageData(db, userId));
}

async function readPageData(db: Db, userId: number): Promise<PageData> {
  const { rows } = await db.execute<{ favorites: number[]; notifications: number; messages: number }>(
    sql`SELECT ${favoriteIdsArraySql(userId)} AS favorites, ${unreadCountsSql(userId)}`,
  );
  const [row] = rows;
  return { favorites: row.favorites.map(Number), unread: { notifications: Number(row.notifications), messages: Number(row.messages) } };
}
