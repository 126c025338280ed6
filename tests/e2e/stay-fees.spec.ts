/**
 * Fees and long-stay discounts in the browser (issue 32, decision 0069), with JavaScript on and
 * off: the host types a cleaning fee, an extra-guest fee and the weekly and monthly discounts in
 * the wizard's price step (a wrong one is said beside its field, what was typed kept) and finds them
 * under the price step on the listing's page; a guest sees
 * a 7-night stay with a weekend inside broken into nights, extra guests, the weekly discount and
 * the cleaning on the estate page, the same on the booking form, pays that total at the gateway
 * and finds the same breakdown on the trip's page; the host's booking page shows it too.
 */
import sharp from "sharp";
import type { APIRequestContext } from "@playwright/test";
import type { Booking } from "../../contract/booking";
import type { EstateType } from "../../contract/directory";
import type { Listing } from "../../contract/listing-steps";
import { createUser, expect, readyForScreenshot, signInByPost, test } from "./fixtures";
import { bearer, expectAccessible, tokenOf } from "./host-support";
import { draftAt, hostSignedIn, save } from "./wizard-support";
import { addDays, apiData, message, todayInBishkek } from "./support";

const digits = (text: string | null) => Number((text ?? "").replace(/\D/g, ""));

const PRICES = { price: 3000, weekendPrice: 4000, minNights: 1, maxNights: 60, cleaningFee: 1500, extraGuestFee: 500, extraGuestsAbove: 2, weeklyDiscount: 10, monthlyDiscount: 20 };
// 7 nights from a Thursday: 5 × 3000 + 2 × 4000 = 23 000; 1 extra guest (3 guests above 2) × 500 × 7 = 3500;
// 10 % off 26 500 = 2650; plus 1500 cleaning.
const SEVEN = { nights: 23_000, extra: 3500, discount: 2650, cleaning: 1500, total: 23_000 + 3500 - 2650 + 1500 };

/** A Thursday at least `after` days ahead. */
function thursdayAfter(after: number): string {
  let date = addDays(todayInBishkek(), after);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 4) date = addDays(date, 1);
  return date;
}

/** A new host's instant listing with fees and discounts, published through the API. */
async function publishWithFees(request: APIRequestContext) {
  const host = await createUser(request, { mode: "host", firstName: "Нургуль" });
  const headers = bearer((await tokenOf(request, host)).token);
  const { types } = await apiData<{ types: EstateType[] }>(await request.get("/api/v1/guest/types"));
  const typeId = types.find((t) => t.kind === "simple")!.id;
  const { object } = await apiData<{ object: Listing }>(await request.post("/api/v1/host/objects", { data: { kind: "simple" }, headers }));
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 120, g: 80, b: 40 } } }).jpeg().toBuffer();
  await apiData(await request.post(`/api/v1/host/objects/${object.id}/photos`, { headers, multipart: { photos: { name: "a.jpg", mimeType: "image/jpeg", buffer: photo } } }));
  const steps: Record<string, unknown> = {
    type: { typeId },
    title: { title_ru: "Дом со скидкой за неделю" },
    address: { place: "karakol", street: "ул. Абдрахманова", house: "7" },
    capacity: { guests: 6, bedrooms: 2, beds: 3, baths: 1 },
    photo: {},
    description: { description_ru: "Просторный дом в Караколе: уборка включена в счёт, за неделю скидка." },
    price: PRICES,
    house_rules: { checkInFrom: "14:00", checkInUntil: "22:00", checkOutFrom: "07:00", checkOutUntil: "12:00" },
    booking_rules: { confirmation: "instant", cancellation: "moderate" },
    start: { availableFrom: addDays(todayInBishkek(), 1) },
    cooperation_format: { format: "standard" },
    landlord_data: { landlordKind: "individual", legalName: "Нургуль Тестова", taxId: "12345678901234", payoutAccount: "1234567812345678" },
  };
  for (const [step, body] of Object.entries(steps)) {
    const saved = await request.put(`/api/v1/host/objects/${object.id}/steps/${step}`, { data: body, headers });
    expect(saved.status(), `${step}: ${await saved.text()}`).toBe(200);
  }
  const published = await apiData<{ object: Listing }>(await request.post(`/api/v1/host/objects/${object.id}/publish`, { headers }));
  return { slug: published.object.slug, id: published.object.id, host, headers };
}

