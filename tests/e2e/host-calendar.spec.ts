/**
 * The host's calendar as the demo host keeps it, with JavaScript on and off: three nights blocked
 * by tapping the first and the last, a weekend priced; the search for those dates then leaves the
 * object out and the estate page quotes the new price. A block over a booking is refused with the
 * booking named, a block of more than 400 days with the API's message in the page's language, and
 * another host's calendar is a 404.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import type { EstateCard } from "../../contract/estate";
import { createUser, expect, test } from "./fixtures";
import { DEMO_HOST, demoHostRequestStay, expectAccessible, openHostPage, signInAsHost, signInPatiently, tokenOf } from "./host-support";
import { addDays, apiData, message } from "./support";

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function searchIds(request: APIRequestContext, estate: { lat: number; lng: number }, checkInDate: string, checkOutDate: string) {
  const box = { topRight: { lat: estate.lat + 0.0005, lng: estate.lng + 0.0005 }, leftBottom: { lat: estate.lat - 0.0005, lng: estate.lng - 0.0005 } };
  const { estates } = await apiData<{ estates: EstateCard[] }>(
    await request.post("/api/v1/guest/estate", { data: { ...box, checkInDate, checkOutDate, adultCount: 1, perPage: 100, priceFrom: 0, priceTo: 10_000_000 } }),
  );
  return estates.map((e) => e.id);
}

/** Taps a night of the calendar (a link: works with and without JavaScript) and waits for the page. */
async function tapNight(page: Page, date: string) {
  await page.locator(`[data-testid="night"][data-date="${date}"] a`).click();
  await expect(page).toHaveURL(new RegExp(`[?&](from|to)=${date}`));
}

