/**
 * Which realtime service this process uses, from the PUSHER_* variables: the embedded server on
 * our own port by default, or an external Pusher-protocol service (Soketi, Pusher Channels). The
 * API publishes through the official `pusher` client either way.
 */
import type { IncomingMessage } from "node:http";
import Pusher from "pusher";
import type { Config } from "../config";
import { createRealtime } from "./index";

/** What the browser's pusher-js needs; null host/port/TLS mean "this page's own". */
export type RealtimeClientConfig = { key: string; cluster: string; wsHost: string | null; wsPort: number | null; forceTLS: boolean | null };

export function realtimeSetup(config: Config, options: { addressOf?: (request: IncomingMessage) => string } = {}) {
  const app = { id: config.PUSHER_APP_ID, key: config.PUSHER_KEY, secret: config.PUSHER_SECRET };
  const external = Boolean(config.PUSHER_HOST || config.PUSHER_CLUSTER);
  const embedded = external ? null : createRealtime({ app, activityTimeoutSeconds: 120, pongTimeoutMs: 30_000, addressOf: options.addressOf });
  const loopback = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;
  const pusher = external
    ? new Pusher({
        appId: app.id,
        key: app.key,
        secret: app.secret,
        useTLS: config.PUSHER_USE_TLS,
        ...(config.PUSHER_HOST ? { host: config.PUSHER_HOST, ...(config.PUSHER_PORT ? { port: String(config.PUSHER_PORT) } : {}) } : { cluster: config.PUSHER_CLUSTER! }),
      })
    : new Pusher({ appId: app.id, key: app.key, secret: app.secret, host: loopback, port: String(config.PORT), useTLS: false });
  const client: RealtimeClientConfig = {
    key: app.key,
    cluster: config.PUSHER_CLUSTER ?? "eu",
    wsHost: config.PUSHER_WS_HOST ?? (external ? (config.PUSHER_HOST ?? null) : null),
    wsPort: config.PUSHER_WS_PORT ?? (external && config.PUSHER_HOST ? (config.PUSHER_PORT ?? null) : null),
    forceTLS: config.PUSHER_FORCE_TLS ?? (external ? config.PUSHER_USE_TLS : null),
  };
  return { embedded, pusher, client };
}
