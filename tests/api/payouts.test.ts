/**
 * The host payout ledger (docs/bookings.md, "Host payouts") through the real API and database:
 * a stay paid (a line with the commission frozen on the booking, payable 24 h after check-in),
 * refunded in part (the line follows), gathered by a run into one batch per host, paid once; two
 * runs, even at once, never pay a line twice; a refund after a payout is taken back from the next
 * one; the host's own view and the bank transfer list; the `npm run payouts` command.
 * PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Booking } from "../../contract/booking";
import type { HostEarnings } from "../../contract/host";
import { payoutsCsv } from "../../contract/payouts";
import { createApi } from "../../api/app";
import { auditLog, cancelReasons, payoutBatches, payoutLines } from "../../api/db/schema";
import { createDataCipher, DEVELOPMENT_DATA_KEY } from "../../api/lib/data-cipher";
import { addDays, todayInBishkek } from "../../contract/dates";
import { payoutsCommand } from "../../api/payouts-cli";
import { issueTokens } from "../../api/services/auth/tokens";
import { confirmPayout, hostLedger, runPayouts, transferList } from "../../api/services/payments/payouts";
import { migratedFolder } from "../support/in-memory-database";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "p".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
const cipher = createDataCipher(DEVELOPMENT_DATA_KEY);
let api: ReturnType<typeof createApi>;
let guestReason: number;
let hostReason: number;

beforeAll(async () => {
  api = createApi({ db: t.db, auth: AUTH, log: () => {} });
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

async function call<T = unknown>(token: string, method: string, path: string, body?: unknown) {
  const response = await api.fetch(
    new Request(`http://konok.test${path}`, { method, redirect: "manual", headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, data: (text.startsWith("{") ? JSON.parse(text).data : undefined) as T };
}

async function person(mode: "guest" | "host" = "guest") {
  const user = await t.make.user({ mode, firstName: mode === "host" ? "Айгуль" : "Нурлан" });
  const { token } = await issueTokens(t.db, user.id, AUTH);
  return { ...user, token };
}

const day = (n: number) => addDays(todayInBishkek(), n);

/** A host whose listings pay out with `format`'s commission, with payout details given in the wizard's legal step. */
async function hostWith(format: "standard" | "early_payout") {
  const host = await person("host");
  const estate = await t.make.estate({
    hostId: host.id,
    isInstantConfirmation: true,
    price: 3000,
    cancellationPolicy: "moderate",
    cooperationFormat: format,
    wizardData: { landlord_data: { landlordKind: "individual", legalName: "Айгуль Токтогулова", taxId: cipher.seal("12345678901234"), payoutAccount: cipher.seal("1240020012345678") } },
  });
  return { host, estate };
}

/** A guest books `nights` nights (3000 som each) from `from` days on and pays through the sandbox. */
async function paidStay(estateId: number, from: number, nights = 2) {
  const guest = await person();
  const made = await call<{ booking: Booking }>(guest.token, "POST", "/api/v1/booking", { estateId, checkInDate: day(from), checkOutDate: day(from + nights), adultCount: 2, childrenCount: 0 });
  expect(made.status).toBe(201);
  const booking = made.data.booking;
  const pay = await call<{ paymentUrl: string }>(guest.token, "POST", `/api/v1/booking/${booking.id}/pay`);
  const pressed = await api.fetch(new Request(`http://konok.test${pay.data.paymentUrl}`, { method: "POST", body: new URLSearchParams({ outcome: "Success" }), redirect: "manual" }));
  await api.fetch(new Request(`http://konok.test${pressed.headers.get("Location")}`, { redirect: "manual" }));
  return { guest, booking };
}

const linesOf = (hostId: number) => t.db.select().from(payoutLines).where(eq(payoutLines.hostId, hostId)).orderBy(payoutLines.id);

