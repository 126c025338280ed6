/**
 * The embedded Pusher-protocol server against the real clients: pusher-js (Node build) for
 * browsers' side and the official `pusher` library for the publishing side.
 */
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import PusherClient from "pusher-js";
import type { Channel, PresenceChannel } from "pusher-js";
import Pusher from "pusher";
import WebSocket from "ws";
import { createRealtime } from "../../server/realtime";

const app = { id: "konok-test", key: "test-key", secret: "test-secret-0123456789" };
let server: http.Server;
let realtime: ReturnType<typeof createRealtime>;
let port: number;
let publisher: Pusher;
const clients: PusherClient[] = [];

beforeAll(async () => {
  // A short activity timeout so the ping/pong and the timeout are seen within the test.
  realtime = createRealtime({ app, activityTimeoutSeconds: 1, pongTimeoutMs: 600, clientEventsPerSecond: 5 });
  server = http.createServer((req, res) => realtime.middleware(req, res, () => res.writeHead(404).end()));
  realtime.attach(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  publisher = new Pusher({ appId: app.id, key: app.key, secret: app.secret, host: "127.0.0.1", port: String(port), useTLS: false });
});

afterAll(async () => {
  for (const c of clients) c.disconnect();
  realtime.close();
  await new Promise((resolve) => server.close(resolve));
});

/** A pusher-js client with SPEC section 9's options, authorised by the official library. */
function client(options: { user?: { id: string; info?: Record<string, unknown> }; secret?: string } = {}) {
  const signer = options.secret ? new Pusher({ appId: app.id, key: app.key, secret: options.secret, host: "127.0.0.1" }) : publisher;
  const c = new PusherClient(app.key, {
    cluster: "eu",
    wsHost: "127.0.0.1",
    wsPort: port,
    forceTLS: false,
    enabledTransports: ["ws"],
    disableStats: true,
    activityTimeout: 120_000,
    pongTimeout: 30_000,
    unavailableTimeout: 10_000,
    channelAuthorization: {
      endpoint: "/unused",
      transport: "ajax",
      customHandler: ({ socketId, channelName }, callback) => {
        const presence = channelName.startsWith("presence-") ? { user_id: options.user?.id ?? "anon", user_info: options.user?.info } : undefined;
        callback(null, signer.authorizeChannel(socketId, channelName, presence));
      },
    },
    userAuthentication: {
      endpoint: "/unused",
      transport: "ajax",
      customHandler: ({ socketId }, callback) => callback(null, signer.authenticateUser(socketId, { id: options.user?.id ?? "anon" })),
    },
  });
  clients.push(c);
  return c;
}

const connected = (c: PusherClient) =>
  new Promise<string>((resolve, reject) => {
    if (c.connection.state === "connected") return resolve(c.connection.socket_id);
    c.connection.bind("connected", () => resolve(c.connection.socket_id));
    c.connection.bind("failed", () => reject(new Error("failed")));
  });

const subscribed = (channel: Channel) =>
  new Promise<unknown>((resolve, reject) => {
    channel.bind("pusher:subscription_succeeded", resolve);
    channel.bind("pusher:subscription_error", (error: unknown) => reject(Object.assign(new Error("subscription_error"), { detail: error })));
  });

const next = <T = unknown>(channel: { bind: (event: string, cb: (data: T) => void) => unknown }, event: string, ms = 3000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    channel.bind(event, (data: T) => {
      clearTimeout(timer);
      resolve(data);
    });
  });

