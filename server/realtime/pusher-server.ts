/**
 * The embedded realtime server: the Pusher Channels protocol (version 7) over `ws`, on the app's
 * own HTTP server, so one container needs nothing else (docs/decisions/0023). Browsers connect to
 * /app/{key}; our API publishes through the HTTP API at /apps/{id}/… (see http-api.ts) with the
 * official `pusher` client, exactly as it would to Pusher Channels or Soketi.
 */
import crypto from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { channelAuth, userAuth, verifyAuth, type RealtimeApp } from "./signatures";

export type PusherServerOptions = {
  app: RealtimeApp;
  /** Seconds of silence after which the client pings (sent to it at connect); SPEC section 9: 120. */
  activityTimeoutSeconds?: number;
  /** How long a pinged client has to answer before it is closed with 4201. */
  pongTimeoutMs?: number;
  /** Client events per second per connection before 4301. */
  clientEventsPerSecond?: number;
  /** Channels one connection may be subscribed to at once (a browser needs a handful). */
  maxChannelsPerConnection?: number;
  /** Connections from one address at once; beyond it the new one is closed with 4100. */
  maxConnectionsPerAddress?: number;
  /** Connections at once in all; beyond it the new one is closed with 4100. */
  maxConnections?: number;
  /** The visitor's address (behind a trusted proxy, from X-Forwarded-For); the socket's by default. */
  addressOf?: (request: IncomingMessage) => string;
};

/** The protocol's close and error codes used here (pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol). */
export const CODES = {
  appDoesNotExist: 4001,
  unsupportedProtocol: 4007,
  unauthorized: 4009,
  /** "Over capacity": the client reconnects after a pause (the protocol's 4100–4199 range). */
  overCapacity: 4100,
  reconnectImmediately: 4200,
  pongNotReceived: 4201,
  clientEventRateLimit: 4301,
} as const;

const MAX_MESSAGE_BYTES = 10 * 1024;
const MAX_CHANNEL_NAME = 164;
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;#]+$/;

type Member = { info: unknown; sockets: number };

class Connection {
  readonly channels = new Set<string>();
  /** user_id per presence channel this socket joined. */
  readonly presence = new Map<string, string>();
  lastSeen = Date.now();
  pinged = false;
  signedInUser: string | null = null;
  eventWindowStart = Date.now();
  eventsInWindow = 0;
  constructor(
    readonly id: string,
    readonly socket: WebSocket,
  ) {}
  send(message: object) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }
  sendRaw(frame: string) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(frame);
  }
  error(code: number | null, text: string) {
    this.send({ event: "pusher:error", data: { code, message: text } });
  }
}

export type PusherServer = ReturnType<typeof createPusherServer>;

