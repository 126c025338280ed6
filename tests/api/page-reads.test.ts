/**
 * What every signed-in page reads (the header's unread counts, the trips and host booking lists
 * with their tab counts), now in fewer queries (docs/operations.md, "Signed-in pages"): the answers
 * must stay exactly what they were, and another user's rows must never be counted.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { chatMessages, chats, notifications } from "../../api/db/schema";
import { issueTokens } from "../../api/services/auth/tokens";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "q".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
let api: ReturnType<typeof createApi>;

beforeAll(() => {
  api = createApi({ db: t.db, auth: AUTH });
});

type Res<T> = { status: number; body: { success: boolean; data: T } };
async function get<T>(token: string | null, path: string): Promise<Res<T>> {
  const response = await api.fetch(new Request(`http://konok.test${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }));
  return { status: response.status, body: (await response.json()) as Res<T>["body"] };
}

async function person(mode: "guest" | "host" = "guest") {
  const user = await t.make.user({ mode });
  const { token } = await issueTokens(t.db, user.id, AUTH);
  return { ...user, token };
}

async function chat(guestId: number, hostId: number) {
  const estate = await t.make.estate({ hostId });
  const [row] = await t.db.insert(chats).values({ estateId: estate.id, guestId, hostId }).returning();
  return row.id;
}

const say = (chatId: number, senderId: number, read = false) => t.db.insert(chatMessages).values({ chatId, senderId, body: "hi", readAt: read ? new Date() : null });
const notify = (userId: number, read = false) => t.db.insert(notifications).values({ userId, type: "booking_paid", readAt: read ? new Date() : null });

describe("GET /api/v1/unread_data", () => {
  it("counts the caller's unread messages in every conversation, on either side, and their unread notifications only", async () => {
    const me = await person("host");
    const hostA = await person("host");
    const guestB = await person();
    const stranger = await person();
    // Two conversations where I am the guest, one where I am the host.
    const first = await chat(me.id, hostA.id);
    const second = await chat(me.id, hostA.id);
    const hosting = await chat(guestB.id, me.id);
    await say(first, hostA.id);
    await say(first, hostA.id);
    await say(second, hostA.id);
    await say(hosting, guestB.id);
    // Not mine to read: my own messages, read ones, and a conversation I take no part in.
    await say(first, me.id);
    await say(second, hostA.id, true);
    await say(await chat(stranger.id, hostA.id), hostA.id);
    await notify(me.id);
    await notify(me.id);
    await notify(me.id, true);
    await notify(stranger.id);

    expect((await get(me.token, "/api/v1/unread_data")).body).toEqual({ success: true, data: { notifications: 2, messages: 4 } });
    expect((await get(stranger.token, "/api/v1/unread_data")).body.data).toEqual({ notifications: 1, messages: 1 });
    expect((await get(hostA.token, "/api/v1/unread_data")).body.data).toEqual({ notifications: 0, messages: 1 });
  });

  it("is zero for a new account and 401 without a token", async () => {
    const fresh = await person();
    expect((await get(fresh.token, "/api/v1/unread_data")).body.data).toEqual({ notifications: 0, messages: 0 });
    expect((await get(null, "/api/v1/unread_data")).status).toBe(401);
  });
});
