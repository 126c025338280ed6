/** The operator console's first page (issue 31): today's numbers and the latest actions. */
import { eq, sql, type SQL } from "drizzle-orm";
import type { OperatorDashboard } from "../../../contract/operator";
import type { Db } from "../../db/client";
import { bookings, estates, transactions, users } from "../../db/schema";
import { todayInBishkek } from "../../../contract/dates";
import { searchAudit } from "./audit";
import { LISTING_REVIEW_STATE } from "../../../contract/estate-statuses";
import { OUTBOX_FAILED_STATUSES } from "../../../contract/outbox-statuses";
import { TRANSACTION_KIND, TRANSACTION_STATUS } from "../../../contract/transactions";
import { sqlLiteral, sqlLiterals } from "../../lib/sql";

/** A day in Bishkek (UTC+6, no daylight saving) of a timestamp column. */
const bishkekDay = (column: SQL | typeof bookings.createdAt) => sql`((${column} AT TIME ZONE 'UTC') + interval '6 hours')::date`;

/** Every count in one statement (each a subquery), read alongside the audit log's last ten entries. */
export async function operatorDashboard(db: Db): Promise<OperatorDashboard> {
  const today = todayInBishkek();
  const [[counts], recent] = await Promise.all([
    db
      .select({
        today: sql<number>`count(*) FILTER (WHERE ${bishkekDay(bookings.createdAt)} = ${today}::date)::int`,
        week: sql<number>`count(*) FILTER (WHERE ${bishkekDay(bookings.createdAt)} > ${today}::date - 7)::int`,
        awaiting: sql<number>`count(*) FILTER (WHERE ${eq(bookings.status, "pending_confirmation")})::int`,
        failedPayments: sql<number>`(SELECT count(*)::int FROM ${transactions} t WHERE t.kind = ${sqlLiteral(TRANSACTION_KIND.payment)} AND t.status = ${sqlLiteral(TRANSACTION_STATUS.Cancelled)} AND t.created_at > now() - interval '7 days')`,
        blockedUsers: sql<number>`(SELECT count(*)::int FROM ${users} u WHERE u.blocked_at IS NOT NULL)`,
        awaitingReview: sql<number>`(SELECT count(*)::int FROM ${estates} e WHERE e.review_state = ${sqlLiteral(LISTING_REVIEW_STATE.pending)})`,
        // SMS and e-mails the outbox gave up on, or the gateway reported undelivered, in 7 days.
        failedMessages: sql<number>`(
          (SELECT count(*) FROM sms_outbox m WHERE m.status IN (${sqlLiterals(OUTBOX_FAILED_STATUSES)}) AND m.created_at > now() - interval '7 days') +
          (SELECT count(*) FROM email_outbox m WHERE m.status IN (${sqlLiterals(OUTBOX_FAILED_STATUSES)}) AND m.created_at > now() - interval '7 days'))::int`,
      })
      .from(bookings),
    searchAudit(db, { limit: 10 }),
  ]);
  return {
    bookingsToday: Number(counts.today),
    bookingsThisWeek: Number(counts.week),
    awaitingHosts: Number(counts.awaiting),
    failedPayments: Number(counts.failedPayments),
    failedMessages: Number(counts.failedMessages),
    blockedUsers: Number(counts.blockedUsers),
    listingsAwaitingReview: Number(counts.awaitingReview),
    recentActions: recent.entries,
  };
}
