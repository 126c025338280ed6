/**
 * Leaving a review after a completed stay, through the booking page's plain form. The demo guest
 * has exactly one completed stay awaiting a review (api/seed/demo.ts), and a review can be left
 * once, so this runs in the no-JavaScript project only: the form must work as plain HTML.
 * (Reviews with JavaScript on use the same form; the API suite covers the rules.)
 */
import type { Booking } from "../../contract/booking";
import { expect, signInByPost, test } from "./fixtures";

test("the demo guest reviews a completed stay and the estate's reviews count grows", async ({ page, request, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "one reviewable stay in the demo data: reviewed once, without JavaScript");
  // DEMO_ACCOUNTS.guest of api/seed/demo.ts (the README gives the same).
  const phone = "996700000001";
  const password = "konok-guest-2026";
  const firstName = "Айгерим";
  const login = await request.post("/api/login", { data: { phoneNumber: phone, password }, headers: { "X-Forwarded-For": "10.77.0.1" } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const past = await request.get("/api/v1/booking?group=past&perPage=50", { headers: { Authorization: `Bearer ${token}` } });
  const stay = ((await past.json()) as { data: { items: Booking[] } }).data.items.find((b) => b.canReview);
  expect(stay, "the demo guest has a completed stay to review").toBeTruthy();
  const countOf = async () => {
    const r = await request.get(`/api/v1/guest/estate/${stay!.estate.slug}`);
    return ((await r.json()) as { data: { estate: { reviewsCount: number } } }).data.estate.reviewsCount;
  };
  const before = await countOf();

  // Signed in by posting the login form (the form has its own specs).
  await signInByPost(page, { phone, national: phone.slice(3), password, firstName, id: 0 });
  await page.goto(`/profile/booking/${stay!.id}`);
  const form = page.getByTestId("review-form");
  // Too short a text: the error shows next to the field and the chosen rating is kept.
  await form.locator('input[name="rating"][value="5"]').check({ force: true });
  await form.locator("textarea").fill("Short");
  await page.getByTestId("review-submit").click();
  await expect(page.getByTestId("review-form").locator(".field-error")).toBeVisible();
  await expect(page.getByTestId("review-form").locator('input[name="rating"][value="5"]')).toBeChecked();

  await page.getByTestId("review-form").locator("textarea").fill("Уютная квартира, хозяин встретил вовремя, всё как на фото.");
  await page.getByTestId("review-submit").click();
  await expect(page.getByTestId("review-form")).toHaveCount(0);
  const after = await request.get(`/api/v1/booking/${stay!.id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await after.json()) as { data: { booking: Booking } }).data.booking.status).toBe("completed_with_review");
  expect(await countOf()).toBe(before + 1);
});
