/**
 * Conversations through the real API and database, with the embedded realtime server and the real
 * clients on both sides: only the two participants read or write, channel authorisation refuses
 * other users' channels, contact details are masked before payment, and events arrive live.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Pusher from "pusher";
import PusherClient from "pusher-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage, ChatSummary, ChatThread, RealtimeEvents } from "../../contract/chat";
import { createApi } from "../../api/app";
import { bookings, notifications } from "../../api/db/schema";
import { issueTokens } from "../../api/services/auth/tokens";
import { pushPendingNotifications } from "../../api/services/notification-pusher";
import { realtimeFrom, type Realtime } from "../../api/services/realtime";
import { addDays, todayInBishkek } from "../../contract/dates";
import { createRealtime } from "../../server/realtime";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "c".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
const APP = { id: "konok-chat-test", key: "chat-key", secret: "chat-secret-0123456789abcdef" };
let api: ReturnType<typeof createApi>;
let realtime: Realtime;
let server: http.Server;
let embedded: ReturnType<typeof createRealtime>;
let port: number;
const sockets: PusherClient[] = [];

beforeAll(async () => {
  embedded = createRealtime({ app: APP });
  server = http.createServer((req, res) => embedded.middleware(req, res, () => res.writeHead(404).end()));
  embedded.attach(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  realtime = realtimeFrom(new Pusher({ appId: APP.id, key: APP.key, secret: APP.secret, host: "127.0.0.1", port: String(port), useTLS: false }));
  api = createApi({ db: t.db, auth: AUTH, realtime });
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  embedded.close();
  await new Promise((resolve) => server.close(resolve));
});

type Res<T> = { status: number; body: { success: boolean; data: T; message?: string; errors?: Record<string, string[]> } & Record<string, unknown> };
async function call<T = unknown>(token: string | null, method: string, path: string, body?: unknown, type = "application/json"): Promise<Res<T>> {
  const response = await api.fetch(
    new Request(`http://konok.test${path}`, {
      method,
      headers: { "Content-Type": type, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: await response.json() };
}

async function person(mode: "guest" | "host" = "guest", firstName?: string) {
  const user = await t.make.user({ mode, ...(firstName ? { firstName } : {}) });
  const { token } = await issueTokens(t.db, user.id, AUTH);
  return { ...user, token };
}

async function scene() {
  const host = await person("host", "Aibek");
  const guest = await person("guest", "Dana");
  const estate = await t.make.estate({ hostId: host.id });
  const started = await call<{ id: number }>(guest.token, "POST", "/api/v1/chat", { estateId: estate.id });
  expect(started.status).toBe(200);
  return { host, guest, estate, chatId: started.body.data.id };
}

/** A pusher-js socket of `token`'s user, authorised through POST /api/v1/socket/auth. */
function socketOf(token: string) {
  const client = new PusherClient(APP.key, {
    cluster: "eu",
    wsHost: "127.0.0.1",
    wsPort: port,
    forceTLS: false,
    enabledTransports: ["ws"],
    disableStats: true,
    channelAuthorization: {
      endpoint: "/unused",
      transport: "ajax",
      customHandler: ({ socketId, channelName }, callback) => {
        call(token, "POST", "/api/v1/socket/auth", `socket_id=${socketId}&channel_name=${encodeURIComponent(channelName)}`, "application/x-www-form-urlencoded").then(
          (r) => (r.status === 200 ? callback(null, r.body as unknown as { auth: string }) : callback(new Error(`status ${r.status}`), null)),
          (e: Error) => callback(e, null),
        );
      },
    },
  });
  sockets.push(client);
  return client;
}

const subscribe = (client: PusherClient, channel: string) =>
  new Promise<ReturnType<PusherClient["subscribe"]>>((resolve, reject) => {
    const c = client.subscribe(channel);
    c.bind("pusher:subscription_succeeded", () => resolve(c));
    c.bind("pusher:subscription_error", (e: unknown) => reject(Object.assign(new Error("refused"), { detail: e })));
  });

const next = <E extends keyof RealtimeEvents>(channel: ReturnType<PusherClient["subscribe"]>, event: E, ms = 3000) =>
  new Promise<RealtimeEvents[E]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), ms);
    channel.bind(event, (data: RealtimeEvents[E]) => {
      clearTimeout(timer);
      resolve(data);
    });
  });

