/**
 * The operator console (issue 31): only an operator reaches /admin (everyone else gets the 404
 * page, and the operator API answers 404); the demo operator signs in on the usual page and lands
 * there; blocking a guest with a booking cancels it in one step, refuses their sign-in and shows
 * in the audit log; blocking a host with a request to come asks what happens to it and cancels it
 * in the same step, the guest notified; a booking is cancelled on behalf of the host through the
 * booking machine.
 * With JavaScript on and off; axe at 360 px in the three languages.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { createUser, expect, signIn, signInByPost, test, type TestUser } from "./fixtures";
import { bearer, expectAccessible } from "./host-support";
import { addDays, apiData, message, todayInBishkek } from "./support";
import { hostListing, uniqueTitleWord } from "./admin-support";
import { MESSAGES } from "../../contract/messages";

const OPERATOR: TestUser = { phone: "996700000003", national: "700000003", password: "konok-operator-2026", firstName: "Нурлан", id: 0 };

/** An instant-booking stay the guest books through the API: a booking still to come, awaiting payment. */
async function bookSomething(request: APIRequestContext, guest: TestUser): Promise<number> {
  const { estates } = await apiData<{ estates: { id: number; isInstantConfirmation: boolean }[] }>(
    await request.post("/api/v1/guest/estate", { data: { isInstantConfirmation: true, perPage: 60, adultCount: 1 } }),
  );
  for (let attempt = 0; attempt < 40; attempt++) {
    const estate = estates[Math.floor(Math.random() * estates.length)];
    const checkInDate = addDays(todayInBishkek(), 200 + Math.floor(Math.random() * 300));
    const made = await request.post("/api/v1/booking", {
      data: { estateId: estate.id, checkInDate, checkOutDate: addDays(checkInDate, 2), adultCount: 1 },
      headers: { ...bearer(guest.token!), "X-Forwarded-For": `10.31.${attempt}.${Math.floor(Math.random() * 250)}` },
    });
    if (made.status() === 201 || made.status() === 200) return ((await made.json()) as { data: { booking: { id: number } } }).data.booking.id;
  }
  throw new Error("Could not book any instant stay");
}

async function operatorToken(request: APIRequestContext): Promise<string> {
  const data = await apiData<{ token: string }>(await request.post("/api/login", { data: { phoneNumber: OPERATOR.phone, password: OPERATOR.password }, headers: { "X-Forwarded-For": "10.31.250.1" } }));
  return data.token;
}

const submitIn = (page: Page, testId: string) => page.getByTestId(testId).locator('button[type="submit"]').click();

test.describe("who reaches the console", () => {
  test("visitors, guests and hosts get the 404 page at /admin in each language, and 404 from the operator API", { tag: "@js-only" }, async ({ page, request }) => {
    for (const url of ["/admin", "/en/admin", "/ky/admin", "/admin/users", "/en/admin/audit"]) {
      const response = await page.request.get(url);
      expect(response.status(), url).toBe(404);
    }
    const guest = await createUser(request);
    await signInByPost(page, guest);
    for (const url of ["/admin", "/en/admin", "/ky/admin/bookings"]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByTestId("error-page")).toBeVisible();
      await expect(page.getByTestId("admin-console")).toHaveCount(0);
    }
    const api = await request.get("/api/v1/operator/dashboard", { headers: bearer(guest.token!) });
    expect(api.status()).toBe(404);
    expect(((await api.json()) as { message: string }).message).toBe(MESSAGES.apiPathNotFound.ru.replace("{path}", "/api/v1/operator/dashboard"));
  });

  test("the demo operator signs in on the usual page and lands on the console", async ({ page }) => {
    await signIn(page, OPERATOR, { prefix: "/en" });
    await expect(page).toHaveURL(/\/en\/admin$/);
    await expect(page.getByTestId("admin-dashboard")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "admin", "dashboard.title"));
    await expect(page.getByTestId("dashboard-awaitingHosts")).toBeVisible();
  });
});

