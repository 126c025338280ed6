/**
 * Loaders and actions shared by the conversation pages: /chat (guest), /host/chat (host),
 * /profile/messages and the /messages aliases. The API decides who may see what; these only
 * proxy it and pick the page the caller belongs on.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ChatMessage, ChatRole } from "../../contract/chat";
import { MESSAGE_MAX_LENGTH } from "../../contract/chat";
import { localizePath, type Locale } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { ApiError, routeErrorFrom } from "~/lib/api.server";
import { localeFromParams } from "~/lib/request.server";
import { getSignedIn, requireHostMode, requireUser, safeRedirect } from "~/lib/auth.server";
import { endpoints } from "../../contract/endpoints";

/** Where one side reads its conversations. */
export const chatBase = (role: ChatRole) => (role === "host" ? "/host/chat" : "/chat");

export async function chatListLoader({ request, context, params }: LoaderFunctionArgs, role: ChatRole) {
  const signedIn = role === "host" ? await requireHostMode(request, context, params) : await requireUser(request, context, params);
  const t = await getT(signedIn.locale, "common");
  const list = await signedIn.api.call(endpoints.chats, { query: { role } }).catch((error: unknown) => {
    throw routeErrorFrom(error);
  });
  return data({ role, items: list.items, title: `${t(role === "host" ? "chat.hostTitle" : "chat.title")} — Konok` }, { headers: await signedIn.headers() });
}

export async function chatThreadLoader({ request, context, params }: LoaderFunctionArgs, role: ChatRole) {
  const signedIn = role === "host" ? await requireHostMode(request, context, params) : await requireUser(request, context, params);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  const before = new URL(request.url).searchParams.get("before");
  const thread = await signedIn.api
    .call(endpoints.chat, { params: { id }, query: { before: before && /^\d+$/.test(before) ? before : undefined } })
    .catch((error: unknown) => {
      throw routeErrorFrom(error);
    });
  // The other side's page of the same conversation: send the reader where they belong.
  if (thread.chat.role !== role) throw redirect(localizePath(`${chatBase(thread.chat.role)}/${id}`, signedIn.locale));
  // Opening a conversation reads it; the receipt reaches the other side live.
  if (thread.chat.unread > 0 && !before) await signedIn.api.call(endpoints.chatRead, { params: { id } }).catch(() => null);
  const t = await getT(signedIn.locale, "common");
  return data(
    { thread, role, olderPage: Boolean(before), title: `${thread.chat.other.name || t(role === "host" ? "chat.guest" : "chat.host")} · ${thread.chat.estate.title} — Konok` },
    { headers: await signedIn.headers() },
  );
}

export type SendResult = { ok: true; message: ChatMessage } | { ok: false; error: string; body: string };

/**
 * Sending is a plain form post: without JavaScript it redirects back to the conversation (the
 * message shows on the reloaded page); the page's script asks for data instead (`js=1`).
 * `intent=read` is the script's "I have seen the new messages".
 */
export async function chatThreadAction({ request, context, params }: ActionFunctionArgs, role: ChatRole) {
  const signedIn = await requireUser(request, context, params);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  const form = await request.formData();
  if (form.get("intent") === "read") {
    await signedIn.api.call(endpoints.chatRead, { params: { id } }).catch(() => null);
    return data({ ok: true as const }, { headers: await signedIn.headers() });
  }
  const body = String(form.get("body") ?? "");
  const t = await getT(signedIn.locale, "common");
  const invalid = !body.trim() ? t("chat.errors.empty") : body.trim().length > MESSAGE_MAX_LENGTH ? t("chat.errors.tooLong", { max: MESSAGE_MAX_LENGTH }) : null;
  if (invalid) return data<SendResult>({ ok: false, error: invalid, body }, { status: 422, headers: await signedIn.headers() });
  let message: ChatMessage;
  try {
    // A retry of a message queued offline (components/chat/not-sent.ts) may follow an attempt
    // that reached the server but whose answer was lost: the same text from me since it was
    // queued is that message, not a new one.
    const queuedAt = Date.parse(String(form.get("queuedAt") ?? ""));
    if (Number.isFinite(queuedAt)) {
      const thread = await signedIn.api.call(endpoints.chat, { params: { id } });
      const already = thread.messages.find((m) => m.senderId === thread.me && m.body === body.trim() && Date.parse(m.createdAt) >= queuedAt - 60_000);
      if (already) return data<SendResult>({ ok: true, message: already }, { headers: await signedIn.headers() });
    }
    message = await signedIn.api.call(endpoints.chatSend, { params: { id }, body: { body } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return data<SendResult>({ ok: false, error: error.message, body }, { status: 422, headers: await signedIn.headers() });
    if (error instanceof ApiError && error.status !== 404) return data<SendResult>({ ok: false, error: t("chat.errors.failed"), body }, { status: 503, headers: await signedIn.headers() });
    throw routeErrorFrom(error);
  }
  if (form.get("js") === "1") return data<SendResult>({ ok: true, message }, { headers: await signedIn.headers() });
  throw redirect(`${localizePath(`${chatBase(role)}/${id}`, signedIn.locale)}#message-${message.id}`, { headers: await signedIn.headers() });
}

/**
 * "Contact the host" (estateId) or "Message the guest/host" (bookingId): opens or finds the
 * conversation and goes there. A visitor signs in first and comes back to the page they were on.
 */
export async function startChatAction({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const signedIn = await getSignedIn(request, context, params);
  if (!signedIn) {
    const back = safeRedirect(form.get("redirectTo"), "/");
    throw redirect(`${localizePath("/login", localeFromParams(params))}?redirectTo=${encodeURIComponent(back)}`);
  }
  const estateId = Number(form.get("estateId"));
  const bookingId = Number(form.get("bookingId"));
  const input = bookingId > 0 ? { bookingId } : estateId > 0 ? { estateId } : null;
  if (!input) throw new Response("Bad Request", { status: 400 });
  const { id } = await signedIn.api.call(endpoints.chatStart, { body: input }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 422) throw redirect(safeRedirect(form.get("redirectTo"), localizePath("/", signedIn.locale)));
    throw routeErrorFrom(error);
  });
  const thread = await signedIn.api.call(endpoints.chat, { params: { id } }).catch((error: unknown) => {
    throw routeErrorFrom(error);
  });
  throw redirect(localizePath(`${chatBase(thread.chat.role)}/${id}`, signedIn.locale), { headers: await signedIn.headers() });
}

/** /messages and /messages/{id}: the host calendar's links, sent to the reader's own side. */
export async function messagesAliasLoader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const locale: Locale = signedIn.locale;
  if (!params.id) throw redirect(localizePath(chatBase(signedIn.user.mode === "host" ? "host" : "guest"), locale));
  const thread = await signedIn.api.call(endpoints.chat, { params: { id: Number(params.id) || 0 } }).catch((error: unknown) => {
    throw routeErrorFrom(error);
  });
  throw redirect(localizePath(`${chatBase(thread.chat.role)}/${thread.chat.id}`, locale));
}
