/**
 * The booking lifecycle in one place: which status may follow which, who may cause it, whom it
 * notifies, and which deadline the new status starts. Every status change in the API goes
 * through `transition()`; anything not listed here is refused with 409. See docs/bookings.md.
 */
import { HttpError } from "../../lib/http-errors";
import { NOT_STARTED_STATUSES, type BookingStatus } from "../../../contract/booking-statuses";
import { bishkekTime } from "../../../contract/dates";

export type Actor = "guest" | "host" | "system" | "payment" | "operator";
export type NotificationType =
  | "booking_requested"
  | "booking_paid"
  | "booking_declined"
  | "booking_cancelled_by_host"
  | "booking_cancelled_by_guest"
  | "booking_confirmed"
  | "booking_completed"
  | "booking_annulled_without_payment"
  | "booking_annulled_without_confirm"
  | "review_invitation";

type Edge = {
  from: BookingStatus;
  to: BookingStatus;
  by: Actor;
  /** Who hears about it, and how. */
  notify: { guest?: NotificationType; host?: NotificationType };
};

export const EDGES: readonly Edge[] = [
  { from: "pending_confirmation", to: "pending_payment", by: "host", notify: { guest: "booking_confirmed" } },
  { from: "pending_confirmation", to: "declined", by: "host", notify: { guest: "booking_declined" } },
  { from: "pending_confirmation", to: "annulled_without_confirmation", by: "system", notify: { guest: "booking_annulled_without_confirm", host: "booking_annulled_without_confirm" } },
  { from: "pending_confirmation", to: "cancelled_by_guest", by: "guest", notify: { host: "booking_cancelled_by_guest" } },
  { from: "pending_payment", to: "paid_waiting_checkin", by: "payment", notify: { guest: "booking_paid", host: "booking_paid" } },
  { from: "pending_payment", to: "annulled_without_payment", by: "system", notify: { guest: "booking_annulled_without_payment", host: "booking_annulled_without_payment" } },
  { from: "pending_payment", to: "cancelled_by_guest", by: "guest", notify: { host: "booking_cancelled_by_guest" } },
  { from: "paid_waiting_checkin", to: "paid_occupied", by: "system", notify: {} },
  { from: "paid_waiting_checkin", to: "cancelled_by_guest", by: "guest", notify: { host: "booking_cancelled_by_guest" } },
  { from: "paid_waiting_checkin", to: "cancelled_by_host", by: "host", notify: { guest: "booking_cancelled_by_host" } },
  // Both are asked for a review (the guest's "trip over" says so): the host to review the guest.
  { from: "paid_occupied", to: "completed_no_review", by: "system", notify: { guest: "booking_completed", host: "review_invitation" } },
  { from: "completed_no_review", to: "completed_with_review", by: "guest", notify: {} },
  // An operator cancels a booking that has not started on behalf of either side (a dispute, a
  // blocked account): the same statuses a side's own cancellation reaches, and both sides are told,
  // since neither did it themselves (issue 31).
  ...NOT_STARTED_STATUSES.flatMap((from): Edge[] => [
    { from, to: "cancelled_by_guest", by: "operator", notify: { guest: "booking_cancelled_by_guest", host: "booking_cancelled_by_guest" } },
    { from, to: "cancelled_by_host", by: "operator", notify: { guest: "booking_cancelled_by_host", host: "booking_cancelled_by_host" } },
  ]),
];

/** The status a new booking starts in: instant estates skip the host's confirmation. */
export const initialStatus = (isInstantConfirmation: boolean): BookingStatus => (isInstantConfirmation ? "pending_payment" : "pending_confirmation");

export function findEdge(from: BookingStatus, to: BookingStatus, by?: Actor): Edge | null {
  return EDGES.find((e) => e.from === from && e.to === to && (by === undefined || e.by === by)) ?? null;
}

/** The edge for a change, or a 409 when the lifecycle does not allow it (or not for this actor). */
export function transition(from: BookingStatus, to: BookingStatus, by: Actor): Edge {
  const edge = findEdge(from, to, by);
  if (!edge) {
    throw new HttpError(409, "bookingTransition");
  }
  return edge;
}

/** What a guest or host may do now, for the booking page's buttons. */
export function allowedActions(status: BookingStatus, actor: "guest" | "host"): BookingStatus[] {
  return EDGES.filter((e) => e.from === status && e.by === actor).map((e) => e.to);
}

// ── Deadlines ──────────────────────────────────────────────────────────────────────────────

export type BookingTimings = {
  /** The host must answer a request within this, or by check-in, whichever is first. */
  confirmSeconds: number;
  confirmWarnSeconds: number;
  paymentSeconds: number;
  paymentWarnSeconds: number;
  /** Local times (Asia/Bishkek) at which the stay starts and ends. */
  checkInTime: string;
  checkOutTime: string;
};

export const DEFAULT_TIMINGS: BookingTimings = {
  confirmSeconds: 24 * 60 * 60,
  confirmWarnSeconds: 60 * 60,
  paymentSeconds: 30 * 60,
  paymentWarnSeconds: 10 * 60,
  checkInTime: "14:00",
  checkOutTime: "12:00",
};

export type Deadline = { at: Date; to: BookingStatus; warnAt: Date | null; warn: "booking_annulled_without_confirm_soon" | "booking_annulled_without_payment_soon" | null };

/** The estate's own check-in and check-out hours, when known: they win over the defaults of `timings`. */
export type StayHours = { checkInTime?: string | null; checkOutTime?: string | null };

/**
 * The deadline a booking gets when it enters `status` at `now`, or null when it has none. A stay
 * starts and ends at its estate's hours: the booking page and the status change must agree.
 */
export function deadlineFor(status: BookingStatus, booking: { checkIn: string; checkOut: string }, now: Date, timings: BookingTimings, hours: StayHours = {}): Deadline | null {
  timings = { ...timings, checkInTime: hours.checkInTime ?? timings.checkInTime, checkOutTime: hours.checkOutTime ?? timings.checkOutTime };
  switch (status) {
    case "pending_confirmation": {
      const at = new Date(Math.min(now.getTime() + timings.confirmSeconds * 1000, bishkekTime(booking.checkIn, timings.checkInTime).getTime()));
      return { at, to: "annulled_without_confirmation", warnAt: new Date(at.getTime() - timings.confirmWarnSeconds * 1000), warn: "booking_annulled_without_confirm_soon" };
    }
    case "pending_payment": {
      const at = new Date(now.getTime() + timings.paymentSeconds * 1000);
      return { at, to: "annulled_without_payment", warnAt: new Date(at.getTime() - timings.paymentWarnSeconds * 1000), warn: "booking_annulled_without_payment_soon" };
    }
    case "paid_waiting_checkin":
      return { at: bishkekTime(booking.checkIn, timings.checkInTime), to: "paid_occupied", warnAt: null, warn: null };
    case "paid_occupied":
      return { at: bishkekTime(booking.checkOut, timings.checkOutTime), to: "completed_no_review", warnAt: null, warn: null };
    default:
      return null;
  }
}
