/**
 * The host's bookings as the demo host works them, with JavaScript on and off: a guest's request
 * found under Requests and confirmed, paid by the guest and then Upcoming; a second request
 * declined with a reason the guest then reads; and nobody else opening the host's pages.
 * Guests and their requests are made through the API on random far-away dates.
 */
import type { APIRequestContext } from "@playwright/test";
import type { Booking } from "../../contract/booking";
import { createUser, expect, test } from "./fixtures";
import { DEMO_HOST, demoHostRequestStay, expectAccessible, openHostPage, signInAsHost, signInPatiently, tokenOf } from "./host-support";
import { apiData, message } from "./support";

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function requestStay(request: APIRequestContext, guestToken: string, hostToken: string, extra: Record<string, unknown> = {}): Promise<Booking> {
  const stay = await demoHostRequestStay(request, hostToken);
  const response = await request.post("/api/v1/booking", {
    data: { estateId: stay.estate.id, checkInDate: stay.checkInDate, checkOutDate: stay.checkOutDate, adultCount: 1, comment: "Приедем с ребёнком", ...extra },
    headers: bearer(guestToken),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { booking: Booking } }).data.booking;
}

async function payThroughApi(request: APIRequestContext, token: string, bookingId: number) {
  const { paymentUrl } = await apiData<{ paymentUrl: string }>(await request.post(`/api/v1/booking/${bookingId}/pay`, { headers: bearer(token) }));
  const gateway = await request.post(paymentUrl, { form: { outcome: "Success" }, maxRedirects: 0 });
  const callback = await request.get(gateway.headers().location, { maxRedirects: 0 });
  expect(callback.status()).toBe(303);
}

