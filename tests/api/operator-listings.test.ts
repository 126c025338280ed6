/**
 * The operator's listings and reviews (issue 31) against the real API and database: finding any
 * listing by title, host, city and status; unpublishing with a reason the host is told; with
 * LISTING_REVIEW=on, a published or changed listing waits (not in the search, on the estate page
 * or in the sitemap) until approved, and a rejected one carries the reason to the host, who fixes
 * it and publishes again; hiding a review takes it off the estate page and out of the rating.
 * Every action is in the audit log, and every status change in the listing's history.
 */
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { auditLog, estates, notifications } from "../../api/db/schema";
import { issueTokens } from "../../api/services/auth/tokens";
import { createOperator } from "../../api/services/operator/operators";
import { requiredStepsOf, type Listing } from "../../contract/listing-steps";
import type { OperatorDashboard, OperatorListingDetail, OperatorListingList, OperatorReviewList } from "../../contract/operator";
import { MESSAGES } from "../../contract/messages";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "o".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
/** The API as a server with LISTING_REVIEW=on runs it, over the same database. */
let reviewed: ReturnType<typeof createApi>;
let operator: { id: number; token: string };

type Body<T> = { success: boolean; data: T; message?: string; errors?: Record<string, string[]> };
async function call<T = unknown>(token: string | null, method: string, path: string, body?: unknown) {
  const response = await reviewed.fetch(
    new Request(`http://konok.test${path}`, {
      method,
      headers: { "Content-Type": "application/json", "Accept-Language": "en", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Body<T> };
}

async function host(firstName = "Aibek") {
  const user = await t.make.user({ mode: "host", firstName, lastName: "Host" });
  return { ...user, token: (await issueTokens(t.db, user.id, AUTH)).token };
}

/** A listing whose wizard is finished, as a draft or published, with a photo. */
async function finishedListing(hostId: number, title: string, status: "draft" | "published" = "draft", city = "Бишкек") {
  const estate = await t.make.estate({
    hostId,
    status,
    title: { ru: title, en: title, ky: title },
    city: { ru: city, en: city, ky: city },
    wizardDone: requiredStepsOf("simple"),
    ...(status === "published" ? { slug: `listing-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`, publishedAt: new Date() } : {}),
  });
  await t.make.photo(estate.id);
  return estate;
}

const searchIds = async (location: string) => {
  const r = await t.post<{ data: { estates: { id: number }[] } }>("/api/v1/guest/estate", { location });
  return r.body.data.estates.map((e) => e.id);
};
const onEstatePage = async (idOrSlug: string | number) => (await t.get(`/api/v1/guest/estate/${idOrSlug}`)).status;
const inSitemap = async (slug: string) => JSON.stringify((await t.get<{ data: unknown }>("/api/v1/guest/sitemap/estates?page=1")).body).includes(slug);
const lastNotification = async (userId: number) => (await t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(1))[0];
const auditOf = (action: string, id: number) => t.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.objectId, String(id))));

beforeAll(async () => {
  reviewed = createApi({ db: t.db, auth: AUTH, listingReview: true });
  const made = await createOperator(t.db, { phone: "996555310101", password: "correct horse battery" });
  operator = { id: made.id, token: (await issueTokens(t.db, made.id, AUTH)).token };
});

