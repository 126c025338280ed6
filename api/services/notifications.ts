/** A person's notifications (GET/PUT /api/v1/notifications): reading them a page at a time, marking them read. */
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { NotificationItem } from "../../contract/account";
import type { Locale } from "../../contract/common";
import type { Db } from "../db/client";
import { notifications } from "../db/schema";
import { localize } from "../lib/locale";

/** A page of someone's notifications, newest first, in the reader's language, and how many there are. */
export async function notificationPage(db: Db, userId: number, page: number, perPage: number, locale: Locale): Promise<{ items: NotificationItem[]; total: number }> {
  const mine = eq(notifications.userId, userId);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(notifications).where(mine).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(perPage).offset((page - 1) * perPage),
    db.select({ total: count() }).from(notifications).where(mine),
  ]);
  const items = rows.map((n) => ({
    id: n.id,
    type: n.type,
    bookingId: n.bookingId,
    estateId: n.estateId,
    // Stored in every language; the reader gets theirs.
    payload: localizePayload(n.payload, locale),
    read: n.readAt !== null,
    createdAt: n.createdAt.toISOString(),
  }));
  return { items, total: Number(total) };
}

/** Marks someone's unread notifications read: the listed ones, or all of them. Others' ids change nothing. */
export async function markNotificationsRead(db: Db, userId: number, ids: number[] | undefined): Promise<void> {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(ids ? and(mine, inArray(notifications.id, ids)) : mine);
}

/** Booking notifications carry the estate's title in every language; the reader gets theirs. */
function localizePayload(payload: Record<string, unknown>, locale: Locale): Record<string, unknown> {
  const title = payload.estateTitle;
  return title && typeof title === "object" ? { ...payload, estateTitle: localize(title as Record<string, string>, locale) } : payload;
}
