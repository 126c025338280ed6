/**
 * Conversations between a guest and a host, about an estate (before booking) or a booking. Only
 * the two participants ever see one: every lookup here is by id AND participant, so another
 * user's conversation is simply not found (404).
 */
import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { MESSAGES_PAGE_SIZE, chatChannel, userChannel, type ChatMessage, type ChatRole, type ChatSummary, type ChatThread } from "../../../contract/chat";
import type { Locale } from "../../../contract/common";
import { PAID_STATUSES } from "../../../contract/booking-statuses";
import type { Db } from "../../db/client";
import { bookings, chatMessages, chats, estateTexts, estates, users } from "../../db/schema";
import { fieldError, notFound } from "../../lib/http-errors";
import { localize } from "../../lib/locale";
import type { Realtime } from "../realtime";
import { maskContacts } from "./masking";

type ChatRow = typeof chats.$inferSelect;
const CHATS_PAGE_SIZE = 20;

/** The conversation with this id if `me` takes part in it; otherwise 404, never 403. */
export async function findChatFor(db: Db, me: number, chatId: number): Promise<ChatRow> {
  const [chat] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.id, chatId), or(eq(chats.guestId, me), eq(chats.hostId, me))))
    .limit(1);
  if (!chat) throw notFound("conversationNotFound");
  return chat;
}

/** Opens (or finds) the conversation about a booking of mine, or my inquiry about an estate. */
export async function startChat(db: Db, me: number, from: { estateId?: number; bookingId?: number }): Promise<number> {
  let values: typeof chats.$inferInsert;
  if (from.bookingId !== undefined) {
    const [booking] = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, from.bookingId), or(eq(bookings.guestId, me), eq(bookings.hostId, me))))
      .limit(1);
    if (!booking) throw notFound("bookingNotFound");
    values = { estateId: booking.estateId, guestId: booking.guestId, hostId: booking.hostId, bookingId: booking.id };
  } else {
    const [estate] = await db.select({ id: estates.id, hostId: estates.hostId }).from(estates).where(eq(estates.id, from.estateId!)).limit(1);
    if (!estate) throw notFound("estateNotFound");
    if (estate.hostId === me) throw fieldError("estateId", "chatOwnListing");
    values = { estateId: estate.id, guestId: me, hostId: estate.hostId, bookingId: null };
  }
  // The unique indexes make a second tab's start find the first one's conversation.
  await db.insert(chats).values(values).onConflictDoNothing();
  const [chat] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(
      values.bookingId
        ? eq(chats.bookingId, values.bookingId)
        : and(eq(chats.estateId, values.estateId), eq(chats.guestId, me), isNull(chats.bookingId)),
    )
    .limit(1);
  return chat.id;
}

const guestUser = alias(users, "guest_user");
const hostUser = alias(users, "host_user");

/** My conversations, newest activity first, as one side (guest or host) or both. */
export async function listChats(db: Db, me: number, locale: Locale, options: { role?: ChatRole; page: number; chatId?: number }) {
  const mine =
    options.role === "guest" ? eq(chats.guestId, me) : options.role === "host" ? eq(chats.hostId, me) : or(eq(chats.guestId, me), eq(chats.hostId, me));
  const last = (column: string) => sql.raw(`(select m.${column} from chat_messages m where m.chat_id = "chats"."id" order by m.id desc limit 1)`);
  const rows = await db
    .select({
      chat: chats,
      slug: estates.slug,
      title: estateTexts.title,
      guestFirst: guestUser.firstName,
      guestLast: guestUser.lastName,
      hostFirst: hostUser.firstName,
      hostLast: hostUser.lastName,
      lastBody: sql<string | null>`${last("body")}`,
      lastSender: sql<number | null>`${last("sender_id")}`,
      lastAt: sql<string | null>`${last("created_at")}`,
      unread: sql<number>`(select count(*)::int from chat_messages m where m.chat_id = ${chats.id} and m.read_at is null and m.sender_id is distinct from ${me})`,
      masked: maskedSql(),
    })
    .from(chats)
    .innerJoin(estates, eq(estates.id, chats.estateId))
    .leftJoin(estateTexts, eq(estateTexts.estateId, chats.estateId))
    .leftJoin(guestUser, eq(guestUser.id, chats.guestId))
    .innerJoin(hostUser, eq(hostUser.id, chats.hostId))
    .where(options.chatId ? and(mine, eq(chats.id, options.chatId)) : mine)
    .orderBy(desc(sql`coalesce(${chats.lastMessageAt}, ${chats.createdAt})`), desc(chats.id))
    .limit(CHATS_PAGE_SIZE + 1)
    .offset((options.page - 1) * CHATS_PAGE_SIZE);
  const items: ChatSummary[] = rows.slice(0, CHATS_PAGE_SIZE).map((r) => {
    const role: ChatRole = r.chat.guestId === me ? "guest" : "host";
    const other = role === "guest" ? { id: r.chat.hostId, first: r.hostFirst, last: r.hostLast } : { id: r.chat.guestId, first: r.guestFirst, last: r.guestLast };
    return {
      id: r.chat.id,
      role,
      estate: { id: r.chat.estateId, slug: r.slug, title: localize(r.title, locale) },
      bookingId: r.chat.bookingId,
      other: { id: other.id, name: [other.first, other.last].filter(Boolean).join(" ") },
      lastMessage:
        r.lastBody === null ? null : { body: r.masked ? maskContacts(r.lastBody) : r.lastBody, mine: r.lastSender === me, createdAt: new Date(r.lastAt!).toISOString() },
      unread: Number(r.unread),
      updatedAt: (r.chat.lastMessageAt ?? r.chat.createdAt).toISOString(),
    };
  });
  return { items, page: options.page, hasMore: rows.length > CHATS_PAGE_SIZE };
}

