/**
 * Payments through Freedom Pay, end to end over real HTTP: Konok's API listens on 127.0.0.1 and
 * talks to a protocol-faithful Freedom Pay peer (tests/support/freedompay-peer.ts) that signs,
 * checks, and calls Konok's result URL as the gateway does. Every case of issue 29: success,
 * failure, a late result, the result before the browser's return, no result at all (get_status
 * settles it), a replayed result, a forged one, amount and currency mismatches, money for an
 * annulled booking, full and partial refunds, and the gateway down at start and at refund time.
 * PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Booking, PayCheckResponse, Transaction } from "../../contract/booking";
import { createApi } from "../../api/app";
import { bookingEvents, bookings, cancelReasons, payoutLines, transactions } from "../../api/db/schema";
import { issueTokens } from "../../api/services/auth/tokens";
import { addDays, todayInBishkek } from "../../contract/dates";
import { freedomPayProvider } from "../../api/services/payments/freedompay";
import { fieldsOf, isSigned, parseXml, signed, valueOf, type Field } from "../../api/services/payments/freedompay-protocol";
import { sandboxCallbackUrl, sandboxPageKey } from "../../api/services/payments/provider";
import { sendDueRefunds } from "../../api/services/payments/refund-queue";
import { sweepBookings } from "../../api/services/booking/sweeper";
import { DEFAULT_TIMINGS } from "../../api/services/booking/state-machine";
import { startFreedomPayPeer, type FreedomPayPeer } from "../support/freedompay-peer";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "f".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
let api: ReturnType<typeof createApi>;
let peer: FreedomPayPeer;
let site: string;
let server: ReturnType<typeof serve>;
let guestReason: number;
let hostReason: number;
const logs: string[] = [];

beforeAll(async () => {
  peer = await startFreedomPayPeer();
  server = serve({ fetch: (request) => api.fetch(request), port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once("listening", () => resolve())));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api = createApi({
    db: t.db,
    auth: AUTH,
    payments: freedomPayProvider({ merchantId: peer.merchantId, secretKey: peer.secretKey, apiUrl: peer.url, testingMode: true, timeoutMs: 3000 }),
    siteUrl: site,
    log: (line) => logs.push(line),
  });
  const rows = await t.db
    .insert(cancelReasons)
    .values([
      { side: "guest", type: "cancel", name: { ru: "Планы", en: "Plans changed", ky: "Пландар" } },
      { side: "host", type: "cancel", name: { ru: "Ремонт", en: "Repairs", ky: "Оңдоо" } },
    ])
    .returning();
  guestReason = rows[0].id;
  hostReason = rows[1].id;
});

afterAll(async () => {
  await peer?.close();
  await new Promise((resolve) => server?.close(resolve));
});

beforeEach(() => {
  peer.hold = false;
  peer.down = false;
  peer.answerKey = null;
});

type Res<T = unknown> = { status: number; body: { success: boolean; data: T; message?: string } };
async function call<T = unknown>(token: string | null, method: string, path: string, body?: unknown, locale = "ru"): Promise<Res<T>> {
  const response = await fetch(`${site}${path}`, {
    method,
    redirect: "manual",
    headers: { "Content-Type": "application/json", "Accept-Language": locale, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : ({} as Res<T>["body"]) };
}

const day = (n: number) => addDays(todayInBishkek(), n);

async function person(mode: "guest" | "host" = "guest") {
  const user = await t.make.user({ mode });
  const { token } = await issueTokens(t.db, user.id, AUTH);
  return { ...user, token };
}

/** A host's instant estate at 3000 som a night and a guest's booking of two nights (6000 som), waiting for payment. */
async function awaitingPayment(options: { policy?: "flexible" | "moderate" | "strict"; from?: number } = {}) {
  const host = await person("host");
  const guest = await person();
  const estate = await t.make.estate({ hostId: host.id, isInstantConfirmation: true, price: 3000, cancellationPolicy: options.policy ?? "moderate" });
  const from = options.from ?? 30;
  const made = await call<{ booking: Booking }>(guest.token, "POST", "/api/v1/booking", { estateId: estate.id, checkInDate: day(from), checkOutDate: day(from + 2), adultCount: 2, childrenCount: 0 });
  expect(made.status).toBe(201);
  return { host, guest, estate, booking: made.body.data.booking };
}

