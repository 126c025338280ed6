/**
 * Host payouts (docs/bookings.md, "Host payouts"): the ledger's lines (ledger.ts) gathered by an
 * operator's run into one batch per host, paid by bank transfer, and marked paid when the operator
 * confirms the transfer. A line joins a batch once (its batch_id is set only where it is null, in
 * the run's transaction, with the lines locked), so two runs, even at once, never pay it twice;
 * a batch is marked paid once.
 *
 * Used by the `npm run payouts` command (api/payouts-cli.ts) and, for the operator console, by
 * whoever mounts the operator API (issue 31): every function takes the database and plain values.
 */
import { and, asc, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { estates, payoutBatches, payoutLines, users } from "../../db/schema";
import type { DataCipher } from "../../lib/data-cipher";
import { addDays, bishkekTime } from "../../../contract/dates";
import { toCsv } from "../../../contract/payouts";

export type PayoutBatch = typeof payoutBatches.$inferSelect;
type Tx = Pick<Db, "select" | "insert" | "update" | "execute">;
export type PayoutLine = typeof payoutLines.$inferSelect;

/** The moment a run "until" a day stops: the end of that day in Asia/Bishkek. */
export const endOfDay = (date: string) => bishkekTime(addDays(date, 1), "00:00");

export class PayoutError extends Error {
  constructor(
    readonly status: 404 | 409 | 422,
    message: string,
  ) {
    super(message);
    this.name = "PayoutError";
  }
}

/**
 * The host's payout details as they gave them in their listing's legal step (the latest listing
 * with them): recipient and account, the account still sealed as stored.
 */
async function payoutDetailsOf(db: Pick<Db, "select">, hostId: number): Promise<PayoutBatch["details"]> {
  const rows = await db
    .select({ data: estates.wizardData })
    .from(estates)
    .where(and(eq(estates.hostId, hostId), sql`${estates.wizardData} ? 'landlord_data'`))
    .orderBy(desc(estates.updatedAt))
    .limit(1);
  const landlord = (rows[0]?.data as { landlord_data?: { legalName?: string; payoutAccount?: string } } | undefined)?.landlord_data;
  if (!landlord?.payoutAccount) return null;
  return { recipient: landlord.legalName ?? "", account: landlord.payoutAccount, bank: "" };
}

/**
 * A payout run: every line payable by the end of `until` (Asia/Bishkek) and in no batch yet goes
 * into one open batch per host, summing stays and refunds taken back. A host whose lines sum to
 * nothing or less gets no batch: the lines wait for the next run.
 */
export async function runPayouts(
  db: Db,
  options: { until: string; now?: Date; /** Runs in the run's transaction for each batch made (the operator API's audit log). */ onBatch?: (tx: Tx, batch: PayoutBatch) => Promise<void> },
): Promise<PayoutBatch[]> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(options.until) || Number.isNaN(Date.parse(options.until))) throw new PayoutError(422, `--until must be a date YYYY-MM-DD, got "${options.until}"`);
  const now = options.now ?? new Date();
  const cutoff = endOfDay(options.until);
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(payoutLines)
      .where(and(isNull(payoutLines.batchId), lt(payoutLines.payableAt, cutoff)))
      .orderBy(asc(payoutLines.hostId), asc(payoutLines.id))
      .for("update", { skipLocked: true });
    const byHost = new Map<number, PayoutLine[]>();
    for (const line of due) byHost.set(line.hostId, [...(byHost.get(line.hostId) ?? []), line]);
    const batches: PayoutBatch[] = [];
    for (const [hostId, lines] of byHost) {
      const amount = lines.reduce((sum, line) => sum + line.hostShare, 0);
      if (amount <= 0) continue;
      const [batch] = await tx
        .insert(payoutBatches)
        .values({ hostId, amount, until: options.until, method: "bank_transfer", details: await payoutDetailsOf(tx, hostId), createdAt: now })
        .returning();
      const claimed = await tx
        .update(payoutLines)
        .set({ batchId: batch.id, updatedAt: now })
        .where(and(inArray(payoutLines.id, lines.map((l) => l.id)), isNull(payoutLines.batchId)))
        .returning({ id: payoutLines.id });
      // The lines are locked by this transaction: all of them are claimed, or the run is wrong.
      if (claimed.length !== lines.length) throw new Error(`payout run: ${lines.length - claimed.length} lines of host ${hostId} were claimed by another run`);
      await options.onBatch?.(tx, batch);
      batches.push(batch);
    }
    return batches;
  });
}