describe("finding listings", () => {
  it("by words of the title, the host's name or phone, the city and the status", async () => {
    const owner = await host("Zhyldyz");
    const lake = await finishedListing(owner.id, "Домик Сапфир у озера", "published", "Чолпон-Ата");
    const draft = await finishedListing(owner.id, "Черновик Сапфир", "draft", "Каракол");
    const find = async (query: string) => (await call<OperatorListingList>(operator.token, "GET", `/api/v1/operator/listings?${query}`)).body.data.listings.map((l) => l.id);
    expect((await find("q=сапфир")).sort()).toEqual([lake.id, draft.id].sort());
    expect(await find(`q=${lake.id}`)).toContain(lake.id);
    expect((await find(`host=${encodeURIComponent("Zhyldyz")}`)).sort()).toEqual([lake.id, draft.id].sort());
    expect((await find(`host=${owner.phone!.slice(-6)}`)).sort()).toEqual([lake.id, draft.id].sort());
    expect(await find(`q=сапфир&city=${encodeURIComponent("чолпон")}`)).toEqual([lake.id]);
    expect(await find("q=сапфир&status=draft")).toEqual([draft.id]);
    expect(await find("q=сапфир&status=published")).toEqual([lake.id]);
    // A status that does not exist is no filter rather than an error.
    expect((await call(operator.token, "GET", "/api/v1/operator/listings?status=nonsense")).status).toBe(200);
    const list = await call<OperatorListingList>(operator.token, "GET", "/api/v1/operator/listings?q=Домик%20Сапфир");
    expect(list.body.data.listings[0]).toMatchObject({ title: "Домик Сапфир у озера", city: "Чолпон-Ата", status: "published", host: { id: owner.id, name: "Zhyldyz Host" }, review: null });
  });
});