/** Starts a payment as the payer's browser would: POST /pay, then the gateway's page. */
async function start(token: string, bookingId: number, locale = "ru") {
  const pay = await call<{ paymentUrl: string }>(token, "POST", `/api/v1/booking/${bookingId}/pay`, undefined, locale);
  expect(pay.status).toBe(200);
  const url = new URL(pay.body.data.paymentUrl);
  expect(url.origin).toBe(peer.url);
  const payment = peer.payments.get(Number(url.searchParams.get("customer")))!;
  const page = await fetch(url);
  expect(page.status).toBe(200);
  return { payment, pageUrl: url.toString() };
}

/** The payer presses Pay or Decline on the gateway's page; the browser is sent where the gateway says. */
async function press(pageUrl: string, outcome: "success" | "error") {
  const response = await fetch(pageUrl, { method: "POST", body: new URLSearchParams({ outcome }), redirect: "manual" });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("Location")!);
}

const statusOf = async (id: number) => (await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0].status;
const paymentsOf = (id: number) => t.db.select().from(transactions).where(eq(transactions.bookingId, id)).orderBy(transactions.id);
const ledgerOf = (id: number) => t.db.select().from(payoutLines).where(eq(payoutLines.bookingId, id)).orderBy(payoutLines.id);
const check = (token: string, id: number) => call<PayCheckResponse>(token, "POST", `/api/v1/booking/${id}/pay/check`);

describe("starting a payment (init_payment.php)", () => {
  it("sends the documented signed fields: the booking's reference, som, KGS, the payer's language, the deadline as lifetime, our URLs", async () => {
    const { guest, booking } = await awaitingPayment();
    await start(guest.token, booking.id, "ky");
    const request = peer.requests.filter((r) => r.script === "init_payment.php").at(-1)!;
    const v = (name: string) => valueOf(request.fields, name);
    expect(v("pg_order_id")).toMatch(new RegExp(`^konok-${booking.id}-[0-9a-f]{10}$`));
    expect([v("pg_merchant_id"), v("pg_amount"), v("pg_currency"), v("pg_language"), v("pg_testing_mode"), v("pg_request_method")]).toEqual([peer.merchantId, "6000", "KGS", "kg", "1", "POST"]);
    expect(Number(v("pg_lifetime"))).toBeGreaterThan(1700);
    expect(Number(v("pg_lifetime"))).toBeLessThanOrEqual(1800);
    expect(v("pg_description")).toContain(`№${booking.id}`);
    expect(v("pg_result_url")).toBe(`${site}/api/v1/payment/freedompay/result`);
    expect(v("pg_success_url")).toBe(`${site}/ky/booking/success?bookingId=${booking.id}`);
    expect(v("pg_failure_url")).toBe(`${site}/ky/booking/fail?bookingId=${booking.id}`);
    expect(isSigned("init_payment.php", request.fields, peer.secretKey)).toBe(true);
    const [payment] = await paymentsOf(booking.id);
    expect(payment).toMatchObject({ kind: "payment", status: "pending", provider: "freedompay", amount: 6000, providerRef: v("pg_order_id") });
    expect(payment.gatewayPaymentId).toMatch(/^\d+$/);
  });

  it("keeps the booking payable with a message when the gateway is down or answers unsigned", async () => {
    const { guest, booking } = await awaitingPayment();
    peer.down = true;
    const down = await call(guest.token, "POST", `/api/v1/booking/${booking.id}/pay`, undefined, "en");
    expect(down.status).toBe(502);
    expect(down.body.message).toMatch(/payment service is not answering/);
    peer.down = false;
    peer.answerKey = "not-the-merchant-key";
    const forged = await call(guest.token, "POST", `/api/v1/booking/${booking.id}/pay`);
    expect(forged.status).toBe(502);
    expect(forged.body.message).toMatch(/Платёжный сервис/);
    peer.answerKey = null;
    expect(await statusOf(booking.id)).toBe("pending_payment");
    const shown = await call<{ booking: Booking }>(guest.token, "GET", `/api/v1/booking/${booking.id}`);
    expect(shown.body.data.booking.canPay).toBe(true);
    const tries = await paymentsOf(booking.id);
    expect(tries.map((p) => p.status)).toEqual(["Cancelled", "Cancelled"]);
    expect(tries[0].lastError).toMatch(/unreachable|no answer/);
    expect(tries[1].lastError).toMatch(/signature/);
    // And once it is back, the same booking is paid.
    const { pageUrl } = await start(guest.token, booking.id);
    await press(pageUrl, "success");
    expect(await statusOf(booking.id)).toBe("paid_waiting_checkin");
  });
});

