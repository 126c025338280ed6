/**
 * The operator API, /api/v1/operator/* (issue 31; docs/api.md "Operator"). Every endpoint sits
 * behind requireOperator: anyone but an operator gets the 404 of an unknown path. Actions write
 * the audit log in their own transaction (services/operator).
 */
import { and, asc, eq, gte, or, sql, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import {
  auditQuerySchema,
  blockUserSchema,
  cancelBookingSchema,
  hideReviewSchema,
  listingQuerySchema,
  listingReasonSchema,
  listQuerySchema,
  reviewQuerySchema,
  showReviewSchema,
  unblockUserSchema,
} from "../../../contract/operator";
import { cleaningFeeOf, guestRefund } from "../../../contract/refunds";
import { bookingEvents, bookings, BOOKING_STATUSES, estates, estateTexts, transactions, users } from "../../db/schema";
import { requireOperator, type AuthedEnv } from "../../lib/auth";
import { presentationFor, type AccountDeps } from "../../lib/context";
import { todayInBishkek } from "../../lib/dates";
import { notFound } from "../../lib/http-errors";
import { ok } from "../../lib/respond";
import { parseBody, parseQuery, readJsonBody } from "../../lib/validation";
import { searchAudit } from "../../services/operator/audit";
import { getContent, listContent, saveContent } from "../../services/operator/content";
import { CONTACT_GROUPS, type ContactGroup, CONTENT_KINDS, type ContentKind } from "../../../contract/operator-content";
import { DIRECTORY_KINDS, type DirectoryKind } from "../../../contract/operator-directory";
import { createDirectoryEntry, listDirectory, setDirectoryEntryRetired, updateDirectoryEntry } from "../../services/operator/directory";
import { listFooterLinks, removeFooterLink, saveFooterLink } from "../../services/operator/contacts";
import { listRouteRuleRows, removeRouteRuleAsOperator, saveRouteRuleAsOperator } from "../../services/route-rules";
import { approveListing, listingDetail, rejectListing, searchListings, unpublishAsOperator } from "../../services/operator/listings";
import { hideReview, searchReviews, showReview } from "../../services/operator/reviews";
import { blockUser, bookingRows, cancelBookingAsOperator, searchUsers, unblockUser, userDetail } from "../../services/operator/people";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v1/operator");

const PER_PAGE = 30;
const idOf = (raw: string) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1 || id > 2 ** 31 - 1) throw notFound();
  return id;
};
const kindOf = (raw: string): ContentKind => {
  if (!(CONTENT_KINDS as readonly string[]).includes(raw)) throw notFound();
  return raw as ContentKind;
};
const groupOf = (raw: string): ContactGroup => {
  if (!(CONTACT_GROUPS as readonly string[]).includes(raw)) throw notFound();
  return raw as ContactGroup;
};
const directoryKindOf = (raw: string): DirectoryKind => {
  if (!(DIRECTORY_KINDS as readonly string[]).includes(raw)) throw notFound();
  return raw as DirectoryKind;
};
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** A day in Bishkek (UTC+6, no daylight saving) of a timestamp column. */
const bishkekDay = (column: SQL | typeof bookings.createdAt) => sql`((${column} AT TIME ZONE 'UTC') + interval '6 hours')::date`;

