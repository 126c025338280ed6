/**
 * What every signed-in page of a user reads besides its own data (who the session is, the header's
 * favourites and unread counts, a host's objects for the picker) is kept between writes on PGlite
 * (api/lib/kept-while-unwritten.ts): a change must still show on the very next request, and one
 * user's answer must never be another's. On PostgreSQL too (decision 0086), where any write on the
 * database's server (another test file's) also drops what was kept: there a read between writes
 * may happen again, and tests/api/kept-across-nodes.test.ts shows it does not while the server is
 * quiet.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApi } from "../../api/app";
import type { PageData } from "../../contract/account";
import type { HostEstateOption } from "../../contract/host";
import { bookings, chatMessages, chats, estateTexts, favorites, notifications, users } from "../../api/db/schema";
import { keptWhileUnwritten, MAX_KEYS_PER_KIND } from "../../api/lib/kept-while-unwritten";
import { issueTokens } from "../../api/services/auth/tokens";
import { setupTestApi, text } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "k".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
let api: ReturnType<typeof createApi>;
/** A kept read's second call read again: never on PGlite without a write, maybe on PostgreSQL. */
const readAgain = (reads: number, kept: number) => (t.engine === "pglite" ? expect(reads).toBe(kept) : expect(reads).toBeLessThanOrEqual(kept + 1));

beforeAll(() => {
  api = createApi({ db: t.db, auth: AUTH });
});

async function get<T>(token: string, path: string): Promise<{ status: number; data: T }> {
  const response = await api.fetch(new Request(`http://konok.test${path}`, { headers: { Authorization: `Bearer ${token}` } }));
  return { status: response.status, data: ((await response.json()) as { data: T }).data };
}

async function person(mode: "guest" | "host" = "guest") {
  const user = await t.make.user({ mode });
  return { ...user, token: (await issueTokens(t.db, user.id, AUTH)).token };
}

describe("keptWhileUnwritten", () => {
  it("reads once between writes, again after any write or after maxAgeMs", async () => {
    let reads = 0;
    const read = async () => ++reads;
    const key = `test:${Math.random()}`;
    expect(await keptWhileUnwritten(t.db, key, read)).toBe(1);
    readAgain(await keptWhileUnwritten(t.db, key, read), 1);
    const before = reads;
    await t.make.user();
    expect(await keptWhileUnwritten(t.db, key, read)).toBe(before + 1);

    let timed = 0;
    const timedKey = `${key}:timed`;
    await keptWhileUnwritten(t.db, timedKey, async () => ++timed, 50);
    await keptWhileUnwritten(t.db, timedKey, async () => ++timed, 50);
    readAgain(timed, 1);
    const beforeTimeout = timed;
    await new Promise((resolve) => setTimeout(resolve, 60));
    await keptWhileUnwritten(t.db, timedKey, async () => ++timed, 50);
    expect(timed).toBe(beforeTimeout + 1);
  });

  it("keeps each kind of key within its own limit: many estates' pages do not push the directory lists out", async () => {
    const run = Math.random();
    let lists = 0;
    const readList = async () => ++lists;
    await keptWhileUnwritten(t.db, `testlists:${run}`, readList);
    // More pages than a kind holds, and than the one list of 4096 keys shared by all kinds held.
    const many = Math.max(MAX_KEYS_PER_KIND, 4096) + 1;
    let pages = 0;
    for (let i = 0; i < many; i++) await keptWhileUnwritten(t.db, `testpages:${run}:${i}`, async () => ++pages);
    // Over its kind's limit: the kind's key unused longest went, the other kind's key stayed.
    readAgain(await keptWhileUnwritten(t.db, `testlists:${run}`, readList), 1);
    await keptWhileUnwritten(t.db, `testpages:${run}:0`, async () => ++pages);
    expect(pages).toBe(many + 1);
  });

  it("does not keep a failed read", async () => {
    const key = `fail:${Math.random()}`;
    await expect(keptWhileUnwritten(t.db, key, () => Promise.reject(new Error("busy")))).rejects.toThrow("busy");
    expect(await keptWhileUnwritten(t.db, key, async () => "read again")).toBe("read again");
  });
});

describe("the header's data of a signed-in page (GET /api/v1/page_data), kept between writes", () => {
  it("shows a new notification, message or favourite, and a notification read, on the next request; never another user's", async () => {
    const me = await person();
    const other = await person();
    const host = await person("host");
    const estate = await t.make.estate({ hostId: host.id });
    const empty = { favorites: [], unread: { notifications: 0, messages: 0 } };
    expect((await get<PageData>(me.token, "/api/v1/page_data")).data).toEqual(empty);
    expect((await get<PageData>(me.token, "/api/v1/page_data")).data).toEqual(empty);

    const [notice] = await t.db.insert(notifications).values({ userId: me.id, type: "booking_paid" }).returning();
    expect((await get<PageData>(me.token, "/api/v1/page_data")).data.unread.notifications).toBe(1);
    const [conversation] = await t.db.insert(chats).values({ estateId: estate.id, guestId: me.id, hostId: host.id }).returning();
    await t.db.insert(chatMessages).values({ chatId: conversation.id, senderId: host.id, body: "hello" });
    expect((await get<PageData>(me.token, "/api/v1/page_data")).data.unread).toEqual({ notifications: 1, messages: 1 });
    await t.db.insert(favorites).values({ userId: me.id, estateId: estate.id });
    expect((await get<PageData>(me.token, "/api/v1/page_data")).data.favorites).toEqual([estate.id]);
    await t.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, notice.id));
    expect((await get<PageData>(me.token, "/api/v1/page_data")).data).toEqual({ favorites: [estate.id], unread: { notifications: 0, messages: 1 } });

    // Asked together, each gets their own.
    const [mine, theirs] = await Promise.all([get<PageData>(me.token, "/api/v1/page_data"), get<PageData>(other.token, "/api/v1/page_data")]);
    expect(mine.data.favorites).toEqual([estate.id]);
    expect(theirs.data).toEqual(empty);
  });
});

