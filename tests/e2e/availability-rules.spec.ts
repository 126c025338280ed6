/**
 * The availability rules form on /host/calendar, with JavaScript on and off: a host sets two
 * days' notice and a night of preparation; the search then leaves the object out for a stay
 * beginning tomorrow and right after a booking, and the form shows what was saved. The rules
 * are put back afterwards (the demo host's objects are shared by the suite).
 */
import type { APIRequestContext } from "@playwright/test";
import type { EstateCard } from "../../contract/estate";
import { createUser, expect, test } from "./fixtures";
import { bearer, DEMO_HOST, demoHostRequestStay, expectAccessible, openHostPage, signInAsHost, tokenOf } from "./host-support";
import { addDays, apiData, todayInBishkek } from "./support";

async function searchIds(request: APIRequestContext, estate: { lat: number; lng: number }, checkInDate: string, checkOutDate: string) {
  const box = { topRight: { lat: estate.lat + 0.0005, lng: estate.lng + 0.0005 }, leftBottom: { lat: estate.lat - 0.0005, lng: estate.lng - 0.0005 } };
  const { estates } = await apiData<{ estates: EstateCard[] }>(
    await request.post("/api/v1/guest/estate", { data: { ...box, checkInDate, checkOutDate, adultCount: 1, perPage: 100, priceFrom: 0, priceTo: 10_000_000 } }),
  );
  return estates.map((e) => e.id);
}

test("a host sets advance notice and preparation time; the search keeps to them", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const js = testInfo.project.name === "js";
  const hostToken = (await tokenOf(request, DEMO_HOST)).token;
  // Four free nights: the first two booked, the next two free until preparation time keeps one.
  const stay = await demoHostRequestStay(request, hostToken, 4);
  const { estate } = stay;
  const bookedOut = addDays(stay.checkInDate, 2);
  const guest = await createUser(request);
  const booked = await request.post("/api/v1/booking", { data: { estateId: estate.id, checkInDate: stay.checkInDate, checkOutDate: bookedOut, adultCount: 1 }, headers: bearer((await tokenOf(request, guest)).token) });
  expect(booked.status()).toBe(201);
  expect(await searchIds(request, estate, bookedOut, stay.checkOutDate)).toContain(estate.id);
  try {
    await signInAsHost(page);
    // The listing's own page leads to its rules on the calendar page.
    await openHostPage(page, `/host/objects/${estate.id}`);
    await page.getByTestId("overview-rules").click();
    await expect(page).toHaveURL(new RegExp(`/host/calendar\\?estate=${estate.id}`));
    await expect(page.getByTestId("rules-form")).toBeVisible();
    await openHostPage(page, `/host/calendar?estate=${estate.id}&month=${stay.checkInDate.slice(0, 7)}`);
    const form = page.getByTestId("rules-form");
    await form.locator('select[name="advanceNoticeDays"]').selectOption("2");
    await form.locator('select[name="preparationNights"]').selectOption("1");
    await page.getByTestId("rules-save").click();
    await expect(page.getByTestId("result-notice")).toContainText("Правила доступности сохранены", { timeout: 30_000 });
    await expect(form.locator('select[name="advanceNoticeDays"]')).toHaveValue("2");
    await expect(form.locator('select[name="preparationNights"]')).toHaveValue("1");
    await expectAccessible(page, js);

    // The night right after the booking is kept for preparation.
    expect(await searchIds(request, estate, bookedOut, stay.checkOutDate)).not.toContain(estate.id);
    // Two days' notice: today and tomorrow cannot be the first night of a stay.
    const today = todayInBishkek();
    const { unavailable } = await apiData<{ unavailable: string[] }>(await request.get(`/api/v1/guest/estate/available_dates/${estate.id}`, { params: { from: today, to: addDays(today, 2) } }));
    expect(unavailable).toEqual(expect.arrayContaining([today, addDays(today, 1)]));
  } finally {
    await request.post("/api/v1/host/calendar/rules", { data: { estateId: estate.id, advanceNoticeDays: 0, preparationNights: 0, bookingWindowMonths: null }, headers: bearer(hostToken) });
  }
});
