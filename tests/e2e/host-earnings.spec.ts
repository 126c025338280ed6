/**
 * A stay from the guest's booking form to the host's earnings, with JavaScript on and off: the
 * guest picks an arrival slot inside the host's check-in window, the host sees it on the booking,
 * and once paid the booking is in the host's earnings on /profile/transactions with its payout.
 */
import type { Page } from "@playwright/test";
import type { HostBooking } from "../../contract/host";
import { createUser, expect, signInByPost, test } from "./fixtures";
import { DEMO_HOST, bearer, demoHostRequestStay, expectAccessible, tokenOf } from "./host-support";
import { apiData } from "./support";

/** The host's mode, set the way the header's switch sets it. */
async function useHostMode(page: Page, baseURL: string) {
  const switched = await page.context().request.post("/mode", { form: { mode: "host", redirectTo: "/" }, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(switched.status()).toBeLessThan(400);
}

test.describe("arrival slot and earnings", () => {
  test.describe.configure({ timeout: 150_000 });

  test("the guest's arrival slot reaches the host; the paid stay shows in the host's earnings", { tag: "@js-only" }, async ({ page, request, baseURL }, testInfo) => {
    const js = testInfo.project.name === "js";
    const hostToken = (await tokenOf(request, DEMO_HOST)).token;
    const stay = await demoHostRequestStay(request, hostToken);
    const guest = await createUser(request, { firstName: "Жылдыз" });
    await signInByPost(page, guest);

    await page.goto(`/booking?${new URLSearchParams({ estateId: String(stay.estate.id), checkInDate: stay.checkInDate, checkOutDate: stay.checkOutDate, adultCount: "1", childrenCount: "0" })}`);
    const arrival = page.getByTestId("book-arrival");
    // Only the slots inside the host's check-in window are offered, plus "not sure yet".
    expect(await arrival.locator("option").count()).toBeGreaterThan(1);
    await arrival.selectOption({ index: 1 });
    const slot = await arrival.inputValue();
    await page.getByTestId("book-submit").click();
    await expect(page).toHaveURL(/\/profile\/booking\/\d+/, { timeout: 30_000 });
    const bookingId = Number(new URL(page.url()).pathname.match(/\/profile\/booking\/(\d+)/)![1]);

    const { booking } = await apiData<{ booking: HostBooking }>(await request.get(`/api/v1/host/booking/${bookingId}`, { headers: bearer(hostToken) }));
    expect(booking.arrivalSlot).toBe(slot);

    // The host confirms, the guest pays: both through the API (their screens have their own specs).
    expect((await request.post(`/api/v1/host/booking/${bookingId}/confirm`, { headers: bearer(hostToken) })).status()).toBe(200);
    const guestToken = (await tokenOf(request, guest)).token;
    const { paymentUrl } = await apiData<{ paymentUrl: string }>(await request.post(`/api/v1/booking/${bookingId}/pay`, { headers: bearer(guestToken) }));
    const gateway = await request.post(paymentUrl, { form: { outcome: "Success" }, maxRedirects: 0 });
    expect((await request.get(gateway.headers().location, { maxRedirects: 0 })).status()).toBe(303);

    await page.context().clearCookies();
    await signInByPost(page, DEMO_HOST);
    await useHostMode(page, baseURL ?? "");
    await page.goto(`/host/booking/${bookingId}`);
    await expect(page.getByTestId("host-booking-page")).toBeVisible();
    await expect(page.getByTestId("arrival-slot")).toHaveAttribute("data-slot", slot);

    await page.goto("/profile/transactions");
    const earnings = page.getByTestId("host-earnings");
    await expect(earnings).toBeVisible();
    const row = earnings.locator(`[data-booking-id="${bookingId}"]`);
    await expect(row).toBeVisible();
    const payout = Number((await row.getByTestId("earning-payout").textContent())!.replace(/\D/g, ""));
    expect(payout).toBe(booking.totalPrice - Math.ceil((booking.totalPrice * booking.commissionPercent) / 100));
    // The payout ledger: the stay is owed, payable 24 hours after check-in, and in the CSV.
    const line = page.getByTestId("payout-lines").locator(`[data-payout-booking-id="${bookingId}"]`);
    await expect(line).toHaveAttribute("data-state", "pending");
    const csv = await page.context().request.get("/profile/earnings.csv");
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toMatch(new RegExp(`\\r\\n${bookingId},stay,.*,${payout},pending,`));
    await expectAccessible(page, js);
  });
});
