/**
 * A listing with a weekend price (decision 0037), made by a new host through the API and
 * published: on its page, a Thursday-to-Sunday stay costs one night at the base price and the
 * Friday and Saturday nights at the weekend price, in the price lines and the total; a stay
 * beginning before its first bookable date is shown as not available. With and without JavaScript.
 */
import sharp from "sharp";
import { expect, test, type APIRequestContext, type Locator } from "@playwright/test";
import type { EstateType } from "../../contract/directory";
import type { Listing } from "../../contract/listing-steps";
import { createUser } from "./fixtures";
import { bearer, tokenOf } from "./host-support";
import { addDays, apiData, message, todayInBishkek } from "./support";

const digits = (text: string | null) => Number((text ?? "").replace(/\D/g, ""));
const field = (scope: Locator, key: string) => scope.getByLabel(message("ru", "estate", key), { exact: true });

const BASE = 3000;
const WEEKEND = 4500;

/** A Thursday at least `after` days ahead. */
function thursdayAfter(after: number): string {
  let date = addDays(todayInBishkek(), after);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 4) date = addDays(date, 1);
  return date;
}

/** A new host's simple listing with a weekend price, bookable from `opens`, published; its slug. */
async function publishWeekendListing(request: APIRequestContext, opens: string): Promise<string> {
  const host = await createUser(request, { mode: "host", firstName: "Эрмек" });
  const headers = bearer((await tokenOf(request, host)).token);
  const { types } = await apiData<{ types: EstateType[] }>(await request.get("/api/v1/guest/types"));
  const typeId = types.find((t) => t.kind === "simple")!.id;
  const { object } = await apiData<{ object: Listing }>(await request.post("/api/v1/host/objects", { data: { kind: "simple" }, headers }));
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 110, b: 90 } } }).jpeg().toBuffer();
  await apiData(await request.post(`/api/v1/host/objects/${object.id}/photos`, { headers, multipart: { photos: { name: "a.jpg", mimeType: "image/jpeg", buffer: photo } } }));
  const steps: Record<string, unknown> = {
    type: { typeId },
    title: { title_ru: "Дом для выходных у реки" },
    address: { place: "bishkek", street: "ул. Киевская", house: "5" },
    capacity: { guests: 2, bedrooms: 1, beds: 1, baths: 1 },
    photo: {},
    description: { description_ru: "Тихий дом у реки, в выходные дороже: пятница и суббота по особой цене." },
    price: { price: BASE, weekendPrice: WEEKEND, minNights: 1, maxNights: 30 },
    house_rules: { checkInFrom: "14:00", checkInUntil: "22:00", checkOutFrom: "07:00", checkOutUntil: "12:00" },
    booking_rules: { confirmation: "instant", cancellation: "flexible" },
    start: { availableFrom: opens },
    cooperation_format: { format: "standard" },
    landlord_data: { landlordKind: "individual", legalName: "Эрмек Тестов", taxId: "12345678901234", payoutAccount: "1234567812345678" },
  };
  for (const [step, body] of Object.entries(steps)) {
    const saved = await request.put(`/api/v1/host/objects/${object.id}/steps/${step}`, { data: body, headers });
    expect(saved.status(), `${step}: ${await saved.text()}`).toBe(200);
  }
  const published = await apiData<{ object: Listing }>(await request.post(`/api/v1/host/objects/${object.id}/publish`, { headers }));
  return published.object.slug;
}

test("the estate page prices Friday and Saturday nights at the weekend price and closes days before the first bookable date", async ({ page, request }) => {
  test.setTimeout(120_000);
  const opens = addDays(todayInBishkek(), 12);
  const slug = await publishWeekendListing(request, opens);
  const thursday = thursdayAfter(20);

  await page.goto(`/estates/${slug}`);
  const form = page.getByTestId("booking-panel");
  await field(form, "booking.checkIn").fill(thursday);
  await field(form, "booking.checkOut").fill(addDays(thursday, 3));
  await field(form, "booking.adults").fill("1");
  await form.getByTestId("check-price").click();

  await expect(page.getByTestId("stay-total")).toBeVisible();
  expect(digits(await page.getByTestId("stay-total").textContent())).toBe(BASE + 2 * WEEKEND);
  await expect(page.getByTestId("price-line")).toHaveCount(2);
  const weekend = page.locator(`[data-testid="price-line"][data-price="${WEEKEND}"]`);
  await expect(weekend).toHaveAttribute("data-nights", "2");
  expect(digits(await weekend.getByTestId("price-line-amount").textContent())).toBe(2 * WEEKEND);
  // Named as the weekend's nights, not as a host's special price.
  await expect(weekend.getByTestId("weekend-price-dates")).toContainText(message("ru", "estate", "booking.weekendPrice"));
  await expect(weekend.getByTestId("host-price-dates")).toHaveCount(0);
  const base = page.locator(`[data-testid="price-line"][data-price="${BASE}"]`);
  await expect(base).toHaveAttribute("data-nights", "1");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByTestId("stay-quote").scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("weekend-quote-360.png") });

  // Before the first bookable date: not available, and no total.
  await page.goto(`/estates/${slug}`);
  await field(form, "booking.checkIn").fill(addDays(opens, -2));
  await field(form, "booking.checkOut").fill(addDays(opens, 1));
  await field(form, "booking.adults").fill("1");
  await form.getByTestId("check-price").click();
  await expect(page.getByTestId("stay-unavailable")).toBeVisible();
  await expect(page.getByTestId("stay-total")).toHaveCount(0);
});