describe("the result call (result_url)", () => {
  it("pays with success: the signed result comes before the browser's return, answered ok in signed XML", async () => {
    const { guest, booking, host } = await awaitingPayment();
    const { payment, pageUrl } = await start(guest.token, booking.id);
    const back = await press(pageUrl, "success");
    expect(back.pathname).toBe("/booking/success");
    expect(back.searchParams.get("bookingId")).toBe(String(booking.id));
    expect(back.searchParams.get("pg_payment_id")).toBe(String(payment.id));
    const result = peer.results.at(-1)!;
    expect([result.httpStatus, valueOf(result.answer, "pg_status"), result.answerSigned]).toEqual([200, "ok", true]);
    expect(await statusOf(booking.id)).toBe("paid_waiting_checkin");
    const checked = await check(guest.token, booking.id);
    expect(checked.body.data).toMatchObject({ confirming: false, booking: { status: "paid_waiting_checkin" } });
    const [tx] = await paymentsOf(booking.id);
    expect(tx).toMatchObject({ status: "Success", gatewayPaymentId: String(payment.id), resultAnswer: "ok" });
    // The host's ledger: 6000 paid, 12 % commission, the rest payable 24 h after check-in.
    const [line] = await ledgerOf(booking.id);
    expect(line).toMatchObject({ hostId: host.id, kind: "stay", paid: 6000, commissionPercent: 12, commission: 720, hostShare: 5280, batchId: null });
    expect(line.payableAt.toISOString()).toBe(new Date(Date.parse(`${booking.checkInDate}T14:00:00+06:00`) + 86_400_000).toISOString());
  });

  it("pays with failure: pg_result=0 leaves the booking payable; the payer lands on the failure page", async () => {
    const { guest, booking } = await awaitingPayment();
    const { pageUrl } = await start(guest.token, booking.id, "en");
    const back = await press(pageUrl, "error");
    expect(back.pathname).toBe("/en/booking/fail");
    expect(valueOf(peer.results.at(-1)!.answer, "pg_status")).toBe("ok");
    expect(await statusOf(booking.id)).toBe("pending_payment");
    expect((await paymentsOf(booking.id)).map((p) => p.status)).toEqual(["Cancelled"]);
    expect(await ledgerOf(booking.id)).toEqual([]);
  });

  it("the payer closes the page and the result comes later; a replay gets the same answer and changes nothing", async () => {
    const { guest, booking } = await awaitingPayment();
    peer.hold = true;
    const { payment, pageUrl } = await start(guest.token, booking.id);
    await press(pageUrl, "success");
    expect(await statusOf(booking.id)).toBe("pending_payment");
    const first = await peer.sendResult(payment.id);
    expect(valueOf(first.answer, "pg_status")).toBe("ok");
    expect(await statusOf(booking.id)).toBe("paid_waiting_checkin");
    const replay = await peer.sendResult(payment.id);
    expect(valueOf(replay.answer, "pg_status")).toBe("ok");
    expect(replay.answerSigned).toBe(true);
    const events = await t.db.select().from(bookingEvents).where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.toStatus, "paid_waiting_checkin")));
    expect(events).toHaveLength(1);
    expect(await ledgerOf(booking.id)).toHaveLength(1);
    expect((await paymentsOf(booking.id)).map((p) => [p.kind, p.status])).toEqual([["payment", "Success"]]);
  });

  it("the result never comes: the return page asks get_status (signed), says 'confirming' until the gateway knows, then settles it", async () => {
    const { guest, booking } = await awaitingPayment();
    peer.hold = true;
    const { payment, pageUrl } = await start(guest.token, booking.id);
    // Before paying: the gateway says "new", so the page keeps saying the payment is being confirmed.
    expect((await check(guest.token, booking.id)).body.data.confirming).toBe(true);
    await press(pageUrl, "success");
    const asked = peer.requests.filter((r) => r.script === "get_status3.php");
    expect(asked.length).toBeGreaterThan(0);
    expect(valueOf(asked.at(-1)!.fields, "pg_payment_id")).toBe(String(payment.id));
    const settled = await check(guest.token, booking.id);
    expect(settled.body.data).toMatchObject({ confirming: false, booking: { status: "paid_waiting_checkin" } });
    // The result call, when it finally comes, is answered ok and changes nothing.
    const late = await peer.sendResult(payment.id);
    expect(valueOf(late.answer, "pg_status")).toBe("ok");
    expect(await ledgerOf(booking.id)).toHaveLength(1);
    // The gateway down while asking: still "confirming", nothing changes.
    const other = await awaitingPayment();
    await start(other.guest.token, other.booking.id);
    peer.down = true;
    expect((await check(other.guest.token, other.booking.id)).body.data).toMatchObject({ confirming: true, booking: { status: "pending_payment" } });
  });

  it("refuses a forged or unsigned result call: 403, logged, nothing changes", async () => {
    const { guest, booking } = await awaitingPayment();
    peer.hold = true;
    const { payment, pageUrl } = await start(guest.token, booking.id);
    await press(pageUrl, "success");
    const unsigned = await peer.sendResult(payment.id, undefined, { sign: false });
    expect(unsigned.httpStatus).toBe(403);
    // Signed with a key that is not the merchant's.
    const fields = signed("result", fieldsOf({ pg_order_id: payment.orderId, pg_payment_id: payment.id, pg_amount: 6000, pg_currency: "KGS", pg_result: 1, pg_can_reject: 0 }), "guessed-key");
    const body = new FormData();
    for (const [name, value] of fields) body.append(name, value as string);
    const forged = await fetch(`${site}/api/v1/payment/freedompay/result`, { method: "POST", body });
    expect(forged.status).toBe(403);
    expect(valueOf(parseXml(await forged.text()).fields, "pg_status")).toBe("error");
    // A valid call whose amount was changed after signing.
    const tampered = signed("result", fieldsOf({ pg_order_id: payment.orderId, pg_payment_id: payment.id, pg_amount: 6000, pg_currency: "KGS", pg_result: 1 }), peer.secretKey).map(
      ([n, v]): Field => (n === "pg_amount" ? [n, "60"] : [n, v]),
    );
    const body2 = new FormData();
    for (const [name, value] of tampered) body2.append(name, value as string);
    expect((await fetch(`${site}/api/v1/payment/freedompay/result`, { method: "POST", body: body2 })).status).toBe(403);
    // Nor do the sandbox's page and return, even with the sandbox's own key and signature.
    const key = sandboxPageKey(AUTH.secret, payment.orderId);
    expect((await fetch(`${site}/api/sandbox/pay/${payment.orderId}?key=${key}`)).status).toBe(404);
    expect((await fetch(`${site}${sandboxCallbackUrl(AUTH.secret, payment.orderId, "Success")}`, { redirect: "manual" })).status).toBe(403);
    expect(await statusOf(booking.id)).toBe("pending_payment");
    expect((await paymentsOf(booking.id))[0]).toMatchObject({ status: "pending", resultAnswer: null });
    expect(logs.filter((l) => l.includes(payment.orderId) && l.includes("refused"))).toHaveLength(3);
  });

  it("rejects an amount or currency mismatch where it may, answers error where it may not, and never marks the booking paid", async () => {
    const { guest, booking } = await awaitingPayment();
    peer.hold = true;
    const { payment, pageUrl } = await start(guest.token, booking.id);
    await press(pageUrl, "success");
    const less = await peer.sendResult(payment.id, (f) => f.map(([n, v]): Field => (n === "pg_amount" ? [n, "600"] : [n, v])));
    expect(valueOf(less.answer, "pg_status")).toBe("rejected");
    expect(await statusOf(booking.id)).toBe("pending_payment");

    const other = await awaitingPayment();
    const second = await start(other.guest.token, other.booking.id);
    await press(second.pageUrl, "success");
    const kzt = await peer.sendResult(second.payment.id, (f) => f.map(([n, v]): Field => (n === "pg_currency" ? [n, "KZT"] : [n, v])), { canReject: false });
    expect(valueOf(kzt.answer, "pg_status")).toBe("error");
    expect(await statusOf(other.booking.id)).toBe("pending_payment");
    expect(logs.some((l) => l.includes(second.payment.orderId) && l.includes("mismatch"))).toBe(true);
  });

  it("money for a booking annulled meanwhile: rejected where pg_can_reject=1, otherwise taken and refunded in full through revoke", async () => {
    for (const canReject of [true, false]) {
      const { guest, booking } = await awaitingPayment();
      peer.hold = true;
      const { payment, pageUrl } = await start(guest.token, booking.id);
      await press(pageUrl, "success");
      // The payment deadline passes: the sweeper annuls the booking.
      await sweepBookings({ db: t.db, timings: DEFAULT_TIMINGS }, new Date(Date.now() + 31 * 60_000));
      expect(await statusOf(booking.id)).toBe("annulled_without_payment");
      const result = await peer.sendResult(payment.id, undefined, { canReject });
      if (canReject) {
        expect(valueOf(result.answer, "pg_status")).toBe("rejected");
        expect(valueOf(result.answer, "pg_description")).toBe("Бронирование больше не ждёт оплаты, деньги не будут списаны");
        expect((await paymentsOf(booking.id)).map((p) => [p.kind, p.status])).toEqual([["payment", "Cancelled"]]);
        expect(payment.refunds).toEqual([]);
      } else {
        expect(valueOf(result.answer, "pg_status")).toBe("ok");
        expect((await paymentsOf(booking.id)).map((p) => [p.kind, p.status, p.amount])).toEqual([
          ["payment", "Success", 6000],
          ["refund", "Success", 6000],
        ]);
        expect(payment.refunds.map((r) => r.amount)).toEqual([6000]);
      }
      expect(await statusOf(booking.id)).toBe("annulled_without_payment");
      expect(await ledgerOf(booking.id)).toEqual([]);
      // Its replay: the same answer, no second refund.
      const replay = await peer.sendResult(payment.id, undefined, { canReject });
      expect(valueOf(replay.answer, "pg_status")).toBe(valueOf(result.answer, "pg_status"));
      expect(payment.refunds.length).toBe(canReject ? 0 : 1);
    }
  });
});

