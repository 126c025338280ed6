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

/** Statuses that hold the dates: the database's exclusion constraint on overlapping stays applies to these only. */
export const ACTIVE_BOOKING_STATUSES = ["pending_confirmation", "pending_payment", "paid_waiting_checkin", "paid_occupied"] as const satisfies readonly BookingStatus[];

/**
 * Statuses of a stay not yet begun that still holds its dates: what a side's cancellation, an
 * operator's, a blocked account's or a deleted account's can still end.
 */
export const NOT_STARTED_STATUSES = ["pending_confirmation", "pending_payment", "paid_waiting_checkin"] as const satisfies readonly BookingStatus[];
export const isNotStarted = (status: BookingStatus): boolean => (NOT_STARTED_STATUSES as readonly BookingStatus[]).includes(status);

/**
 * The statuses after payment. From payment on, each side has the other's contact: the guest the
 * exact address and the host's phone, the host the guest's phone, and the chat stops masking
 * numbers. Before payment, contacts would let both sides settle outside Konok.
 */
export const PAID_STATUSES = ["paid_waiting_checkin", "paid_occupied", "completed_no_review", "completed_with_review"] as const satisfies readonly BookingStatus[];
export const isPaidStatus = (status: BookingStatus): boolean => (PAID_STATUSES as readonly BookingStatus[]).includes(status);

/** The tabs of /profile/booking. */
export const BOOKING_GROUPS = {
  waiting: ["pending_confirmation", "pending_payment"],
  upcoming: ["paid_waiting_checkin", "paid_occupied"],
  past: ["completed_no_review", "completed_with_review"],
  cancelled: ["cancelled_by_guest", "cancelled_by_host", "annulled_without_confirmation", "annulled_without_payment", "declined"],
} as const satisfies Record<string, readonly BookingStatus[]>;
export type BookingGroup = keyof typeof BOOKING_GROUPS;
export const BOOKING_GROUP_IDS = Object.keys(BOOKING_GROUPS) as BookingGroup[];

/** The tabs of /host/booking: what a host has to answer, expect, host now, and look back on. */
export const HOST_BOOKING_TABS = {
  requests: ["pending_confirmation"],
  upcoming: ["pending_payment", "paid_waiting_checkin"],
  staying: ["paid_occupied"],
  past: ["completed_no_review", "completed_with_review"],
  cancelled: ["declined", "cancelled_by_guest", "cancelled_by_host", "annulled_without_confirmation", "annulled_without_payment"],
} as const satisfies Record<string, readonly BookingStatus[]>;
export type HostBookingTab = keyof typeof HOST_BOOKING_TABS;
export const HOST_BOOKING_TAB_IDS = Object.keys(HOST_BOOKING_TABS) as HostBookingTab[];