describe("conversations", () => {
  it("lets the guest and the host talk, newest conversation first, with unread counts", async () => {
    const { host, guest, estate, chatId } = await scene();
    // Starting again finds the same conversation.
    expect((await call<{ id: number }>(guest.token, "POST", "/api/v1/chat", { estateId: estate.id })).body.data.id).toBe(chatId);

    const sent = await call<ChatMessage>(guest.token, "POST", `/api/v1/chat/${chatId}/messages`, { body: "  Здравствуйте! Можно с собакой?  " });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ senderId: guest.id, body: "Здравствуйте! Можно с собакой?", readAt: null });

    const hostList = await call<{ items: ChatSummary[] }>(host.token, "GET", "/api/v1/chat?role=host");
    expect(hostList.body.data.items[0]).toMatchObject({
      id: chatId,
      role: "host",
      estate: { id: estate.id, slug: estate.slug },
      other: { id: guest.id, name: "Dana" },
      lastMessage: { body: "Здравствуйте! Можно с собакой?", mine: false },
      unread: 1,
    });
    expect((await call<{ messages: number }>(host.token, "GET", "/api/v1/unread_data")).body.data.messages).toBe(1);
    // The guest's side lists it as theirs, with nothing unread.
    const guestList = await call<{ items: ChatSummary[] }>(guest.token, "GET", "/api/v1/chat?role=guest");
    expect(guestList.body.data.items[0]).toMatchObject({ id: chatId, role: "guest", unread: 0, other: { name: "Aibek Host".split(" ")[0] } });
    expect((await call<{ items: ChatSummary[] }>(guest.token, "GET", "/api/v1/chat?role=host")).body.data.items).toEqual([]);

    const read = await call<{ upToId: number }>(host.token, "PUT", `/api/v1/chat/${chatId}/read`);
    expect(read.body.data.upToId).toBe(sent.body.data.id);
    expect((await call<{ messages: number }>(host.token, "GET", "/api/v1/unread_data")).body.data.messages).toBe(0);
    const thread = await call<ChatThread>(guest.token, "GET", `/api/v1/chat/${chatId}`);
    expect(thread.body.data.messages[0].readAt).not.toBeNull();
  });

  it("refuses everyone but the two participants with 404, and bad input with 422", async () => {
    const { chatId } = await scene();
    const stranger = await person();
    expect((await call(stranger.token, "GET", `/api/v1/chat/${chatId}`)).status).toBe(404);
    expect((await call(stranger.token, "POST", `/api/v1/chat/${chatId}/messages`, { body: "hi" })).status).toBe(404);
    expect((await call(stranger.token, "PUT", `/api/v1/chat/${chatId}/read`)).status).toBe(404);
    expect((await call(null, "GET", `/api/v1/chat/${chatId}`)).status).toBe(401);
    const own = await scene();
    const long = await call(own.guest.token, "POST", `/api/v1/chat/${own.chatId}/messages`, { body: "x".repeat(2001) });
    expect(long.status).toBe(422);
    expect(long.body.errors?.body).toBeDefined();
    expect((await call(own.guest.token, "POST", `/api/v1/chat/${own.chatId}/messages`, { body: "   " })).status).toBe(422);
    // A host cannot open an inquiry about their own listing.
    expect((await call(own.host.token, "POST", "/api/v1/chat", { estateId: own.estate.id })).status).toBe(422);
  });

  it("opens a booking's conversation only for its guest and host", async () => {
    const host = await person("host");
    const estate = await t.make.estate({ hostId: host.id });
    const booking = await t.make.booking(estate, addDays(todayInBishkek(), 10), addDays(todayInBishkek(), 12), "pending_confirmation");
    const { token: guestToken } = await issueTokens(t.db, booking.guestId!, AUTH);
    const fromGuest = await call<{ id: number }>(guestToken, "POST", "/api/v1/chat", { bookingId: booking.id });
    const fromHost = await call<{ id: number }>(host.token, "POST", "/api/v1/chat", { bookingId: booking.id });
    expect(fromHost.body.data.id).toBe(fromGuest.body.data.id);
    const stranger = await person();
    expect((await call(stranger.token, "POST", "/api/v1/chat", { bookingId: booking.id })).status).toBe(404);
  });

  it("masks phone numbers and e-mail addresses until a booking is paid, and shows links as plain text", async () => {
    const host = await person("host");
    const estate = await t.make.estate({ hostId: host.id });
    const booking = await t.make.booking(estate, addDays(todayInBishkek(), 20), addDays(todayInBishkek(), 22), "pending_payment");
    const { token: guestToken } = await issueTokens(t.db, booking.guestId!, AUTH);
    const chatId = (await call<{ id: number }>(guestToken, "POST", "/api/v1/chat", { bookingId: booking.id })).body.data.id;
    const text = "Звоните +996 (700) 12-34-56 или пишите dana.k@mail.kg, сайт <b>https://x.kg</b>, 2 взрослых";
    const sent = await call<ChatMessage>(guestToken, "POST", `/api/v1/chat/${chatId}/messages`, { body: text });
    expect(sent.body.data.body).toBe("Звоните ••• или пишите •••, сайт <b>https://x.kg</b>, 2 взрослых");
    const hostView = await call<ChatThread>(host.token, "GET", `/api/v1/chat/${chatId}`);
    expect(hostView.body.data.masked).toBe(true);
    expect(hostView.body.data.messages.at(-1)?.body).not.toMatch(/700|mail\.kg/);
    expect((await call<{ items: ChatSummary[] }>(host.token, "GET", "/api/v1/chat")).body.data.items.find((c) => c.id === chatId)?.lastMessage?.body).not.toMatch(/700/);

    await t.db.update(bookings).set({ status: "paid_waiting_checkin" }).where(eq(bookings.id, booking.id));
    const paidView = await call<ChatThread>(host.token, "GET", `/api/v1/chat/${chatId}`);
    expect(paidView.body.data.masked).toBe(false);
    expect(paidView.body.data.messages.at(-1)?.body).toBe(text);
  });

  it("pages back through older messages", async () => {
    const { guest, chatId } = await scene();
    for (let i = 1; i <= 35; i++) await call(guest.token, "POST", `/api/v1/chat/${chatId}/messages`, { body: `m${i}` });
    const first = await call<ChatThread>(guest.token, "GET", `/api/v1/chat/${chatId}`);
    expect(first.body.data.messages.map((m) => m.body)).toEqual(Array.from({ length: 30 }, (_, i) => `m${i + 6}`));
    expect(first.body.data.olderBefore).not.toBeNull();
    const older = await call<ChatThread>(guest.token, "GET", `/api/v1/chat/${chatId}?before=${first.body.data.olderBefore}`);
    expect(older.body.data.messages.map((m) => m.body)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect(older.body.data.olderBefore).toBeNull();
  });
});

