/**
 * What every signed-in page reads (the header's unread counts, the trips and host booking lists
 * with their tab counts), now in fewer queries (docs/operations.md, "Signed-in pages"): the answers
 * must stay exactly what they were, and another user's rows must never be counted.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import type { PageData } from "../../contract/account";
import type { BookingList } from "../../contract/booking";
import type { HostBookingList, HostEstateOption } from "../../contract/host";
import { eq, sql } from "drizzle-orm";
import { bookingEvents, bookings, chatMessages, chats, estateTexts, favorites, notifications, users } from "../../api/db/schema";
import { issueTokens } from "../../api/services/auth/tokens";
import { day, setupTestApi, text } from "./helpers";
import type { BookingStatus } from "../../contract/booking-statuses";

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

let nextStay = 0;
/** A booking of `guestId` at `estate` in `status`, on nights no other booking of these tests takes. */
async function stay(estate: { id: number; hostId: number; price: number }, guestId: number, status: BookingStatus) {
  const checkIn = day(nextStay);
  nextStay += 3;
  const [row] = await t.db
    .insert(bookings)
    .values({ estateId: estate.id, guestId, hostId: estate.hostId, checkIn, checkOut: day(nextStay - 1), adultCount: 2, status, nights: 2, totalPrice: estate.price * 2, priceLines: [] })
    .returning();
  return row;
}

describe("the trips list's total and tab counts (GET /api/v1/booking)", () => {
  it("gives each tab's total from the caller's own bookings, with or without a group, and pages by it", async () => {
    const me = await person();
    const other = await person();
    const estate = await t.make.estate();
    for (const status of ["pending_confirmation", "pending_payment", "pending_payment", "paid_waiting_checkin", "completed_no_review", "declined", "cancelled_by_guest"] as const) {
      await stay(estate, me.id, status);
    }
    // Another guest's trips at the same estate never count.
    for (const status of ["pending_confirmation", "paid_occupied", "completed_with_review"] as const) await stay(estate, other.id, status);

    const counts = { waiting: 3, upcoming: 1, past: 1, cancelled: 2 };
    const waiting = (await get<BookingList>(me.token, "/api/v1/booking?group=waiting&perPage=2")).body.data;
    expect({ ...waiting, items: waiting.items.map((b) => b.status) }).toEqual({
      items: ["pending_confirmation", "pending_payment"],
      page: 1,
      perPage: 2,
      total: 3,
      hasMore: true,
      counts,
    });
    const last = (await get<BookingList>(me.token, "/api/v1/booking?group=waiting&perPage=2&page=2")).body.data;
    expect([last.items.length, last.total, last.hasMore]).toEqual([1, 3, false]);
    const all = (await get<BookingList>(me.token, "/api/v1/booking?perPage=50")).body.data;
    expect([all.items.length, all.total, all.hasMore, all.counts]).toEqual([7, 7, false, counts]);
    const upcoming = (await get<BookingList>(me.token, "/api/v1/booking?group=upcoming")).body.data;
    expect([upcoming.items.length, upcoming.total, upcoming.hasMore]).toEqual([1, 1, false]);

    const theirs = (await get<BookingList>(other.token, "/api/v1/booking?group=waiting")).body.data;
    expect([theirs.total, theirs.counts]).toEqual([1, { waiting: 1, upcoming: 1, past: 1, cancelled: 0 }]);
    const fresh = (await get<BookingList>((await person()).token, "/api/v1/booking")).body.data;
    expect([fresh.items, fresh.total, fresh.hasMore, fresh.counts]).toEqual([[], 0, false, { waiting: 0, upcoming: 0, past: 0, cancelled: 0 }]);
  });
});

