/** Booking statuses (SPEC section 4) and the tabs that group them. Free of zod: the browser imports it. */
export const BOOKING_STATUSES = [
  "pending_confirmation",
  "pending_payment",
  "paid_waiting_checkin",
  "paid_occupied",
  "cancelled_by_guest",
  "cancelled_by_host",
  "annulled_without_confirmation",
  "annulled_without_payment",
  "completed_no_review",
  "completed_with_review",
  "declined",
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The tabs of /profile/booking. */
export const BOOKING_GROUPS = {
  waiting: ["pending_confirmation", "pending_payment"],
  upcoming: ["paid_waiting_checkin", "paid_occupied"],
  past: ["completed_no_review", "completed_with_review"],
  cancelled: ["cancelled_by_guest", "cancelled_by_host", "annulled_without_confirmation", "annulled_without_payment", "declined"],
} as const satisfies Record<string, readonly BookingStatus[]>;
export type BookingGroup = keyof typeof BOOKING_GROUPS;
