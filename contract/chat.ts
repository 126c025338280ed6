/** Conversations between a guest and a host (GET/POST /api/v1/chat…) and their live events. */
import { z } from "zod";
import { msg } from "./message-key";

export const MESSAGE_MAX_LENGTH = 2000;
/** Messages per page of a conversation; older ones load by `before`. */
export const MESSAGES_PAGE_SIZE = 30;

export const sendMessageSchema = z.object({
  body: z.string().trim().min(1, msg("messageEmpty")).max(MESSAGE_MAX_LENGTH, msg("tooLong")),
});

/** A conversation starts from an estate (a question before booking) or from a booking. */
export const startChatSchema = z
  .object({ estateId: z.number().int().positive().optional(), bookingId: z.number().int().positive().optional() })
  .refine((v) => (v.estateId === undefined) !== (v.bookingId === undefined), { message: msg("chatTargetNeeded") });

export const chatListQuerySchema = z.object({
  role: z.enum(["guest", "host"]).optional(),
  page: z.coerce.number().int().min(1).default(1),
});

export const threadQuerySchema = z.object({ before: z.coerce.number().int().positive().optional() });

export type ChatRole = "guest" | "host";

export type ChatSummary = {
  id: number;
  /** The caller's side of this conversation. */
  role: ChatRole;
  estate: { id: number; slug: string; title: string };
  bookingId: number | null;
  other: { id: number | null; name: string };
  lastMessage: { body: string; mine: boolean; createdAt: string } | null;
  unread: number;
  updatedAt: string;
};

export type ChatMessage = {
  id: number;
  senderId: number | null;
  body: string;
  /** When the other participant read it (receipts); null while unread. */
  readAt: string | null;
  createdAt: string;
};

export type ChatThread = {
  chat: ChatSummary;
  me: number;
  /** Oldest first. */
  messages: ChatMessage[];
  /** The `before` cursor of the next older page, null at the beginning. */
  olderBefore: number | null;
  /** Phone numbers and e-mail addresses are hidden until a booking between them is paid. */
  masked: boolean;
};

export { chatChannel, userChannel } from "./realtime-channels";

/** Events on the channels (data is JSON). */
export type RealtimeEvents = {
  /** On chatChannel: a new message. */
  message: ChatMessage & { chatId: number };
  /** On chatChannel: `readerId` has read every message up to `upToId`. */
  read: { chatId: number; readerId: number; upToId: number; readAt: string };
  /** On userChannel: a message arrived in one of the user's conversations. */
  "chat-message": { chatId: number; role: ChatRole; from: string; preview: string };
  /** On userChannel: a booking notification (the record of /profile/notifications). */
  notification: { id: number; type: string; bookingId: number | null; estateTitle: string; role: ChatRole };
  /** On userChannel: the header's counts changed. */
  unread: { messages: number; notifications: number };
};
