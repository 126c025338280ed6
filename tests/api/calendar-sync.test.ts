/**
 * Calendar sync through the real API, database and HTTP: the estate's feed (export) read back by
 * the import's own parser, and imports of Airbnb- and Booking.com-shaped feeds served by a local
 * HTTP server: nights blocked and freed, search skipping them, a conflict with a Konok booking
 * told once, every way a feed can be bad (the last good import kept), the schedule's claim, and
 * that nobody but the object's host reaches any of it.
 */
import { and, eq, sql } from "drizzle-orm";
import ical from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarSyncState } from "../../contract/calendar-sync";
import type { SearchResponse } from "../../contract/estate";
import type { HostCalendar } from "../../contract/host";
import { createApi } from "../../api/app";
import { calendarImports, notifications } from "../../api/db/schema";
import { issueTokens } from "../../api/services/auth/tokens";
import { addDays, datesUntil, todayInBishkek } from "../../contract/dates";
import { parseFeed } from "../../api/services/calendar-sync/parse";
import { syncDueImports, type CalendarSyncConfig } from "../../api/services/calendar-sync/imports";
import { isPublicAddress } from "../../api/services/calendar-sync/safe-fetch";
import { airbnbFeed, bookingComFeed, startFeedServer } from "../support/ical-feeds";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "c".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
const SYNC: CalendarSyncConfig = { syncMinutes: 30, limits: { allowPrivate: true, maxBytes: 256 * 1024, timeoutMs: 1500, maxRedirects: 3 } };
let api: ReturnType<typeof createApi>;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

beforeAll(async () => {
  api = createApi({ db: t.db, auth: AUTH, calendarSync: SYNC });
  feeds = await startFeedServer();
});
afterAll(async () => feeds?.close());