describe("realtime channels", () => {
  it("authorises only the caller's own channel and their conversations", async () => {
    const { host, guest, chatId } = await scene();
    const stranger = await person();
    const auth = (token: string, channel: string) =>
      call<never>(token, "POST", "/api/v1/socket/auth", `socket_id=123.456&channel_name=${encodeURIComponent(channel)}`, "application/x-www-form-urlencoded");
    expect((await auth(guest.token, `private-user-${guest.id}`)).status).toBe(200);
    expect((await auth(guest.token, `private-chat-${chatId}`)).body).toHaveProperty("auth");
    expect((await auth(host.token, `private-chat-${chatId}`)).status).toBe(200);
    expect((await auth(guest.token, `private-user-${host.id}`)).status).toBe(403);
    expect((await auth(stranger.token, `private-chat-${chatId}`)).status).toBe(403);
    expect((await auth(stranger.token, "presence-anything")).status).toBe(403);
    const noSession = await call(null, "POST", "/api/v1/socket/auth", "socket_id=1.2&channel_name=private-user-1", "application/x-www-form-urlencoded");
    expect(noSession.status).toBe(401);
    // User authentication for pusher-js signin names the caller, whoever they claim to be.
    const user = await call<never>(guest.token, "POST", "/api/v1/socket/auth", { socket_id: "123.456" });
    expect(JSON.parse(user.body.user_data as string)).toMatchObject({ id: String(guest.id) });
    // A stranger's socket is refused by the real server too.
    const spy = socketOf(stranger.token);
    await expect(subscribe(spy, `private-chat-${chatId}`)).rejects.toThrow("refused");
  });

  it("delivers messages, receipts and unread counts live to the other side", async () => {
    const { host, guest, chatId } = await scene();
    const hostSocket = socketOf(host.token);
    const guestSocket = socketOf(guest.token);
    const [hostChat, hostOwn, guestChat] = await Promise.all([
      subscribe(hostSocket, `private-chat-${chatId}`),
      subscribe(hostSocket, `private-user-${host.id}`),
      subscribe(guestSocket, `private-chat-${chatId}`),
    ]);
    const arrived = next(hostChat, "message");
    const told = next(hostOwn, "chat-message");
    const counted = next(hostOwn, "unread");
    const sent = await call<ChatMessage>(guest.token, "POST", `/api/v1/chat/${chatId}/messages`, { body: "Во сколько заезд?" });
    expect(await arrived).toMatchObject({ chatId, id: sent.body.data.id, senderId: guest.id, body: "Во сколько заезд?" });
    expect(await told).toMatchObject({ chatId, role: "host", from: "Dana", preview: "Во сколько заезд?" });
    expect((await counted).messages).toBeGreaterThanOrEqual(1);

    const receipt = next(guestChat, "read");
    await call(host.token, "PUT", `/api/v1/chat/${chatId}/read`);
    expect(await receipt).toMatchObject({ chatId, readerId: host.id, upToId: sent.body.data.id });
  });

  it("announces committed booking notifications once on the person's channel", async () => {
    const host = await person("host");
    const estate = await t.make.estate({ hostId: host.id });
    const booking = await t.make.booking(estate, addDays(todayInBishkek(), 30), addDays(todayInBishkek(), 31), "pending_confirmation");
    // Everything from earlier tests is announced first, so this one is the only pending row.
    await pushPendingNotifications(t.db, realtime);
    const hostSocket = socketOf(host.token);
    const own = await subscribe(hostSocket, `private-user-${host.id}`);
    const heard = next(own, "notification");
    await t.db.insert(notifications).values({ userId: host.id, type: "booking_requested", bookingId: booking.id, estateId: estate.id, payload: { estateTitle: { ru: "Юрта", en: "Yurt", ky: "Боз үй" } } });
    expect(await pushPendingNotifications(t.db, realtime)).toBe(1);
    expect(await heard).toMatchObject({ type: "booking_requested", bookingId: booking.id, estateTitle: "Юрта", role: "host" });
    expect(await pushPendingNotifications(t.db, realtime)).toBe(0);
  });
});
