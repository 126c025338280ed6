/**
 * The realtime connection of a signed-in person, loaded by ./realtime.tsx with `import()` once the
 * page is interactive, with the toasts' code (./toast-item.tsx): pusher-js, its options and the
 * person's own channel.
 */
import Pusher from "pusher-js";
import type { RealtimeEvents } from "../../../contract/chat";
import { userChannel } from "../../../contract/realtime-channels";
import type { LiveEvent, RealtimeConfig, Unread } from "./realtime";
import type { Toast } from "./toasts";

const newId = () => Math.random().toString(36).slice(2);

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

export function connect(
  config: RealtimeConfig,
  userId: number,
  on: { unread: (unread: Unread) => void; toast: (toast: Toast) => void; showsChat: (chatId: number) => boolean; event: (event: LiveEvent) => void },
): Pusher {
  const client = new Pusher(config.key, clientOptions(config));
  const own = client.subscribe(userChannel(userId));
  own.bind("unread", (data: RealtimeEvents["unread"]) => on.unread(data));
  own.bind("notification", (data: RealtimeEvents["notification"]) => {
    on.toast({ id: newId(), kind: "notification", data });
    on.event({ type: "notification", data });
  });
  own.bind("chat-message", (data: RealtimeEvents["chat-message"]) => {
    if (!on.showsChat(data.chatId)) on.toast({ id: newId(), kind: "message", data });
    on.event({ type: "chat-message", data });
  });
  return client;
}