describe("who a token speaks for, kept between writes", () => {
  it("refuses the next request once the account is blocked or the session ended, and never answers with another user", async () => {
    const me = await person();
    const other = await person();
    const idOf = async (token: string) => (await get<{ userData: { id: number } }>(token, "/api/v1/profile/user")).data.userData.id;
    expect(await idOf(me.token)).toBe(me.id);
    expect(await idOf(other.token)).toBe(other.id);
    expect(await idOf(me.token)).toBe(me.id);

    await t.db.update(users).set({ blockedAt: new Date(), blockedReason: "test" }).where(eq(users.id, me.id));
    expect((await get(me.token, "/api/v1/profile/user")).status).toBe(401);
    await t.db.update(users).set({ blockedAt: null, blockedReason: null }).where(eq(users.id, me.id));
    expect((await get(me.token, "/api/v1/profile/user")).status).toBe(200);

    // A changed name shows at once (the kept row is the user the routes read).
    await t.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, me.id));
    expect((await get<{ userData: { firstName: string } }>(me.token, "/api/v1/profile/user")).data.userData.firstName).toBe("Renamed");
  });
});

describe("the host's objects for the picker, kept between writes", () => {
  it("lists a new object and a changed title on the next request", async () => {
    const host = await person("host");
    const first = await t.make.estate({ hostId: host.id, price: 2000, title: text("Первый", "First", "Биринчи") });
    const list = async () => (await get<{ items: HostEstateOption[] }>(host.token, "/api/v1/host/calendar/estates?locale=en")).data.items;
    expect((await list()).map((e) => e.title)).toEqual(["First"]);
    const second = await t.make.estate({ hostId: host.id, price: 3000, title: text("Второй", "Second", "Экинчи") });
    expect((await list()).map((e) => e.id)).toEqual([first.id, second.id]);
    await t.db.update(estateTexts).set({ title: text("Новый", "Renamed", "Жаңы") }).where(eq(estateTexts.estateId, first.id));
    expect((await list()).map((e) => e.title)).toEqual(["Renamed", "Second"]);
  });
});

describe("the host's bookings' tab counts, kept between writes", () => {
  it("count a new booking, a changed status and a cancellation on the next request, per object and per host", async () => {
    const host = await person("host");
    const other = await person("host");
    const first = await t.make.estate({ hostId: host.id });
    const second = await t.make.estate({ hostId: host.id });
    const theirs = await t.make.estate({ hostId: other.id });
    type List = { items: { id: number }[]; counts: Record<string, number>; total: number };
    const list = async (token: string, query: string) => (await get<List>(token, `/api/v1/host/booking?${query}`)).data;
    const none = { requests: 0, upcoming: 0, staying: 0, past: 0, cancelled: 0 };

    const request = await t.make.booking(first, "2030-03-01", "2030-03-03", "pending_confirmation");
    await t.make.booking(theirs, "2030-03-01", "2030-03-03", "pending_confirmation");
    expect((await list(host.token, "tab=requests")).counts).toEqual({ ...none, requests: 1 });
    expect((await list(host.token, "tab=upcoming")).counts).toEqual({ ...none, requests: 1 });

    // A new booking of the other object: in the host's counts, not in the first object's.
    await t.make.booking(second, "2030-04-01", "2030-04-03", "paid_waiting_checkin");
    expect((await list(host.token, "tab=requests")).counts).toEqual({ ...none, requests: 1, upcoming: 1 });
    expect((await list(host.token, `tab=requests&estateId=${first.id}`)).counts).toEqual({ ...none, requests: 1 });

    // The request confirmed, then cancelled: it moves between tabs at once, in every list.
    await t.db.update(bookings).set({ status: "pending_payment" }).where(eq(bookings.id, request.id));
    const upcoming = await list(host.token, "tab=upcoming");
    expect(upcoming.counts).toEqual({ ...none, upcoming: 2 });
    expect(upcoming.items.map((b) => b.id)).toContain(request.id);
    expect((await list(host.token, `tab=upcoming&estateId=${first.id}`)).counts).toEqual({ ...none, upcoming: 1 });
    await t.db.update(bookings).set({ status: "cancelled_by_guest" }).where(eq(bookings.id, request.id));
    const cancelled = await list(host.token, "tab=cancelled");
    expect(cancelled).toMatchObject({ counts: { ...none, upcoming: 1, cancelled: 1 }, total: 1 });
    expect(cancelled.items.map((b) => b.id)).toEqual([request.id]);

    // Asked together, each host gets their own.
    const [mine, others] = await Promise.all([list(host.token, "tab=requests"), list(other.token, "tab=requests")]);
    expect(mine.counts).toEqual({ ...none, upcoming: 1, cancelled: 1 });
    expect(others.counts).toEqual({ ...none, requests: 1 });
  });
});