test.describe("operator actions", () => {
  test("blocks a guest with a booking to come, cancelling it in one step: they cannot sign in, and it is in the audit log", async ({ page, request, javaScriptEnabled }) => {
    test.setTimeout(90_000);
    const guest = await createUser(request, { firstName: `Блок${Date.now() % 100000}` });
    const bookingId = await bookSomething(request, guest);
    await signInByPost(page, OPERATOR);

    await page.goto(`/admin/users?q=${guest.phone.slice(-9)}`);
    await expect(page.getByTestId("user-row")).toHaveCount(1);
    await page.getByTestId("user-row").click();
    await expect(page.getByTestId("admin-user")).toHaveAttribute("data-blocked", "false");

    // No reason: a message beside the field; the choice made is kept.
    const block = page.getByTestId("block-section");
    await block.locator('input[name="upcomingBookings"][value="cancel"]').check();
    await block.locator("textarea[name=reason]").fill("x");
    await submitIn(page, "block-section");
    await expect(page.getByTestId("error-reason-error")).toHaveText(MESSAGES.reasonRequired.ru);
    await expect(block.locator('input[name="upcomingBookings"][value="cancel"]')).toBeChecked();
    await expect(block.locator("textarea[name=reason]")).toHaveValue("x");
    await expect(block.locator("textarea[name=reason]")).toHaveAttribute("aria-invalid", "true");

    await block.locator("textarea[name=reason]").fill("Мошенничество: просил оплату на карту");
    await submitIn(page, "block-section");
    await expect(page.getByTestId("action-done")).toBeVisible();
    await expect(page.getByTestId("admin-user")).toHaveAttribute("data-blocked", "true");
    await expect(page.getByTestId("blocked-state")).toContainText("Мошенничество");

    // The booking went through the machine; the guest's right password no longer signs in.
    const detail = await apiData<{ booking: { status: string } }>(await request.get(`/api/v1/operator/bookings/${bookingId}`, { headers: bearer(await operatorToken(request)) }));
    expect(detail.booking.status).toBe("cancelled_by_guest");
    const login = await request.post("/api/login", { data: { phoneNumber: guest.phone, password: guest.password }, headers: { "X-Forwarded-For": "10.31.251.1" } });
    expect(login.status()).toBe(422);
    expect(((await login.json()) as { errors: { password: string[] } }).errors.password).toEqual([MESSAGES.accountBlocked.ru]);

    await page.goto(`/admin/audit?q=${encodeURIComponent("Мошенничество")}`);
    const entry = page.getByTestId("audit-entry").first();
    await expect(entry).toHaveAttribute("data-action", "user.block");
    await expect(entry).toContainText("Мошенничество");
    await expect(entry).toContainText(`${bookingId}`);
    if (javaScriptEnabled) await expectAccessible(page, true);
  });

  test("blocks a host with a request still to come: asks what happens to it, cancels it in one step, and the guest is told", async ({ page, request }) => {
    test.setTimeout(120_000);
    const { host, listing } = await hostListing(request, `Дом ${uniqueTitleWord()} у реки`, { publish: true });
    expect(listing.status).toBe("published");
    const guest = await createUser(request);
    const checkInDate = addDays(todayInBishkek(), 20 + Math.floor(Math.random() * 200));
    const booked = await apiData<{ booking: { id: number; status: string } }>(
      await request.post("/api/v1/booking", {
        data: { estateId: listing.id, checkInDate, checkOutDate: addDays(checkInDate, 2), adultCount: 1 },
        headers: { ...bearer(guest.token!), "X-Forwarded-For": `10.31.252.${Math.floor(Math.random() * 250)}` },
      }),
    );
    expect(booked.booking.status).toBe("pending_confirmation");

    await signInByPost(page, OPERATOR);
    await page.goto(`/en/admin/users/${host.id}`);
    const block = page.getByTestId("block-section");
    // The question, with the count of what is at stake; the answer and the block are one form.
    await expect(block.locator("legend")).toHaveText(message("en", "admin", "user.block.upcoming_one").replace("{{count}}", "1"));
    await block.locator('input[name="upcomingBookings"][value="cancel"]').check();
    await block.locator("textarea[name=reason]").fill("Fake listing photos");
    await submitIn(page, "block-section");
    await expect(page.getByTestId("action-done")).toHaveText(message("en", "admin", "user.block.doneCancelled_one").replace("{{count}}", "1"));
    await expect(page.getByTestId("admin-user")).toHaveAttribute("data-blocked", "true");

    // Cancelled on the host's behalf by the machine; the guest hears of it among their notifications.
    const trip = await apiData<{ booking: { status: string } }>(await request.get(`/api/v1/booking/${booked.booking.id}`, { headers: bearer(guest.token!) }));
    expect(trip.booking.status).toBe("cancelled_by_host");
    const notices = await apiData<{ items: { type: string; bookingId: number | null }[] }>(await request.get("/api/v1/notifications", { headers: bearer(guest.token!) }));
    expect(notices.items).toContainEqual(expect.objectContaining({ type: "booking_cancelled_by_host", bookingId: booked.booking.id }));
    // Their listing left the site with them.
    expect((await request.get(`/estates/${listing.slug}`)).status()).toBe(404);
  });

  test("cancels a booking on behalf of the host through the booking machine", async ({ page, request }) => {
    test.setTimeout(90_000);
    const guest = await createUser(request);
    const bookingId = await bookSomething(request, guest);
    await signInByPost(page, OPERATOR);
    await page.goto(`/en/admin/bookings?q=${bookingId}`);
    await expect(page.getByTestId("booking-row")).toHaveCount(1);
    await page.getByTestId("booking-row").getByRole("link", { name: `#${bookingId}` }).click();
    await expect(page.getByTestId("admin-booking")).toHaveAttribute("data-status", "pending_payment");

    // The side not chosen: the message is beside it, the reason typed stays.
    await page.getByTestId("cancel-section").locator("textarea[name=reason]").fill("The host's house was flooded");
    await submitIn(page, "cancel-section");
    await expect(page.getByTestId("error-side-error")).toBeVisible();
    await expect(page.getByTestId("cancel-section").locator("textarea[name=reason]")).toHaveValue("The host's house was flooded");

    await page.getByTestId("cancel-section").locator('input[name="side"][value="host"]').check();
    await submitIn(page, "cancel-section");
    await expect(page.getByTestId("action-done")).toBeVisible();
    await expect(page.getByTestId("admin-booking")).toHaveAttribute("data-status", "cancelled_by_host");
    await expect(page.getByTestId("booking-timeline").locator('[data-status="cancelled_by_host"]')).toHaveAttribute("data-actor", "operator");
    await expect(page.getByTestId("cancel-section")).toContainText(message("en", "admin", "booking.cancel.not"));
  });
});