describe("the payout ledger", () => {
  it("a stay paid, checked in, refunded in part, paid out once; two runs never pay twice", async () => {
    const { host, estate } = await hostWith("standard");
    const kept = await paidStay(estate.id, 2);
    const halved = await paidStay(estate.id, 4);
    // The second guest cancels 4 days before check-in: moderate gives back half.
    const cancelled = await call<{ booking: Booking }>(halved.guest.token, "POST", `/api/v1/booking/${halved.booking.id}/cancel`, { reasonId: guestReason });
    expect(cancelled.data.booking.refundAmount).toBe(3000);
    const lines = await linesOf(host.id);
    expect(lines.map((l) => [l.bookingId, l.paid, l.refunded, l.commission, l.hostShare])).toEqual([
      [kept.booking.id, 6000, 0, 720, 5280],
      [halved.booking.id, 6000, 3000, 360, 2640],
    ]);
    expect(lines[0].payableAt.toISOString()).toBe(new Date(Date.parse(`${day(2)}T14:00:00+06:00`) + 86_400_000).toISOString());

    // Today nothing is payable yet: the stays begin later.
    expect(await runPayouts(t.db, { until: day(0) })).toEqual([]);
    const before = await hostLedger(t.db, host.id);
    expect([before.pending, before.payable, before.paid]).toEqual([7920, 0, 0]);

    // A run through the day after the later check-in: one batch for the host, both lines.
    const [batch, ...more] = await runPayouts(t.db, { until: day(5) });
    expect(more).toEqual([]);
    expect(batch).toMatchObject({ hostId: host.id, amount: 7920, status: "open", method: "bank_transfer", details: { recipient: "Айгуль Токтогулова" } });
    expect(batch.details!.account).not.toContain("1240020012345678");
    // Two more runs, one of them at the same time as the other: nothing is batched twice.
    const again = await Promise.all([runPayouts(t.db, { until: day(5) }), runPayouts(t.db, { until: day(9) })]);
    expect(again.flat().filter((b) => b.hostId === host.id)).toEqual([]);
    expect((await linesOf(host.id)).map((l) => l.batchId)).toEqual([batch.id, batch.id]);

    const list = await transferList(t.db, cipher, [batch.id]);
    expect(list).toBe(`batch,host_id,recipient,account,amount_kgs,reference\r\n${batch.id},${host.id},Айгуль Токтогулова,1240020012345678,7920,Konok payout ${batch.id}\r\n`);

    const paid = await confirmPayout(t.db, batch.id, "KICB 2026-11-30 #4411");
    expect(paid).toMatchObject({ status: "paid", reference: "KICB 2026-11-30 #4411" });
    await expect(confirmPayout(t.db, batch.id, "again")).rejects.toMatchObject({ status: 409 });
    await expect(confirmPayout(t.db, 999_999, "x")).rejects.toMatchObject({ status: 404 });
    const after = await hostLedger(t.db, host.id);
    expect([after.pending, after.payable, after.paid]).toEqual([0, 0, 7920]);
    expect(after.lines.every((l) => l.state === "paid" && l.paidAt)).toBe(true);
    // The host's own view of it (the earnings page and its CSV).
    const earnings = await call<HostEarnings>(host.token, "GET", "/api/v1/host/earnings");
    expect(earnings.data.payouts).toMatchObject({ pending: 0, payable: 0, paid: 7920 });
    expect(earnings.data.payouts.lines.map((l) => [l.bookingId, l.state, l.hostShare, l.estateTitle])).toEqual([
      [halved.booking.id, "paid", 2640, expect.stringMatching(/^Дом \d+$/)],
      [kept.booking.id, "paid", 5280, expect.stringMatching(/^Дом \d+$/)],
    ]);
    expect(payoutsCsv(earnings.data.payouts.lines, ["b", "k", "t", "in", "out", "paid", "ref", "%", "c", "share", "state", "from", "on"]).split("\r\n")[1]).toMatch(
      new RegExp(`^${halved.booking.id},stay,Дом \\d+,${day(4)},${day(6)},6000,3000,12,360,2640,paid,${day(5)},\\d{4}-\\d{2}-\\d{2}$`),
    );
  });

  it("an early-payout stay is payable once paid; a refund after its payout is taken back from the next one", async () => {
    const { host, estate } = await hostWith("early_payout");
    const first = await paidStay(estate.id, 20);
    const [line] = await linesOf(host.id);
    expect(line).toMatchObject({ commissionPercent: 15, commission: 900, hostShare: 5100 });
    const [batch] = await runPayouts(t.db, { until: day(0) });
    expect(batch).toMatchObject({ hostId: host.id, amount: 5100 });
    await confirmPayout(t.db, batch.id, "bank-1");
    // The host cancels: the guest gets everything back, and the host owes the share already paid.
    const byHost = await call<{ booking: Booking }>(host.token, "POST", `/api/v1/host/booking/${first.booking.id}/cancel`, { reasonId: hostReason });
    expect(byHost.data.booking.refundAmount).toBe(6000);
    const lines = await linesOf(host.id);
    expect(lines.map((l) => [l.kind, l.hostShare, l.batchId])).toEqual([
      ["stay", 5100, batch.id],
      ["refund", -5100, null],
    ]);
    // Alone, the debt makes no batch; with a new stay (9000 som, 7650 for the host) the next batch is the difference.
    expect((await runPayouts(t.db, { until: day(0) })).filter((b) => b.hostId === host.id)).toEqual([]);
    await paidStay(estate.id, 40, 3);
    const [next] = (await runPayouts(t.db, { until: day(0) })).filter((b) => b.hostId === host.id);
    expect(next.amount).toBe(7650 - 5100);
    const ledger = await hostLedger(t.db, host.id);
    expect([ledger.pending, ledger.payable, ledger.paid]).toEqual([0, 2550, 5100]);
    expect((await t.db.select().from(payoutBatches).where(eq(payoutBatches.hostId, host.id)).orderBy(payoutBatches.id)).map((b) => [b.amount, b.status])).toEqual([
      [5100, "paid"],
      [2550, "open"],
    ]);
  });

  it("the operator API runs payouts, lists them, gives the transfer list and confirms a transfer once, all in the audit log; to anyone else it is a 404", async () => {
    const { host, estate } = await hostWith("early_payout");
    await paidStay(estate.id, 60);
    const operatorUser = await t.make.user({ role: "operator" });
    const { token: operator } = await issueTokens(t.db, operatorUser.id, AUTH);
    for (const token of [host.token, (await person()).token]) {
      expect((await call(token, "POST", "/api/v1/operator/payouts/run", { until: day(0) })).status).toBe(404);
      expect((await call(token, "GET", "/api/v1/operator/payouts/transfer-list")).status).toBe(404);
    }
    expect((await call(operator, "POST", "/api/v1/operator/payouts/run", { until: "30.11.2026" })).status).toBe(422);
    const run = await call<{ batches: { id: number; hostId: number; amount: number }[] }>(operator, "POST", "/api/v1/operator/payouts/run", { until: day(0) });
    expect(run.status).toBe(200);
    const mine = run.data.batches.find((b) => b.hostId === host.id)!;
    expect(mine.amount).toBe(5100);
    const listed = await call<{ batches: { id: number; status: string; recipient: string; hasPayoutDetails: boolean }[] }>(operator, "GET", "/api/v1/operator/payouts?status=open");
    expect(listed.data.batches.find((b) => b.id === mine.id)).toMatchObject({ status: "open", recipient: "Айгуль Токтогулова", hasPayoutDetails: true });
    const list = await api.fetch(new Request("http://konok.test/api/v1/operator/payouts/transfer-list", { headers: { Authorization: `Bearer ${operator}` } }));
    expect(list.headers.get("Content-Type")).toContain("text/csv");
    expect(await list.text()).toContain(`${mine.id},${host.id},Айгуль Токтогулова,1240020012345678,5100,Konok payout ${mine.id}`);
    expect((await call(operator, "POST", `/api/v1/operator/payouts/${mine.id}/confirm`, { reference: "" })).status).toBe(422);
    expect((await call(operator, "POST", `/api/v1/operator/payouts/${mine.id}/confirm`, { reference: "Optima 01.12 #77" })).status).toBe(200);
    const twice = await call(operator, "POST", `/api/v1/operator/payouts/${mine.id}/confirm`, { reference: "again" });
    expect(twice.status).toBe(409);
    expect((await call(operator, "POST", "/api/v1/operator/payouts/999999/confirm", { reference: "x" })).status).toBe(404);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.operatorId, operatorUser.id)).orderBy(auditLog.id);
    expect(audit.filter((a) => a.objectId === String(mine.id) || a.action === "payout.transfer_list").map((a) => a.action)).toEqual(["payout.run", "payout.transfer_list", "payout.confirm"]);
  });

  it("npm run payouts: refuses a bad date, runs on a database of its own", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-payouts-"));
    try {
      // The folder an operator's server left, here a copy of the suite's migrated database: the
      // command opens it as it would any (a new cluster and the migrations cost ~20 s here).
      await migratedFolder(path.join(dir, "pglite"));
      const out: string[] = [];
      await expect(payoutsCommand(["--until", "30.11.2026", "--data-dir", dir], (l) => out.push(l), {})).rejects.toThrow(/--until must be a date YYYY-MM-DD/);
      await expect(payoutsCommand(["--list", "--until", "2026-11-30"], (l) => out.push(l), {})).rejects.toThrow(/choose one/);
      await payoutsCommand(["--until", "2026-11-30", "--data-dir", dir], (l) => out.push(l), {});
      expect(out.at(-1)).toBe("payouts: nothing payable until 2026-11-30");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