test.describe("the host's calendar", () => {
  test.describe.configure({ timeout: 180_000 });

  test("blocks three nights and prices a weekend: search leaves the object out, the estate page quotes the price", async ({ page, request }, testInfo) => {
    const js = testInfo.project.name === "js";
    const hostToken = (await tokenOf(request, DEMO_HOST)).token;
    // Six free nights: three to block, then a weekend after them.
    const stay = await demoHostRequestStay(request, hostToken, 2);
    const start = stay.checkInDate;
    let saturday = addDays(start, 3);
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    expect(await searchIds(request, stay.estate, start, addDays(start, 3))).toContain(stay.estate.id);

    await signInAsHost(page);
    const month = start.slice(0, 7);
    await openHostPage(page, `/host/calendar?estate=${stay.estate.id}&month=${month}`);
    await expect(page.getByTestId("calendar-month").first()).toHaveAttribute("data-month", month);
    await expectAccessible(page, js);

    await tapNight(page, start);
    await tapNight(page, addDays(start, 2));
    await expect(page.getByTestId("calendar-form").locator('input[name="from"]')).toHaveValue(start);
    await expect(page.getByTestId("calendar-form").locator('input[name="to"]')).toHaveValue(addDays(start, 2));
    await page.getByTestId("block-button").click();
    await expect(page.getByTestId("result-notice")).toBeVisible({ timeout: 30_000 });
    for (const d of [start, addDays(start, 1), addDays(start, 2)]) await expect(page.locator(`[data-testid="night"][data-date="${d}"]`)).toHaveAttribute("data-state", "blocked");

    // The weekend: Saturday and Sunday nights, perhaps in the next month.
    await openHostPage(page, `/host/calendar?estate=${stay.estate.id}&month=${saturday.slice(0, 7)}&from=${saturday}&to=${addDays(saturday, 1)}`);
    await page.getByTestId("calendar-form").locator('input[name="price"]').fill("7777");
    await page.getByTestId("price-button").click();
    await expect(page.getByTestId("result-notice")).toBeVisible({ timeout: 30_000 });
    await expect(page.locator(`[data-testid="night"][data-date="${saturday}"]`)).toHaveAttribute("data-price", "7777");
    await expect(page.locator(`[data-testid="night"][data-date="${addDays(saturday, 1)}"]`)).toHaveAttribute("data-price", "7777");

    // The guest side at once: the blocked dates are not found, the weekend costs the new price.
    expect(await searchIds(request, stay.estate, start, addDays(start, 3))).not.toContain(stay.estate.id);
    await page.goto(`/estates/${stay.estate.slug}?checkInDate=${saturday}&checkOutDate=${addDays(saturday, 2)}&adultCount=1&childrenCount=0`);
    await expect(page.getByTestId("stay-total")).toBeVisible();
    expect(Number((await page.getByTestId("stay-total").textContent())!.replace(/\D/g, ""))).toBe(7777 * 2);
  });

  test("shows a month and the next across the year's end and the leap day, each week starting on Monday", async ({ page }) => {
    await signInAsHost(page);
    await openHostPage(page, "/host/calendar?month=2027-12");
    const months = page.getByTestId("calendar-month");
    await expect(months).toHaveCount(2);
    await expect(months.nth(0)).toHaveAttribute("data-month", "2027-12");
    await expect(months.nth(1)).toHaveAttribute("data-month", "2028-01");
    await expect(months.nth(0).getByTestId("night")).toHaveCount(31);
    await expect(months.nth(1).getByTestId("night").last()).toHaveAttribute("data-date", "2028-01-31");
    // 2027-12-01 is a Wednesday: two empty places before it; 2028-01-01 a Saturday: five.
    await expect(months.nth(0).locator("ol > li[aria-hidden]")).toHaveCount(2);
    await expect(months.nth(1).locator("ol > li[aria-hidden]")).toHaveCount(5);
    await expect(page.getByTestId("month-prev")).toHaveAttribute("href", /month=2027-11/);
    await page.getByTestId("month-next").click();
    await expect(page).toHaveURL(/month=2028-01/);
    await expect(page.getByTestId("calendar-month").nth(1)).toHaveAttribute("data-month", "2028-02");
    await expect(page.getByTestId("calendar-month").nth(1).getByTestId("night").last()).toHaveAttribute("data-date", "2028-02-29");
  });

  test("a block over a booking is refused with the booking named; another host's calendar is a 404", async ({ page, request }) => {
    const hostToken = (await tokenOf(request, DEMO_HOST)).token;
    const guest = await createUser(request);
    const guestToken = (await tokenOf(request, guest)).token;
    const stay = await demoHostRequestStay(request, hostToken, 2);
    const made = await request.post("/api/v1/booking", {
      data: { estateId: stay.estate.id, checkInDate: stay.checkInDate, checkOutDate: stay.checkOutDate, adultCount: 1 },
      headers: bearer(guestToken),
    });
    expect(made.status()).toBe(201);
    const bookingId = ((await made.json()) as { data: { booking: { id: number } } }).data.booking.id;

    await signInAsHost(page);
    await openHostPage(page, `/host/calendar?estate=${stay.estate.id}&month=${stay.checkInDate.slice(0, 7)}&from=${addDays(stay.checkInDate, -1)}&to=${stay.checkInDate}`);
    await expect(page.locator(`[data-testid="night"][data-date="${stay.checkInDate}"]`)).toHaveAttribute("data-state", "booked");
    await page.getByTestId("block-button").click();
    await expect(page.getByTestId("form-errors")).toContainText(message("ru", "hosting", "errors.collision").replace("{{id}}", String(bookingId)), { timeout: 30_000 });
    await expect(page.getByTestId("collision-link")).toHaveAttribute("href", `/host/booking/${bookingId}`);
    await expect(page.locator(`[data-testid="night"][data-date="${addDays(stay.checkInDate, -1)}"]`)).not.toHaveAttribute("data-state", "blocked");

    // A refusal only the API knows (more than 400 days at once) reads in the page's language.
    const far = addDays(stay.checkOutDate, 5);
    await openHostPage(page, `/host/calendar?estate=${stay.estate.id}&month=${far.slice(0, 7)}&from=${far}&to=${addDays(far, 450)}`);
    await page.getByTestId("block-button").click();
    await expect(page.getByTestId("form-errors")).toContainText("Не больше 400 дней за раз", { timeout: 30_000 });

    const stranger = await createUser(request, { mode: "host" });
    await page.context().clearCookies();
    await signInPatiently(page, stranger);
    const response = await page.goto(`/host/calendar?estate=${stay.estate.id}`);
    expect(response?.status()).toBe(404);
  });
});
