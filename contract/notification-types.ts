/**
 * Notification types of SPEC section 4. One list for the database enum (api/db/schema.ts) and the
 * profile's notification list (each type has a title and a sentence in every language there).
 * Free of zod: the browser imports it.
 */
export const NOTIFICATION_TYPES = [
  "booking_requested",
  "booking_paid",
  "booking_declined",
  "booking_cancelled_by_host",
  "booking_cancelled_by_guest",
  "booking_confirmed",
  "booking_completed",
  "booking_annulled",
  "booking_annulled_soon",
  "booking_annulled_without_payment",
  "booking_annulled_without_payment_soon",
  "booking_annulled_without_confirm",
  "booking_annulled_without_confirm_soon",
  "booking",
  "estate",
  /** A night of an imported calendar (Airbnb, Booking.com…) falls on a Konok booking. */
  "calendar_conflict",
  /** A stay has ended: the host is asked to review the guest (the guest hears `booking_completed`). */
  "review_invitation",
  /** Both sides have reviewed a stay: the one who wrote first may now read the other's review. */
  "review_published",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * What an operator did that its person hears of (issue 31): each notice is an `estate`
 * notification whose `payload.event` is the key here (api/services/operator/*), shown in the
 * profile and mailed as the kind it maps to, whose title and text are account.json's
 * `notifications.types.{kind}`. Blocking an account travels as an `estate` notification too, so
 * the notification type enum (a migration) did not grow for a notice read by e-mail (decision 0077).
 */
export const OPERATOR_NOTICES = {
  unpublished: "estate_unpublished",
  approved: "estate_approved",
  rejected: "estate_rejected",
  review_hidden: "estate_review_hidden",
  blocked: "account_blocked",
} as const;
export type OperatorNoticeEvent = keyof typeof OPERATOR_NOTICES;
export const operatorNoticeOf = (type: string, event: unknown): (typeof OPERATOR_NOTICES)[OperatorNoticeEvent] | null =>
  type === "estate" && typeof event === "string" && Object.hasOwn(OPERATOR_NOTICES, event) ? OPERATOR_NOTICES[event as OperatorNoticeEvent] : null;
