/**
 * The operator console's listings, reviews and payouts (issue 31): the operator finds a new host's
 * listing by its title and its host, unpublishes it with a reason (a message beside the field
 * when there is none, what was typed kept); the listing leaves its page, its history shows the
 * change by the operator, and the host reads the reason among their notifications. A review is
 * hidden with a reason and shown again; the payouts page shows the ledger and gathers a run.
 * With JavaScript on and off; axe and no sideways scroll at 360 px in ru, en and ky.
 */
import type { Page } from "@playwright/test";
import type { ReviewsResponse } from "../../contract/estate";
import { MESSAGES } from "../../contract/messages";
import { hostListing, uniqueTitleWord } from "./admin-support";
import { expect, signInByPost, test, type TestUser } from "./fixtures";
import { expectAccessible } from "./host-support";
import { apiData, message } from "./support";

const OPERATOR: TestUser = { phone: "996700000003", national: "700000003", password: "konok-operator-2026", firstName: "Нурлан", id: 0 };

const submitIn = (page: Page, testId: string) => page.getByTestId(testId).locator('button[type="submit"]').last().click();

test.describe("listings", () => {
  test("the operator finds a host's listing and unpublishes it with a reason the host is told", async ({ page, request, browser }) => {
    test.setTimeout(120_000);
    const word = uniqueTitleWord();
    const { host, headers, listing } = await hostListing(request, `Квартира ${word} у парка`, { publish: true });
    expect(listing.status).toBe("published");
    await signInByPost(page, OPERATOR);

    await page.goto(`/admin/listings?q=${encodeURIComponent(word)}`);
    await expect(page.getByTestId("listing-row")).toHaveCount(1);
    // Found by the host's phone as well, and by the status.
    await page.goto(`/admin/listings?host=${host.phone.slice(-7)}&status=published`);
    await expect(page.locator(`[data-testid="listing-row"][data-listing-id="${listing.id}"]`)).toBeVisible();
    await page.locator(`[data-testid="listing-row"][data-listing-id="${listing.id}"]`).getByRole("link", { name: new RegExp(word) }).click();
    await expect(page.getByTestId("admin-listing")).toHaveAttribute("data-status", "published");

    // No reason: the message is beside the field, what was typed stays.
    const form = page.getByTestId("unpublish-section");
    await form.locator("textarea[name=reason]").fill("x");
    await submitIn(page, "unpublish-section");
    await expect(page.getByTestId("error-unpublish-reason-error")).toHaveText(MESSAGES.reasonRequired.ru);
    await expect(form.locator("textarea[name=reason]")).toHaveValue("x");
    await expect(form.locator("textarea[name=reason]")).toHaveAttribute("aria-invalid", "true");

    await form.locator("textarea[name=reason]").fill("Фотографии другого дома");
    await submitIn(page, "unpublish-section");
    await expect(page.getByTestId("action-done")).toBeVisible();
    await expect(page.getByTestId("admin-listing")).toHaveAttribute("data-status", "archived");
    await expect(page.getByTestId("listing-events").locator('[data-status="archived"]')).toHaveAttribute("data-actor", "operator");
    await expect(page.getByTestId("audit-entry").first()).toHaveAttribute("data-action", "listing.unpublish");
    expect((await request.get(`/estates/${listing.slug}`)).status()).toBe(404);

    // The host reads why among their notifications, in their language.
    const notices = await apiData<{ items: { payload: { event?: string; reason?: string } }[] }>(await request.get("/api/v1/notifications", { headers }));
    expect(notices.items[0].payload).toMatchObject({ event: "unpublished", reason: "Фотографии другого дома" });
    const hostContext = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": "10.31.77.7" } });
    const hostPage = await hostContext.newPage();
    await signInByPost(hostPage, host);
    await hostPage.goto("/en/profile/notifications");
    const notice = hostPage.getByTestId("notification").first();
    await expect(notice).toContainText(message("en", "account", "notifications.types.estate_unpublished.title"));
    await expect(notice.getByTestId("notification-reason")).toContainText("Фотографии другого дома");
    await hostContext.close();
  });
});