export function createPusherServer(options: PusherServerOptions) {
  const app = options.app;
  const activityTimeoutMs = (options.activityTimeoutSeconds ?? 120) * 1000;
  const pongTimeoutMs = options.pongTimeoutMs ?? 30_000;
  const clientEventsPerSecond = options.clientEventsPerSecond ?? 10;
  // Caps (issue 26): one connection subscribed to ~143 000 channels, one address opened 18 100 sockets.
  const maxChannelsPerConnection = options.maxChannelsPerConnection ?? 100;
  const maxConnectionsPerAddress = options.maxConnectionsPerAddress ?? 200;
  const maxConnections = options.maxConnections ?? 10_000;
  const addressOf = options.addressOf ?? ((request: IncomingMessage) => request.socket.remoteAddress ?? "unknown");
  const perAddress = new Map<string, number>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES * 4, clientTracking: false });
  const connections = new Map<string, Connection>();
  const channels = new Map<string, Set<Connection>>();
  const members = new Map<string, Map<string, Member>>();

  // Quiet clients are pinged once; one that still says nothing within the pong timeout is gone.
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const connection of connections.values()) {
        const idle = now - connection.lastSeen;
        if (connection.pinged && idle > activityTimeoutMs + pongTimeoutMs) connection.socket.close(CODES.pongNotReceived, "Pong reply not received");
        else if (!connection.pinged && idle > activityTimeoutMs) {
          connection.pinged = true;
          connection.send({ event: "pusher:ping", data: {} });
        }
      }
    },
    Math.max(200, Math.min(activityTimeoutMs, pongTimeoutMs) / 4),
  );
  sweep.unref();

  function socketId() {
    // "digits.digits", as clients and the HTTP API's socket_id check expect.
    return `${crypto.randomInt(1, 2 ** 31)}.${crypto.randomInt(1, 2 ** 31)}`;
  }

  function onConnection(socket: WebSocket, request: IncomingMessage, key: string) {
    const url = new URL(request.url ?? "/", "http://realtime.internal");
    if (key !== app.key) {
      socket.send(JSON.stringify({ event: "pusher:error", data: { code: CODES.appDoesNotExist, message: `App key ${key} does not exist` } }));
      return void socket.close(CODES.appDoesNotExist, "App does not exist");
    }
    const protocol = Number(url.searchParams.get("protocol") ?? "7");
    if (!(protocol >= 5 && protocol <= 7)) {
      socket.send(JSON.stringify({ event: "pusher:error", data: { code: CODES.unsupportedProtocol, message: `Unsupported protocol version ${protocol}` } }));
      return void socket.close(CODES.unsupportedProtocol, "Unsupported protocol version");
    }
    // Over a cap: the protocol's "over capacity" (4100), so pusher-js comes back after a pause.
    const address = addressOf(request);
    const fromAddress = perAddress.get(address) ?? 0;
    if (connections.size >= maxConnections || fromAddress >= maxConnectionsPerAddress) {
      const why = connections.size >= maxConnections ? "Over capacity" : "Over capacity: too many connections from this address";
      socket.send(JSON.stringify({ event: "pusher:error", data: { code: CODES.overCapacity, message: why } }));
      return void socket.close(CODES.overCapacity, "Over capacity");
    }
    perAddress.set(address, fromAddress + 1);
    const connection = new Connection(socketId(), socket);
    connections.set(connection.id, connection);
    connection.send({
      event: "pusher:connection_established",
      data: JSON.stringify({ socket_id: connection.id, activity_timeout: activityTimeoutMs / 1000 }),
    });
    socket.on("message", (raw, isBinary) => {
      connection.lastSeen = Date.now();
      connection.pinged = false;
      if (isBinary) return;
      onMessage(connection, raw.toString());
    });
    socket.on("close", () => {
      for (const channel of [...connection.channels]) leave(connection, channel);
      connections.delete(connection.id);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
    socket.on("error", () => socket.terminate());
  }

  function onMessage(connection: Connection, text: string) {
    if (text.length > MAX_MESSAGE_BYTES) return connection.error(null, "Message too large (10 KB at most)");
    let message: { event?: unknown; channel?: unknown; data?: unknown };
    try {
      message = JSON.parse(text);
    } catch {
      return connection.error(null, "Invalid JSON");
    }
    if (!message || typeof message !== "object" || typeof message.event !== "string") return connection.error(null, "Missing event name");
    const data = (typeof message.data === "string" ? safeJson(message.data) : message.data) as Record<string, unknown> | undefined;
    switch (message.event) {
      case "pusher:ping":
        return connection.send({ event: "pusher:pong", data: {} });
      case "pusher:pong":
        return;
      case "pusher:subscribe":
        return subscribe(connection, data ?? {});
      case "pusher:unsubscribe":
        if (typeof data?.channel === "string") leave(connection, data.channel);
        return;
      case "pusher:signin":
        return signin(connection, data ?? {});
      default:
        if (message.event.startsWith("client-")) return clientEvent(connection, message.event, message.channel, message.data);
        // Unknown pusher: events are ignored, as other servers do, so newer clients keep working.
        return;
    }
  }

  function subscribe(connection: Connection, data: Record<string, unknown>) {
    const channel = data.channel;
    if (typeof channel !== "string" || channel.length === 0 || channel.length > MAX_CHANNEL_NAME || !CHANNEL_NAME.test(channel)) {
      return connection.error(null, "Invalid channel name");
    }
    if (connection.channels.has(channel)) return succeeded(connection, channel);
    const refuse = (text: string) =>
      connection.send({ event: "pusher:subscription_error", channel, data: { type: "AuthError", error: text, status: 401 } });
    if (connection.channels.size >= maxChannelsPerConnection) {
      return connection.send({
        event: "pusher:subscription_error",
        channel,
        data: { type: "LimitReached", error: `At most ${maxChannelsPerConnection} channels per connection`, status: 429 },
      });
    }
    if (channel.startsWith("#server-to-user-")) {
      // Only the socket signed in as that user hears what the server sends to them.
      if (connection.signedInUser === null || channel !== `#server-to-user-${connection.signedInUser}`) return refuse("Sign in as this user first");
    } else if (channel.startsWith("presence-")) {
      const channelData = typeof data.channel_data === "string" ? data.channel_data : "";
      if (!verifyAuth(app, data.auth, channelAuth(app, connection.id, channel, channelData))) return refuse("Invalid signature");
      const member = safeJson(channelData) as { user_id?: unknown; user_info?: unknown } | undefined;
      if (!member || (typeof member.user_id !== "string" && typeof member.user_id !== "number")) return refuse("channel_data must name a user_id");
      join(connection, channel);
      addMember(connection, channel, String(member.user_id), member.user_info);
      return;
    } else if (channel.startsWith("private-")) {
      if (!verifyAuth(app, data.auth, channelAuth(app, connection.id, channel))) return refuse("Invalid signature");
    }
    join(connection, channel);
    succeeded(connection, channel);
  }

  function succeeded(connection: Connection, channel: string) {
    const roster = members.get(channel);
    const payload = roster
      ? { presence: { ids: [...roster.keys()], hash: Object.fromEntries([...roster].map(([id, m]) => [id, m.info ?? null])), count: roster.size } }
      : {};
    connection.send({ event: "pusher_internal:subscription_succeeded", channel, data: JSON.stringify(payload) });
  }

  function join(connection: Connection, channel: string) {
    connection.channels.add(channel);
    let set = channels.get(channel);
    if (!set) channels.set(channel, (set = new Set()));
    set.add(connection);
  }

  function addMember(connection: Connection, channel: string, userId: string, info: unknown) {
    let roster = members.get(channel);
    if (!roster) members.set(channel, (roster = new Map()));
    connection.presence.set(channel, userId);
    const existing = roster.get(userId);
    if (existing) existing.sockets += 1;
    else roster.set(userId, { info, sockets: 1 });
    succeeded(connection, channel);
    if (!existing) broadcast(channel, { event: "pusher_internal:member_added", channel, data: JSON.stringify({ user_id: userId, user_info: info }) }, connection);
  }

  function leave(connection: Connection, channel: string) {
    if (!connection.channels.delete(channel)) return;
    const set = channels.get(channel);
    set?.delete(connection);
    if (set && set.size === 0) channels.delete(channel);
    const userId = connection.presence.get(channel);
    if (userId === undefined) return;
    connection.presence.delete(channel);
    const roster = members.get(channel);
    const member = roster?.get(userId);
    if (!roster || !member) return;
    member.sockets -= 1;
    if (member.sockets > 0) return;
    roster.delete(userId);
    if (roster.size === 0) members.delete(channel);
    broadcast(channel, { event: "pusher_internal:member_removed", channel, data: JSON.stringify({ user_id: userId }) });
  }

  function signin(connection: Connection, data: Record<string, unknown>) {
    const userData = typeof data.user_data === "string" ? data.user_data : "";
    const user = safeJson(userData) as { id?: unknown } | undefined;
    if (!verifyAuth(app, data.auth, userAuth(app, connection.id, userData)) || !user || typeof user.id !== "string" || !user.id) {
      connection.error(CODES.unauthorized, "Invalid user authentication");
      return void connection.socket.close(CODES.unauthorized, "Unauthorized");
    }
    connection.signedInUser = user.id;
    connection.send({ event: "pusher:signin_success", data: { user_data: userData } });
  }

  function clientEvent(connection: Connection, event: string, channel: unknown, data: unknown) {
    if (typeof channel !== "string" || !connection.channels.has(channel)) return connection.error(null, `Client event on a channel this connection is not subscribed to`);
    if (!channel.startsWith("private-") && !channel.startsWith("presence-")) return connection.error(null, "Client events are allowed only on private and presence channels");
    const now = Date.now();
    if (now - connection.eventWindowStart >= 1000) {
      connection.eventWindowStart = now;
      connection.eventsInWindow = 0;
    }
    if (++connection.eventsInWindow > clientEventsPerSecond) {
      return connection.error(CODES.clientEventRateLimit, `Client event rejected: at most ${clientEventsPerSecond} per second`);
    }
    const userId = connection.presence.get(channel);
    broadcast(channel, { event, channel, data, ...(userId !== undefined ? { user_id: userId } : {}) }, connection);
  }

  function broadcast(channel: string, message: object, except?: Connection) {
    const set = channels.get(channel);
    if (!set) return 0;
    // Serialised once for every subscriber: a message to 500 sockets costs one JSON.stringify.
    const frame = JSON.stringify(message);
    let sent = 0;
    for (const connection of set) {
      if (connection === except) continue;
      connection.sendRaw(frame);
      sent += 1;
    }
    return sent;
  }

  /** Deliver a server event (from the HTTP API) to a channel's subscribers, except `socketId`. */
  function publish(channel: string, event: string, data: string, exceptSocketId?: string) {
    return broadcast(channel, { event, channel, data }, exceptSocketId ? connections.get(exceptSocketId) : undefined);
  }

  /**
   * Take the WebSocket upgrade for /app/{key}; false leaves the request to others. A key that is
   * not valid percent-encoding (`/app/%`) is refused with 400 before the handshake: decoding it
   * threw outside any request's error handling and ended the process (issue 26).
   */
  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const match = /^\/app\/([^/?]+)/.exec(request.url ?? "");
    if (!match) return false;
    const key = safeDecode(match[1]);
    if (key === null) {
      refuseUpgrade(socket, 400, "Bad Request");
      return true;
    }
    wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, request, key));
    return true;
  }

  /**
   * The `upgrade` event runs outside Express and its error handling: whatever throws in it is
   * caught here, logged with an id like a request's, and costs that one socket, not the process.
   */
  function attach(server: Server, log: (line: string) => void = (line) => console.error(line)) {
    server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      try {
        if (!handleUpgrade(request, socket, head)) socket.destroy();
      } catch (error) {
        log(`upgrade ${crypto.randomBytes(8).toString("hex")}: ${String(request.url).slice(0, 200)} failed: ${(error as Error)?.stack ?? String(error)}`);
        refuseUpgrade(socket, 500, "Internal Server Error");
      }
    });
  }

  /** Tell every client to reconnect (4200) and stop: a restarting node sends them to the next. */
  function close() {
    clearInterval(sweep);
    for (const connection of connections.values()) connection.socket.close(CODES.reconnectImmediately, "Server restarting");
    connections.clear();
    channels.clear();
    members.clear();
  }

  return {
    app,
    publish,
    handleUpgrade,
    attach,
    close,
    channelInfo(channel: string) {
      const roster = members.get(channel);
      const count = channels.get(channel)?.size ?? 0;
      return { occupied: count > 0, subscription_count: count, ...(roster ? { user_count: roster.size } : {}) };
    },
    occupiedChannels: () => [...channels.keys()],
    users: (channel: string) => [...(members.get(channel)?.keys() ?? [])].map((id) => ({ id })),
    isSocket: (id: string) => connections.has(id),
    stats: () => ({ connections: connections.size, channels: channels.size }),
  };
}

/** decodeURIComponent that answers null instead of throwing on broken percent-encoding. */
export function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** A plain HTTP answer on a socket that asked for an upgrade, then the socket is closed. */
function refuseUpgrade(socket: Duplex, status: number, reason: string) {
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  else socket.destroy();
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
