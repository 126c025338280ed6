/**
 * What a conversation's client action answers when a message did not go out (not-sent.ts). Apart
 * because the root route asks `isNotSent` on every page (it skips revalidating after such an
 * answer): the root's imports are in every page's first load, and the rest of not-sent.ts (the
 * client action, the browser's store of unsent messages) belongs to the conversation pages only.
 */
export type NotSent = { ok: false; notSent: true; body: string };

export const isNotSent = (value: unknown): value is NotSent => typeof value === "object" && value !== null && "notSent" in value;
