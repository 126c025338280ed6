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
