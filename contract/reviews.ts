/**
 * Reviews both ways (issue 32): after a stay the guest reviews the stay and the host reviews the
 * guest, each within a window after check-out. Double-blind: neither side, nor anyone else, reads
 * a review before both have written or the window has closed, so neither can answer the other's
 * review with their own. The API enforces it (api/services/reviews.ts); the pages only show what
 * it gives. See docs/bookings.md, "Reviews both ways", and decision 0070.
 */
import { z } from "zod";
import { addDays, bishkekMidnight } from "./dates";

/** Days after check-out during which either side may write, and after which what was written is published. */
export const REVIEW_WINDOW_DAYS = 14;

/**
 * When the review window of a stay closes: the end of the 14th day after check-out, in Bishkek
 * (UTC+6 all year). A date a person can be told ("until 15 December"), not a time of day.
 */
export function reviewWindowClosesAt(checkOut: string): Date {
  return bishkekMidnight(addDays(checkOut, REVIEW_WINDOW_DAYS + 1));
}

/** The guest's review of the stay and the host's of the guest: the same stars and text. */
export const reviewSchema = z.object({
  rating: z.coerce.number().int().min(1).max(5),
  text: z.string().trim().min(10).max(2000),
});

/** The host's one answer to a review of their listing. */
export const REPLY_MAX = 1000;
export const replySchema = z.object({ text: z.string().trim().min(2).max(REPLY_MAX) });

export type WrittenReview = { rating: number; text: string; createdAt: string };

/**
 * A booking's reviews as one of its sides sees them. `theirs` stays null until it is published,
 * even when written: `theirsWritten` only says that it exists (so "the host has reviewed you, write
 * yours to read it" can be said), never what it says.
 */
export type BookingReviews = {
  mine: WrittenReview | null;
  theirs: (WrittenReview & { reply: ReviewReply | null }) | null;
  theirsWritten: boolean;
  /** The guest's review of the stay with the host's reply, on the host's side: whether a reply may still be written. */
  canReply: boolean;
  /** Whether the caller may write their review now (a completed stay, inside the window, not yet written). */
  canWrite: boolean;
  /** The end of the review window; null before the stay has ended. */
  closesAt: string | null;
};

export type ReviewReply = { text: string; at: string };

/** A host's published review of a guest, as later hosts and the guest's profile show it. */
export type GuestReview = { id: number; authorName: string; rating: number; text: string; createdAt: string };

/** What other hosts learn of a guest: their reviews from earlier hosts, nothing to reach them by. */
export type GuestRecord = { rating: number | null; count: number; reviews: GuestReview[] };

/** GET /api/v1/users/{id}: a member's public profile. */
export type UserProfile = {
  id: number;
  firstName: string;
  /** `yyyy-mm`: the month they joined. */
  memberSince: string;
  isHost: boolean;
  asGuest: GuestRecord;
};