export function operatorRoutes(deps: AccountDeps) {
  const { db, auth } = deps;
  const machine = { db, timings: deps.timings, payments: deps.payments };
  return (
    new Hono<AuthedEnv>()
      .use(requireOperator(db, auth))
      .get(at(endpoints.operatorDashboard), async (c) => {
        const today = todayInBishkek();
        const [[counts], recent] = await Promise.all([
          db
            .select({
              today: sql<number>`count(*) FILTER (WHERE ${bishkekDay(bookings.createdAt)} = ${today}::date)::int`,
              week: sql<number>`count(*) FILTER (WHERE ${bishkekDay(bookings.createdAt)} > ${today}::date - 7)::int`,
              awaiting: sql<number>`count(*) FILTER (WHERE ${eq(bookings.status, "pending_confirmation")})::int`,
              failedPayments: sql<number>`(SELECT count(*)::int FROM ${transactions} t WHERE t.kind = 'payment' AND t.status = 'Cancelled' AND t.created_at > now() - interval '7 days')`,
              blockedUsers: sql<number>`(SELECT count(*)::int FROM ${users} u WHERE u.blocked_at IS NOT NULL)`,
              awaitingReview: sql<number>`(SELECT count(*)::int FROM ${estates} e WHERE e.review_state = 'pending')`,
              // SMS and e-mails the outbox gave up on, or the gateway reported undelivered, in 7 days.
              failedMessages: sql<number>`(
                (SELECT count(*) FROM sms_outbox m WHERE m.status IN ('failed', 'expired', 'undelivered') AND m.created_at > now() - interval '7 days') +
                (SELECT count(*) FROM email_outbox m WHERE m.status IN ('failed', 'expired', 'undelivered') AND m.created_at > now() - interval '7 days'))::int`,
            })
            .from(bookings),
          searchAudit(db, { limit: 10 }),
        ]);
        return ok(c, endpoints.operatorDashboard, {
          bookingsToday: Number(counts.today),
          bookingsThisWeek: Number(counts.week),
          awaitingHosts: Number(counts.awaiting),
          failedPayments: Number(counts.failedPayments),
          failedMessages: Number(counts.failedMessages),
          blockedUsers: Number(counts.blockedUsers),
          listingsAwaitingReview: Number(counts.awaitingReview),
          recentActions: recent.entries,
        });
      })
      .get(at(endpoints.operatorUsers), async (c) => {
        const query = parseQuery(c, listQuerySchema);
        return ok(c, endpoints.operatorUsers, await searchUsers(db, { q: query.q, blocked: query.blocked, page: query.page, perPage: PER_PAGE }));
      })
      .get(at(endpoints.operatorUser), async (c) => ok(c, endpoints.operatorUser, await userDetail(db, idOf(c.req.param("id")), c.get("locale"))))
      .post(at(endpoints.operatorUserBlock), async (c) => {
        const input = await parseBody(c, blockUserSchema);
        return ok(c, endpoints.operatorUserBlock, await blockUser(machine, c.get("user").id, idOf(c.req.param("id")), input));
      })
      .post(at(endpoints.operatorUserUnblock), async (c) => {
        const input = await parseBody(c, unblockUserSchema);
        return ok(c, endpoints.operatorUserUnblock, { user: await unblockUser(db, c.get("user").id, idOf(c.req.param("id")), input.reason) });
      })
      .get(at(endpoints.operatorBookings), async (c) => {
        const query = parseQuery(c, listQuerySchema);
        const where: SQL[] = [];
        const q = query.q?.replace(/^#/, "").trim();
        if (q) {
          const like = likeOf(q);
          const people = sql`SELECT id FROM ${users} p WHERE (p.first_name || ' ' || p.last_name) ILIKE ${like} OR p.phone LIKE ${likeOf(q.replace(/[\s()+-]/g, ""))}`;
          where.push(
            or(
              /^\d+$/.test(q) && Number(q) <= 2 ** 31 - 1 ? eq(bookings.id, Number(q)) : undefined,
              sql`${bookings.guestId} IN (${people})`,
              sql`${bookings.hostId} IN (${people})`,
              sql`${bookings.estateId} IN (SELECT estate_id FROM ${estateTexts} x WHERE x.title->>'ru' ILIKE ${like} OR x.title->>'en' ILIKE ${like} OR x.title->>'ky' ILIKE ${like})`,
            )!,
          );
        }
        if (query.status && (BOOKING_STATUSES as readonly string[]).includes(query.status)) where.push(sql`${bookings.status} = ${query.status}`);
        const from = c.req.query("from");
        const to = c.req.query("to");
        if (from && /^\d{4}-\d{2}-\d{2}$/.test(from)) where.push(gte(bookings.checkOut, from));
        if (to && /^\d{4}-\d{2}-\d{2}$/.test(to)) where.push(sql`${bookings.checkIn} <= ${to}`);
        const filter = where.length ? and(...where) : undefined;
        const [rows, [{ total }]] = await Promise.all([
          bookingRows(db, filter, c.get("locale"), PER_PAGE, (query.page - 1) * PER_PAGE),
          db.select({ total: sql<number>`count(*)::int` }).from(bookings).where(filter),
        ]);
        return ok(c, endpoints.operatorBookings, { bookings: rows, total: Number(total) });
      })
      .get(at(endpoints.operatorBooking), async (c) => {
        const id = idOf(c.req.param("id"));
        const [row] = await bookingRows(db, eq(bookings.id, id), c.get("locale"), 1);
        if (!row) throw notFound("bookingNotFound");
        const [[b], events, money, history] = await Promise.all([
          db.select({ b: bookings, policy: estates.cancellationPolicy }).from(bookings).innerJoin(estates, eq(estates.id, bookings.estateId)).where(eq(bookings.id, id)),
          db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id)).orderBy(asc(bookingEvents.id)),
          db.select().from(transactions).where(eq(transactions.bookingId, id)).orderBy(asc(transactions.id)),
          searchAudit(db, { objectType: "booking", objectId: String(id), limit: 50 }),
        ]);
        const cancellable = ["pending_confirmation", "pending_payment", "paid_waiting_checkin"].includes(b.b.status);
        return ok(c, endpoints.operatorBooking, {
          booking: {
            ...row,
            nights: b.b.nights,
            adultCount: b.b.adultCount,
            childrenCount: b.b.childrenCount,
            refundAmount: b.b.refundAmount,
            cancelComment: b.b.cancelComment,
            comment: b.b.comment,
          },
          events: events.map((e) => ({ fromStatus: e.fromStatus, toStatus: e.toStatus, actor: e.actor, at: e.createdAt.toISOString() })),
          transactions: money.map((t) => ({ id: t.id, kind: t.kind, amount: t.amount, status: t.status, provider: t.provider, createdAt: t.createdAt.toISOString() })),
          refundByRules: b.b.status === "paid_waiting_checkin" ? guestRefund(b.policy, b.b.totalPrice, b.b.checkIn, todayInBishkek(), cleaningFeeOf(b.b)) : 0,
          cancellable,
          history: history.entries,
        });
      })
      .post(at(endpoints.operatorBookingCancel), async (c) => {
        const input = await parseBody(c, cancelBookingSchema);
        const updated = await cancelBookingAsOperator(machine, c.get("user").id, idOf(c.req.param("id")), input);
        return ok(c, endpoints.operatorBookingCancel, { id: updated.id, status: updated.status, refundAmount: updated.refundAmount });
      })
      // The content editor: the FAQ, articles, terms and privacy, promos (services/operator/content.ts).
      .get(at(endpoints.operatorContent), async (c) => ok(c, endpoints.operatorContent, { items: await listContent(db, c.get("locale")) }))
      .get(at(endpoints.operatorContentItem), async (c) => ok(c, endpoints.operatorContentItem, { item: await getContent(db, kindOf(c.req.param("kind")), idOf(c.req.param("id"))) }))
      .post(at(endpoints.operatorContentCreate), async (c) => {
        const item = await saveContent(db, c.get("user").id, kindOf(c.req.param("kind")), null, await readJsonBody(c));
        return ok(c, endpoints.operatorContentCreate, { item });
      })
      .post(at(endpoints.operatorContentSave), async (c) => {
        const item = await saveContent(db, c.get("user").id, kindOf(c.req.param("kind")), idOf(c.req.param("id")), await readJsonBody(c));
        return ok(c, endpoints.operatorContentSave, { item });
      })
      // Redirects (services/route-rules.ts): the web server of this process reloads them at once.
      .get(at(endpoints.operatorRouteRules), async (c) => ok(c, endpoints.operatorRouteRules, { rules: await listRouteRuleRows(db) }))
      .post(at(endpoints.operatorRouteRuleCreate), async (c) => ok(c, endpoints.operatorRouteRuleCreate, { rule: await saveRouteRuleAsOperator(db, c.get("user").id, null, await readJsonBody(c)) }))
      .post(at(endpoints.operatorRouteRuleSave), async (c) => ok(c, endpoints.operatorRouteRuleSave, { rule: await saveRouteRuleAsOperator(db, c.get("user").id, idOf(c.req.param("id")), await readJsonBody(c)) }))
      .post(at(endpoints.operatorRouteRuleRemove), async (c) => {
        await removeRouteRuleAsOperator(db, c.get("user").id, idOf(c.req.param("id")), await readJsonBody(c));
        return ok(c, endpoints.operatorRouteRuleRemove, { removed: true });
      })
      // The footer's contacts, social links and app links (services/operator/contacts.ts).
      .get(at(endpoints.operatorContacts), async (c) => ok(c, endpoints.operatorContacts, await listFooterLinks(db)))
      .post(at(endpoints.operatorContactCreate), async (c) => ok(c, endpoints.operatorContactCreate, await saveFooterLink(db, c.get("user").id, groupOf(c.req.param("group")), null, await readJsonBody(c))))
      .post(at(endpoints.operatorContactSave), async (c) => ok(c, endpoints.operatorContactSave, await saveFooterLink(db, c.get("user").id, groupOf(c.req.param("group")), idOf(c.req.param("id")), await readJsonBody(c))))
      .post(at(endpoints.operatorContactRemove), async (c) => {
        await removeFooterLink(db, c.get("user").id, groupOf(c.req.param("group")), idOf(c.req.param("id")), await readJsonBody(c));
        return ok(c, endpoints.operatorContactRemove, { removed: true });
      })
      // Listing types, subtypes, amenities and meals (services/operator/directory.ts): retired, never deleted.
      .get(at(endpoints.operatorDirectory), async (c) => ok(c, endpoints.operatorDirectory, await listDirectory(db)))
      .post(at(endpoints.operatorDirectoryCreate), async (c) =>
        ok(c, endpoints.operatorDirectoryCreate, { entry: await createDirectoryEntry(db, c.get("user").id, directoryKindOf(c.req.param("kind")), await readJsonBody(c)) }),
      )
      .post(at(endpoints.operatorDirectorySave), async (c) =>
        ok(c, endpoints.operatorDirectorySave, { entry: await updateDirectoryEntry(db, c.get("user").id, directoryKindOf(c.req.param("kind")), idOf(c.req.param("id")), await readJsonBody(c)) }),
      )
      .post(at(endpoints.operatorDirectoryRetire), async (c) =>
        ok(c, endpoints.operatorDirectoryRetire, { entry: await setDirectoryEntryRetired(db, c.get("user").id, directoryKindOf(c.req.param("kind")), idOf(c.req.param("id")), true, await readJsonBody(c)) }),
      )
      .post(at(endpoints.operatorDirectoryRestore), async (c) =>
        ok(c, endpoints.operatorDirectoryRestore, { entry: await setDirectoryEntryRetired(db, c.get("user").id, directoryKindOf(c.req.param("kind")), idOf(c.req.param("id")), false, await readJsonBody(c)) }),
      )
      .get(at(endpoints.operatorListings), async (c) => {
        const query = parseQuery(c, listingQuerySchema);
        return ok(c, endpoints.operatorListings, await searchListings(db, { ...query, perPage: PER_PAGE }, c.get("locale")));
      })
      .get(at(endpoints.operatorListing), async (c) => ok(c, endpoints.operatorListing, await listingDetail(db, idOf(c.req.param("id")), presentationFor(c, deps))))
      .post(at(endpoints.operatorListingUnpublish), async (c) => {
        const { reason } = await parseBody(c, listingReasonSchema);
        const row = await unpublishAsOperator(db, c.get("user").id, idOf(c.req.param("id")), reason);
        return ok(c, endpoints.operatorListingUnpublish, { id: row.id, status: row.status });
      })
      .post(at(endpoints.operatorListingApprove), async (c) => {
        const row = await approveListing(db, c.get("user").id, idOf(c.req.param("id")));
        return ok(c, endpoints.operatorListingApprove, { id: row.id, status: row.status, reviewState: row.reviewState });
      })
      .post(at(endpoints.operatorListingReject), async (c) => {
        const { reason } = await parseBody(c, listingReasonSchema);
        const row = await rejectListing(db, c.get("user").id, idOf(c.req.param("id")), reason);
        return ok(c, endpoints.operatorListingReject, { id: row.id, status: row.status, reviewState: row.reviewState });
      })
      .get(at(endpoints.operatorReviews), async (c) => {
        const query = parseQuery(c, reviewQuerySchema);
        return ok(c, endpoints.operatorReviews, await searchReviews(db, { ...query, perPage: PER_PAGE }, c.get("locale")));
      })
      .post(at(endpoints.operatorReviewHide), async (c) => {
        const { reason } = await parseBody(c, hideReviewSchema);
        const row = await hideReview(db, c.get("user").id, idOf(c.req.param("id")), reason);
        return ok(c, endpoints.operatorReviewHide, { id: row.id, hidden: row.hiddenAt !== null });
      })
      .post(at(endpoints.operatorReviewShow), async (c) => {
        const { reason } = await parseBody(c, showReviewSchema);
        const row = await showReview(db, c.get("user").id, idOf(c.req.param("id")), reason);
        return ok(c, endpoints.operatorReviewShow, { id: row.id, hidden: row.hiddenAt !== null });
      })
      .get(at(endpoints.operatorAudit), async (c) => {
        const query = parseQuery(c, auditQuerySchema);
        return ok(c, endpoints.operatorAudit, await searchAudit(db, { ...query, limit: 50 }));
      })
  );
}

