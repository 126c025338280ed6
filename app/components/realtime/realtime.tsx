/**
 * The live channel for signed-in people: the connection's code (./connection.ts, with pusher-js
 * and the toasts) is fetched only after the page is interactive, a dynamic import that is not in
 * the first-load JS; it subscribes the person's own channel and turns its events into toasts and
 * the header's unread counts. Pages subscribe further channels with `useChannel`. Without
 * JavaScript none of this runs and pages show the counts from the server.
 */
import { useLocation, useRevalidator } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type Pusher from "pusher-js";
import type { Channel } from "pusher-js";
import { stripLocale } from "~/i18n/config";
import { Toasts, type Toast, type ToastItemComponent } from "./toasts";
import type { RealtimeEvents } from "../../../contract/chat";

export type RealtimeConfig = { key: string; cluster: string; wsHost: string | null; wsPort: number | null; forceTLS: boolean | null };
export type Unread = { messages: number; notifications: number };
/** An event of the person's own channel, for pages that follow it (a booking page, the chat list). */
export type LiveEvent = { type: "notification"; data: RealtimeEvents["notification"] } | { type: "chat-message"; data: RealtimeEvents["chat-message"] };
type Listener = (event: LiveEvent) => void;

type Live = {
  pusher: Pusher | null;
  userId: number;
  unread: Unread | null;
  /** Lets a page lower the counts at once (it has just read a conversation). */
  setUnread: (next: Unread) => void;
  /** Adds a listener of the own channel's events; answers its removal. */
  listen: (listener: Listener) => () => void;
};

const RealtimeContext = createContext<Live | null>(null);

export const useRealtime = () => useContext(RealtimeContext);

/** Runs `start` once the page has loaded and the main thread is idle. */
function afterInteractive(start: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (cancelled) return;
    if ("requestIdleCallback" in window) window.requestIdleCallback(() => !cancelled && start(), { timeout: 2000 });
    else setTimeout(() => !cancelled && start(), 200);
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", run);
  };
}

export function RealtimeProvider({ userId, config, initialUnread, children }: { userId: number | null; config: RealtimeConfig | null; initialUnread: Unread | null; children: ReactNode }) {
  const [pusher, setPusher] = useState<Pusher | null>(null);
  const [unread, setUnread] = useState<Unread | null>(initialUnread);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [ToastItem, setToastItem] = useState<ToastItemComponent | null>(null);
  const location = useLocation();
  const listeners = useRef(new Set<Listener>());
  const listen = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const here = useRef(location.pathname);
  here.current = location.pathname;

  // The server's counts are fresher after every navigation that reloaded the root.
  useEffect(() => setUnread(initialUnread), [initialUnread]);

  // At most three at once: a burst of events must not cover the page.
  const addToast = useCallback((toast: Toast) => setToasts((list) => [...list.slice(-2), toast]), []);

  useEffect(() => {
    if (userId === null || !config) return;
    let client: Pusher | null = null;
    let ended = false;
    const stop = afterInteractive(() => {
      // No toast can arrive before the connection exists: the toasts' code comes with it.
      void Promise.all([import("./connection"), import("./toast-item")]).then(([{ connect }, { ToastItem }]) => {
        // Signed out (or the config changed) while the code was on its way: no connection.
        if (ended) return;
        setToastItem(() => ToastItem);
        client = connect(config, userId, {
          unread: setUnread,
          toast: addToast,
          // The open conversation shows the message itself.
          showsChat: (chatId) => stripLocale(here.current).endsWith(`/chat/${chatId}`),
          event: (event) => listeners.current.forEach((listener) => listener(event)),
        });
        setPusher(client);
      });
    });
    return () => {
      ended = true;
      stop();
      client?.disconnect();
      setPusher(null);
    };
  }, [userId, config, addToast]);

  const value = useMemo<Live | null>(() => (userId === null ? null : { pusher, userId, unread, setUnread, listen }), [pusher, userId, unread, listen]);
  return (
    <RealtimeContext.Provider value={value}>
      {children}
      {userId !== null ? <Toasts toasts={toasts} Item={ToastItem} onClose={(id) => setToasts((list) => list.filter((t) => t.id !== id))} /> : null}
    </RealtimeContext.Provider>
  );
}

/** Subscribes `name` while the component is mounted and the connection exists. */
export function useChannel(name: string | null, bind: (channel: Channel) => void) {
  const live = useRealtime();
  const pusher = live?.pusher ?? null;
  const bindRef = useRef(bind);
  bindRef.current = bind;
  const [channel, setChannel] = useState<Channel | null>(null);
  useEffect(() => {
    if (!pusher || !name) return;
    const subscribed = pusher.subscribe(name);
    bindRef.current(subscribed);
    setChannel(subscribed);
    return () => {
      subscribed.unbind_all();
      pusher.unsubscribe(name);
      setChannel(null);
    };
  }, [pusher, name]);
  return channel;
}

/**
 * Reloads the page's data when an event of the person's own channel concerns it (`concerns`
 * answers true): a booking page follows its booking's confirmation, payment or cancellation, the
 * chat list its new messages (issue 27). Several events at once reload once.
 */
export function useRevalidateOn(concerns: (event: LiveEvent) => boolean) {
  const live = useRealtime();
  const revalidator = useRevalidator();
  const concernsRef = useRef(concerns);
  concernsRef.current = concerns;
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const listen = live?.listen;
  useEffect(() => {
    if (!listen) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = listen((event) => {
      if (!concernsRef.current(event)) return;
      clearTimeout(timer);
      timer = setTimeout(() => revalidateRef.current(), 150);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [listen]);
}
