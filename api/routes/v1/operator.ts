/**
 * The operator API, /api/v1/operator/* (issue 31; docs/api.md "Operator"). Every endpoint sits
 * behind requireOperator: anyone but an operator gets the 404 of an unknown path. Actions write
 * the audit log in their own transaction (services/operator).
 */
import { Hono } from "hono";
import { z } from "zod";
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
import { requireOperator, type AuthedEnv } from "../../lib/auth";
import { presentationFor, type AccountDeps } from "../../lib/context";
import { notFound } from "../../lib/http-errors";
import { ok } from "../../lib/respond";
import { bodyOf, fieldsOf, queryOf } from "../../lib/request";
import { searchAudit } from "../../services/operator/audit";
import { getContent, listContent, saveContent } from "../../services/operator/content";
import {
  CONTACT_GROUPS,
  CONTACT_SAVE_SCHEMAS,
  CONTACT_SCHEMAS,
  CONTENT_KINDS,
  CONTENT_SAVE_SCHEMAS,
  CONTENT_SCHEMAS,
  editVersionSchema,
  isCreatable,
  routeRuleSaveSchema,
  routeRuleSchema,
  type ContactGroup,
  type ContentKind,
  type CreatableKind,
} from "../../../contract/operator-content";
import { DIRECTORY_CREATE_SCHEMAS, DIRECTORY_KINDS, DIRECTORY_SAVE_SCHEMAS, type DirectoryKind } from "../../../contract/operator-directory";
import { createDirectoryEntry, listDirectory, setDirectoryEntryRetired, updateDirectoryEntry } from "../../services/operator/directory";
import { listFooterLinks, removeFooterLink, saveFooterLink } from "../../services/operator/contacts";
import { listRouteRuleRows, removeRouteRuleAsOperator, saveRouteRuleAsOperator } from "../../services/route-rules";
import { approveListing, listingDetail, rejectListing, searchListings, unpublishAsOperator } from "../../services/operator/listings";
import { hideReview, searchReviews, showReview } from "../../services/operator/reviews";
import { bookingDetail, searchBookings } from "../../services/operator/bookings";
import { operatorDashboard } from "../../services/operator/dashboard";
import { blockUser, cancelBookingAsOperator, searchUsers, unblockUser, userDetail } from "../../services/operator/people";
import { endpoints } from "../../../contract/endpoints";
import { pathsUnder } from "../../lib/endpoint-path";

const at = pathsUnder("/api/v1/operator");

const PER_PAGE = 30;
/** A day of the bookings' range; anything else is ignored (no range on that side), not refused. */
const rangeDay = z
  .string()
  .optional()
  .transform((v) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined));
const bookingListQuery = listQuerySchema.extend({ from: rangeDay, to: rangeDay });
const idOf = (raw: string) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1 || id > 2 ** 31 - 1) throw notFound();
  return id;
};
const kindOf = (raw: string): ContentKind => {
  if (!(CONTENT_KINDS as readonly string[]).includes(raw)) throw notFound();
  return raw as ContentKind;
};
/** A kind the console adds items of; another answers 404 before its body is read. */
const creatableKindOf = (raw: string): CreatableKind => {
  const kind = kindOf(raw);
  if (!isCreatable(kind)) throw notFound();
  return kind;
};
const groupOf = (raw: string): ContactGroup => {
  if (!(CONTACT_GROUPS as readonly string[]).includes(raw)) throw notFound();
  return raw as ContactGroup;
};
const directoryKindOf = (raw: string): DirectoryKind => {
  if (!(DIRECTORY_KINDS as readonly string[]).includes(raw)) throw notFound();
  return raw as DirectoryKind;
};

