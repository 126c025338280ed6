/**
 * One conversation. Without JavaScript: the messages, a link to older ones and a form that posts
 * and comes back. With JavaScript the same form sends in place (the message shows at once), the
 * other side's messages, "typing…" (client events) and read receipts arrive live.
 */
import { Link, useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { MESSAGE_MAX_LENGTH, chatChannel, type ChatMessage, type ChatRole, type ChatThread as Thread, type RealtimeEvents } from "../../../contract/chat";
import { useLocale } from "~/i18n/use-locale";
import { formatDateTime } from "~/lib/format";
import type { SendResult } from "~/routes-server/($lang).chat.server";
import { useChannel, useRealtime } from "~/components/realtime/realtime";
import { isNotSent, readUnsent, writeUnsent, type ClientSendResult, type Unsent } from "./not-sent";
import { useHydrated } from "remix-utils/use-hydrated";

const TYPING_SHOWN_MS = 4000;
const TYPING_SEND_EVERY_MS = 2000;

/** `olderPage`: this is a page of earlier messages (?before=), where live ones do not belong. */
export function ChatThread({ thread, role, olderPage }: { thread: Thread; role: ChatRole; olderPage: boolean }) {
  const { t } = useTranslation("common");
  const { path, locale } = useLocale();
  const { chat, me } = thread;
  const base = role === "host" ? "/host/chat" : "/chat";
  const otherName = chat.other.name || t(role === "host" ? "chat.guest" : "chat.host");
  const sender = useFetcher<ClientSendResult>();
  const reader = useFetcher();
  const posted = useActionData<SendResult>();
  const live = useRealtime();
  // True once the page is hydrated (and at once for a thread opened after that), from remix-utils.
  const hydrated = useHydrated();
  const [arrived, setArrived] = useState<ChatMessage[]>([]);
  const [readUpTo, setReadUpTo] = useState(0);
  const [typing, setTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>();
  const lastTypingSent = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  // A new conversation (or page of it) starts from the server's list again.
  useEffect(() => {
    setArrived([]);
    setReadUpTo(0);
  }, [chat.id]);

  const [subscribed, setSubscribed] = useState(false);
  const channel = useChannel(chatChannel(chat.id), (ch) => {
    setSubscribed(false);
    ch.bind("pusher:subscription_succeeded", () => setSubscribed(true));
    ch.bind("message", (m: RealtimeEvents["message"]) => {
      setArrived((list) => (list.some((x) => x.id === m.id) ? list : [...list, m]));
      if (m.senderId !== me) {
        setTyping(false);
        if (document.visibilityState === "visible") reader.submit({ intent: "read" }, { method: "post" });
      }
    });
    ch.bind("read", (r: RealtimeEvents["read"]) => {
      if (r.readerId !== me) setReadUpTo((n) => Math.max(n, r.upToId));
    });
    ch.bind("client-typing", () => {
      setTyping(true);
      clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
    });
  });

  // What the sender's fetcher got back joins the list at once, before any live echo.
  const sent = sender.data?.ok ? sender.data.message : null;
  const addArrived = (m: ChatMessage) => setArrived((list) => (list.some((x) => x.id === m.id) ? list : [...list, m]));
  useEffect(() => {
    if (sent) {
      addArrived(sent);
      formRef.current?.reset();
    }
  }, [sent]);

  // Messages that did not go out (offline): kept in the thread and in this browser, sent again
  // when the connection is back or on "Retry" (not-sent.ts).
  const [unsent, setUnsent] = useState<Unsent[]>([]);
  useEffect(() => setUnsent(readUnsent(chat.id)), [chat.id]);
  const changeUnsent = (change: (list: Unsent[]) => Unsent[]) =>
    setUnsent((list) => {
      const next = change(list);
      writeUnsent(chat.id, next);
      return next;
    });
  const notSent = isNotSent(sender.data) ? sender.data : null;
  useEffect(() => {
    if (!notSent || !notSent.body.trim()) return;
    changeUnsent((list) => [...list, { key: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, body: notSent.body, queuedAt: new Date().toISOString() }]);
    formRef.current?.reset();
    // Once per answer of the fetcher.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [notSent]);

  const messages = useMemo(() => {
    const byId = new Map<number, ChatMessage>();
    for (const m of thread.messages) byId.set(m.id, m);
    if (!olderPage) for (const m of arrived) if (!byId.has(m.id)) byId.set(m.id, m);
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }, [thread.messages, olderPage, arrived]);

  const pending = sender.state !== "idle" ? String(sender.formData?.get("body") ?? "") : "";
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end" });
  }, [messages.length, pending, typing]);

  // Reading lowers the header's count at once; the server's own event follows.
  useEffect(() => {
    if (live?.unread && chat.unread > 0) live.setUnread({ ...live.unread, messages: Math.max(0, live.unread.messages - chat.unread) });
    // Only when a conversation is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chat.id]);

  const failed = sender.data && !sender.data.ok && !isNotSent(sender.data) ? sender.data : posted && !posted.ok ? posted : null;
  const onInput = () => {
    const now = Date.now();
    // Counted as sent only when it went out: before the subscription succeeds trigger refuses.
    if (channel && subscribed && now - lastTypingSent.current > TYPING_SEND_EVERY_MS && channel.trigger("client-typing", { userId: me })) lastTypingSent.current = now;
  };
  const isRead = (m: ChatMessage) => m.readAt !== null || m.id <= readUpTo;
  const before = thread.olderBefore;

  return (
    <section
      // On a phone the conversation fills the screen under the header and the composer is its
      // bottom edge, however few the messages (the footer is hidden there: root.tsx).
      className="mx-auto flex min-h-[calc(100dvh-3.5rem)] w-full max-w-3xl flex-col px-4 pt-4 sm:min-h-0 sm:py-6"
      aria-labelledby="chat-heading" data-live={subscribed ? "true" : "false"}>
      <Link to={path(base)} className="text-sm font-medium text-brand-700 hover:underline">
        <span aria-hidden="true">← </span>
        {t("chat.back")}
      </Link>
      <div className="mt-2 flex items-center gap-3 border-b border-stone-200 pb-3">
        <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
          {otherName.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0">
          <h1 id="chat-heading" className="truncate text-lg font-bold text-stone-900" data-testid="chat-with">
            {otherName}
          </h1>
          <p className="truncate text-sm text-stone-600">
            <Link to={path(`/estates/${chat.estate.slug}`)} className="hover:underline">
              {t("chat.aboutEstate", { title: chat.estate.title })}
            </Link>
            {chat.bookingId && role === "guest" ? (
              <>
                {" · "}
                <Link to={path(`/profile/booking/${chat.bookingId}`)} className="hover:underline">
                  {t("chat.booking", { id: chat.bookingId })}
                </Link>
              </>
            ) : chat.bookingId ? (
              <> · {t("chat.booking", { id: chat.bookingId })}</>
            ) : null}
          </p>
        </div>
      </div>

      {thread.masked ? <p className="mt-3 rounded-2xl bg-amber-50 px-4 py-2 text-sm text-amber-900">{t("chat.masked")}</p> : null}

      <div className="mt-3 flex-1">
        {before ? (
          <Link to={`?before=${before}`} className="block py-2 text-center text-sm font-medium text-brand-700 hover:underline" data-testid="chat-older" preventScrollReset>
            {t("chat.older")}
          </Link>
        ) : null}
        {messages.length === 0 && !pending && unsent.length === 0 ? <p className="py-8 text-center text-sm text-stone-600">{t("chat.noMessages")}</p> : null}
        <ol className="flex flex-col gap-2" data-testid="chat-messages" aria-live="polite">
          {messages.map((m) => {
            const mine = m.senderId === me;
            return (
              <li key={m.id} id={`message-${m.id}`} className={`flex ${mine ? "justify-end" : "justify-start"}`} data-testid="chat-message" data-mine={mine ? "true" : "false"}>
                <div className={`max-w-[85%] rounded-2xl px-3 py-2 ${mine ? "bg-brand-600 text-white" : "border border-stone-200 bg-white text-stone-900"}`}>
                  <span className="sr-only">{mine ? t("chat.you") : otherName}: </span>
                  {/* Plain text: React escapes it, so a link or markup is shown, never run. */}
                  <p className="whitespace-pre-wrap break-words text-[15px]">{m.body}</p>
                  <p className={`mt-1 text-right text-[11px] ${mine ? "text-white" : "text-stone-500"}`}>
                    {formatDateTime(m.createdAt, locale)}
                    {mine ? <span data-testid="receipt"> · {isRead(m) ? t("chat.read") : t("chat.sent")}</span> : null}
                  </p>
                </div>
              </li>
            );
          })}
          {olderPage
            ? null
            : unsent.map((u) => (
                <UnsentMessage
                  key={u.key}
                  unsent={u}
                  onSent={(m) => {
                    addArrived(m);
                    changeUnsent((list) => list.filter((x) => x.key !== u.key));
                  }}
                />
              ))}
          {pending ? (
            // Not faded: a faded bubble failed the text contrast (axe); "Sending…" and the dashed
            // outline say it has not arrived yet.
            <li className="flex justify-end" data-testid="chat-pending">
              <div className="max-w-[85%] rounded-2xl border-2 border-dashed border-brand-300 bg-brand-600 px-3 py-2 text-white">
                <p className="whitespace-pre-wrap break-words text-[15px]">{pending}</p>
                <p className="mt-1 text-right text-[11px] text-white">{t("chat.sending")}</p>
              </div>
            </li>
          ) : null}
        </ol>
        {olderPage ? (
          <Link to="." className="block py-2 text-center text-sm font-medium text-brand-700 hover:underline">
            {t("chat.newest")}
          </Link>
        ) : null}
        <p className="h-6 pt-1 text-sm text-stone-600" data-testid="typing">
          {typing ? t("chat.typing", { name: otherName }) : ""}
        </p>
        <div ref={endRef} />
      </div>

      <sender.Form method="post" ref={formRef} className="sticky bottom-0 -mx-4 mt-2 border-t border-stone-200 bg-stone-50 px-4 pb-3 pt-3" data-testid="chat-form">
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <label htmlFor="chat-body" className="sr-only">
          {t("chat.label")}
        </label>
        <div className="flex items-end gap-2">
          <textarea
            id="chat-body"
            name="body"
            rows={2}
            required
            maxLength={MESSAGE_MAX_LENGTH}
            defaultValue={failed?.body ?? ""}
            key={failed ? `failed-${failed.body.length}` : "composer"}
            placeholder={t("chat.placeholder")}
            onInput={onInput}
            onKeyDown={(e) => {
              // Enter sends, Shift+Enter starts a new line (as in every messenger).
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
            aria-invalid={failed ? true : undefined}
            aria-describedby={failed ? "chat-error chat-hint" : "chat-hint"}
            className="min-h-11 flex-1 resize-y rounded-2xl border border-stone-300 bg-white px-3 py-2 text-[15px] focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
            data-testid="chat-input"
          />
          <button type="submit" className="btn-primary min-h-11" data-testid="chat-send">
            {t("chat.send")}
          </button>
        </div>
        {failed ? (
          <p id="chat-error" className="mt-1 text-sm text-red-700" role="alert" data-testid="chat-error">
            {failed.error}
          </p>
        ) : null}
        <p id="chat-hint" className="mt-1 text-xs text-stone-500">
          {t("chat.hint", { max: MESSAGE_MAX_LENGTH })}
        </p>
      </sender.Form>
    </section>
  );
}

/**
 * A message that did not go out: "Not sent" with a retry, and sent again by itself when the
 * browser says the connection is back (and when the page opens online with it still waiting).
 */
function UnsentMessage({ unsent, onSent }: { unsent: Unsent; onSent: (message: ChatMessage) => void }) {
  const { t } = useTranslation("common");
  const fetcher = useFetcher<ClientSendResult>({ key: `unsent-${unsent.key}` });
  const busy = fetcher.state !== "idle";
  const retry = () => {
    if (fetcher.state === "idle") fetcher.submit({ body: unsent.body, js: "1", queuedAt: unsent.queuedAt }, { method: "post" });
  };
  const result = fetcher.data;
  useEffect(() => {
    if (result?.ok) onSent(result.message);
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  useEffect(() => {
    if (navigator.onLine) retry();
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
    // The listener is set once; `retry` reads the fetcher's state when it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const refused = result && !result.ok && !isNotSent(result) ? result.error : null;
  return (
    <li className="flex justify-end" data-testid="chat-unsent">
      <div className="max-w-[85%] rounded-2xl border-2 border-dashed border-red-300 bg-white px-3 py-2 text-stone-900">
        <p className="whitespace-pre-wrap break-words text-[15px]">{unsent.body}</p>
        <div className="mt-1 flex flex-wrap items-center justify-end gap-x-3 text-[12px]">
          <span className="font-medium text-red-700" role="status">
            {busy ? t("chat.sending") : (refused ?? t("chat.notSent"))}
          </span>
          <button type="button" onClick={retry} disabled={busy} className="min-h-8 rounded-full px-2 font-semibold text-brand-700 underline hover:bg-brand-50 disabled:opacity-60" data-testid="chat-retry">
            {t("chat.retry")}
          </button>
        </div>
      </div>
    </li>
  );
}
