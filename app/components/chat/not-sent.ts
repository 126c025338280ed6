/**
 * A message sent while the connection is down (issue 27). The conversation's route modules use
 * `chatClientAction`: it runs the server's action and, when the request never got an answer
 * (offline, the connection dropped), answers "not sent" instead of letting the failure replace
 * the page with the error screen. The thread then keeps the message, marked "not sent" with a
 * retry, stored in this browser until it went out, and sends it again when the connection is back.
 * Without JavaScript none of this runs: the form is a plain post.
 */
import type { ClientActionFunctionArgs, ShouldRevalidateFunctionArgs } from "@remix-run/react";
import type { SendResult } from "~/routes-server/($lang).chat.server";

import { isNotSent, type NotSent } from "./not-sent-result";

export { isNotSent, type NotSent };
export type ClientSendResult = SendResult | NotSent;

export async function chatClientAction({ request, serverAction }: ClientActionFunctionArgs): Promise<ClientSendResult | unknown> {
  const form = await request.clone().formData();
  const notSent: NotSent = { ok: false, notSent: true, body: String(form.get("body") ?? "") };
  if (!navigator.onLine) return notSent;
  try {
    return await serverAction();
  } catch (error) {
    // A failed fetch (TypeError) or an answer that was not the app's (the edge's plain 503) is an
    // Error; a response the action threw on purpose (404: the conversation is gone) is not.
    if (error instanceof Error) return notSent;
    throw error;
  }
}

/** After a message that did not go out there is nothing new to load, and loading would fail too. */
export const notSentSkipsRevalidation = ({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  isNotSent(actionResult) ? false : defaultShouldRevalidate;

/** Unsent messages of a conversation, kept in this browser so a reload does not lose them. */
export type Unsent = { key: string; body: string; queuedAt: string };
const storageKey = (chatId: number) => `konok:unsent:${chatId}`;

export function readUnsent(chatId: number): Unsent[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey(chatId)) ?? "[]") as unknown;
    return Array.isArray(parsed) ? parsed.filter((u): u is Unsent => typeof u?.key === "string" && typeof u?.body === "string" && typeof u?.queuedAt === "string") : [];
  } catch {
    return [];
  }
}

export function writeUnsent(chatId: number, list: Unsent[]) {
  try {
    if (list.length) localStorage.setItem(storageKey(chatId), JSON.stringify(list));
    else localStorage.removeItem(storageKey(chatId));
  } catch {
    // Storage full or refused (private mode): the list still lives in the page.
  }
}
