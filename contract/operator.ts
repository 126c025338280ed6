/**
 * The operator console's API (/api/v1/operator/*, issue 31): answers and inputs. Every endpoint
 * answers 404 to anyone but an operator, as if it did not exist.
 */
import { z } from "zod";
import type { EstateStatus, ListingReviewState } from "./estate-statuses";
import type { BookingStatus } from "./booking-statuses";
import type { TransactionKind, TransactionStatus } from "./transactions";

export type AuditEntry = {
  id: number;
  /** Null for the `npm run operator` command on the server. */
  operator: { id: number; name: string; phone: string | null } | null;
  action: string;
  objectType: string;
  objectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  createdAt: string;
};
export type AuditPage = { entries: AuditEntry[]; nextBefore: number | null };

export type OperatorDashboard = {
  bookingsToday: number;
  bookingsThisWeek: number;
  /** Requests waiting for the host's answer. */
  awaitingHosts: number;
  /** Payments that failed (cancelled at the gateway) in the last 7 days. */
  failedPayments: number;
  /** SMS and e-mails the outbox gave up on or that were reported undelivered, in 7 days. */
  failedMessages: number;
  blockedUsers: number;
  /** Listings waiting for an operator's approval (LISTING_REVIEW=on). */
  listingsAwaitingReview: number;
  recentActions: AuditEntry[];
};

export type OperatorUserRow = {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  mode: "guest" | "host";
  role: "member" | "operator";
  blocked: boolean;
  deleted: boolean;
  createdAt: string;
};
export type OperatorUserList = { users: OperatorUserRow[]; total: number };

export type OperatorBookingRow = {
  id: number;
  status: BookingStatus;
  estateId: number;
  estateTitle: string;
  guest: { id: number | null; name: string };
  host: { id: number; name: string };
  checkInDate: string;
  checkOutDate: string;
  totalPrice: number;
  createdAt: string;
};

export type OperatorUserDetail = {
  user: OperatorUserRow & { blockedAt: string | null; blockedReason: string | null; locale: "ru" | "en" | "ky" };
  listings: { id: number; slug: string; title: string; status: EstateStatus }[];
  bookings: OperatorBookingRow[];
  reviews: { id: number; estateId: number; rating: number; text: string; hidden: boolean; createdAt: string }[];
  /** The host's bookings still to come (pending or paid, not yet started): blocking asks what to do with them. */
  upcomingHostBookings: number;
  history: AuditEntry[];
};

export const BLOCK_REASON_MAX = 1000;
export const blockUserSchema = z.object({
  reason: z.string({ required_error: "reasonRequired" }).trim().min(3, "reasonRequired").max(BLOCK_REASON_MAX, "tooLong"),
  /** The host's upcoming bookings: cancel them with a full refund, or keep them. */
  upcomingBookings: z.enum(["cancel", "keep"]).default("keep"),
});
export type BlockUserInput = z.infer<typeof blockUserSchema>;
export const unblockUserSchema = z.object({ reason: z.string().trim().max(BLOCK_REASON_MAX, "tooLong").optional() });

export type BlockResult = { user: OperatorUserDetail["user"]; cancelledBookings: number[]; hiddenListings: number[] };

export type OperatorBookingList = { bookings: OperatorBookingRow[]; total: number };
export type OperatorBookingDetail = {
  booking: OperatorBookingRow & { nights: number; adultCount: number; childrenCount: number; refundAmount: number | null; cancelComment: string | null; comment: string };
  events: { fromStatus: BookingStatus | null; toStatus: BookingStatus; actor: string; at: string }[];
  transactions: { id: number; kind: TransactionKind; amount: number; status: TransactionStatus; provider: string; createdAt: string }[];
  /** What a guest's cancellation would refund now under the estate's policy (full for the host's). */
  refundByRules: number;
  /** Whether an operator may cancel it now (not started, still holding its dates). */
  cancellable: boolean;
  history: AuditEntry[];
};
export const cancelBookingSchema = z.object({
  side: z.enum(["guest", "host"], { required_error: "choose" }),
  refund: z.enum(["rules", "full"]).default("rules"),
  reason: z.string({ required_error: "reasonRequired" }).trim().min(3, "reasonRequired").max(BLOCK_REASON_MAX, "tooLong"),
});
export type CancelBookingInput = z.infer<typeof cancelBookingSchema>;

/** Query of the lists; `page` from 1. */
export const listQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.string().trim().max(40).optional(),
  blocked: z.enum(["1", "0", "true", "false"]).optional().transform((v) => v === "1" || v === "true"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const auditQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  action: z.string().trim().max(60).optional(),
  objectType: z.string().trim().max(40).optional(),
  objectId: z.string().trim().max(40).optional(),
  before: z.coerce.number().int().min(1).max(2 ** 31 - 1).optional(),
});

// ── Listings (issue 31) ───────────────────────────────────────────────────────────────────────

/**
 * What the console filters listings by: the stored status, or the review state of LISTING_REVIEW
 * (`pending`: waits for approval, `rejected`: sent back to the host with a reason).
 */
export const OPERATOR_LISTING_FILTERS = ["published", "draft", "archived", "pending", "rejected"] as const;
export type OperatorListingFilter = (typeof OPERATOR_LISTING_FILTERS)[number];

export type OperatorListingRow = {
  id: number;
  slug: string;
  title: string;
  city: string;
  kind: string;
  status: EstateStatus;
  review: { state: ListingReviewState; reason: string | null; requestedAt: string | null } | null;
  host: { id: number; name: string; phone: string | null };
  price: number;
  updatedAt: string;
};
export type OperatorListingList = { listings: OperatorListingRow[]; total: number };

export type OperatorListingDetail = {
  listing: OperatorListingRow & {
    parentId: number | null;
    description: string;
    address: string;
    photos: { url: string }[];
    rating: number | null;
    reviewsCount: number;
    createdAt: string;
    publishedAt: string | null;
  };
  /** Every change of status or review state, oldest first (estate_status_events). */
  events: { fromStatus: string | null; toStatus: string; reviewState: string | null; actor: string; at: string }[];
  history: AuditEntry[];
};

export const listingQuerySchema = z.object({
  /** Words of the title (any language) or the listing's number. */
  q: z.string().trim().max(200).optional(),
  /** The host's name or phone. */
  host: z.string().trim().max(200).optional(),
  city: z.string().trim().max(100).optional(),
  status: z.enum(OPERATOR_LISTING_FILTERS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** Unpublishing and rejecting need a reason: the host receives it. */
export const listingReasonSchema = z.object({
  reason: z.string({ required_error: "reasonRequired" }).trim().min(3, "reasonRequired").max(BLOCK_REASON_MAX, "tooLong"),
});

// ── Reviews (issue 31) ────────────────────────────────────────────────────────────────────────

export type OperatorReviewRow = {
  id: number;
  estateId: number;
  estateTitle: string;
  estateSlug: string;
  author: { id: number | null; name: string };
  rating: number;
  text: string;
  hidden: boolean;
  hiddenReason: string | null;
  createdAt: string;
};
export type OperatorReviewList = { reviews: OperatorReviewRow[]; total: number };
export const REVIEW_FILTERS = ["visible", "hidden"] as const;
export const reviewQuerySchema = z.object({
  /** Words of the text, the author's name or the listing's title; a number is the review's or the listing's. */
  q: z.string().trim().max(200).optional(),
  state: z.enum(REVIEW_FILTERS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const hideReviewSchema = listingReasonSchema;
export const showReviewSchema = z.object({ reason: z.string().trim().max(BLOCK_REASON_MAX, "tooLong").optional() });