/** True while no booking between this guest and this estate has been paid. */
function maskedSql() {
  const paid = sql.join(
    PAID_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql<boolean>`not exists (select 1 from bookings b where b.estate_id = ${chats.estateId} and b.guest_id = ${chats.guestId} and b.status in (${paid}))`;
}

async function isMasked(db: Db, chat: ChatRow): Promise<boolean> {
  if (chat.guestId === null) return false;
  const [paid] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.estateId, chat.estateId), eq(bookings.guestId, chat.guestId), inArray(bookings.status, [...PAID_STATUSES])))
    .limit(1);
  return !paid;
}

const present = (m: typeof chatMessages.$inferSelect, masked: boolean): ChatMessage => ({
  id: m.id,
  senderId: m.senderId,
  body: masked ? maskContacts(m.body) : m.body,
  readAt: m.readAt?.toISOString() ?? null,
  createdAt: m.createdAt.toISOString(),
});

/** One page of a conversation, oldest first; `before` pages back through older messages. */
export async function loadThread(db: Db, me: number, chatId: number, locale: Locale, before?: number): Promise<ChatThread> {
  const row = await findChatFor(db, me, chatId);
  const {
    items: [chat],
  } = await listChats(db, me, locale, { page: 1, chatId });
  const masked = await isMasked(db, row);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(before ? and(eq(chatMessages.chatId, chatId), lt(chatMessages.id, before)) : eq(chatMessages.chatId, chatId))
    .orderBy(desc(chatMessages.id))
    .limit(MESSAGES_PAGE_SIZE + 1);
  const page = rows.slice(0, MESSAGES_PAGE_SIZE).reverse();
  return {
    chat,
    me,
    messages: page.map((m) => present(m, masked)),
    olderBefore: rows.length > MESSAGES_PAGE_SIZE ? page[0].id : null,
    masked,
  };
}

/** Stores a message and tells both sides: the conversation's channel, and the other's own channel. */
export async function sendMessage(db: Db, realtime: Realtime | null, me: { id: number; firstName: string }, chatId: number, body: string): Promise<ChatMessage> {
  const chat = await findChatFor(db, me.id, chatId);
  const [row] = await db.insert(chatMessages).values({ chatId, senderId: me.id, body }).returning();
  await db.update(chats).set({ lastMessageAt: row.createdAt }).where(eq(chats.id, chatId));
  const message = present(row, await isMasked(db, chat));
  if (realtime) {
    const recipient = chat.guestId === me.id ? chat.hostId : chat.guestId;
    const events: Promise<void>[] = [realtime.publish(chatChannel(chatId), "message", { ...message, chatId })];
    if (recipient !== null) {
      const role: ChatRole = recipient === chat.guestId ? "guest" : "host";
      events.push(realtime.publish(userChannel(recipient), "chat-message", { chatId, role, from: me.firstName, preview: message.body.slice(0, 140) }));
      events.push(publishUnread(db, realtime, recipient));
    }
    await Promise.all(events);
  }
  return message;
}

/** Marks the other side's messages read and sends the receipt to the conversation's channel. */
export async function markRead(db: Db, realtime: Realtime | null, me: number, chatId: number): Promise<{ upToId: number | null }> {
  await findChatFor(db, me, chatId);
  const updated = await db
    .update(chatMessages)
    .set({ readAt: sql`now()` })
    .where(and(eq(chatMessages.chatId, chatId), isNull(chatMessages.readAt), sql`${chatMessages.senderId} is distinct from ${me}`))
    .returning({ id: chatMessages.id, readAt: chatMessages.readAt });
  if (updated.length === 0) return { upToId: null };
  const upToId = Math.max(...updated.map((m) => m.id));
  if (realtime) {
    await Promise.all([
      realtime.publish(chatChannel(chatId), "read", { chatId, readerId: me, upToId, readAt: (updated[0].readAt ?? new Date()).toISOString() }),
      publishUnread(db, realtime, me),
    ]);
  }
  return { upToId };
}

/**
 * Unread messages and notifications of one user: the header's two counts. One statement, not
 * two: every signed-in page asks, and on PGlite a statement costs ~0.5 ms on the database thread
 * before it is even planned (docs/operations.md, "Signed-in pages, third round").
 */
export async function unreadCounts(db: Db, userId: number): Promise<{ notifications: number; messages: number }> {
  const { rows } = await db.execute<{ notifications: number; messages: number }>(sql`SELECT ${unreadCountsSql(userId)}`);
  return { notifications: Number(rows[0].notifications), messages: Number(rows[0].messages) };
}

/** The two counts as select-list items (`notifications`, `messages`), to ride along other reads. */
export const unreadCountsSql = (userId: number) => sql`
  (SELECT count(*)::int FROM notifications n WHERE n.user_id = ${userId} AND n.read_at IS NULL) AS notifications,
  (SELECT count(*)::int FROM chat_messages m JOIN chats c ON c.id = m.chat_id
    WHERE m.read_at IS NULL AND m.sender_id IS DISTINCT FROM ${userId} AND (c.guest_id = ${userId} OR c.host_id = ${userId})) AS messages`;

export async function publishUnread(db: Db, realtime: Realtime, userId: number) {
  await realtime.publish(userChannel(userId), "unread", await unreadCounts(db, userId));
}

/** Whether `me` may join a channel: their own user channel, or a conversation they take part in. */
export async function mayJoinChannel(db: Db, me: number, channel: string): Promise<boolean> {
  if (channel === userChannel(me)) return true;
  const match = /^private-chat-(\d{1,9})$/.exec(channel);
  if (!match) return false;
  try {
    await findChatFor(db, me, Number(match[1]));
    return true;
  } catch {
    return false;
  }
}
