/**
 * Payments and refunds through the payment provider (api/services/payments/): their kinds and
 * statuses, one list each for the database enums, the API's SQL and the guest's transactions page.
 * A payment is pending until the gateway's result, then Success or Cancelled; a refund is pending
 * until the gateway took it, then Success. The capitalised names are the gateway's own words.
 * Free of zod: the browser imports it.
 */
import { keyed } from "./lists";

export const TRANSACTION_KINDS = ["payment", "refund"] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export const TRANSACTION_KIND = keyed(TRANSACTION_KINDS);

export const TRANSACTION_STATUSES = ["pending", "Success", "Cancelled"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TRANSACTION_STATUS = keyed(TRANSACTION_STATUSES);