test.describe("reviews", () => {
  test("the operator hides a review with a reason; it leaves the listing's reviews; shown again, it is back", async ({ page, request }) => {
    test.setTimeout(90_000);
    await signInByPost(page, OPERATOR);
    // A demo review no other run is hiding now: a random one of the first visible page.
    await page.goto("/admin/reviews?state=visible");
    const rows = page.getByTestId("review-row");
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    const reviewId = await rows.nth(Math.floor(Math.random() * count)).getAttribute("data-review-id");
    await page.goto(`/admin/reviews?q=${reviewId}&state=visible`);
    const row = page.locator(`[data-testid="review-row"][data-review-id="${reviewId}"]`);
    const estateHref = await row.locator('a[href*="/admin/listings/"]').getAttribute("href");
    const estateId = estateHref!.split("/").at(-1)!;
    const visible = async () => (await apiData<ReviewsResponse>(await request.get(`/api/v1/guest/estate/review/${estateId}?perPage=50`))).items.map((r) => String(r.id));
    expect(await visible()).toContain(reviewId);

    await row.locator('button[type="submit"]').click();
    await expect(page.getByTestId(`error-reason-${reviewId}-error`)).toHaveText(MESSAGES.reasonRequired.ru);
    await row.locator("input[name=reason]").fill("Оскорбления хозяина");
    await row.locator('button[type="submit"]').click();
    await expect(page.getByTestId("action-done")).toBeVisible();
    await page.goto(`/admin/reviews?q=${reviewId}`);
    await expect(row).toHaveAttribute("data-hidden", "true");
    await expect(row).toContainText("Оскорбления хозяина");
    expect(await visible()).not.toContain(reviewId);

    await row.locator('button[type="submit"]').click();
    await expect(page.getByTestId("action-done")).toBeVisible();
    await expect(row).toHaveAttribute("data-hidden", "false");
    expect(await visible()).toContain(reviewId);
    await page.goto(`/admin/audit?q=${encodeURIComponent("Оскорбления хозяина")}`);
    await expect(page.locator('[data-testid="audit-entry"][data-action="review.hide"]').first()).toBeVisible();
  });
});

test.describe("payouts", () => {
  test("the payouts page shows the ledger and the runs, and gathers a run until a day", async ({ page }) => {
    await signInByPost(page, OPERATOR);
    await page.goto("/en/admin/payouts");
    await expect(page.getByTestId("payout-ledger")).toBeVisible();
    await expect(page.getByTestId("payout-batches")).toBeVisible();
    // A run until a day long past gathers nothing, and says so.
    await page.getByTestId("payout-run").locator("input[name=until]").fill("2001-01-01");
    await submitIn(page, "payout-run");
    await expect(page.getByTestId("action-done")).toHaveText(message("en", "admin", "payouts.run.done_other").replace("{{count}}", "0"));
  });
});

test.describe("the moderation pages", () => {
  test("are accessible and fit a 360 px phone in ru, en and ky", { tag: "@js-only" }, async ({ page, request }) => {
    test.setTimeout(150_000);
    const { listing } = await hostListing(request, `Дом ${uniqueTitleWord()}`, { publish: true });
    await page.setViewportSize({ width: 360, height: 780 });
    await signInByPost(page, OPERATOR);
    for (const prefix of ["", "/en", "/ky"]) {
      for (const url of ["/admin", "/admin/listings", `/admin/listings/${listing.id}`, "/admin/listings?status=pending", "/admin/reviews", "/admin/payouts"]) {
        const response = await page.goto(`${prefix}${url}`);
        expect(response?.status(), `${prefix}${url}`).toBe(200);
        await expect(page.getByTestId("admin-console")).toBeVisible();
        await page.waitForFunction(() => Object.keys(document.querySelector("h1") ?? {}).some((k) => k.startsWith("__reactProps")));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${prefix}${url} scrolls sideways`).toBeLessThanOrEqual(0);
        await expectAccessible(page, true);
        await page.screenshot({ path: `tests/.artifacts/screens/admin${prefix.replace("/", "-") || "-ru"}${url.replace(/[/?=]/g, "-")}.png`, fullPage: true });
      }
    }
  });
});
