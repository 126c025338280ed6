/**
 * The operator API (issue 31) against the real Hono app and database: every operator endpoint is a
 * 404 to anyone but an operator (enumerated from the router, so a new one cannot be forgotten);
 * blocking ends sessions, refuses sign-in, takes listings out of the search and cancels or keeps
 * upcoming bookings in one step through the booking state machine; each action is in the audit log.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/account";
import type { AuditPage, BlockResult, OperatorBookingDetail, OperatorBookingList, OperatorDashboard, OperatorUserDetail, OperatorUserList } from "../../contract/operator";
import { auditLog, bookingEvents, bookings, estates, notifications, transactions, users } from "../../api/db/schema";
import { hashPassword } from "../../api/lib/password";
import { createOperator, listOperators, removeOperator } from "../../api/services/operator/operators";
import { todayInBishkek } from "../../contract/dates";
import { day, jsonCaller, setupTestApi } from "./helpers";

const t = setupTestApi();
const PASSWORD = "correct horse battery";

const call = jsonCaller(t, "10.31.0");
const login = (phone: string, password = PASSWORD) => call<LoginResponse>("POST", "/api/login", undefined, { phoneNumber: phone, password });

let hash: string;
async function person(mode: "guest" | "host") {
  const user = await t.make.user({ mode, passwordHash: hash });
  const session = await login(user.phone!);
  expect(session.status).toBe(200);
  return { user, token: session.body.data.token };
}

let operator: { id: number; token: string };
let guest: Awaited<ReturnType<typeof person>>;
let host: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  hash = await hashPassword(PASSWORD);
  const made = await createOperator(t.db, { phone: "996555310001", password: PASSWORD, firstName: "Ainura", lastName: "Operator" });
  const session = await login("996555310001");
  expect(session.status).toBe(200);
  expect(session.body.data.userData.role).toBe("operator");
  operator = { id: made.id, token: session.body.data.token };
  guest = await person("guest");
  host = await person("host");
});

describe("who may call the operator API", () => {
  it("answers 404, as for an unknown path, to no token, a guest's and a host's token on every operator endpoint", async () => {
    const endpoints = t.api.routes.filter((r) => r.path.startsWith("/api/v1/operator/") && r.method !== "ALL");
    // The console's endpoints as of this test; more may come, and are then checked too.
    expect(endpoints.length).toBeGreaterThanOrEqual(17);
    // The directory editor's five (issue 31) are among them.
    const directory = endpoints.filter((r) => r.path.startsWith("/api/v1/operator/directory")).map((r) => `${r.method} ${r.path}`);
    expect(directory.sort()).toEqual([
      "GET /api/v1/operator/directory",
      "POST /api/v1/operator/directory/:kind",
      "POST /api/v1/operator/directory/:kind/:id",
      "POST /api/v1/operator/directory/:kind/:id/restore",
      "POST /api/v1/operator/directory/:kind/:id/retire",
    ]);
    for (const { method, path } of endpoints) {
      const concrete = path.replace(/:[a-z]+/gi, "1");
      for (const token of [undefined, guest.token, host.token]) {
        const answer = await call(method, concrete, token, method === "GET" ? undefined : { reason: "because I can", side: "guest", upcomingBookings: "cancel" });
        expect(answer.status, `${method} ${concrete} as ${token === guest.token ? "guest" : token ? "host" : "nobody"}`).toBe(404);
        expect(answer.body.message).toBe(`Not Found: ${concrete}`);
      }
    }
    // The operator reaches them (reads answer 200; the users list as an example).
    expect((await call<OperatorUserList>("GET", "/api/v1/operator/users", operator.token)).status).toBe(200);
    expect((await call<OperatorDashboard>("GET", "/api/v1/operator/dashboard", operator.token)).status).toBe(200);
  });

  it("answers 401 to an expired or forged token, so an operator's session can refresh", async () => {
    expect((await call("GET", "/api/v1/operator/dashboard", "not.a.token")).status).toBe(401);
  });
});

describe("operators made by the command only", () => {
  it("creates, lists and removes operators; a member's number is refused; removal ends their sessions", async () => {
    await expect(createOperator(t.db, { phone: guest.user.phone!, password: PASSWORD })).rejects.toThrow(/belongs to a member's account/);
    await expect(createOperator(t.db, { phone: "12", password: PASSWORD })).rejects.toThrow(/is not a phone number/);
    await expect(createOperator(t.db, { phone: "996555310009", password: "short" })).rejects.toThrow(/8 to 128/);
    const second = await createOperator(t.db, { phone: "996555310002", password: PASSWORD });
    expect((await listOperators(t.db)).map((o) => o.phone)).toEqual(["996555310001", "996555310002"]);
    const session = await login("996555310002");
    expect((await call("GET", "/api/v1/operator/dashboard", session.body.data.token)).status).toBe(200);
    await removeOperator(t.db, "996555310002");
    expect((await listOperators(t.db)).map((o) => o.phone)).toEqual(["996555310001"]);
    expect((await call("GET", "/api/v1/operator/dashboard", session.body.data.token)).status).toBe(401);
    expect((await login("996555310002")).status).toBe(422);
    await expect(removeOperator(t.db, "996555310002")).rejects.toThrow(/No operator/);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.objectId, String(second.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(["operator.create", "operator.remove"]);
    expect(entries.every((e) => e.operatorId === null)).toBe(true);
  });
});

describe("blocking and unblocking a user", () => {
  it("blocks a host with upcoming bookings: sessions end, sign-in is refused, listings leave the search, bookings cancelled with full refunds, guests notified", async () => {
    const blockedHost = await person("host");
    const listing = await t.make.estate({ hostId: blockedHost.user.id, title: { ru: "Юрта блок", en: "Blocked yurt", ky: "Боз үй" } });
    const paid = await t.make.booking(listing, day(10), day(13), "paid_waiting_checkin");
    await t.db.insert(transactions).values({ bookingId: paid.id, userId: paid.guestId, kind: "payment", amount: paid.totalPrice, status: "Success", provider: "sandbox", providerRef: `pay-${paid.id}` });
    const waiting = await t.make.booking(listing, day(20), day(22), "pending_confirmation");
    const past = await t.make.booking(listing, day(1), day(3), "completed_no_review");

    const search = async () => (await call<{ estates: { id: number }[] }>("POST", "/api/v1/guest/estate", undefined, { perPage: 100 })).body.data.estates.map((e) => e.id);
    expect(await search()).toContain(listing.id);

    const detail = await call<OperatorUserDetail>("GET", `/api/v1/operator/users/${blockedHost.user.id}`, operator.token);
    expect(detail.body.data.upcomingHostBookings).toBe(2);

    const refused = await call("POST", `/api/v1/operator/users/${blockedHost.user.id}/block`, operator.token, { reason: "", upcomingBookings: "cancel" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.reason?.[0]).toMatch(/reason/i);

    const blocked = await call<BlockResult>("POST", `/api/v1/operator/users/${blockedHost.user.id}/block`, operator.token, { reason: "Fraudulent listings", upcomingBookings: "cancel" });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data.cancelledBookings.sort()).toEqual([paid.id, waiting.id].sort());
    expect(blocked.body.data.hiddenListings).toEqual([listing.id]);

    // Their session ends at once, and the right password no longer signs in.
    expect((await call("GET", "/api/v1/profile", blockedHost.token)).status).toBe(401);
    const again = await login(blockedHost.user.phone!);
    expect(again.status).toBe(422);
    expect(again.body.errors?.password?.[0]).toMatch(/blocked/);
    expect(await search()).not.toContain(listing.id);

    // Bookings went through the machine: cancelled on the host's behalf, refunded in full, both told.
    const [p] = await t.db.select().from(bookings).where(eq(bookings.id, paid.id));
    expect(p).toMatchObject({ status: "cancelled_by_host", refundAmount: paid.totalPrice });
    const refunds = await t.db.select().from(transactions).where(and(eq(transactions.bookingId, paid.id), eq(transactions.kind, "refund")));
    expect(refunds.map((r) => r.amount)).toEqual([paid.totalPrice]);
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, waiting.id));
    expect(events.map((e) => [e.toStatus, e.actor])).toContainEqual(["cancelled_by_host", "operator"]);
    const told = await t.db.select().from(notifications).where(eq(notifications.bookingId, paid.id));
    expect(told.map((n) => n.userId).sort()).toEqual([paid.guestId, blockedHost.user.id].sort());
    expect((await t.db.select().from(bookings).where(eq(bookings.id, past.id)))[0].status).toBe("completed_no_review");

    // Blocking twice is refused; an operator cannot be blocked from the console.
    expect((await call("POST", `/api/v1/operator/users/${blockedHost.user.id}/block`, operator.token, { reason: "again please" })).status).toBe(409);
    expect((await call("POST", `/api/v1/operator/users/${operator.id}/block`, operator.token, { reason: "rogue operator" })).status).toBe(409);

    // Unblocking publishes again exactly what blocking took down; they sign in again.
    const unblocked = await call("POST", `/api/v1/operator/users/${blockedHost.user.id}/unblock`, operator.token, { reason: "Documents checked" });
    expect(unblocked.status).toBe(200);
    expect((await t.db.select().from(estates).where(eq(estates.id, listing.id)))[0].status).toBe("published");
    expect(await search()).toContain(listing.id);
    expect((await login(blockedHost.user.phone!)).status).toBe(200);

    const audit = await call<AuditPage>("GET", `/api/v1/operator/audit?objectType=user&objectId=${blockedHost.user.id}`, operator.token);
    expect(audit.body.data.entries.map((e) => e.action)).toEqual(["user.unblock", "user.block"]);
    expect(audit.body.data.entries[1]).toMatchObject({ reason: "Fraudulent listings", operator: { id: operator.id, name: "Ainura Operator" }, before: { blocked: false } });
    const found = await call<AuditPage>("GET", `/api/v1/operator/audit?q=${encodeURIComponent("Fraudulent")}`, operator.token);
    // The unblock names the reason it lifted, so both are found.
    expect(found.body.data.entries.map((e) => e.action)).toEqual(["user.unblock", "user.block"]);
  });

  it("blocks keeping the upcoming bookings when told so", async () => {
    const other = await person("host");
    const listing = await t.make.estate({ hostId: other.user.id });
    const booking = await t.make.booking(listing, day(30), day(32), "paid_waiting_checkin");
    const blocked = await call<BlockResult>("POST", `/api/v1/operator/users/${other.user.id}/block`, operator.token, { reason: "Keep the guests' stays", upcomingBookings: "keep" });
    expect(blocked.body.data.cancelledBookings).toEqual([]);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0].status).toBe("paid_waiting_checkin");
  });

  it("finds users by phone, name and e-mail", async () => {
    const named = await t.make.user({ firstName: "Чолпон", lastName: "Уникалова", email: "cholpon.unique@example.kg" });
    for (const q of [named.phone!.slice(-7), "Уникалова", "cholpon.unique"]) {
      const found = await call<OperatorUserList>("GET", `/api/v1/operator/users?q=${encodeURIComponent(q)}`, operator.token);
      expect(found.body.data.users.map((u) => u.id), q).toEqual([named.id]);
    }
  });
});

describe("the bookings list", () => {
  it("keeps the bookings whose stay meets the from–to range, and ignores a bound that is not a day", async () => {
    const listing = await t.make.estate();
    const early = await t.make.booking(listing, day(40), day(42));
    const late = await t.make.booking(listing, day(60), day(62));
    const ids = async (query: string) =>
      (await call<OperatorBookingList>("GET", `/api/v1/operator/bookings?${query}`, operator.token)).body.data.bookings.map((b) => b.id).filter((id) => id === early.id || id === late.id);
    expect(await ids(`from=${day(41)}&to=${day(50)}`)).toEqual([early.id]);
    expect(await ids(`from=${day(50)}&to=${day(70)}`)).toEqual([late.id]);
    // Not refused either: the list shows as if that bound were not given.
    expect((await ids(`from=${day(41)}&to=banana`)).sort((x, y) => x - y)).toEqual([early.id, late.id]);
    expect((await ids(`from=${day(41)}&to=2026-1-1`)).sort((x, y) => x - y)).toEqual([early.id, late.id]);
  });
});

describe("cancelling a booking on behalf of a side", () => {
  it("cancels for the guest with the refund the rules give, through the machine, and logs it", async () => {
    const listing = await t.make.estate({ cancellationPolicy: "strict" });
    const booking = await t.make.booking(listing, day(0), day(2), "paid_waiting_checkin");
    await t.db.insert(transactions).values({ bookingId: booking.id, userId: booking.guestId, kind: "payment", amount: booking.totalPrice, status: "Success", provider: "sandbox", providerRef: `pay-${booking.id}` });
    const detail = await call<OperatorBookingDetail>("GET", `/api/v1/operator/bookings/${booking.id}`, operator.token);
    expect(detail.body.data.cancellable).toBe(true);
    const bad = await call("POST", `/api/v1/operator/bookings/${booking.id}/cancel`, operator.token, { side: "nobody", reason: "x" });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(["reason", "side"]);
    const done = await call<{ status: string; refundAmount: number }>("POST", `/api/v1/operator/bookings/${booking.id}/cancel`, operator.token, { side: "guest", refund: "rules", reason: "Guest called support" });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: "cancelled_by_guest", refundAmount: detail.body.data.refundByRules });
    const again = await call("POST", `/api/v1/operator/bookings/${booking.id}/cancel`, operator.token, { side: "guest", reason: "twice over" });
    expect(again.status).toBe(409);
    const after = await call<OperatorBookingDetail>("GET", `/api/v1/operator/bookings/${booking.id}`, operator.token);
    expect(after.body.data.events.at(-1)).toMatchObject({ toStatus: "cancelled_by_guest", actor: "operator" });
    expect(after.body.data.history.map((h) => h.action)).toEqual(["booking.cancel"]);
    expect(after.body.data.booking.cancelComment).toBe("Guest called support");
  });

  it("cancels for the guest with a full refund when the operator chooses it, whatever the policy says", async () => {
    const listing = await t.make.estate({ cancellationPolicy: "strict" });
    // Tomorrow: under a strict policy the rules give back nothing of the nights.
    const dayAfter = (n: number) => new Date(Date.parse(`${todayInBishkek()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const booking = await t.make.booking(listing, dayAfter(1), dayAfter(3), "paid_waiting_checkin");
    await t.db.insert(transactions).values({ bookingId: booking.id, userId: booking.guestId, kind: "payment", amount: booking.totalPrice, status: "Success", provider: "sandbox", providerRef: `pay-${booking.id}` });
    const detail = await call<OperatorBookingDetail>("GET", `/api/v1/operator/bookings/${booking.id}`, operator.token);
    // Under a strict policy the day of arrival the rules give back less than everything.
    expect(detail.body.data.refundByRules).toBeLessThan(booking.totalPrice);
    const done = await call<{ status: string; refundAmount: number }>("POST", `/api/v1/operator/bookings/${booking.id}/cancel`, operator.token, { side: "guest", refund: "full", reason: "Host did not answer the door" });
    expect(done.body.data).toMatchObject({ status: "cancelled_by_guest", refundAmount: booking.totalPrice });
    const refunds = await t.db.select().from(transactions).where(and(eq(transactions.bookingId, booking.id), eq(transactions.kind, "refund")));
    expect(refunds.map((r) => r.amount)).toEqual([booking.totalPrice]);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "booking.cancel"), eq(auditLog.objectId, String(booking.id))));
    expect(entry.after).toMatchObject({ onBehalfOf: "guest", refund: "full", refundAmount: booking.totalPrice });
  });
});

describe("the dashboard", () => {
  it("counts requests waiting for hosts and blocked users", async () => {
    const listing = await t.make.estate();
    await t.make.booking(listing, day(40), day(41), "pending_confirmation");
    const board = await call<OperatorDashboard>("GET", "/api/v1/operator/dashboard", operator.token);
    expect(board.body.data.awaitingHosts).toBeGreaterThanOrEqual(1);
    expect(board.body.data.blockedUsers).toBeGreaterThanOrEqual(1);
    expect(board.body.data.recentActions.length).toBeGreaterThan(0);
    const [row] = await t.db.select({ n: users.id }).from(users).where(eq(users.role, "operator")).limit(1);
    expect(row).toBeTruthy();
  });
});