describe("the host's booking list's total and tab counts (GET /api/v1/host/booking)", () => {
  it("counts the host's own bookings per tab, of one object when asked, and never another host's", async () => {
    const host = await person("host");
    const otherHost = await person("host");
    const guest = await person();
    const first = await t.make.estate({ hostId: host.id });
    const second = await t.make.estate({ hostId: host.id });
    const theirs = await t.make.estate({ hostId: otherHost.id });
    for (const status of ["pending_confirmation", "pending_confirmation", "pending_payment", "paid_occupied", "cancelled_by_host"] as const) await stay(first, guest.id, status);
    for (const status of ["pending_confirmation", "completed_with_review"] as const) await stay(second, guest.id, status);
    for (const status of ["pending_confirmation", "paid_waiting_checkin"] as const) await stay(theirs, guest.id, status);

    const requests = (await get<HostBookingList>(host.token, "/api/v1/host/booking?perPage=2")).body.data;
    expect([requests.items.length, requests.total, requests.hasMore, requests.counts]).toEqual([2, 3, true, { requests: 3, upcoming: 1, staying: 1, past: 1, cancelled: 1 }]);
    const ofFirst = (await get<HostBookingList>(host.token, `/api/v1/host/booking?estateId=${first.id}`)).body.data;
    expect([ofFirst.items.length, ofFirst.total, ofFirst.hasMore, ofFirst.counts]).toEqual([2, 2, false, { requests: 2, upcoming: 1, staying: 1, past: 0, cancelled: 1 }]);
    const past = (await get<HostBookingList>(host.token, `/api/v1/host/booking?tab=past&estateId=${first.id}`)).body.data;
    expect([past.items, past.total, past.hasMore]).toEqual([[], 0, false]);
    // Another host's object through the filter: nothing of it is counted for this host.
    const notMine = (await get<HostBookingList>(host.token, `/api/v1/host/booking?tab=upcoming&estateId=${theirs.id}`)).body.data;
    expect([notMine.items, notMine.total, notMine.counts]).toEqual([[], 0, { requests: 0, upcoming: 0, staying: 0, past: 0, cancelled: 0 }]);
  });
});

describe("the estate of each booking in a list", () => {
  it("carries the estate's title and city in the caller's language, its cover and its terms; an estate without texts has empty ones", async () => {
    const me = await person();
    const host = await person("host");
    const named = await t.make.estate({ hostId: host.id, title: text("Юрта у озера", "Yurt by the lake", "Көл жээгиндеги боз үй"), city: text("Чолпон-Ата", "Cholpon-Ata", "Чолпон-Ата"), isInstantConfirmation: true, cancellationPolicy: "strict" });
    await t.make.photo(named.id, { sortOrder: 2, key: `estates/${named.id}/second` });
    await t.make.photo(named.id, { sortOrder: 1, key: `estates/${named.id}/cover` });
    const bare = await t.make.estate({ hostId: host.id, isInstantConfirmation: false, cancellationPolicy: "flexible" });
    await t.db.delete(estateTexts).where(eq(estateTexts.estateId, bare.id));
    const first = await stay(named, me.id, "pending_confirmation");
    const second = await stay(bare, me.id, "pending_payment");
    await stay(named, me.id, "pending_payment");

    for (const [locale, title, city] of [
      ["en", "Yurt by the lake", "Cholpon-Ata"],
      ["ky", "Көл жээгиндеги боз үй", "Чолпон-Ата"],
    ] as const) {
      const list = (await get<BookingList>(me.token, `/api/v1/booking?group=waiting&locale=${locale}`)).body.data;
      expect(list.items.map((b) => b.id).slice(0, 2)).toEqual([first.id, second.id]);
      const [a, b, c] = list.items;
      expect(a.estate).toMatchObject({ id: named.id, slug: named.slug, title, city, isInstantConfirmation: true, cancellationPolicy: "strict" });
      expect(a.estate.photo?.url).toContain(`estates/${named.id}/cover`);
      expect(a.estate.photo?.alt).toBe(title);
      expect(c.estate).toEqual(a.estate);
      expect(b.estate).toEqual({ id: bare.id, slug: bare.slug, title: "", city: "", photo: null, isInstantConfirmation: false, cancellationPolicy: "flexible" });
      expect(a.host).toEqual({ id: host.id, name: `${host.firstName}` });
    }
  });
});

