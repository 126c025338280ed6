/**
 * Realtime channel names: one per user for notifications, one per conversation. Apart from the
 * chat schemas (contract/chat.ts) because every page's realtime client imports them, and zod
 * must not come with every first visit.
 */
export const userChannel = (userId: number) => `private-user-${userId}`;
export const chatChannel = (chatId: number) => `private-chat-${chatId}`;
