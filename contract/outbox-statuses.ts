/**
 * The life of a row of the SMS and e-mail outboxes (api/services/messaging/outbox.ts): queued →
 * sending → sent → delivered | undelivered (SMS with a delivery report; a sender without reports
 * marks it delivered at once, e-mail stays sent); or failed (refused, out of tries) / expired (not
 * sent in time, or replaced by a newer code). One list for the database enum and the SQL.
 */
import { keyed } from "./lists";

export const OUTBOX_STATUSES = ["queued", "sending", "sent", "delivered", "undelivered", "failed", "expired"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_STATUS = keyed(OUTBOX_STATUSES);

/** Rows the sender still has to take (a `sending` row whose try was cut off is taken again). */
export const OUTBOX_DUE_STATUSES = ["queued", "sending"] as const satisfies readonly OutboxStatus[];
/** Rows that never reached their person: what the operator's dashboard counts. */
export const OUTBOX_FAILED_STATUSES = ["failed", "expired", "undelivered"] as const satisfies readonly OutboxStatus[];