describe("refunds (revoke.php)", () => {
  async function paid(policy: "flexible" | "moderate" | "strict", from: number) {
    const scene = await awaitingPayment({ policy, from });
    const { payment, pageUrl } = await start(scene.guest.token, scene.booking.id);
    await press(pageUrl, "success");
    expect(await statusOf(scene.booking.id)).toBe("paid_waiting_checkin");
    return { ...scene, payment };
  }

  it("refunds a guest's late cancellation in part and a host's in full, with the gateway's reference; the ledger follows", async () => {
    const late = await paid("moderate", 2);
    const cancelled = await call<{ booking: Booking }>(late.guest.token, "POST", `/api/v1/booking/${late.booking.id}/cancel`, { reasonId: guestReason });
    expect(cancelled.body.data.booking).toMatchObject({ status: "cancelled_by_guest", refundAmount: 3000 });
    expect(late.payment.refunds.map((r) => r.amount)).toEqual([3000]);
    const revoke = peer.requests.filter((r) => r.script === "revoke.php").at(-1)!;
    expect([valueOf(revoke.fields, "pg_payment_id"), valueOf(revoke.fields, "pg_refund_amount")]).toEqual([String(late.payment.id), "3000"]);
    const refund = (await paymentsOf(late.booking.id)).find((p) => p.kind === "refund")!;
    expect(refund).toMatchObject({ status: "Success", amount: 3000, gatewayPaymentId: String(late.payment.refunds[0].id), attempts: 1 });
    // The host keeps the share of what the guest still paid: 3000 less 12 %.
    expect(await ledgerOf(late.booking.id)).toMatchObject([{ paid: 6000, refunded: 3000, commission: 360, hostShare: 2640 }]);

    const byHost = await paid("strict", 2);
    const hostCancel = await call<{ booking: Booking }>(byHost.host.token, "POST", `/api/v1/host/booking/${byHost.booking.id}/cancel`, { reasonId: hostReason });
    expect(hostCancel.body.data.booking).toMatchObject({ status: "cancelled_by_host", refundAmount: 6000 });
    expect(byHost.payment.refunds.map((r) => r.amount)).toEqual([6000]);
    expect(await ledgerOf(byHost.booking.id)).toMatchObject([{ refunded: 6000, commission: 0, hostShare: 0 }]);
    const listed = await call<{ items: Transaction[] }>(byHost.guest.token, "GET", "/api/v1/transactions");
    expect(listed.body.data.items.map((i) => [i.kind, i.amount, i.status])).toEqual([
      ["refund", 6000, "Success"],
      ["payment", 6000, "Success"],
    ]);
  });

  it("the gateway down at refund time: the cancellation stands, the refund waits as pending and is sent once it is back, once", async () => {
    const scene = await paid("moderate", 30);
    peer.down = true;
    const cancelled = await call<{ booking: Booking }>(scene.guest.token, "POST", `/api/v1/booking/${scene.booking.id}/cancel`, { reasonId: guestReason });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.booking).toMatchObject({ status: "cancelled_by_guest", refundAmount: 6000 });
    let [, refund] = await paymentsOf(scene.booking.id);
    expect(refund).toMatchObject({ kind: "refund", status: "pending", attempts: 1 });
    expect(refund.lastError).toMatch(/revoke\.php: unreachable/);
    expect(refund.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    const listed = await call<{ items: Transaction[] }>(scene.guest.token, "GET", "/api/v1/transactions");
    expect(listed.body.data.items[0]).toMatchObject({ kind: "refund", amount: 6000, status: "pending" });
    // Not due yet: nothing is sent.
    const deps = { db: t.db, payments: freedomPayProvider({ merchantId: peer.merchantId, secretKey: peer.secretKey, apiUrl: peer.url, testingMode: true, timeoutMs: 3000 }), log: () => {} };
    expect(await sendDueRefunds(deps)).toBe(0);
    // Still down a minute later: the pause grows.
    await sendDueRefunds(deps, new Date(Date.now() + 61_000));
    [, refund] = await paymentsOf(scene.booking.id);
    expect(refund.attempts).toBe(2);
    peer.down = false;
    expect(await sendDueRefunds(deps, new Date(Date.now() + 10 * 60_000))).toBe(1);
    expect(await sendDueRefunds(deps, new Date(Date.now() + 100 * 60_000))).toBe(0);
    [, refund] = await paymentsOf(scene.booking.id);
    expect(refund).toMatchObject({ status: "Success", attempts: 3, lastError: null, nextAttemptAt: null });
    expect(scene.payment.refunds.map((r) => r.amount)).toEqual([6000]);
  });
});
