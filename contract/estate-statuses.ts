/**
 * A listing's stored status and its review state (SPEC section 4; LISTING_REVIEW, decision 0074).
 * One list each for the database enums (api/db/schema.ts), the API's SQL (api/lib/sql.ts,
 * sqlLiteral) and the console's types. Free of zod: the browser imports it.
 */
import { keyed } from "./lists";

export const ESTATE_STATUSES = ["draft", "published", "archived"] as const;
export type EstateStatus = (typeof ESTATE_STATUSES)[number];
export const ESTATE_STATUS = keyed(ESTATE_STATUSES);

/**
 * With LISTING_REVIEW=on: `pending` waits for an operator's approval (the status stays draft or
 * archived, so guests do not see it), `rejected` carries the operator's reason for the host to fix.
 * No state (null) once approved, or without review.
 */
export const LISTING_REVIEW_STATES = ["pending", "rejected"] as const;
export type ListingReviewState = (typeof LISTING_REVIEW_STATES)[number];
export const LISTING_REVIEW_STATE = keyed(LISTING_REVIEW_STATES);