describe("embedded Pusher-protocol server", () => {
  it("connects with a socket id and the server's activity timeout", async () => {
    const c = client();
    const socketId = await connected(c);
    expect(socketId).toMatch(/^\d+\.\d+$/);
    // pusher-js takes the smaller of its own and the server's activity timeout.
    expect((c.connection as unknown as { activityTimeout: number }).activityTimeout).toBe(1000);
  });

  it("delivers trigger and batch trigger to public channel subscribers", async () => {
    const c = client();
    const channel = c.subscribe("news");
    await subscribed(channel);
    const single = next<{ n: number }>(channel, "hello");
    await publisher.trigger("news", "hello", { n: 1 });
    expect(await single).toEqual({ n: 1 });

    const first = next<{ n: number }>(channel, "one");
    const second = next<{ n: number }>(channel, "two");
    await publisher.triggerBatch([
      { channel: "news", name: "one", data: { n: 1 } },
      { channel: "news", name: "two", data: { n: 2 } },
    ]);
    expect([await first, await second]).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it("excludes the socket named in socket_id", async () => {
    const a = client();
    const b = client();
    const [aId] = await Promise.all([connected(a), connected(b)]);
    const ca = a.subscribe("exclusion");
    const cb = b.subscribe("exclusion");
    await Promise.all([subscribed(ca), subscribed(cb)]);
    let aGot = false;
    ca.bind("ping-all", () => (aGot = true));
    const bGets = next(cb, "ping-all");
    await publisher.trigger("exclusion", "ping-all", {}, { socket_id: aId });
    await bGets;
    await new Promise((r) => setTimeout(r, 100));
    expect(aGot).toBe(false);
  });

  it("authorises private channels by signature and refuses a wrong one", async () => {
    const good = client();
    const channel = good.subscribe("private-user-1");
    await subscribed(channel);
    const got = next(channel, "notice");
    await publisher.trigger("private-user-1", "notice", { ok: true });
    expect(await got).toEqual({ ok: true });

    const forger = client({ secret: "not-the-secret-0000000000" });
    const refused = forger.subscribe("private-user-1");
    const error = await subscribed(refused).then(
      () => null,
      (e: { detail: { status: number; type: string } }) => e.detail,
    );
    expect(error).toMatchObject({ type: "AuthError", status: 401 });
    // The refused socket hears nothing published there.
    let leaked = false;
    refused.bind("notice", () => (leaked = true));
    await publisher.trigger("private-user-1", "notice", { second: true });
    await new Promise((r) => setTimeout(r, 150));
    expect(leaked).toBe(false);
  });

  it("keeps presence rosters: members, member_added and member_removed", async () => {
    const alice = client({ user: { id: "1", info: { name: "Alice" } } });
    const bob = client({ user: { id: "2", info: { name: "Bob" } } });
    const aliceRoom = alice.subscribe("presence-chat-9") as PresenceChannel;
    await subscribed(aliceRoom);
    expect(aliceRoom.members.count).toBe(1);
    expect(aliceRoom.members.me).toMatchObject({ id: "1", info: { name: "Alice" } });

    const added = next<{ id: string; info: unknown }>(aliceRoom, "pusher:member_added");
    const bobRoom = bob.subscribe("presence-chat-9") as PresenceChannel;
    await subscribed(bobRoom);
    expect(await added).toEqual({ id: "2", info: { name: "Bob" } });
    expect(bobRoom.members.count).toBe(2);
    expect(bobRoom.members.get("1")).toEqual({ id: "1", info: { name: "Alice" } });

    const removed = next<{ id: string }>(aliceRoom, "pusher:member_removed");
    bob.unsubscribe("presence-chat-9");
    expect((await removed).id).toBe("2");
    expect(aliceRoom.members.count).toBe(1);
  });

  it("relays client events to the other subscribers of private channels only", async () => {
    const a = client({ user: { id: "1" } });
    const b = client({ user: { id: "2" } });
    const ca = a.subscribe("presence-typing") as PresenceChannel;
    const cb = b.subscribe("presence-typing") as PresenceChannel;
    await Promise.all([subscribed(ca), subscribed(cb)]);
    let echoed = false;
    ca.bind("client-typing", () => (echoed = true));
    const heard = new Promise<{ data: unknown; meta: unknown }>((resolve) => cb.bind("client-typing", (data: unknown, meta: unknown) => resolve({ data, meta })));
    expect(ca.trigger("client-typing", { typing: true })).toBe(true);
    const { data, meta } = await heard;
    expect(data).toEqual({ typing: true });
    // On presence channels the server names who sent it.
    expect(meta).toEqual({ user_id: "1" });
    await new Promise((r) => setTimeout(r, 100));
    expect(echoed).toBe(false);

    // A public channel refuses client events with an error on the connection.
    const pub = a.subscribe("open-square");
    await subscribed(pub);
    const error = next<{ type: string; data: { message: string } }>(a.connection, "error");
    a.send_event("client-shout", { loud: true }, "open-square");
    expect((await error).data.message).toMatch(/only on private and presence/);
  });

  it("limits client events per second with 4301", async () => {
    const a = client();
    const channel = a.subscribe("private-burst");
    await subscribed(channel);
    const error = next<{ data: { code: number } }>(a.connection, "error");
    for (let i = 0; i < 8; i++) channel.trigger("client-burst", { i });
    expect((await error).data.code).toBe(4301);
  });

  it("signs users in and lets only that user hear #server-to-user channels", async () => {
    const c = client({ user: { id: "42" } });
    await connected(c);
    const gotIt = next<{ hi: string }>(c.user, "welcome");
    c.signin();
    await new Promise((r) => setTimeout(r, 200));
    await publisher.sendToUser("42", "welcome", { hi: "there" });
    expect(await gotIt).toEqual({ hi: "there" });

    // A raw socket cannot subscribe to someone else's user channel.
    const raw = await rawSocket();
    raw.send({ event: "pusher:subscribe", data: { channel: "#server-to-user-42", auth: "" } });
    expect((await raw.next("pusher:subscription_error")).data).toMatchObject({ status: 401 });
    raw.socket.close();
  });

  it("answers pusher:ping, pings a quiet client and closes one that never pongs (4201)", async () => {
    const raw = await rawSocket();
    raw.send({ event: "pusher:ping", data: {} });
    expect((await raw.next("pusher:pong")).event).toBe("pusher:pong");
    // Silence past the activity timeout (1 s): the server pings, then closes within the pong timeout.
    expect((await raw.next("pusher:ping", 3000)).event).toBe("pusher:ping");
    expect(await raw.closed).toBe(4201);
  });

  it("keeps a pusher-js client connected across several activity timeouts", async () => {
    const c = client();
    await connected(c);
    const states: string[] = [];
    c.connection.bind("state_change", (s: { current: string }) => states.push(s.current));
    await new Promise((r) => setTimeout(r, 3500));
    expect(c.connection.state).toBe("connected");
    expect(states).toEqual([]);
  });

  it("refuses an unknown app key (4001) and an old protocol (4007)", async () => {
    const wrongKey = await rawSocket("nope");
    expect((await wrongKey.next("pusher:error")).data).toMatchObject({ code: 4001 });
    expect(await wrongKey.closed).toBe(4001);
    const oldProtocol = await rawSocket(app.key, "4");
    expect(await oldProtocol.closed).toBe(4007);
  });

  it("refuses HTTP API calls with a bad, stale or missing signature", async () => {
    const forger = new Pusher({ appId: app.id, key: app.key, secret: "wrong-secret-000000000000", host: "127.0.0.1", port: String(port), useTLS: false });
    await expect(forger.trigger("news", "x", {})).rejects.toMatchObject({ status: 401 });

    const body = JSON.stringify({ name: "x", channels: ["news"], data: "{}" });
    const stale = Math.floor(Date.now() / 1000) - 3600;
    const query = signedQuery("POST", `/apps/${app.id}/events`, body, stale);
    const staleResponse = await fetch(`http://127.0.0.1:${port}/apps/${app.id}/events?${query}`, { method: "POST", body, headers: { "content-type": "application/json" } });
    expect(staleResponse.status).toBe(401);
    expect(await staleResponse.text()).toMatch(/Timestamp expired/);

    // A body changed after signing no longer matches body_md5.
    const fresh = signedQuery("POST", `/apps/${app.id}/events`, body, Math.floor(Date.now() / 1000));
    const tampered = await fetch(`http://127.0.0.1:${port}/apps/${app.id}/events?${fresh}`, { method: "POST", body: body.replace("news", "other") });
    expect(tampered.status).toBe(401);
    const unsigned = await fetch(`http://127.0.0.1:${port}/apps/${app.id}/events`, { method: "POST", body });
    expect(unsigned.status).toBe(401);
    const correct = await fetch(`http://127.0.0.1:${port}/apps/${app.id}/events?${fresh}`, { method: "POST", body });
    expect(correct.status).toBe(200);
  });

  it("answers channel queries through the official library", async () => {
    const c = client({ user: { id: "7" } });
    const room = c.subscribe("presence-query");
    await subscribed(room);
    const info = await (await publisher.get({ path: "/channels/presence-query", params: { info: "user_count" } })).json();
    expect(info).toMatchObject({ occupied: true, subscription_count: 1, user_count: 1 });
    const users = await (await publisher.get({ path: "/channels/presence-query/users" })).json();
    expect(users).toEqual({ users: [{ id: "7" }] });
  });

  // Issue 26: `/app/%` ended the process (URIError thrown in the upgrade handler, outside any
  // error handling), and the HTTP API's broken percent-encoding answered a 500 with the error's text.
  it("refuses an upgrade whose path is broken percent-encoding with 400 and keeps serving", async () => {
    for (const path of ["/app/%", "/app/%E0%A4%A", "/app/%ZZ?protocol=7"]) {
      const answer = await rawHttp(
        `GET ${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    }
    // Still alive, and a proper client still connects.
    expect(await connected(client())).toMatch(/^\d+\.\d+$/);
  });

  it("answers broken percent-encoding in HTTP API paths with 400 that reveals nothing", async () => {
    const appPath = await fetch(`http://127.0.0.1:${port}/apps/%E0/events`, { method: "POST", body: "{}" });
    expect(appPath.status).toBe(400);
    expect(await appPath.text()).not.toMatch(/URI|malformed|Error/);
    // A signed query for a channel name that does not decode.
    const path = `/apps/${app.id}/channels/%E0`;
    const channel = await fetch(`http://127.0.0.1:${port}${path}?${signedQuery("GET", path, "", Math.floor(Date.now() / 1000), false)}`);
    expect(channel.status).toBe(400);
    expect(await channel.text()).not.toMatch(/URI malformed/);
  });
});

describe("caps (issue 26)", () => {
  it("closes connections over the per-address and total caps with 4100, and refuses channels past the per-connection cap", async () => {
    // A server of its own with small caps; "addresses" come from a header the test sets.
    const capped = createRealtime({ app, maxConnectionsPerAddress: 2, maxConnections: 3, maxChannelsPerConnection: 3, addressOf: (r) => String(r.headers["x-test-address"]) });
    const own = http.createServer((_req, res) => res.writeHead(404).end());
    capped.attach(own);
    await new Promise<void>((resolve) => own.listen(0, "127.0.0.1", resolve));
    const ownPort = (own.address() as AddressInfo).port;
    const open = (address: string) =>
      new Promise<{ socket: WebSocket; first: { event: string; data: unknown }; closed: Promise<number> }>((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${ownPort}/app/${app.key}?protocol=7`, { headers: { "X-Test-Address": address } });
        const closed = new Promise<number>((done) => socket.on("close", (code) => done(code)));
        socket.once("message", (raw) => {
          const m = JSON.parse(raw.toString());
          resolve({ socket, first: { event: m.event, data: typeof m.data === "string" ? JSON.parse(m.data) : m.data }, closed });
        });
        socket.on("error", reject);
      });
    const a1 = await open("10.0.0.1");
    const a2 = await open("10.0.0.1");
    expect([a1.first.event, a2.first.event]).toEqual(["pusher:connection_established", "pusher:connection_established"]);
    const a3 = await open("10.0.0.1");
    expect(a3.first).toEqual({ event: "pusher:error", data: { code: 4100, message: "Over capacity: too many connections from this address" } });
    expect(await a3.closed).toBe(4100);
    const b1 = await open("10.0.0.2");
    expect(b1.first.event).toBe("pusher:connection_established");
    const b2 = await open("10.0.0.2");
    expect(b2.first).toMatchObject({ event: "pusher:error", data: { code: 4100, message: "Over capacity" } });
    expect(await b2.closed).toBe(4100);

    // Channels: three at most on one connection; the fourth is refused, the others keep working.
    const answers: { event: string; channel?: string; data?: unknown }[] = [];
    a1.socket.on("message", (raw) => answers.push(JSON.parse(raw.toString())));
    for (const channel of ["news-1", "news-2", "news-3", "news-4"]) a1.socket.send(JSON.stringify({ event: "pusher:subscribe", data: { channel } }));
    for (let i = 0; i < 100 && answers.length < 4; i++) await new Promise((r) => setTimeout(r, 10));
    expect(answers.filter((m) => m.event === "pusher_internal:subscription_succeeded").map((m) => m.channel)).toEqual(["news-1", "news-2", "news-3"]);
    expect(answers.find((m) => m.channel === "news-4")).toMatchObject({ event: "pusher:subscription_error", data: { type: "LimitReached", status: 429 } });

    // A closed connection frees its place.
    a2.socket.close();
    await a2.closed;
    const a4 = await open("10.0.0.1");
    expect(a4.first.event).toBe("pusher:connection_established");
    for (const c of [a1, a4, b1]) c.socket.close();
    capped.close();
    await new Promise((resolve) => own.close(resolve));
  });
});

/** One raw request on a fresh TCP connection; resolves with everything the server sent before closing (or 2 s). */
function rawHttp(request: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString()));
    socket.on("close", () => resolve(text));
    socket.on("error", reject);
    setTimeout(() => socket.destroy(), 2000);
  });
}

function signedQuery(method: string, path: string, body: string, timestamp: number, withBody = true) {
  const params: Record<string, string> = { auth_key: app.key, auth_timestamp: String(timestamp), auth_version: "1.0", ...(withBody ? { body_md5: crypto.createHash("md5").update(body).digest("hex") } : {}) };
  const text = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
  const signature = crypto.createHmac("sha256", app.secret).update(`${method}\n${path}\n${text}`).digest("hex");
  return `${text}&auth_signature=${signature}`;
}

/** A bare WebSocket speaking the protocol by hand, for what pusher-js would never do. */
async function rawSocket(key = app.key, protocol = "7") {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=${protocol}&client=test&version=1`);
  const messages: { event: string; data: unknown }[] = [];
  const waiters: (() => void)[] = [];
  socket.on("message", (raw) => {
    const m = JSON.parse(raw.toString());
    messages.push({ ...m, data: typeof m.data === "string" ? JSON.parse(m.data) : m.data });
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  await new Promise((resolve) => socket.once("open", resolve));
  return {
    socket,
    closed,
    send: (m: object) => socket.send(JSON.stringify(m)),
    next: async (event: string, ms = 2000) => {
      const deadline = Date.now() + ms;
      for (;;) {
        const i = messages.findIndex((m) => m.event === event);
        if (i >= 0) return messages.splice(i, 1)[0];
        if (Date.now() > deadline) throw new Error(`no ${event}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
    },
  };
}