test.describe("the console's pages", () => {
  test("are accessible and fit a 360 px phone in ru, en and ky", { tag: "@js-only" }, async ({ page, request }) => {
    test.setTimeout(120_000);
    const guest = await createUser(request);
    const bookingId = await bookSomething(request, guest);
    await page.setViewportSize({ width: 360, height: 780 });
    await signInByPost(page, OPERATOR);
    for (const prefix of ["", "/en", "/ky"]) {
      for (const url of ["/admin", "/admin/users", `/admin/users/${guest.id}`, "/admin/bookings", `/admin/bookings/${bookingId}`, "/admin/audit"]) {
        const response = await page.goto(`${prefix}${url}`);
        expect(response?.status(), `${prefix}${url}`).toBe(200);
        await expect(page.getByTestId("admin-console")).toBeVisible();
        await page.waitForFunction(() => Object.keys(document.querySelector("h1") ?? {}).some((k) => k.startsWith("__reactProps")));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${prefix}${url} scrolls sideways`).toBeLessThanOrEqual(0);
        await expectAccessible(page, true);
        await page.screenshot({ path: `tests/.artifacts/screens/admin${prefix.replace("/", "-") || "-ru"}${url.replace(/\//g, "-")}.png`, fullPage: true });
      }
    }
  });
});