test.describe("fees and discounts", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the host sets them in the price step; a wrong one is said beside its field, what was typed kept", async ({ page, request, javaScriptEnabled }) => {
    const host = await hostSignedIn(page, request);
    const id = await draftAt(request, host, "simple", { at: "price" });
    await page.goto(`/host/objects/${id}/price`);
    const field = (name: string) => page.locator(`[data-testid="step-form"] [name="${name}"]`);
    await field("price").fill("3000");
    await field("cleaningFee").fill("1500");
    await field("extraGuestFee").fill("500");
    await field("extraGuestsAbove").fill("2");
    await field("weeklyDiscount").fill("15");
    await field("monthlyDiscount").fill("10");
    await save(page, false);
    // Beside the field it is about, in the page's language.
    const monthlyError = page.locator(`[id="${await field("monthlyDiscount").getAttribute("id")}-error"]`);
    await expect(monthlyError).toContainText("Скидка за месяц не может быть меньше скидки за неделю", { timeout: 20_000 });
    await expect(field("monthlyDiscount")).toHaveAttribute("aria-invalid", "true");
    await expect(field("cleaningFee")).toHaveValue("1500");
    await expect(field("weeklyDiscount")).toHaveValue("15");
    await expectAccessible(page, javaScriptEnabled);

    await field("monthlyDiscount").fill("25");
    await save(page);
    await expect(page).not.toHaveURL(/\/price$/);
    await page.goto(`/host/objects/${id}/price`);
    await expect(field("cleaningFee")).toHaveValue("1500");
    await expect(field("extraGuestsAbove")).toHaveValue("2");
    await expect(field("monthlyDiscount")).toHaveValue("25");
    // The listing's page says them under the price step, which it links to.
    await page.goto(`/host/objects/${id}`);
    const summary = page.getByTestId("overview-price-summary");
    await expect(summary).toContainText("3 000");
    await expect(summary).toContainText("1 500");
    await expect(summary).toContainText("−15%");
    await expect(summary).toContainText("−25%");
    await expectAccessible(page, javaScriptEnabled);
    await page.getByTestId("overview-price").click();
    await expect(page).toHaveURL(new RegExp(`/host/objects/${id}/price$`));
    const { object } = await apiData<{ object: Listing }>(await request.get(`/api/v1/host/objects/${id}`, { headers: host.headers }));
    expect(object.values.price).toMatchObject({ cleaningFee: 1500, extraGuestFee: 500, extraGuestsAbove: 2, weeklyDiscount: 15, monthlyDiscount: 25 });
  });

  test("a 7-night stay with a weekend: the breakdown on the estate page, the booking form, the gateway and both booking pages", async ({ page, request, javaScriptEnabled }) => {
    const listing = await publishWithFees(request);
    const guest = await createUser(request);
    await signInByPost(page, guest);
    const thursday = thursdayAfter(40);
    const query = new URLSearchParams({ checkInDate: thursday, checkOutDate: addDays(thursday, 7), adultCount: "3", childrenCount: "0" });

    // Before dates: the fees and discounts in one line under the nightly price.
    await page.goto(`/estates/${listing.slug}`);
    await expect(page.getByTestId("fees-note")).toContainText("1 500");
    await expect(page.getByTestId("fees-note")).toContainText("−10%");
    await expect(page.getByTestId("fees-note")).toContainText("−20%");

    await page.goto(`/estates/${listing.slug}?${query}`);
    const quote = page.getByTestId("stay-quote");
    await expect(quote).toBeVisible();
    await expect(quote.getByTestId("fee-extra-guests")).toHaveAttribute("data-amount", String(SEVEN.extra));
    await expect(quote.getByTestId("fee-discount")).toHaveAttribute("data-kind", "weekly");
    await expect(quote.getByTestId("fee-discount")).toHaveAttribute("data-amount", String(SEVEN.discount));
    await expect(quote.getByTestId("fee-discount")).toContainText(message("ru", "common", "stayPrice.weeklyDiscount").replace("{{percent}}", "10"));
    await expect(quote.getByTestId("fee-cleaning")).toContainText(message("ru", "common", "stayPrice.cleaningFee"));
    expect(digits(await page.getByTestId("stay-total").textContent())).toBe(SEVEN.total);
    await expectAccessible(page, javaScriptEnabled);

    await page.getByTestId("book-link").click();
    await expect(page).toHaveURL(/\/booking\?estateId=/);
    const form = page.getByTestId("price-breakdown");
    await expect(form.getByTestId("fee-discount")).toHaveAttribute("data-amount", String(SEVEN.discount));
    await expect(form.getByTestId("fee-cleaning")).toHaveAttribute("data-amount", String(SEVEN.cleaning));
    expect(digits(await page.getByTestId("price-total").textContent())).toBe(SEVEN.total);
    await expectAccessible(page, javaScriptEnabled);
    await page.getByTestId("book-submit").click();

    // The gateway is asked for the same total.
    await expect(page).toHaveURL(/\/api\/sandbox\/pay\//);
    expect(digits(await page.getByTestId("sandbox-amount").textContent())).toBe(SEVEN.total);
    await page.getByTestId("sandbox-pay").click();
    await expect(page).toHaveURL(/\/booking\/success\?bookingId=\d+$/);
    const bookingId = Number(new URL(page.url()).searchParams.get("bookingId"));

    await page.goto(`/profile/booking/${bookingId}`);
    const trip = page.getByTestId("price-breakdown");
    await expect(trip.getByTestId("fee-extra-guests")).toHaveAttribute("data-amount", String(SEVEN.extra));
    await expect(trip.getByTestId("fee-discount")).toHaveAttribute("data-amount", String(SEVEN.discount));
    await expect(trip.getByTestId("fee-cleaning")).toHaveAttribute("data-amount", String(SEVEN.cleaning));
    expect(digits(await trip.getByTestId("price-total").textContent())).toBe(SEVEN.total);

    // The host's side: the same breakdown, from the booking, not from today's prices.
    const { booking } = await apiData<{ booking: Booking }>(await request.get(`/api/v1/host/booking/${bookingId}`, { headers: listing.headers }));
    expect(booking.price).toMatchObject({ nightsTotal: SEVEN.nights, cleaningFee: SEVEN.cleaning, discount: { amount: SEVEN.discount }, total: SEVEN.total });
    await page.context().clearCookies();
    await signInByPost(page, listing.host);
    await page.goto(`/host/booking/${bookingId}`);
    if (/\/host\/switch/.test(page.url())) {
      await page.locator('form[action$="/mode"] button[type="submit"]').first().click();
      await page.waitForURL((u) => !u.pathname.endsWith("/host/switch"));
      await page.goto(`/host/booking/${bookingId}`);
    }
    const hostSide = page.getByTestId("price-breakdown");
    await expect(hostSide.getByTestId("fee-discount")).toHaveAttribute("data-amount", String(SEVEN.discount));
    expect(digits(await hostSide.getByTestId("price-total").textContent())).toBe(SEVEN.total);
  });

  test("screenshots at 360 px in ru, en and ky: the price step and the quote", { tag: "@js-only" }, async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const host = await hostSignedIn(page, request);
    const id = await draftAt(request, host, "simple", { at: "price" });
    for (const [prefix, lang] of [["", "ru"], ["/en", "en"], ["/ky", "ky"]] as const) {
      await page.goto(`${prefix}/host/objects/${id}/price`);
      await readyForScreenshot(page);
      await page.getByTestId("step-form").screenshot({ path: testInfo.outputPath(`price-step-${lang}-360.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
    // A visitor's pages, in the language of each address.
    await page.context().clearCookies();
    const listing = await publishWithFees(request);
    const thursday = thursdayAfter(40);
    const query = new URLSearchParams({ checkInDate: thursday, checkOutDate: addDays(thursday, 7), adultCount: "3", childrenCount: "0" });
    for (const [prefix, lang] of [["", "ru"], ["/en", "en"], ["/ky", "ky"]] as const) {
      await page.goto(`${prefix}/estates/${listing.slug}?${query}`);
      await page.getByTestId("stay-quote").scrollIntoViewIfNeeded();
      await readyForScreenshot(page);
      await page.getByTestId("booking-panel").screenshot({ path: testInfo.outputPath(`quote-${lang}-360.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
  });
});