describe("unpublishing a listing", () => {
  it("takes it off the search and the estate page, tells the host why, and is in the audit log and the listing's history", async () => {
    const owner = await host();
    const listing = await finishedListing(owner.id, "Юрта Малахит", "published");
    expect(await searchIds("Малахит")).toEqual([listing.id]);

    const empty = await call(operator.token, "POST", `/api/v1/operator/listings/${listing.id}/unpublish`, { reason: " " });
    expect(empty.status).toBe(422);
    expect(empty.body.errors?.reason).toEqual([MESSAGES.reasonRequired.en]);

    const done = await call<{ status: string }>(operator.token, "POST", `/api/v1/operator/listings/${listing.id}/unpublish`, { reason: "Photos of another house" });
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe("archived");
    expect(await searchIds("Малахит")).toEqual([]);
    expect(await onEstatePage(listing.slug)).toBe(404);

    const told = await lastNotification(owner.id);
    expect(told).toMatchObject({ type: "estate", estateId: listing.id });
    expect(told.payload).toMatchObject({ event: "unpublished", reason: "Photos of another house", readerRole: "host" });

    const [entry] = await auditOf("listing.unpublish", listing.id);
    expect(entry).toMatchObject({ operatorId: operator.id, objectType: "listing", reason: "Photos of another house" });
    expect(entry.before).toMatchObject({ status: "published" });
    expect(entry.after).toMatchObject({ status: "archived" });

    const detail = await call<OperatorListingDetail>(operator.token, "GET", `/api/v1/operator/listings/${listing.id}`);
    expect(detail.body.data.events).toEqual([expect.objectContaining({ fromStatus: "published", toStatus: "archived", actor: "operator" })]);
    expect(detail.body.data.history.map((h) => h.action)).toEqual(["listing.unpublish"]);

    // Twice is refused, saying why.
    const again = await call(operator.token, "POST", `/api/v1/operator/listings/${listing.id}/unpublish`, { reason: "Photos of another house" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.listingNotPublished.en);
    expect((await call(operator.token, "GET", "/api/v1/operator/listings/999999")).status).toBe(404);
  });
});

describe("LISTING_REVIEW=on", () => {
  it("a new listing waits unseen; rejected, the host sees why, fixes it and publishes again; approved, guests see it", async () => {
    const owner = await host();
    const listing = await finishedListing(owner.id, "Дача Турмалин");
    const before = (await call<OperatorDashboard>(operator.token, "GET", "/api/v1/operator/dashboard")).body.data.listingsAwaitingReview;

    const asked = await call<{ object: Listing }>(owner.token, "POST", `/api/v1/host/objects/${listing.id}/publish`);
    expect(asked.status).toBe(200);
    expect(asked.body.data.object.status).toBe("draft");
    expect(asked.body.data.object.review).toEqual({ state: "pending", reason: null });
    expect(await searchIds("Турмалин")).toEqual([]);
    expect(await onEstatePage(listing.id)).toBe(404);
    expect((await call<OperatorDashboard>(operator.token, "GET", "/api/v1/operator/dashboard")).body.data.listingsAwaitingReview).toBe(before + 1);
    const waiting = await call<OperatorListingList>(operator.token, "GET", "/api/v1/operator/listings?status=pending&q=Турмалин");
    expect(waiting.body.data.listings.map((l) => l.id)).toEqual([listing.id]);

    const noReason = await call(operator.token, "POST", `/api/v1/operator/listings/${listing.id}/reject`, {});
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors?.reason).toEqual([MESSAGES.reasonRequired.en]);
    const rejected = await call(operator.token, "POST", `/api/v1/operator/listings/${listing.id}/reject`, { reason: "The title has a phone number in it" });
    expect(rejected.status).toBe(200);
    expect((await lastNotification(owner.id)).payload).toMatchObject({ event: "rejected", reason: "The title has a phone number in it" });
    // A decided listing cannot be decided again until the host asks again.
    expect((await call(operator.token, "POST", `/api/v1/operator/listings/${listing.id}/approve`)).status).toBe(409);

    const seen = await call<{ object: Listing }>(owner.token, "GET", `/api/v1/host/objects/${listing.id}`);
    expect(seen.body.data.object.review).toEqual({ state: "rejected", reason: "The title has a phone number in it" });

    // The host fixes the title: still rejected until published again, which asks again.
    const fixed = await call<{ object: Listing }>(owner.token, "PUT", `/api/v1/host/objects/${listing.id}/steps/title`, { title_ru: "Дача Турмалин у реки" });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.object.review?.state).toBe("rejected");
    const again = await call<{ object: Listing }>(owner.token, "POST", `/api/v1/host/objects/${listing.id}/publish`);
    expect(again.body.data.object.review).toEqual({ state: "pending", reason: null });
    expect(await searchIds("Турмалин")).toEqual([]);

    const approved = await call<{ status: string }>(operator.token, "POST", `/api/v1/operator/listings/${listing.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe("published");
    expect((await lastNotification(owner.id)).payload).toMatchObject({ event: "approved" });
    expect(await searchIds("Турмалин")).toEqual([listing.id]);
    const [row] = await t.db.select().from(estates).where(eq(estates.id, listing.id));
    expect(row.reviewState).toBeNull();
    expect(await onEstatePage(row.slug)).toBe(200);
    expect(await inSitemap(row.slug)).toBe(true);

    const detail = await call<OperatorListingDetail>(operator.token, "GET", `/api/v1/operator/listings/${listing.id}`);
    expect(detail.body.data.events.map((e) => [e.toStatus, e.reviewState, e.actor])).toEqual([
      ["draft", "pending", "host"],
      ["draft", "rejected", "operator"],
      ["draft", "pending", "host"],
      ["published", null, "operator"],
    ]);
    expect(detail.body.data.history.map((h) => h.action)).toEqual(["listing.approve", "listing.reject"]);
  });

  it("a published listing the host changes leaves the site until approved; payout details do not count as a change", async () => {
    const owner = await host();
    const listing = await finishedListing(owner.id, "Коттедж Гранат", "published");
    expect(await inSitemap(listing.slug)).toBe(true);
    const privateStep = await call<{ object: Listing }>(owner.token, "PUT", `/api/v1/host/objects/${listing.id}/steps/landlord_data`, {
      landlordKind: "individual",
      legalName: "Айбек Асанов",
      taxId: "12345678901234",
      payoutAccount: "4169 5851 0000 1234",
    });
    expect(privateStep.status, privateStep.body.message).toBe(200);
    expect(privateStep.body.data.object).toMatchObject({ status: "published", review: null });

    const changed = await call<{ object: Listing }>(owner.token, "PUT", `/api/v1/host/objects/${listing.id}/steps/price`, { price: 9900, minNights: 1, maxNights: 30 });
    expect(changed.body.data.object).toMatchObject({ status: "unpublished", review: { state: "pending", reason: null } });
    expect(await searchIds("Гранат")).toEqual([]);
    expect(await onEstatePage(listing.slug)).toBe(404);
    expect(await inSitemap(listing.slug)).toBe(false);

    expect((await call(operator.token, "POST", `/api/v1/operator/listings/${listing.id}/approve`)).status).toBe(200);
    expect(await searchIds("Гранат")).toEqual([listing.id]);
    expect(await onEstatePage(listing.slug)).toBe(200);
  });

  it("without the setting, publishing puts a listing online at once", async () => {
    const owner = await host();
    const listing = await finishedListing(owner.id, "Дом Аметист без проверки");
    const plain = createApi({ db: t.db, auth: AUTH });
    const response = await plain.fetch(new Request(`http://konok.test/api/v1/host/objects/${listing.id}/publish`, { method: "POST", headers: { Authorization: `Bearer ${owner.token}` } }));
    const body = (await response.json()) as Body<{ object: Listing }>;
    expect(body.data.object).toMatchObject({ status: "published", review: null });
    expect(await searchIds("Аметист")).toEqual([listing.id]);
  });
});