test.describe("the host's bookings", () => {
  test.describe.configure({ timeout: 150_000 });

  test("a request confirmed from Requests, paid by the guest, then Upcoming; another declined with a reason the guest sees", async ({ page, request }, testInfo) => {
    const js = testInfo.project.name === "js";
    const guest = await createUser(request, { firstName: "Айгерим" });
    const guestToken = (await tokenOf(request, guest)).token;
    const hostToken = (await tokenOf(request, DEMO_HOST)).token;
    const first = await requestStay(request, guestToken, hostToken, { arrivalSlot: undefined });
    const second = await requestStay(request, guestToken, hostToken);

    await signInAsHost(page);
    await openHostPage(page, "/host/booking");
    await expect(page.getByTestId("host-bookings-page")).toHaveAttribute("data-tab", "requests");
    const card = page.locator(`[data-testid="host-booking-card"][data-booking-id="${first.id}"]`);
    await expect(card).toBeVisible();
    await expect(card).toContainText("Айгерим");
    // The time left ticks with JavaScript; without it the deadline alone is shown.
    await expect(card.getByTestId("countdown")).toHaveCount(js ? 1 : 0);
    // The page's hydration data carries what the rows show, not whole bookings (prices by night, photos, events).
    expect(await page.content()).not.toMatch(/priceLines|srcset|\\"events\\"/);
    await expectAccessible(page, js);

    await card.click();
    await expect(page).toHaveURL(new RegExp(`/host/booking/${first.id}$`));
    await expect(page.getByTestId("guest-name")).toContainText("Айгерим");
    await expect(page.getByTestId("guest-phone")).toContainText(message("ru", "hosting", "detail.phoneAfterPayment"));
    await expect(page.getByTestId("guest-comment")).toContainText("Приедем с ребёнком");
    expect(Number((await page.getByTestId("payout-amount").textContent())!.replace(/\D/g, ""))).toBe(first.totalPrice - Math.ceil((first.totalPrice * 12) / 100));
    await expectAccessible(page, js);
    await page.getByTestId("confirm-button").click();
    await expect(page.getByTestId("result-notice")).toContainText(message("ru", "hosting", "notice.confirmed"));
    await expect(page.getByTestId("host-booking-page")).toHaveAttribute("data-status", "pending_payment");

    await payThroughApi(request, guestToken, first.id);
    await openHostPage(page, "/host/booking?tab=upcoming");
    const upcoming = page.locator(`[data-testid="host-booking-card"][data-booking-id="${first.id}"]`);
    await expect(upcoming).toHaveAttribute("data-status", "paid_waiting_checkin");
    await upcoming.click();
    await expect(page.getByTestId("guest-phone").locator("a")).toHaveAttribute("href", `tel:+${guest.phone}`);
    // From the booking to its conversation with the guest, on the host's side of the chat.
    await page.getByTestId("message-guest").click();
    await expect(page).toHaveURL(/\/host\/chat\/\d+$/);

    // The second request: declined with a reason, after the browser's "are you sure?" with JavaScript.
    await openHostPage(page, `/host/booking/${second.id}`);
    await page.getByTestId("decline-section").locator("summary").click();
    const submit = page.getByTestId("decline-submit");
    await submit.click();
    // No reason chosen: the browser (JS) or the server (no JS) says so next to the field.
    if (!js) await expect(page.getByTestId("decline-form")).toContainText(message("ru", "hosting", "errors.reasonRequired"));
    const select = page.getByTestId("decline-form").locator("select");
    await select.selectOption({ index: 1 });
    const reason = (await select.locator("option:checked").textContent())!.trim();
    await page.getByTestId("decline-form").locator("textarea").fill("Ремонт крыши");
    if (js) page.once("dialog", (dialog) => void dialog.accept());
    await submit.click();
    await expect(page.getByTestId("result-notice")).toContainText(message("ru", "hosting", "notice.declined"));
    await expect(page.getByTestId("cancel-reason")).toContainText(reason);

    // The guest reads the reason on their booking page.
    const { booking } = await apiData<{ booking: Booking }>(await request.get(`/api/v1/booking/${second.id}`, { headers: bearer(guestToken) }));
    expect(booking).toMatchObject({ status: "declined", cancelReason: reason, cancelComment: "Ремонт крыши" });
    await page.context().clearCookies();
    await signInPatiently(page, guest);
    await page.goto(`/profile/booking/${second.id}`);
    await expect(page.getByTestId("cancel-reason")).toContainText(reason);
  });

  test("nobody but the host opens the host's bookings: another host gets 404, a guest is offered host mode", async ({ page, request }) => {
    const guest = await createUser(request);
    const guestToken = (await tokenOf(request, guest)).token;
    const hostToken = (await tokenOf(request, DEMO_HOST)).token;
    const booking = await requestStay(request, guestToken, hostToken);
    const stranger = await createUser(request, { mode: "host", firstName: "Чужой" });
    await signInPatiently(page, stranger);
    for (const url of [`/host/booking/${booking.id}`, `/en/host/booking/${booking.id}`]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
    }
    await page.goto("/host/booking");
    await expect(page.locator(`[data-booking-id="${booking.id}"]`)).toHaveCount(0);
    await page.context().clearCookies();
    await signInPatiently(page, guest);
    await page.goto(`/host/booking/${booking.id}`);
    await expect(page).toHaveURL(/\/host\/switch\?redirectTo=/);
  });
});

test.describe("the host's short paths", () => {
  test("redirect permanently to /host/…, keeping the language prefix and the query; guest /booking pages stay", { tag: "@js-only" }, async ({ request }) => {
    const cases: [string, string][] = [
      ["/calendar/?estate=5&month=2027-05", "/host/calendar/?estate=5&month=2027-05"],
      ["/en/objects/12", "/en/host/objects/12"],
      ["/ky/booking/42?notice=x", "/ky/host/booking/42?notice=x"],
    ];
    for (const [from, to] of cases) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(new URL(response.headers().location, "http://x").pathname + new URL(response.headers().location, "http://x").search).toBe(to);
    }
    // `/messages/{id}` is the chat's alias: it opens the conversation on the reader's side (sign-in first).
    expect((await request.get("/messages/7", { maxRedirects: 0 })).headers().location).toMatch(/^\/login\?redirectTo=/);
    expect((await request.get("/booking/confirm", { maxRedirects: 0 })).status()).not.toBe(301);
    expect((await request.get("/booking/abc", { maxRedirects: 0 })).status()).toBe(404);
  });
});
