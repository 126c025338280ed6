/**
 * The live channel for signed-in people: pusher-js and the toasts' code are fetched only after the
 * page is interactive (dynamic imports, not in the first-load JS), subscribes the person's own channel, and turns its
 * events into toasts and the header's unread counts. Pages subscribe further channels with
 * `useChannel`. Without JavaScript none of this runs and pages show the counts from the server.
 */
import { useLocation } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type Pusher from "pusher-js";
import type { Channel } from "pusher-js";
import type { RealtimeEvents } from "../../../contract/chat";
import { userChannel } from "../../../contract/realtime-channels";
import { stripLocale } from "~/i18n/config";
import { Toasts, type Toast, type ToastItemComponent } from "./toasts";

export type RealtimeConfig = { key: string; cluster: string; wsHost: string | null; wsPort: number | null; forceTLS: boolean | null };
export type Unread = { messages: number; notifications: number };

type Live = {
  pusher: Pusher | null;
  userId: number;
  unread: Unread | null;
  /** Lets a page lower the counts at once (it has just read a conversation). */
  setUnread: (next: Unread) => void;
};

const RealtimeContext = createContext<Live | null>(null);

const newId = () => Math.random().toString(36).slice(2);

export const useRealtime = () => useContext(RealtimeContext);

/** SPEC section 9's client options; host, port and TLS are the page's own unless configured. */
function clientOptions(config: RealtimeConfig) {
  const tls = config.forceTLS ?? window.location.protocol === "https:";
  const port = config.wsPort ?? (Number(window.location.port) || (tls ? 443 : 80));
  return {
    cluster: config.cluster,
    wsHost: config.wsHost ?? window.location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ["ws" as const, "wss" as const],
    disableStats: true,
    activityTimeout: 120_000,
    pongTimeout: 30_000,
    unavailableTimeout: 10_000,
    channelAuthorization: { endpoint: "/pusher/auth", transport: "ajax" as const },
    userAuthentication: { endpoint: "/pusher/user-auth", transport: "ajax" as const },
  };
}

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
      void Promise.all([import("pusher-js"), import("./toast-item")]).then(([{ default: PusherClass }, item]) => {
        // Signed out (or the config changed) while the code was on its way: no connection.
        if (ended) return;
        setToastItem(() => item.ToastItem);
        client = new PusherClass(config.key, clientOptions(config));
        const own = client.subscribe(userChannel(userId));
        own.bind("unread", (data: RealtimeEvents["unread"]) => setUnread(data));
        own.bind("notification", (data: RealtimeEvents["notification"]) => addToast({ id: newId(), kind: "notification", data }));
        own.bind("chat-message", (data: RealtimeEvents["chat-message"]) => {
          // The open conversation shows the message itself.
          if (stripLocale(here.current).endsWith(`/chat/${data.chatId}`)) return;
          addToast({ id: newId(), kind: "message", data });
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

  const value = useMemo<Live | null>(() => (userId === null ? null : { pusher, userId, unread, setUnread }), [pusher, userId, unread]);
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