describe("the people and the history of each booking in a list", () => {
  it("names the guest and the host, and gives each booking its own events oldest first, to the millisecond", async () => {
    const guest = await person();
    const host = await person("host");
    await t.db.update(users).set({ firstName: "Айгерим", lastName: "Токтосунова" }).where(eq(users.id, guest.id));
    await t.db.update(users).set({ firstName: "Бакыт", lastName: "" }).where(eq(users.id, host.id));
    const estate = await t.make.estate({ hostId: host.id });
    const first = await stay(estate, guest.id, "pending_payment");
    const second = await stay(estate, guest.id, "pending_confirmation");
    await t.db.insert(bookingEvents).values([
      { bookingId: first.id, fromStatus: "pending_confirmation", toStatus: "pending_payment", actor: "host", createdAt: new Date("2031-01-02T10:00:00.250Z") },
      { bookingId: first.id, fromStatus: null, toStatus: "pending_confirmation", actor: "guest", createdAt: new Date("2031-01-01T09:30:00.007Z") },
      { bookingId: second.id, fromStatus: null, toStatus: "pending_confirmation", actor: "guest", createdAt: new Date("2031-01-03T23:59:59.999Z") },
    ]);
    // Microseconds the API never shows: cut, as the driver cuts them.
    await t.db.execute(sql`UPDATE booking_events SET created_at = created_at + interval '456 microseconds' WHERE booking_id = ${second.id}`);

    const list = (await get<BookingList>(guest.token, "/api/v1/booking?group=waiting")).body.data.items;
    const byId = new Map(list.map((b) => [b.id, b]));
    expect(byId.get(first.id)).toMatchObject({
      guest: { id: guest.id, name: "Айгерим Токтосунова" },
      host: { id: host.id, name: "Бакыт" },
      events: [
        { status: "pending_confirmation", actor: "guest", at: "2031-01-01T09:30:00.007Z" },
        { status: "pending_payment", actor: "host", at: "2031-01-02T10:00:00.250Z" },
      ],
    });
    expect(byId.get(second.id)?.events).toEqual([{ status: "pending_confirmation", actor: "guest", at: "2031-01-03T23:59:59.999Z" }]);
    const hostView = (await get<HostBookingList>(host.token, "/api/v1/host/booking?tab=upcoming")).body.data.items.find((b) => b.id === first.id);
    expect(hostView).toMatchObject({ role: "host", guest: { name: "Айгерим Токтосунова" }, host: { name: "Бакыт" }, events: byId.get(first.id)?.events });
  });
});

describe("whether a booking in a list can be reviewed", () => {
  it("is true only for the guest's completed stay without a review, in every tab and on the host's side never", async () => {
    const guest = await person();
    const host = await person("host");
    const estate = await t.make.estate({ hostId: host.id });
    const open = await stay(estate, guest.id, "completed_no_review");
    const reviewed = await stay(estate, guest.id, "completed_no_review");
    await t.make.review(estate.id, 5, { bookingId: reviewed.id });
    const done = await stay(estate, guest.id, "completed_with_review");
    const waiting = await stay(estate, guest.id, "pending_payment");

    const canReview = (items: { id: number; canReview: boolean }[]) => Object.fromEntries(items.map((b) => [b.id, b.canReview]));
    expect(canReview((await get<BookingList>(guest.token, "/api/v1/booking?group=past")).body.data.items)).toEqual({ [open.id]: true, [reviewed.id]: false, [done.id]: false });
    expect(canReview((await get<BookingList>(guest.token, "/api/v1/booking?perPage=50")).body.data.items)).toEqual({
      [open.id]: true,
      [reviewed.id]: false,
      [done.id]: false,
      [waiting.id]: false,
    });
    const hostSide = (await get<HostBookingList>(host.token, "/api/v1/host/booking?tab=past")).body.data.items;
    expect(canReview(hostSide)).toEqual({ [open.id]: false, [reviewed.id]: false, [done.id]: false });
    expect((await get<{ booking: { canReview: boolean } }>(guest.token, `/api/v1/booking/${open.id}`)).body.data.booking.canReview).toBe(true);
    expect((await get<{ booking: { canReview: boolean } }>(guest.token, `/api/v1/booking/${reviewed.id}`)).body.data.booking.canReview).toBe(false);
  });
});

