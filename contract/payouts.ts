/**
 * A host's payouts as the earnings page and its CSV show them (GET /api/v1/host/earnings,
 * `payouts`): each ledger line with its state, and the sums. Free of zod: the browser imports it.
 */
export type PayoutState = "pending" | "payable" | "paid";

export type HostPayoutLine = {
  bookingId: number;
  /** `stay`: a paid stay; `refund`: money taken back after the stay was paid out. */
  kind: "stay" | "refund";
  estateTitle: string;
  checkInDate: string;
  checkOutDate: string;
  paid: number;
  refunded: number;
  commissionPercent: number;
  commission: number;
  hostShare: number;
  /** ISO time the line is payable from. */
  payableAt: string;
  state: PayoutState;
  paidAt: string | null;
};

export type HostPayouts = { pending: number; payable: number; paid: number; lines: HostPayoutLine[] };

const cell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** RFC 4180 CSV: comma-separated, quoted where needed, CRLF line ends. */
export const toCsv = (rows: (string | number)[][]) => rows.map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";

/** The host's payouts for their accounting: one row per line, amounts in whole som, dates as ISO. */
export function payoutsCsv(lines: HostPayoutLine[], header: string[]): string {
  return toCsv([
    header,
    ...lines.map((l) => [l.bookingId, l.kind, l.estateTitle, l.checkInDate, l.checkOutDate, l.paid, l.refunded, l.commissionPercent, l.commission, l.hostShare, l.state, l.payableAt.slice(0, 10), l.paidAt?.slice(0, 10) ?? ""]),
  ]);
}

/** `GET /api/v1/operator/payouts`: the runs' batches, newest first (the account stays sealed). */
export type OperatorPayoutBatch = {
  id: number;
  hostId: number;
  hostName: string;
  amount: number;
  lines: number;
  method: "bank_transfer" | "freedompay";
  status: "open" | "paid";
  until: string;
  recipient: string | null;
  hasPayoutDetails: boolean;
  reference: string | null;
  createdAt: string;
  paidAt: string | null;
};
export type OperatorPayoutBatches = { batches: OperatorPayoutBatch[] };
/** `GET /api/v1/operator/payouts/ledger`: per host, in som. */
export type OperatorPayoutLedger = { hosts: { hostId: number; hostName: string; pending: number; payable: number; inOpenBatches: number; paid: number }[] };
