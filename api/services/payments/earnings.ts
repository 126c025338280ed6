/**
 * A host's earnings (GET /api/v1/host/earnings): the money per booking and per month of check-in —
 * what the guest paid, Konok's commission at the percentage frozen on the booking, the payout,
 * refunds — and the payout ledger's lines: pending, payable and paid (payouts.ts).
 */
import { sql } from "drizzle-orm";
import type { Locale, Localized } from "../../../contract/common";
import type { EarningItem, EarningMonth, HostEarnings } from "../../../contract/host";
import type { HostPayouts } from "../../../contract/payouts";
import { hostPayout } from "../../../contract/stay-terms";
import type { Db } from "../../db/client";
import { localize } from "../../lib/locale";
import { hostLedger } from "./payouts";
import { TRANSACTION_KIND, TRANSACTION_STATUS } from "../../../contract/transactions";
import { sqlLiteral } from "../../lib/sql";

type Row = { id: number; check_in: string; check_out: string; status: string; commission_percent: number; title: Localized | null; paid: number; refunded: number };

export async function hostEarnings(db: Db, hostId: number, locale: Locale): Promise<HostEarnings> {
  const { rows } = await db.execute<Row>(sql`
    SELECT b.id, b.check_in::text AS check_in, b.check_out::text AS check_out, b.status::text AS status, b.commission_percent,
      x.title,
      coalesce(sum(t.amount) FILTER (WHERE t.kind = ${sqlLiteral(TRANSACTION_KIND.payment)} AND t.status = ${sqlLiteral(TRANSACTION_STATUS.Success)}), 0)::int AS paid,
      coalesce(sum(t.amount) FILTER (WHERE t.kind = ${sqlLiteral(TRANSACTION_KIND.refund)} AND t.status = ${sqlLiteral(TRANSACTION_STATUS.Success)}), 0)::int AS refunded
    FROM bookings b
    JOIN transactions t ON t.booking_id = b.id
    LEFT JOIN estate_texts x ON x.estate_id = b.estate_id
    WHERE b.host_id = ${hostId}
    GROUP BY b.id, x.title
    HAVING coalesce(sum(t.amount) FILTER (WHERE t.kind = ${sqlLiteral(TRANSACTION_KIND.payment)} AND t.status = ${sqlLiteral(TRANSACTION_STATUS.Success)}), 0) > 0
    ORDER BY b.check_in DESC, b.id DESC
    LIMIT 500`);
  // Konok keeps its commission of what the guest finally paid (the payment less refunds).
  const items: EarningItem[] = rows.map((r) => {
    const kept = Number(r.paid) - Number(r.refunded);
    const { commission, payout } = hostPayout(kept, Number(r.commission_percent));
    return {
      bookingId: r.id,
      estateTitle: r.title ? localize(r.title, locale) : "",
      checkInDate: r.check_in,
      checkOutDate: r.check_out,
      status: r.status,
      paid: Number(r.paid),
      commissionPercent: Number(r.commission_percent),
      commission,
      payout,
      refunded: Number(r.refunded),
    };
  });
  const byMonth = new Map<string, EarningMonth>();
  const totals = { paid: 0, commission: 0, payout: 0, refunded: 0, bookings: 0 };
  for (const item of items) {
    const month = item.checkInDate.slice(0, 7);
    const m = byMonth.get(month) ?? { month, paid: 0, commission: 0, payout: 0, refunded: 0, bookings: 0 };
    for (const sum of [m, totals]) {
      sum.paid += item.paid;
      sum.commission += item.commission;
      sum.payout += item.payout;
      sum.refunded += item.refunded;
      sum.bookings += 1;
    }
    byMonth.set(month, m);
  }
  const ledger = await hostLedger(db, hostId);
  const payouts: HostPayouts = {
    pending: ledger.pending,
    payable: ledger.payable,
    paid: ledger.paid,
    lines: ledger.lines.map(({ estateTitle, batchId: _batch, ...line }) => ({ ...line, estateTitle: estateTitle ? localize(estateTitle as Localized, locale) : "" })),
  };
  return { months: [...byMonth.values()], items, totals, payouts };
}