describe("hiding reviews", () => {
  it("a hidden review leaves the estate page and the rating, its author is told; shown again, it is back", async () => {
    const listing = await finishedListing((await host()).id, "Вилла Топаз", "published");
    const author = await t.make.user({ firstName: "Asel" });
    const kept = await t.make.review(listing.id, 5, { text: "Прекрасно", authorId: author.id });
    const rude = await t.make.review(listing.id, 1, { text: "Грубость и оскорбления", authorId: author.id });
    // As a new review would leave it (the recount is the one function every change calls).
    await t.db.update(estates).set({ rating: 3, reviewsCount: 2 }).where(eq(estates.id, listing.id));
    const page = async () => (await t.get<{ data: { items: { id: number }[]; summary: { count: number; rating: number | null } } }>(`/api/v1/guest/estate/review/${listing.id}`)).body.data;
    expect((await page()).items.map((r) => r.id).sort()).toEqual([kept.id, rude.id].sort());

    const found = await call<OperatorReviewList>(operator.token, "GET", `/api/v1/operator/reviews?q=${encodeURIComponent("оскорбления")}`);
    expect(found.body.data.reviews.map((r) => r.id)).toEqual([rude.id]);
    expect(found.body.data.reviews[0]).toMatchObject({ estateId: listing.id, estateTitle: "Вилла Топаз", hidden: false, rating: 1 });

    expect((await call(operator.token, "POST", `/api/v1/operator/reviews/${rude.id}/hide`, { reason: "" })).status).toBe(422);
    expect((await call(operator.token, "POST", `/api/v1/operator/reviews/${rude.id}/hide`, { reason: "Insults" })).status).toBe(200);
    expect((await page()).items.map((r) => r.id)).toEqual([kept.id]);
    expect((await page()).summary).toMatchObject({ count: 1, rating: 5 });
    const [row] = await t.db.select().from(estates).where(eq(estates.id, listing.id));
    expect([row.rating, row.reviewsCount]).toEqual([5, 1]);
    expect((await lastNotification(author.id)).payload).toMatchObject({ event: "review_hidden", reason: "Insults", readerRole: "guest" });
    expect((await call<OperatorReviewList>(operator.token, "GET", "/api/v1/operator/reviews?state=hidden")).body.data.reviews.map((r) => r.id)).toContain(rude.id);
    const twice = await call(operator.token, "POST", `/api/v1/operator/reviews/${rude.id}/hide`, { reason: "Insults" });
    expect([twice.status, twice.body.message]).toEqual([409, MESSAGES.reviewAlreadyHidden.en]);

    expect((await call(operator.token, "POST", `/api/v1/operator/reviews/${rude.id}/show`, {})).status).toBe(200);
    expect((await page()).summary).toMatchObject({ count: 2, rating: 3 });
    expect((await auditOf("review.hide", rude.id))[0]).toMatchObject({ operatorId: operator.id, reason: "Insults" });
    expect(await auditOf("review.show", rude.id)).toHaveLength(1);
    expect((await call(operator.token, "POST", "/api/v1/operator/reviews/999999/hide", { reason: "Insults" })).status).toBe(404);
  });
});