describe("the host's objects for a select (GET /api/v1/host/calendar/estates)", () => {
  it("lists the host's own bookable objects by id with titles in the caller's language, a complex's units but not the complex", async () => {
    const host = await person("host");
    const other = await person("host");
    const plain = await t.make.estate({ hostId: host.id, price: 2500, title: text("Дом у реки", "House by the river", "Дарыя жээгиндеги үй") });
    const complex = await t.make.estate({ hostId: host.id, title: text("Комплекс", "Complex", "Комплекс") });
    const unit = await t.make.estate({ hostId: host.id, parentId: complex.id, price: 4000, status: "draft", title: text("Номер 1", "Room 1", "Бөлмө 1") });
    const untitled = await t.make.estate({ hostId: host.id, price: 1000 });
    await t.db.delete(estateTexts).where(eq(estateTexts.estateId, untitled.id));
    const onlyRussian = await t.make.estate({ hostId: host.id, price: 1500, title: text("Только по-русски", "", "") });
    // Another host's object, and a unit of another host's complex, never appear.
    const theirs = await t.make.estate({ hostId: other.id });
    const theirUnit = await t.make.estate({ hostId: other.id, parentId: theirs.id });

    const items = (await get<{ items: HostEstateOption[] }>(host.token, "/api/v1/host/calendar/estates?locale=en")).body.data.items;
    expect(items).toEqual([
      { id: plain.id, price: 2500, status: "published", title: "House by the river" },
      { id: unit.id, price: 4000, status: "draft", title: "Room 1" },
      { id: untitled.id, price: 1000, status: "published", title: `#${untitled.id}` },
      { id: onlyRussian.id, price: 1500, status: "published", title: "Только по-русски" },
    ]);
    const inKyrgyz = (await get<{ items: HostEstateOption[] }>(host.token, "/api/v1/host/calendar/estates?locale=ky")).body.data.items;
    expect(inKyrgyz.map((e) => e.title)).toEqual(["Дарыя жээгиндеги үй", "Бөлмө 1", `#${untitled.id}`, "Только по-русски"]);
    expect((await get<{ items: HostEstateOption[] }>(other.token, "/api/v1/host/calendar/estates")).body.data.items.map((e) => e.id)).toEqual([theirUnit.id]);
  });
});

describe("GET /api/v1/page_data", () => {
  it("gives the caller's saved, published ids newest first and their unread counts, the same as the two calls it joins", async () => {
    const me = await person();
    const other = await person();
    const host = await person("host");
    const [older, newer, hidden, theirs] = [await t.make.estate(), await t.make.estate(), await t.make.estate({ status: "archived" }), await t.make.estate()];
    const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 0, minutes));
    await t.db.insert(favorites).values([
      { userId: me.id, estateId: older.id, createdAt: at(1) },
      { userId: me.id, estateId: newer.id, createdAt: at(2) },
      { userId: me.id, estateId: hidden.id, createdAt: at(3) },
      { userId: other.id, estateId: theirs.id, createdAt: at(4) },
    ]);
    const thread = await chat(me.id, host.id);
    await say(thread, host.id);
    await say(await chat(me.id, host.id), host.id);
    await say(thread, me.id);
    await notify(me.id);
    await notify(other.id);

    const mine = await get<PageData>(me.token, "/api/v1/page_data");
    expect(mine.body).toEqual({ success: true, data: { favorites: [newer.id, older.id], unread: { notifications: 1, messages: 2 } } });
    expect(mine.body.data.favorites).toEqual((await get<{ ids: number[] }>(me.token, "/api/v1/favorites/ids")).body.data.ids);
    expect(mine.body.data.unread).toEqual((await get(me.token, "/api/v1/unread_data")).body.data);
    expect((await get<PageData>(other.token, "/api/v1/page_data")).body.data).toEqual({ favorites: [theirs.id], unread: { notifications: 1, messages: 0 } });
    expect((await get<PageData>(host.token, "/api/v1/page_data")).body.data).toEqual({ favorites: [], unread: { notifications: 0, messages: 1 } });
    expect((await get(null, "/api/v1/page_data")).status).toBe(401);
  });
});