type Res<T = unknown> = { status: number; text: string; headers: Headers; body: { success: boolean; data: T; message?: string; errors?: Record<string, string[]> } };
async function call<T = unknown>(token: string | null, method: string, path: string, body?: unknown, apiApp = api): Promise<Res<T>> {
  const response = await apiApp.fetch(
    new Request(`http://konok.test${path}`, {
      method,
      headers: { "Content-Type": "application/json", "Accept-Language": "en", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, text, headers: response.headers, body: text.startsWith("{") ? JSON.parse(text) : ({} as Res<T>["body"]) };
}

async function person(mode: "guest" | "host" = "guest") {
  const user = await t.make.user({ mode });
  const { token } = await issueTokens(t.db, user.id, AUTH);
  return { ...user, token };
}
const day = (n: number) => addDays(todayInBishkek(), n);

async function scene() {
  const host = await person("host");
  const guest = await person();
  const estate = await t.make.estate({ hostId: host.id, price: 3000, maxNights: 60 });
  return { host, guest, estate };
}
const state = (token: string, estateId: number) => call<CalendarSyncState>(token, "GET", `/api/v1/host/calendar/sync?estateId=${estateId}`);
const addImport = (token: string, estateId: number, url: string, name = "Airbnb") => call<{ id: number; ok: boolean }>(token, "POST", "/api/v1/host/calendar/imports", { estateId, name, url });
const syncNow = (token: string, estateId: number, id: number) => call<{ id: number; ok: boolean }>(token, "POST", `/api/v1/host/calendar/imports/${id}/sync?estateId=${estateId}`);
const calendar = (token: string, estateId: number, from: string, to: string) => call<HostCalendar>(token, "GET", `/api/v1/host/calendar?estateId=${estateId}&from=${from}&to=${to}`);
const nightsIn = async (token: string, estateId: number, from: string, to: string, state: string) =>
  (await calendar(token, estateId, from, to)).body.data.nights.filter((n) => n.state === state).map((n) => n.date);
const book = (token: string, estateId: number, checkInDate: string, checkOutDate: string) =>
  call<{ booking: { id: number } }>(token, "POST", "/api/v1/booking", { estateId, checkInDate, checkOutDate, adultCount: 2 });

let feedNo = 0;
const path = () => `/feed-${++feedNo}.ics`;

describe("the estate's own feed (export)", () => {
  it("holds booked and blocked nights as all-day events, no guest data, readable by the import parser; a new address revokes the old", async () => {
    const { host, guest, estate } = await scene();
    const booked = await book(guest.token, estate.id, day(10), day(13));
    expect(booked.status).toBe(201);
    expect((await call(host.token, "POST", "/api/v1/host/calendar", { estateId: estate.id, from: day(20), to: day(22), action: "block" })).status).toBe(200);
    const first = await state(host.token, estate.id);
    expect(first.status).toBe(200);
    const feedPath = first.body.data.feedPath;
    expect(feedPath).toMatch(/^\/api\/v1\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    // The same address on every read until the host asks for a new one.
    expect((await state(host.token, estate.id)).body.data.feedPath).toBe(feedPath);

    const feed = await call(null, "GET", feedPath);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(feed.text).toContain("DTSTART;VALUE=DATE:");
    expect(feed.text).not.toContain(guest.firstName);
    expect(feed.text).not.toContain(guest.phone as string);
    const stays = parseFeed(feed.text, todayInBishkek());
    expect(stays.map((s) => [s.start, s.end, s.summary])).toEqual([
      [day(10), day(13), "Reserved"],
      [day(20), day(23), "Not available"],
    ]);
    // And node-ical, the library Airbnb-like importers use, reads DTEND as the exclusive check-out.
    const events = Object.values(ical.sync.parseICS(feed.text)).filter((e) => e?.type === "VEVENT") as ical.VEvent[];
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.datetype === "date")).toBe(true);

    const renewed = await call<{ feedPath: string }>(host.token, "POST", "/api/v1/host/calendar/feed", { estateId: estate.id });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.feedPath).not.toBe(feedPath);
    expect((await call(null, "GET", feedPath)).status).toBe(404);
    expect((await call(null, "GET", renewed.body.data.feedPath)).status).toBe(200);
    expect((await call(null, "GET", "/api/v1/calendar/not-a-token.ics")).status).toBe(404);
  });
});

describe("imported calendars", () => {
  it("blocks an Airbnb feed's nights (DTEND exclusive, folded lines), shows their source, the search skips them, and frees what the source drops", async () => {
    const { host, guest, estate } = await scene();
    const p = path();
    feeds.set(p, { body: airbnbFeed([{ start: day(5), end: day(8) }], [{ start: day(30), end: day(32) }]) });
    const added = await addImport(host.token, estate.id, feeds.url(p));
    expect(added.status).toBe(200);
    expect(added.body.data.ok).toBe(true);
    expect(await nightsIn(host.token, estate.id, day(0), day(40), "blocked")).toEqual([day(5), day(6), day(7), day(30), day(31)]);
    const cal = await calendar(host.token, estate.id, day(5), day(8));
    expect(cal.body.data.nights.find((n) => n.date === day(5))?.source).toBe("Airbnb");
    expect(cal.body.data.nights.find((n) => n.date === day(8))?.state).toBe("free");

    const search = async (from: string, to: string) => {
      const r = await call<SearchResponse>(null, "POST", "/api/v1/guest/estate", { checkInDate: from, checkOutDate: to });
      return r.body.data.estates.map((e) => e.id);
    };
    expect(await search(day(6), day(9))).not.toContain(estate.id);
    expect(await search(day(8), day(10))).toContain(estate.id);
    expect((await book(guest.token, estate.id, day(7), day(9))).status).toBe(409);

    // The host cannot unblock an imported night by hand: it belongs to its source.
    await call(host.token, "POST", "/api/v1/host/calendar", { estateId: estate.id, from: day(5), to: day(7), action: "unblock" });
    expect(await nightsIn(host.token, estate.id, day(0), day(10), "blocked")).toEqual([day(5), day(6), day(7)]);

    // Airbnb's guest cancels: the next sync frees the nights.
    feeds.set(p, { body: airbnbFeed([], [{ start: day(30), end: day(32) }]) });
    expect((await syncNow(host.token, estate.id, added.body.data.id)).body.data.ok).toBe(true);
    expect(await nightsIn(host.token, estate.id, day(0), day(40), "blocked")).toEqual([day(30), day(31)]);
    expect(await search(day(6), day(9))).toContain(estate.id);

    // Removing the import removes its nights.
    expect((await call(host.token, "DELETE", `/api/v1/host/calendar/imports/${added.body.data.id}?estateId=${estate.id}`)).status).toBe(200);
    expect(await nightsIn(host.token, estate.id, day(0), day(40), "blocked")).toEqual([]);
  });

  it("reads Booking.com's closed nights and time-zoned date-times as the nights they cover", async () => {
    const { host, estate } = await scene();
    const p = path();
    const c = (d: string) => d.replaceAll("-", "");
    // 15:00 Berlin on day 12 to 11:00 on day 14: the nights of day 12 and 13.
    feeds.set(p, { body: bookingComFeed([{ start: day(3), end: day(4) }], [{ start: `${c(day(12))}T150000`, end: `${c(day(14))}T110000`, zone: "Europe/Berlin" }]) });
    const added = await addImport(host.token, estate.id, feeds.url(p), "Booking.com");
    expect(added.body.data.ok).toBe(true);
    expect(await nightsIn(host.token, estate.id, day(0), day(20), "blocked")).toEqual([day(3), day(12), day(13)]);
  });

  it("keeps a night that falls on a Konok booking as a conflict on the calendar and tells the host once", async () => {
    const { host, guest, estate } = await scene();
    const booked = await book(guest.token, estate.id, day(10), day(12));
    expect(booked.status).toBe(201);
    const p = path();
    feeds.set(p, { body: airbnbFeed([{ start: day(11), end: day(14) }]) });
    const added = await addImport(host.token, estate.id, feeds.url(p));
    expect(added.body.data.ok).toBe(true);
    const cal = (await calendar(host.token, estate.id, day(10), day(14))).body.data.nights;
    expect(cal.map((n) => [n.date, n.state, n.conflict])).toEqual([
      [day(10), "booked", null],
      [day(11), "booked", "Airbnb"],
      [day(12), "blocked", null],
      [day(13), "blocked", null],
      [day(14), "free", null],
    ]);
    expect((await state(host.token, estate.id)).body.data.imports[0].conflicts).toEqual([day(11)]);
    const told = async () => t.db.select().from(notifications).where(and(eq(notifications.userId, host.id), eq(notifications.type, "calendar_conflict")));
    expect(await told()).toHaveLength(1);
    expect((await told())[0].bookingId).toBe(booked.body.data.booking.id);
    await syncNow(host.token, estate.id, added.body.data.id);
    expect(await told()).toHaveLength(1);
  });

  it("refuses every kind of bad feed with its reason and keeps the last good import", async () => {
    const { host, estate } = await scene();
    const p = path();
    feeds.set(p, { body: airbnbFeed([{ start: day(4), end: day(6) }]) });
    const added = await addImport(host.token, estate.id, feeds.url(p));
    const id = added.body.data.id;
    expect(added.body.data.ok).toBe(true);
    const huge = "BEGIN:VCALENDAR\r\n" + "X-PAD:".padEnd(300 * 1024, "x") + "\r\nEND:VCALENDAR\r\n";
    const cases: [string, Parameters<typeof feeds.set>[1] | null, RegExp][] = [
      ["missing", null, /error 404/],
      ["server error", { status: 500, body: "oops" }, /error 500/],
      ["html page", { body: "<!doctype html><title>Sign in</title>" }, /does not hold an iCalendar/],
      ["json", { body: '{"events":[]}' }, /does not hold an iCalendar/],
      ["too large (declared)", { body: huge }, /over 256 KB/],
      ["too large (streamed)", { bytes: 2 * 1024 * 1024 }, /over 256 KB/],
      ["too slow", { delayMs: 3000, body: airbnbFeed([]) }, /did not load within 2 s/],
      ["trickling", { trickle: true }, /did not load within 2 s/],
      ["absurd event", { body: airbnbFeed([{ start: day(1), end: day(2000) }]) }, /event of 1999 nights/],
      ["event ending before it starts", { body: airbnbFeed([{ start: day(9), end: day(3) }]) }, /without valid dates/],
      ["redirect loop", { location: p, status: 302 }, /Too many redirects/],
    ];
    for (const [name, route, reason] of cases) {
      if (route) feeds.set(p, route);
      else feeds.set(p, { status: 404, body: "gone" });
      const r = await syncNow(host.token, estate.id, id);
      expect(r.body.data.ok, name).toBe(false);
      const view = (await state(host.token, estate.id)).body.data.imports[0];
      expect(view.error, name).toMatch(reason);
      expect(view.events, name).toBe(1);
      expect(await nightsIn(host.token, estate.id, day(0), day(10), "blocked"), name).toEqual([day(4), day(5)]);
    }
    // Unreachable: nothing listens on the port.
    await t.db.update(calendarImports).set({ url: "http://127.0.0.1:9/closed.ics" }).where(eq(calendarImports.id, id));
    await syncNow(host.token, estate.id, id);
    expect((await state(host.token, estate.id)).body.data.imports[0].error).toMatch(/does not answer/);
    // A good answer again clears the error.
    await t.db.update(calendarImports).set({ url: feeds.url(p) }).where(eq(calendarImports.id, id));
    feeds.set(p, { body: airbnbFeed([{ start: day(4), end: day(7) }]) });
    expect((await syncNow(host.token, estate.id, id)).body.data.ok).toBe(true);
    const after = (await state(host.token, estate.id)).body.data.imports[0];
    expect(after.error).toBeNull();
    expect(await nightsIn(host.token, estate.id, day(0), day(10), "blocked")).toEqual([day(4), day(5), day(6)]);
  });

  it("reaches only public addresses unless allowed: literal, after a redirect, and by the DNS answer", async () => {
    const { host, estate } = await scene();
    // Inside loopback the test draws the line: 127.0.0.2 plays a public server, 127.0.0.1 a private one.
    const strict = createApi({ db: t.db, auth: AUTH, calendarSync: { ...SYNC, limits: { ...SYNC.limits, allowPrivate: false, publicAddress: (a) => a === "127.0.0.2" } } });
    const outside = await startFeedServer("127.0.0.2");
    try {
      outside.set("/to-literal.ics", { location: feeds.url("/private.ics") });
      outside.set("/to-name.ics", { location: `http://localhost:${feeds.port}/private.ics` });
      outside.set("/fine.ics", { body: airbnbFeed([{ start: day(2), end: day(3) }]) });
      feeds.set("/private.ics", { body: airbnbFeed([{ start: day(2), end: day(3) }]) });
      const tryUrl = async (url: string) => {
        const added = await call<{ id: number; ok: boolean }>(host.token, "POST", "/api/v1/host/calendar/imports", { estateId: estate.id, name: "X", url }, strict);
        const view = (await call<CalendarSyncState>(host.token, "GET", `/api/v1/host/calendar/sync?estateId=${estate.id}`, undefined, strict)).body.data.imports.find((i) => i.id === added.body.data.id);
        await call(host.token, "DELETE", `/api/v1/host/calendar/imports/${added.body.data.id}?estateId=${estate.id}`, undefined, strict);
        return view?.error ?? "ok";
      };
      const before = feeds.hits.get("/private.ics") ?? 0;
      expect(await tryUrl(feeds.url("/private.ics"))).toMatch(/private network \(127\.0\.0\.1\)/);
      expect(await tryUrl(outside.url("/to-literal.ics"))).toMatch(/private network \(127\.0\.0\.1\)/);
      expect(await tryUrl(outside.url("/to-name.ics"))).toMatch(/private network \(127\.0\.0\.1\)/);
      expect(feeds.hits.get("/private.ics") ?? 0).toBe(before);
      expect(await tryUrl(outside.url("/fine.ics"))).toBe("ok");
    } finally {
      await outside.close();
    }
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fe80::1", "fd00::1", "::ffff:127.0.0.1", "::ffff:a9fe:a9fe", "224.0.0.1"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["8.8.8.8", "212.42.96.1", "2a00:1450:4001:80b::200e"]) expect(isPublicAddress(address), address).toBe(true);
  });

  it("refuses bad input, its own feed, a duplicate, and another host's object", async () => {
    const { host, estate } = await scene();
    const other = await person("host");
    expect((await addImport(host.token, estate.id, "ftp://example.com/a.ics")).body.errors?.url).toBeTruthy();
    expect((await addImport(host.token, estate.id, "not a url")).body.errors?.url).toBeTruthy();
    expect((await call(host.token, "POST", "/api/v1/host/calendar/imports", { estateId: estate.id, name: " ", url: feeds.url("/x.ics") })).body.errors?.name).toBeTruthy();
    const own = (await state(host.token, estate.id)).body.data.feedPath;
    expect((await addImport(host.token, estate.id, `https://konok.kg${own}`)).body.errors?.url?.[0]).toMatch(/own Konok calendar/);
    const p = path();
    feeds.set(p, { body: airbnbFeed([]) });
    const added = await addImport(host.token, estate.id, feeds.url(p));
    expect((await addImport(host.token, estate.id, feeds.url(p))).body.errors?.url?.[0]).toMatch(/already connected/);
    expect((await state(other.token, estate.id)).status).toBe(404);
    expect((await addImport(other.token, estate.id, feeds.url(path()))).status).toBe(404);
    expect((await syncNow(other.token, estate.id, added.body.data.id)).status).toBe(404);
    expect((await call(other.token, "DELETE", `/api/v1/host/calendar/imports/${added.body.data.id}?estateId=${estate.id}`)).status).toBe(404);
    expect((await call(other.token, "POST", "/api/v1/host/calendar/feed", { estateId: estate.id })).status).toBe(404);
    // Another host's import id under one's own object does not exist either.
    const mine = await t.make.estate({ hostId: other.id });
    expect((await syncNow(other.token, mine.id, added.body.data.id)).status).toBe(404);
  });

  it("the schedule fetches each due import once per interval, whichever process claims it", async () => {
    const { host, estate } = await scene();
    const p = path();
    feeds.set(p, { body: airbnbFeed([{ start: day(2), end: day(3) }]) });
    const added = await addImport(host.token, estate.id, feeds.url(p));
    feeds.set(p, { body: airbnbFeed([{ start: day(2), end: day(4) }]) });
    await t.db.update(calendarImports).set({ nextSyncAt: sql`now() - interval '1 minute'` }).where(eq(calendarImports.id, added.body.data.id));
    const hitsBefore = feeds.hits.get(p) ?? 0;
    const deps = { db: t.db, calendarSync: SYNC };
    // Two processes at once: the import is fetched by one.
    await Promise.all([syncDueImports(deps), syncDueImports(deps)]);
    expect((feeds.hits.get(p) ?? 0) - hitsBefore).toBe(1);
    expect(await nightsIn(host.token, estate.id, day(0), day(6), "blocked")).toEqual(datesUntil(day(2), day(4)));
    await syncDueImports(deps);
    expect((feeds.hits.get(p) ?? 0) - hitsBefore).toBe(1);
    const [row] = await t.db.select().from(calendarImports).where(eq(calendarImports.id, added.body.data.id));
    expect(row.nextSyncAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  });
});
