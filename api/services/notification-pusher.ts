/**
 * Booking notifications reach their person live. The booking code writes notification rows inside
 * its transactions; this drains the committed, not yet announced rows (pushed_at null) and
 * publishes each on its user's channel, so a rolled-back change is never announced and several
 * nodes never announce one twice (SKIP LOCKED claims). docs/decisions/0024.
 */
import { sql } from "drizzle-orm";
import { userChannel, type ChatRole } from "../../contract/chat";
import type { Locale } from "../../contract/common";
import type { Db } from "../db/client";
import { localize } from "../lib/locale";
import { publishUnread } from "./chat/conversations";
import type { BookingMailer } from "./messaging/booking-mail";
import type { Realtime } from "./realtime";

type Claimed = {
  id: number;
  user_id: number;
  type: string;
  booking_id: number | null;
  estate_id: number | null;
  payload: Record<string, unknown>;
  locale: Locale;
  host_id: number | null;
  email: string | null;
  email_verified: boolean;
  phone: string | null;
};

/**
 * Announces what is waiting, and hands booking events to the mailer (e-mail, or SMS for a host
 * without one: services/messaging/booking-mail.ts); returns how many.
 */
export async function pushPendingNotifications(db: Db, realtime: Realtime | null, batch = 100, mailer?: BookingMailer): Promise<number> {
  // One top-level UPDATE (no WITH around it): its command tag says how many rows it claimed, so on
  // PGlite a run with nothing waiting counts as no write (api/db/pglite-thread.ts, `changedData`)
  // and does not wake the readers that are kept until the next write. Users are joined in FROM:
  // every notification has its user (a foreign key, deleted with them).
  const result = await db.execute(sql`
    update notifications n set pushed_at = now()
    from users u
    where n.id in (select id from notifications where pushed_at is null order by id limit ${batch} for update skip locked)
      and u.id = n.user_id
    returning n.id, n.user_id, n.type, n.booking_id, n.estate_id, n.payload, u.locale, u.email,
      u.email_verified_at is not null as email_verified, u.phone,
      (select b.host_id from bookings b where b.id = n.booking_id) as host_id`);
  // RETURNING has no order: announce in the order they were written.
  const rows = (result.rows as unknown as Claimed[]).sort((a, b) => a.id - b.id);
  for (const row of rows) {
    const title = row.payload.estateTitle;
    const role: ChatRole = row.payload.readerRole === "host" || row.payload.readerRole === "guest" ? row.payload.readerRole : row.host_id === row.user_id ? "host" : "guest";
    const estateTitle = title && typeof title === "object" ? localize(title as Record<string, string>, row.locale) : "";
    await realtime?.publish(userChannel(row.user_id), "notification", { id: row.id, type: row.type, bookingId: row.booking_id, estateTitle, role });
    // A mail that cannot be queued (the database briefly away) must not stop the announcements.
    // Booking events and the operator's notices (`estate` with payload.event) are mailed.
    await mailer
      ?.deliver({
        userId: row.user_id,
        type: row.type,
        bookingId: row.booking_id,
        locale: row.locale,
        role,
        email: row.email,
        emailVerified: row.email_verified,
        phone: row.phone,
        estateTitle,
        checkIn: typeof row.payload.checkInDate === "string" ? row.payload.checkInDate : undefined,
        checkOut: typeof row.payload.checkOutDate === "string" ? row.payload.checkOutDate : undefined,
        estateId: row.estate_id,
        event: row.payload.event,
        reason: typeof row.payload.reason === "string" ? row.payload.reason : null,
      })
      .catch((error: Error) => console.warn(`booking mail for notification ${row.id}: ${error.message}`));
  }
  if (realtime) for (const userId of new Set(rows.map((r) => r.user_id))) await publishUnread(db, realtime, userId);
  return rows.length;
}

/** Drains the outbox every `intervalMs` until the returned stop is called. */
export function startNotificationPusher(db: Db, realtime: Realtime, intervalMs = 300, mailer?: BookingMailer): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(() => (stopped ? 0 : pushPendingNotifications(db, realtime, 100, mailer))).catch((error: Error) => console.warn(`notification pusher: ${error.message}`));
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
