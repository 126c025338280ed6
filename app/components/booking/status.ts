/**
 * How each of the 11 booking statuses (SPEC section 4) looks and reads: its colour, its group (the
 * tabs of /profile/booking) and whether money was taken. Pure data, shared by server and browser.
 */
import { BOOKING_GROUPS, type BookingGroup, type BookingStatus } from "../../../contract/booking-statuses";

export type StatusTone = "waiting" | "action" | "paid" | "staying" | "done" | "cancelled";

export const STATUS_TONE: Record<BookingStatus, StatusTone> = {
  pending_confirmation: "waiting",
  pending_payment: "action",
  paid_waiting_checkin: "paid",
  paid_occupied: "staying",
  completed_no_review: "done",
  completed_with_review: "done",
  cancelled_by_guest: "cancelled",
  cancelled_by_host: "cancelled",
  annulled_without_confirmation: "cancelled",
  annulled_without_payment: "cancelled",
  declined: "cancelled",
};

/** Badge colours: amber waits, brand red asks the guest to act, green is paid, grey is over. */
export const TONE_STYLE: Record<StatusTone, { badge: string; dot: string; panel: string }> = {
  waiting: { badge: "bg-amber-50 text-amber-900 ring-amber-200", dot: "bg-amber-500", panel: "border-amber-200 bg-amber-50" },
  action: { badge: "bg-brand-50 text-brand-800 ring-brand-200", dot: "bg-brand-600", panel: "border-brand-200 bg-brand-50" },
  paid: { badge: "bg-emerald-50 text-emerald-800 ring-emerald-200", dot: "bg-emerald-600", panel: "border-emerald-200 bg-emerald-50" },
  staying: { badge: "bg-sky-50 text-sky-800 ring-sky-200", dot: "bg-sky-600", panel: "border-sky-200 bg-sky-50" },
  done: { badge: "bg-stone-100 text-stone-700 ring-stone-200", dot: "bg-stone-500", panel: "border-stone-200 bg-stone-50" },
  cancelled: { badge: "bg-stone-100 text-stone-600 ring-stone-300", dot: "bg-red-500", panel: "border-stone-200 bg-stone-50" },
};

export const GROUPS = Object.keys(BOOKING_GROUPS) as BookingGroup[];

export const isGroup = (value: unknown): value is BookingGroup => typeof value === "string" && (GROUPS as string[]).includes(value);

export function groupOf(status: BookingStatus): BookingGroup {
  return GROUPS.find((g) => (BOOKING_GROUPS[g] as readonly BookingStatus[]).includes(status)) ?? "cancelled";
}
