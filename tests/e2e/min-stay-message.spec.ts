/**
 * Issue 27: a host's minimum stay for some check-in dates (the calendar's rule) is what the
 * estate page's booking panel names for those dates, not the listing's usual minimum of 1 night.
 */
import { expect, test } from "./fixtures";
import { addDays, apiData, message, todayInBishkek } from "./support";
import { draftAt, hostSignedIn } from "./wizard-support";
import type { Listing } from "../../contract/listing-steps";

test("a stay shorter than the host's minimum for its check-in date is refused naming that rule", async ({ page, request, browser }) => {
  const hostPage = await browser.newPage();
  const host = await hostSignedIn(hostPage, request);
  await hostPage.close();
  const id = await draftAt(request, host, "simple");
  await apiData(await request.post(`/api/v1/host/objects/${id}/publish`, { headers: host.headers }));
  const { object } = await apiData<{ object: Listing }>(await request.get(`/api/v1/host/objects/${id}`, { headers: host.headers }));
  const from = addDays(todayInBishkek(), 40);
  const changed = await request.post("/api/v1/host/calendar", { data: { estateId: id, from, to: addDays(from, 11), action: "price", minNights: 3 }, headers: host.headers });
  expect(changed.status(), await changed.text()).toBe(200);

  const checkIn = addDays(from, 1);
  await page.goto(`/estates/${object.slug}?checkInDate=${checkIn}&checkOutDate=${addDays(checkIn, 2)}`);
  const refusal = page.getByTestId("stay-unavailable");
  await expect(refusal).toHaveAttribute("data-reason", "min_nights");
  const day = Number(checkIn.slice(8));
  await expect(refusal).toContainText(`При заезде ${day} `);
  await expect(refusal).toContainText("минимум на 3 ночи");
  await expect(refusal).not.toContainText(message("ru", "estate", "booking.reasons.min_nights_one").replace("{{count}}", "1"));
  // Three nights from the same day are fine; outside the rule's dates one night is.
  await page.goto(`/estates/${object.slug}?checkInDate=${checkIn}&checkOutDate=${addDays(checkIn, 3)}`);
  await expect(page.getByTestId("book-link")).toBeVisible();
  await page.goto(`/estates/${object.slug}?checkInDate=${addDays(from, 20)}&checkOutDate=${addDays(from, 21)}`);
  await expect(page.getByTestId("book-link")).toBeVisible();
});
