/**
 * Reviews both ways (issue 32) in the browser, with JavaScript on and off: on one of the demo
 * guest's finished stays at the demo host (api/seed/demo.ts keeps three unreviewed), the host
 * reviews the guest through the booking page's form; the guest is told the host has written but
 * cannot read it, writes theirs, and then reads the host's; the estate's count grows only then
 * (double-blind); the host replies once; the guest's public profile lists the host's review.
 * Each project takes a stay nobody has reviewed, so the two runs never share one.
 */
import type { Booking } from "../../contract/booking";
import type { UserProfile } from "../../contract/reviews";
import { expect, signInByPost, test, type TestUser } from "./fixtures";
import { DEMO_HOST, expectAccessible, openHostPage, tokenOf } from "./host-support";
import { apiData, message } from "./support";

const DEMO_GUEST: TestUser = { phone: "996700000001", national: "700000001", password: "konok-guest-2026", firstName: "Айгерим", id: 0 };
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test("both sides review a finished stay, each reads the other's only once both have written; the host replies once", async ({ page, browser, request, javaScriptEnabled }) => {
  test.setTimeout(150_000);
  const js = javaScriptEnabled;
  const guestToken = (await tokenOf(request, DEMO_GUEST)).token;
  const { items } = await apiData<{ items: Booking[] }>(await request.get("/api/v1/booking?group=past&perPage=50", { headers: bearer(guestToken) }));
  const stay = items.filter((b) => b.canReview && b.reviews && !b.reviews.theirsWritten).sort((a, b) => a.id - b.id)[0];
  expect(stay, "the demo guest has a finished stay nobody has reviewed").toBeTruthy();
  const countOf = async () => (await apiData<{ estate: { reviewsCount: number } }>(await request.get(`/api/v1/guest/estate/${stay.estate.slug}`))).estate.reviewsCount;
  const before = await countOf();

  // The host reviews the guest. Bad input: the messages show next to the fields and the stars stay chosen.
  await signInByPost(page, DEMO_HOST);
  await openHostPage(page, `/host/booking/${stay.id}`);
  const form = page.getByTestId("review-form");
  await expect(form).toBeVisible();
  await expectAccessible(page, js);
  await form.locator('input[name="rating"][value="4"]').check({ force: true });
  await form.locator("textarea").fill("Short");
  await page.getByTestId("review-submit").click();
  await expect(page.getByTestId("review-form").locator(".field-error")).toContainText(message("ru", "booking", "errors.textShort"));
  await expect(page.getByTestId("review-form").locator('input[name="rating"][value="4"]')).toBeChecked();
  await expect(page.getByTestId("review-form").locator("textarea")).toHaveValue("Short");
  const hostText = `Аккуратные гости, всё оставили в порядке (${js ? "js" : "no-js"}).`;
  await page.getByTestId("review-form").locator("textarea").fill(hostText);
  await page.getByTestId("review-submit").click();
  await expect(page.getByTestId("result-notice")).toContainText(message("ru", "hosting", "notice.reviewed"));
  await expect(page.getByTestId("my-review")).toContainText(hostText);
  await expect(page.getByTestId("review-waiting")).toBeVisible();
  await expect(page.getByTestId("review-form")).toHaveCount(0);
  // The guest's profile, from the booking: nothing published about them yet from this stay.
  await expect(page.getByTestId("guest-record")).toBeVisible();

  // The guest sees that the host has written, not what.
  const guestContext = await browser.newContext({ javaScriptEnabled: js, baseURL: test.info().project.use.baseURL, extraHTTPHeaders: { "X-Forwarded-For": `10.91.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
  const guestPage = await guestContext.newPage();
  await signInByPost(guestPage, DEMO_GUEST);
  await guestPage.goto(`/profile/booking/${stay.id}`);
  await expect(guestPage.getByTestId("their-review-hidden")).toBeVisible();
  await expect(guestPage.getByTestId("booking-page")).not.toContainText(hostText);
  expect(await countOf()).toBe(before);
  await expectAccessible(guestPage, js);

  await guestPage.getByTestId("review-form").locator('input[name="rating"][value="5"]').check({ force: true });
  const guestText = `Уютная квартира, хозяин встретил вовремя (${js ? "js" : "no-js"}).`;
  await guestPage.getByTestId("review-form").locator("textarea").fill(guestText);
  await guestPage.getByTestId("review-submit").click();
  await expect(guestPage.getByTestId("booking-notice")).toContainText(message("ru", "booking", "notice.reviewedOpen"));
  await expect(guestPage.getByTestId("their-review")).toContainText(hostText);
  await expect(guestPage.getByTestId("my-review")).toContainText(guestText);
  expect(await countOf()).toBe(before + 1);

  // Back on the host's page: the guest's review is open, with a form for the one reply.
  await openHostPage(page, `/host/booking/${stay.id}`);
  await expect(page.getByTestId("their-review")).toContainText(guestText);
  await page.getByTestId("reply-submit").click();
  await expect(page.getByTestId("reply-form").locator(".field-error")).toContainText(message("ru", "booking", "errors.replyShort"));
  await page.getByTestId("reply-form").locator("textarea").fill("Спасибо, ждём снова!");
  await page.getByTestId("reply-submit").click();
  await expect(page.getByTestId("result-notice")).toContainText(message("ru", "hosting", "notice.replied"));
  await expect(page.getByTestId("review-reply")).toContainText("Спасибо, ждём снова!");
  await expect(page.getByTestId("reply-form")).toHaveCount(0);
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page, js);
  await page.screenshot({ path: `tests/.artifacts/screenshots/host-booking-reviews-${js ? "js" : "nojs"}-360.png`, fullPage: true });
  await guestPage.setViewportSize({ width: 360, height: 780 });
  await guestPage.screenshot({ path: `tests/.artifacts/screenshots/guest-booking-reviews-${js ? "js" : "nojs"}-360.png`, fullPage: true });
  const { items: published } = await apiData<{ items: { text: string; reply: { text: string } | null }[] }>(await request.get(`/api/v1/guest/estate/review/${stay.estate.id}`));
  expect(published.find((r) => r.text === guestText)?.reply?.text).toBe("Спасибо, ждём снова!");

  // The guest's public profile lists the host's review, and nothing to reach the guest by.
  await page.getByTestId("guest-profile-link").click();
  await expect(page.getByTestId("user-profile")).toBeVisible();
  await expect(page.getByTestId("profile-name")).toHaveText(DEMO_GUEST.firstName);
  await expect(page.getByTestId("user-profile")).toContainText(hostText);
  await expect(page.getByTestId("user-profile")).not.toContainText("700");
  await guestContext.close();
});

test("a member's public profile reads well at 360 px in three languages", { tag: "@js-only" }, async ({ page, request, javaScriptEnabled }) => {
  const { userData } = await tokenOf(request, DEMO_GUEST);
  const { user } = await apiData<{ user: UserProfile }>(await request.get(`/api/v1/users/${userData.id}`));
  expect(Object.keys(user).sort()).toEqual(["asGuest", "firstName", "id", "isHost", "memberSince"]);
  await page.setViewportSize({ width: 360, height: 780 });
  for (const [prefix, locale] of [["", "ru"], ["/en", "en"], ["/ky", "ky"]] as const) {
    await page.goto(`${prefix}/users/${userData.id}`);
    await expect(page.getByTestId("profile-name")).toHaveText(DEMO_GUEST.firstName);
    await expect(page.locator("#guest-reviews-title")).toHaveText(message(locale, "booking", "profile.reviewsTitle"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, javaScriptEnabled);
    await page.screenshot({ path: `tests/.artifacts/screenshots/user-profile-${locale}-360.png`, fullPage: true });
  }
  expect((await request.get("/users/999999999")).status()).toBe(404);
});
