import { sql } from "drizzle-orm";
import type { BookingStatus } from "../../contract/booking-statuses";
import type { EstateStatus, ListingReviewState } from "../../contract/estate-statuses";
import type { OutboxStatus } from "../../contract/outbox-statuses";
import type { TransactionKind, TransactionStatus } from "../../contract/transactions";

/**
 * An integer array parameter. Drizzle expands a JS array into a list of parameters, and the two
 * drivers serialise array parameters differently, so it travels as a Postgres array literal.
 */
export const intArray = (values: readonly number[]) => sql`${`{${values.map((v) => Math.trunc(v)).join(",")}}`}::int[]`;

/** The values of contract/'s lists that SQL text names (statuses, review states, kinds). */
type ListValue = BookingStatus | EstateStatus | ListingReviewState | OutboxStatus | TransactionKind | TransactionStatus;

/**
 * A value of one of contract/'s lists written into the SQL as a literal, `'published'`, not as a
 * parameter: the lists live once in contract/ (issue 28), and the SQL keeps the literal the
 * planner needs to match a partial index's predicate (`estates_point_gist`, the outboxes' due
 * indexes), which a generic plan of a parameter cannot use. The SQL text stays what it was.
 * Only the lists' own values are accepted, never input. (Drizzle's query builder takes the
 * contract's values as they are: `eq(estates.status, ESTATE_STATUS.published)`.)
 */
export const sqlLiteral = (value: ListValue) => sql.raw(`'${value.replaceAll("'", "''")}'`);
/** Several list values as a literal list for `IN (…)`, comma-separated without spaces as the migrations wrote them. */
export const sqlLiterals = (values: readonly ListValue[]) => sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(","));