/**
 * Marks a batch paid once the operator confirms the transfer, with its reference; a paid batch
 * stays as it was (409). `onPaid` runs in the same transaction (the operator API's audit log).
 */
export async function confirmPayout(db: Db, batchId: number, reference: string, now = new Date(), onPaid?: (tx: Tx, batch: PayoutBatch) => Promise<void>): Promise<PayoutBatch> {
  if (!reference.trim()) throw new PayoutError(422, "the transfer's reference is required");
  const paid = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(payoutBatches)
      .set({ status: "paid", reference: reference.trim().slice(0, 200), paidAt: now })
      .where(and(eq(payoutBatches.id, batchId), eq(payoutBatches.status, "open")))
      .returning();
    if (row) await onPaid?.(tx, row);
    return row;
  });
  if (paid) return paid;
  const [existing] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
  if (!existing) throw new PayoutError(404, `no payout batch ${batchId}`);
  throw new PayoutError(409, `payout batch ${batchId} was already marked paid on ${existing.paidAt?.toISOString()} (${existing.reference})`);
}

/** Batches, newest first; open ones only when asked. */
export async function listPayoutBatches(db: Db, options: { status?: "open" | "paid"; hostId?: number; limit?: number } = {}) {
  return db
    .select({ batch: payoutBatches, hostName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`, lines: sql<number>`(SELECT count(*)::int FROM ${payoutLines} WHERE ${payoutLines.batchId} = ${payoutBatches.id})` })
    .from(payoutBatches)
    .innerJoin(users, eq(users.id, payoutBatches.hostId))
    .where(and(options.status ? eq(payoutBatches.status, options.status) : undefined, options.hostId ? eq(payoutBatches.hostId, options.hostId) : undefined))
    .orderBy(desc(payoutBatches.id))
    .limit(options.limit ?? 200);
}

/**
 * The bank transfer list of open batches, for the operator's bank: one row per batch with the
 * host's recipient name and full account (opened with the data key), the amount in som and the
 * reference to put on the transfer. It holds payout accounts in the clear: not for the log.
 */
export async function transferList(db: Db, cipher: DataCipher, batchIds?: number[]): Promise<string> {
  const batches = await db
    .select()
    .from(payoutBatches)
    .where(and(eq(payoutBatches.status, "open"), batchIds ? inArray(payoutBatches.id, batchIds) : undefined))
    .orderBy(asc(payoutBatches.id));
  const rows: (string | number)[][] = [["batch", "host_id", "recipient", "account", "amount_kgs", "reference"]];
  for (const batch of batches) {
    let account = "";
    try {
      account = batch.details?.account ? cipher.open(batch.details.account) : "";
    } catch {
      account = "(unreadable: DATA_ENCRYPTION_KEY changed)";
    }
    rows.push([batch.id, batch.hostId, batch.details?.recipient ?? "", account || "(no payout details)", batch.amount, `Konok payout ${batch.id}`]);
  }
  return toCsv(rows);
}

export type HostLedgerLine = {
  bookingId: number;
  kind: "stay" | "refund";
  paid: number;
  refunded: number;
  commissionPercent: number;
  commission: number;
  hostShare: number;
  payableAt: string;
  state: "pending" | "payable" | "paid";
  batchId: number | null;
  paidAt: string | null;
  checkInDate: string;
  checkOutDate: string;
  estateTitle: Record<string, string> | null;
};

/**
 * What one host is owed and was paid: each line with its state — pending (not payable yet),
 * payable (payable, or in a batch not yet paid), paid — and the sums of each.
 */
export async function hostLedger(db: Db, hostId: number, now = new Date()): Promise<{ lines: HostLedgerLine[]; pending: number; payable: number; paid: number }> {
  const { rows } = await db.execute<{
    booking_id: number;
    kind: "stay" | "refund";
    paid: number;
    refunded: number;
    commission_percent: number;
    commission: number;
    host_share: number;
    payable_at: string;
    batch_id: number | null;
    batch_status: "open" | "paid" | null;
    paid_at: string | null;
    check_in: string;
    check_out: string;
    title: Record<string, string> | null;
  }>(sql`
    SELECT l.booking_id, l.kind, l.paid, l.refunded, l.commission_percent, l.commission, l.host_share,
      to_char(l.payable_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS payable_at, l.batch_id, pb.status AS batch_status,
      to_char(pb.paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS paid_at,
      b.check_in::text AS check_in, b.check_out::text AS check_out, x.title
    FROM payout_lines l
    JOIN bookings b ON b.id = l.booking_id
    LEFT JOIN payout_batches pb ON pb.id = l.batch_id
    LEFT JOIN estate_texts x ON x.estate_id = b.estate_id
    WHERE l.host_id = ${hostId}
    ORDER BY l.payable_at DESC, l.id DESC
    LIMIT 1000`);
  const totals = { pending: 0, payable: 0, paid: 0 };
  const lines = rows.map((r): HostLedgerLine => {
    const state = r.batch_status === "paid" ? "paid" : r.batch_id !== null || Date.parse(r.payable_at) <= now.getTime() ? "payable" : "pending";
    totals[state] += Number(r.host_share);
    return {
      bookingId: r.booking_id,
      kind: r.kind,
      paid: Number(r.paid),
      refunded: Number(r.refunded),
      commissionPercent: Number(r.commission_percent),
      commission: Number(r.commission),
      hostShare: Number(r.host_share),
      payableAt: r.payable_at,
      state,
      batchId: r.batch_id,
      paidAt: r.paid_at,
      checkInDate: r.check_in,
      checkOutDate: r.check_out,
      estateTitle: r.title,
    };
  });
  return { lines, ...totals };
}

export type LedgerByHost = { hostId: number; hostName: string; pending: number; payable: number; inOpenBatches: number; paid: number };

/**
 * The whole ledger per host for the operator console (/admin/payouts): what is not payable yet,
 * payable and in no batch (the next run gathers it), in open batches (transfer not confirmed),
 * and paid — in som, hosts with something still owed first.
 */
export async function ledgerByHost(db: Db, now = new Date(), limit = 200): Promise<LedgerByHost[]> {
  const { rows } = await db.execute<{ host_id: number; host_name: string; pending: number; payable: number; in_open: number; paid: number }>(sql`
    SELECT l.host_id, trim(u.first_name || ' ' || u.last_name) AS host_name,
      coalesce(sum(l.host_share) FILTER (WHERE l.batch_id IS NULL AND l.payable_at > ${now}), 0)::int AS pending,
      coalesce(sum(l.host_share) FILTER (WHERE l.batch_id IS NULL AND l.payable_at <= ${now}), 0)::int AS payable,
      coalesce(sum(l.host_share) FILTER (WHERE pb.status = 'open'), 0)::int AS in_open,
      coalesce(sum(l.host_share) FILTER (WHERE pb.status = 'paid'), 0)::int AS paid
    FROM payout_lines l
    JOIN users u ON u.id = l.host_id
    LEFT JOIN payout_batches pb ON pb.id = l.batch_id
    GROUP BY l.host_id, u.first_name, u.last_name
    ORDER BY (coalesce(sum(l.host_share) FILTER (WHERE pb.status IS DISTINCT FROM 'paid'), 0)) DESC, l.host_id
    LIMIT ${limit}`);
  return rows.map((r) => ({ hostId: r.host_id, hostName: r.host_name, pending: Number(r.pending), payable: Number(r.payable), inOpenBatches: Number(r.in_open), paid: Number(r.paid) }));
}
