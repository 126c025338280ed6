import { z } from "zod";
import { isoDateSchema, type Photo } from "./common";
import { TIME_SLOTS } from "./stay-terms";
import type { StayBreakdown } from "./stay-price";

export { BOOKING_GROUP_IDS, BOOKING_GROUPS, BOOKING_STATUSES, isPaidStatus, PAID_STATUSES, type BookingGroup, type BookingStatus } from "./booking-statuses";
import type { BookingGroup, BookingStatus } from "./booking-statuses";

export const createBookingSchema = z.object({
  estateId: z.coerce.number().int().positive(),
  checkInDate: isoDateSchema,
  checkOutDate: isoDateSchema,
  adultCount: z.coerce.number().int().min(1).max(30),
  childrenCount: z.coerce.number().int().min(0).max(20).default(0),
  comment: z.string().trim().max(1000).optional(),
  /** When the guest means to arrive: a slot inside the estate's check-in window (contract/stay-terms.ts). */
  arrivalSlot: z.enum(TIME_SLOTS).optional(),
});

export const cancelBookingSchema = z.object({
  reasonId: z.coerce.number().int().positive(),
  comment: z.string().trim().max(1000).optional(),
});

/** The review rules live with reviews both ways (contract/reviews.ts). */
export { reviewSchema } from "./reviews";
import type { BookingReviews } from "./reviews";
import type { TransactionKind, TransactionStatus } from "./transactions";

export const bookingListQuerySchema = z.object({
  group: z.enum(["waiting", "upcoming", "past", "cancelled"]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(10),
});

export type BookingEventItem = { status: BookingStatus; actor: "guest" | "host" | "system" | "payment" | "operator"; at: string };

/**
 * Where the paid stay is and how to reach the host: given only to the booking's guest, and only
 * once it is paid (`PAID_STATUSES`). `phone` is digits with the country code; it and `email` (a
 * verified one) are null when the host has none.
 */
export type StayContact = { city: string; address: string; lat: number; lng: number; hostPhone: string | null; hostEmail: string | null };

export type Booking = {
  id: number;
  status: BookingStatus;
  /** Whether the caller is this booking's guest or its host. */
  role: "guest" | "host";
  estate: { id: number; slug: string; title: string; city: string; photo: Photo | null; isInstantConfirmation: boolean; cancellationPolicy: "flexible" | "moderate" | "strict" };
  guest: { id: number; name: string } | null;
  host: { id: number; name: string };
  checkInDate: string;
  checkOutDate: string;
  nights: number;
  adultCount: number;
  childrenCount: number;
  totalPrice: number;
  priceLines: { date: string; price: number }[];
  /** The breakdown frozen when the booking was made (contract/stay-price.ts): what was paid, and what a refund is counted from. */
  price: StayBreakdown;
  comment: string;
  /** The next automatic change and when it happens. */
  deadline: { at: string; status: BookingStatus } | null;
  cancelReason: string | null;
  cancelComment: string | null;
  refundAmount: number | null;
  events: BookingEventItem[];
  /** The statuses the caller may move the booking to now. */
  actions: BookingStatus[];
  canPay: boolean;
  canReview: boolean;
  /** The guest's contact with the stay, from payment on; null before it and for the host. */
  contact: StayContact | null;
  /** After the stay: both sides' reviews as the caller may see them (double-blind), null before. */
  reviews: BookingReviews | null;
  createdAt: string;
};

/** The guest's trips, one tab's page, with every tab's count. */
export type BookingCounts = Record<BookingGroup, number>;
export type BookingList = { items: Booking[]; page: number; perPage: number; total: number; hasMore: boolean; counts: BookingCounts };

export type CancelReason = { id: number; name: string };
export type CancelReasonsResponse = { reasons: CancelReason[] };
export type PayResponse = { paymentUrl: string };
/** POST /api/v1/booking/{id}/pay/check: `confirming` while the gateway has not said how a payment ended. */
export type PayCheckResponse = { confirming: boolean; booking: Booking };

export type Transaction = {
  id: number;
  bookingId: number;
  estateTitle: string;
  kind: TransactionKind;
  amount: number;
  status: TransactionStatus;
  createdAt: string;
};