export function operatorRoutes(deps: AccountDeps) {
  const { db, auth } = deps;
  const machine = { db, timings: deps.timings, payments: deps.payments };
  return (
    new Hono<AuthedEnv>()
      .use(requireOperator(db, auth))
      .get(at(endpoints.operatorDashboard), async (c) => ok(c, endpoints.operatorDashboard, await operatorDashboard(db)))
      .get(at(endpoints.operatorUsers), async (c) => {
        const query = queryOf(c, endpoints.operatorUsers, listQuerySchema);
        return ok(c, endpoints.operatorUsers, await searchUsers(db, { q: query.q, blocked: query.blocked, page: query.page, perPage: PER_PAGE }));
      })
      .get(at(endpoints.operatorUser), async (c) => ok(c, endpoints.operatorUser, await userDetail(db, idOf(c.req.param("id")), c.get("locale"))))
      .post(at(endpoints.operatorUserBlock), async (c) => {
        const input = await fieldsOf(c, endpoints.operatorUserBlock, blockUserSchema);
        return ok(c, endpoints.operatorUserBlock, await blockUser(machine, c.get("user").id, idOf(c.req.param("id")), input));
      })
      .post(at(endpoints.operatorUserUnblock), async (c) => {
        const input = await bodyOf(c, endpoints.operatorUserUnblock, unblockUserSchema);
        return ok(c, endpoints.operatorUserUnblock, { user: await unblockUser(db, c.get("user").id, idOf(c.req.param("id")), input.reason) });
      })
      .get(at(endpoints.operatorBookings), async (c) => {
        const query = queryOf(c, endpoints.operatorBookings, bookingListQuery);
        return ok(c, endpoints.operatorBookings, await searchBookings(db, { q: query.q, status: query.status, from: query.from, to: query.to, page: query.page, perPage: PER_PAGE }, c.get("locale")));
      })
      .get(at(endpoints.operatorBooking), async (c) => ok(c, endpoints.operatorBooking, await bookingDetail(db, idOf(c.req.param("id")), c.get("locale"))))
      .post(at(endpoints.operatorBookingCancel), async (c) => {
        const input = await fieldsOf(c, endpoints.operatorBookingCancel, cancelBookingSchema);
        const updated = await cancelBookingAsOperator(machine, c.get("user").id, idOf(c.req.param("id")), input);
        return ok(c, endpoints.operatorBookingCancel, { id: updated.id, status: updated.status, refundAmount: updated.refundAmount });
      })
      // The content editor: the FAQ, articles, terms and privacy, promos (services/operator/content.ts).
      .get(at(endpoints.operatorContent), async (c) => ok(c, endpoints.operatorContent, { items: await listContent(db, c.get("locale")) }))
      .get(at(endpoints.operatorContentItem), async (c) => ok(c, endpoints.operatorContentItem, { item: await getContent(db, kindOf(c.req.param("kind")), idOf(c.req.param("id"))) }))
      // A body chosen by the path's kind (or group) is read with that kind's schema from contract/,
      // the one the endpoint map types the request by (decision 0078, "Request types").
      .post(at(endpoints.operatorContentCreate), async (c) => {
        const kind = creatableKindOf(c.req.param("kind"));
        const input = await fieldsOf(c, endpoints.operatorContentCreate, CONTENT_SCHEMAS[kind]);
        return ok(c, endpoints.operatorContentCreate, { item: await saveContent(db, c.get("user").id, kind, null, input) });
      })
      .post(at(endpoints.operatorContentSave), async (c) => {
        const kind = kindOf(c.req.param("kind"));
        const id = idOf(c.req.param("id"));
        const { editVersion, ...input } = await fieldsOf(c, endpoints.operatorContentSave, CONTENT_SAVE_SCHEMAS[kind]);
        return ok(c, endpoints.operatorContentSave, { item: await saveContent(db, c.get("user").id, kind, { id, editVersion }, input) });
      })
      // Redirects (services/route-rules.ts): the web server of this process reloads them at once.
      .get(at(endpoints.operatorRouteRules), async (c) => ok(c, endpoints.operatorRouteRules, { rules: await listRouteRuleRows(db) }))
      .post(at(endpoints.operatorRouteRuleCreate), async (c) => {
        const rule = await fieldsOf(c, endpoints.operatorRouteRuleCreate, routeRuleSchema);
        return ok(c, endpoints.operatorRouteRuleCreate, { rule: await saveRouteRuleAsOperator(db, c.get("user").id, null, rule) });
      })
      .post(at(endpoints.operatorRouteRuleSave), async (c) => {
        const id = idOf(c.req.param("id"));
        const { editVersion, ...rule } = await fieldsOf(c, endpoints.operatorRouteRuleSave, routeRuleSaveSchema);
        return ok(c, endpoints.operatorRouteRuleSave, { rule: await saveRouteRuleAsOperator(db, c.get("user").id, { id, editVersion }, rule) });
      })
      .post(at(endpoints.operatorRouteRuleRemove), async (c) => {
        const id = idOf(c.req.param("id"));
        const { editVersion } = await fieldsOf(c, endpoints.operatorRouteRuleRemove, editVersionSchema);
        await removeRouteRuleAsOperator(db, c.get("user").id, id, editVersion);
        return ok(c, endpoints.operatorRouteRuleRemove, { removed: true });
      })
      // The footer's contacts, social links and app links (services/operator/contacts.ts).
      .get(at(endpoints.operatorContacts), async (c) => ok(c, endpoints.operatorContacts, await listFooterLinks(db)))
      .post(at(endpoints.operatorContactCreate), async (c) => {
        const group = groupOf(c.req.param("group"));
        const input = await fieldsOf(c, endpoints.operatorContactCreate, CONTACT_SCHEMAS[group]);
        return ok(c, endpoints.operatorContactCreate, await saveFooterLink(db, c.get("user").id, group, null, input));
      })
      .post(at(endpoints.operatorContactSave), async (c) => {
        const group = groupOf(c.req.param("group"));
        const id = idOf(c.req.param("id"));
        const { editVersion, ...input } = await fieldsOf(c, endpoints.operatorContactSave, CONTACT_SAVE_SCHEMAS[group]);
        return ok(c, endpoints.operatorContactSave, await saveFooterLink(db, c.get("user").id, group, { id, editVersion }, input));
      })
      .post(at(endpoints.operatorContactRemove), async (c) => {
        const group = groupOf(c.req.param("group"));
        const id = idOf(c.req.param("id"));
        const { editVersion } = await fieldsOf(c, endpoints.operatorContactRemove, editVersionSchema);
        await removeFooterLink(db, c.get("user").id, group, id, editVersion);
        return ok(c, endpoints.operatorContactRemove, { removed: true });
      })
      // Listing types, subtypes, amenities and meals (services/operator/directory.ts): retired, never deleted.
      .get(at(endpoints.operatorDirectory), async (c) => ok(c, endpoints.operatorDirectory, await listDirectory(db)))
      .post(at(endpoints.operatorDirectoryCreate), async (c) => {
        const kind = directoryKindOf(c.req.param("kind"));
        const input = await fieldsOf(c, endpoints.operatorDirectoryCreate, DIRECTORY_CREATE_SCHEMAS[kind]);
        return ok(c, endpoints.operatorDirectoryCreate, { entry: await createDirectoryEntry(db, c.get("user").id, kind, input) });
      })
      .post(at(endpoints.operatorDirectorySave), async (c) => {
        const kind = directoryKindOf(c.req.param("kind"));
        const id = idOf(c.req.param("id"));
        const { editVersion, ...input } = await fieldsOf(c, endpoints.operatorDirectorySave, DIRECTORY_SAVE_SCHEMAS[kind]);
        return ok(c, endpoints.operatorDirectorySave, { entry: await updateDirectoryEntry(db, c.get("user").id, kind, id, editVersion, input) });
      })
      .post(at(endpoints.operatorDirectoryRetire), async (c) => {
        const kind = directoryKindOf(c.req.param("kind"));
        const id = idOf(c.req.param("id"));
        const { editVersion } = await fieldsOf(c, endpoints.operatorDirectoryRetire, editVersionSchema);
        return ok(c, endpoints.operatorDirectoryRetire, { entry: await setDirectoryEntryRetired(db, c.get("user").id, kind, id, true, editVersion) });
      })
      .post(at(endpoints.operatorDirectoryRestore), async (c) => {
        const kind = directoryKindOf(c.req.param("kind"));
        const id = idOf(c.req.param("id"));
        const { editVersion } = await fieldsOf(c, endpoints.operatorDirectoryRestore, editVersionSchema);
        return ok(c, endpoints.operatorDirectoryRestore, { entry: await setDirectoryEntryRetired(db, c.get("user").id, kind, id, false, editVersion) });
      })
      .get(at(endpoints.operatorListings), async (c) => {
        const query = queryOf(c, endpoints.operatorListings, listingQuerySchema);
        return ok(c, endpoints.operatorListings, await searchListings(db, { ...query, perPage: PER_PAGE }, c.get("locale")));
      })
      .get(at(endpoints.operatorListing), async (c) => ok(c, endpoints.operatorListing, await listingDetail(db, idOf(c.req.param("id")), presentationFor(c, deps))))
      .post(at(endpoints.operatorListingUnpublish), async (c) => {
        const { reason } = await bodyOf(c, endpoints.operatorListingUnpublish, listingReasonSchema);
        const row = await unpublishAsOperator(db, c.get("user").id, idOf(c.req.param("id")), reason);
        return ok(c, endpoints.operatorListingUnpublish, { id: row.id, status: row.status });
      })
      .post(at(endpoints.operatorListingApprove), async (c) => {
        const row = await approveListing(db, c.get("user").id, idOf(c.req.param("id")));
        return ok(c, endpoints.operatorListingApprove, { id: row.id, status: row.status, reviewState: row.reviewState });
      })
      .post(at(endpoints.operatorListingReject), async (c) => {
        const { reason } = await bodyOf(c, endpoints.operatorListingReject, listingReasonSchema);
        const row = await rejectListing(db, c.get("user").id, idOf(c.req.param("id")), reason);
        return ok(c, endpoints.operatorListingReject, { id: row.id, status: row.status, reviewState: row.reviewState });
      })
      .get(at(endpoints.operatorReviews), async (c) => {
        const query = queryOf(c, endpoints.operatorReviews, reviewQuerySchema);
        return ok(c, endpoints.operatorReviews, await searchReviews(db, { ...query, perPage: PER_PAGE }, c.get("locale")));
      })
      .post(at(endpoints.operatorReviewHide), async (c) => {
        const { reason } = await bodyOf(c, endpoints.operatorReviewHide, hideReviewSchema);
        const row = await hideReview(db, c.get("user").id, idOf(c.req.param("id")), reason);
        return ok(c, endpoints.operatorReviewHide, { id: row.id, hidden: row.hiddenAt !== null });
      })
      .post(at(endpoints.operatorReviewShow), async (c) => {
        const { reason } = await bodyOf(c, endpoints.operatorReviewShow, showReviewSchema);
        const row = await showReview(db, c.get("user").id, idOf(c.req.param("id")), reason);
        return ok(c, endpoints.operatorReviewShow, { id: row.id, hidden: row.hiddenAt !== null });
      })
      .get(at(endpoints.operatorAudit), async (c) => {
        const query = queryOf(c, endpoints.operatorAudit, auditQuerySchema);
        return ok(c, endpoints.operatorAudit, await searchAudit(db, { ...query, limit: 50 }));
      })
  );
}

