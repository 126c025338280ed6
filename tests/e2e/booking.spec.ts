/**
 * Booking as a guest does it, with JavaScript on and off: book an instant stay and pay in the
 * sandbox, request a stay the host confirms, cancel with a refund, a failed payment tried again,
 * dates taken meanwhile, too many guests, and someone else's booking. Each test makes its own
 * users and picks its own far-away dates on a randomly chosen demo estate, so tests never collide.
 */
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import type { Booking, Transaction } from "../../contract/booking";
import type { EstateCard, EstateDetail } from "../../contract/estate";
import { createUser, expect, readyForScreenshot, test, type TestUser } from "./fixtures";
import { todayInBishkek, addDays } from "./support";
import { axeOn } from "./axe";

type Messages = { [key: string]: string | Messages };
function message(locale: string, key: string, values: Record<string, string | number> = {}): string {
  const json = JSON.parse(fs.readFileSync(path.resolve("app/locales", locale, "booking.json"), "utf8")) as Messages;
  const found = key.split(".").reduce<string | Messages | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), json);
  if (typeof found !== "string") throw new Error(`No ${locale}/booking:${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

const SHOTS = path.resolve("tests/.artifacts/screenshots/booking");
const someIp = () => `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const digits = (text: string | null) => Number((text ?? "").replace(/\D/g, ""));

async function apiData<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

// ── Estates and stays ───────────────────────────────────────────────────────────────────────

type Stay = { estate: EstateDetail; checkInDate: string; checkOutDate: string; adultCount: number; childrenCount: number; total: number };

function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/**
 * A plain (not complex) estate of the wanted kind with two free nights (or its minimum) on random
 * far-away dates: 150–480 days ahead, inside the API's 500-day window.
 */
async function freeStay(request: APIRequestContext, instant: boolean, hostId?: number): Promise<Stay> {
  const { estates } = await apiData<{ estates: EstateCard[] }>(
    await request.post("/api/v1/guest/estate", { data: { isInstantConfirmation: instant, perPage: 50, priceFrom: 0, priceTo: 10_000_000, adultCount: 1 } }),
  );
  for (const card of shuffle(estates.filter((e) => e.isInstantConfirmation === instant && e.capacity >= 1))) {
    const { estate } = await apiData<{ estate: EstateDetail }>(await request.get(`/api/v1/guest/estate/${card.id}`));
    if (estate.children.length > 0 || estate.parent || (hostId !== undefined && estate.host.id !== hostId)) continue;
    const nights = Math.max(2, estate.minNights);
    if (nights > estate.maxNights) continue;
    for (let attempt = 0; attempt < 4; attempt++) {
      const checkInDate = addDays(todayInBishkek(), 150 + Math.floor(Math.random() * 330));
      const checkOutDate = addDays(checkInDate, nights);
      const query = { checkInDate, checkOutDate, adultCount: 1, childrenCount: 0 };
      const { estate: quoted } = await apiData<{ estate: EstateDetail }>(await request.get(`/api/v1/guest/estate/${estate.id}`, { params: query }));
      if (quoted.stay?.available) return { estate, ...query, total: quoted.stay.total };
    }
  }
  throw new Error(`No free ${instant ? "instant" : "request"} stay in the demo data`);
}

const bookingUrl = (stay: Stay, prefix = "", overrides: Partial<Record<"adultCount" | "childrenCount", number>> = {}) =>
  `${prefix}/booking?${new URLSearchParams({
    estateId: String(stay.estate.id),
    checkInDate: stay.checkInDate,
    checkOutDate: stay.checkOutDate,
    adultCount: String(overrides.adultCount ?? stay.adultCount),
    childrenCount: String(overrides.childrenCount ?? stay.childrenCount),
  })}`;

// ── The API, as the other side (host) or a second guest ─────────────────────────────────────

async function loginOf(request: APIRequestContext, phoneNumber: string, password: string): Promise<{ token: string; userData: { id: number } }> {
  const response = await request.post("/api/login", { data: { phoneNumber, password }, headers: { "X-Forwarded-For": someIp() } });
  return apiData<{ token: string; userData: { id: number } }>(response);
}
const tokenOf = async (request: APIRequestContext, phoneNumber: string, password: string) => (await loginOf(request, phoneNumber, password)).token;
/** The demo host: the seed's many hosts include this one account that tests can sign in as. */
const demoHost = (request: APIRequestContext) => loginOf(request, "996700000002", "konok-host-2026");
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function bookThroughApi(request: APIRequestContext, token: string, stay: Stay): Promise<Booking> {
  const response = await request.post("/api/v1/booking", {
    data: { estateId: stay.estate.id, checkInDate: stay.checkInDate, checkOutDate: stay.checkOutDate, adultCount: stay.adultCount, childrenCount: stay.childrenCount },
    headers: bearer(token),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { booking: Booking } }).data.booking;
}

/** Pays (or fails to pay) through the sandbox gateway without a browser. */
async function payThroughApi(request: APIRequestContext, token: string, bookingId: number, outcome: "Success" | "Cancelled" = "Success") {
  const { paymentUrl } = await apiData<{ paymentUrl: string }>(await request.post(`/api/v1/booking/${bookingId}/pay`, { headers: bearer(token) }));
  const gateway = await request.post(paymentUrl, { form: { outcome }, maxRedirects: 0 });
  expect(gateway.status()).toBe(303);
  const callback = await request.get(gateway.headers().location, { maxRedirects: 0 });
  expect(callback.status()).toBe(303);
}

async function bookingOf(request: APIRequestContext, token: string, id: number): Promise<Booking> {
  return (await apiData<{ booking: Booking }>(await request.get(`/api/v1/booking/${id}`, { headers: bearer(token) }))).booking;
}

const idFromUrl = (url: string) => Number(new URL(url).pathname.match(/\/profile\/booking\/(\d+)/)?.[1] ?? new URL(url).searchParams.get("bookingId"));

async function payInSandbox(page: Page, outcome: "pay" | "cancel" = "pay") {
  await expect(page).toHaveURL(/\/api\/sandbox\/pay\//);
  await page.getByTestId(`sandbox-${outcome}`).click();
}

test.describe("booking", () => {
  test.describe.configure({ timeout: 150_000 });

  test("an instant stay: Book on the estate page, pay in the sandbox, see it paid", async ({ page, request, signedIn: _user }) => {
    const stay = await freeStay(request, true);
    const estateUrl = `/estates/${stay.estate.slug}?${new URLSearchParams({ checkInDate: stay.checkInDate, checkOutDate: stay.checkOutDate, adultCount: "1", childrenCount: "0" })}`;
    await page.goto(estateUrl);
    await page.getByTestId("book-link").click();

    await expect(page).toHaveURL(/\/booking\?estateId=/);
    const checkout = page.getByTestId("checkout-page");
    await expect(checkout).toHaveAttribute("data-instant", "true");
    await expect(page.locator("h1")).toHaveText(message("ru", "checkout.titleInstant"));
    await expect(page.getByTestId("price-total")).toBeVisible();
    expect(digits(await page.getByTestId("price-total").textContent())).toBe(stay.total);
    await expect(page.getByTestId("checkout-policy")).toHaveAttribute("data-policy", stay.estate.cancellationPolicy);
    await expect(page.getByTestId("booking-mode")).toContainText(message("ru", "checkout.instantTitle"));
    await page.getByTestId("book-comment").fill("Приедем около шести вечера");
    await page.getByTestId("book-submit").click();

    // Straight on to the gateway, which shows the same amount.
    await expect(page).toHaveURL(/\/api\/sandbox\/pay\//);
    expect(digits(await page.getByTestId("sandbox-amount").textContent())).toBe(stay.total);
    await payInSandbox(page);

    await expect(page).toHaveURL(/\/booking\/success\?bookingId=\d+$/);
    const id = idFromUrl(page.url());
    await expect(page.getByTestId("success-page")).toHaveAttribute("data-status", "paid_waiting_checkin");
    await expect(page.locator("h1")).toHaveText(message("ru", "success.title"));
    await expect(page.getByTestId("next-steps")).toBeVisible();

    // The list opens on the upcoming tab and shows the trip as paid.
    await page.goto("/profile/booking?group=upcoming");
    const card = page.locator(`[data-testid="booking-card"][data-booking-id="${id}"]`);
    await expect(card).toHaveAttribute("data-status", "paid_waiting_checkin");
    await expect(card.getByTestId("booking-status")).toHaveText(message("ru", "status.paid_waiting_checkin.name"));
    expect(digits(await card.getByTestId("booking-total").textContent())).toBe(stay.total);
    await card.click();

    await expect(page).toHaveURL(new RegExp(`/profile/booking/${id}$`));
    await expect(page.getByTestId("booking-page")).toHaveAttribute("data-status", "paid_waiting_checkin");
    await expect(page.getByTestId("status-text")).toHaveText(message("ru", "status.paid_waiting_checkin.text"));
    await expect(page.getByTestId("timeline").locator("li")).toHaveCount(2);
    await expect(page.getByTestId("pay-button")).toHaveCount(0);
    await expect(page.getByText("Приедем около шести вечера")).toBeVisible();
    // The booking's conversation with the host opens from here.
    await page.getByTestId("message-host").click();
    await expect(page).toHaveURL(/\/chat\/\d+$/);
    await expect(page.getByTestId("chat-form")).toBeVisible();
  });

  test("a request: the host confirms, the guest pays from the booking page", async ({ page, request, signedIn: _user }) => {
    const host = await demoHost(request);
    const stay = await freeStay(request, false, host.userData.id);
    await page.goto(bookingUrl(stay));
    await expect(page.locator("h1")).toHaveText(message("ru", "checkout.titleRequest"));
    await expect(page.getByTestId("booking-mode")).toContainText(message("ru", "checkout.requestText"));
    await page.getByTestId("book-submit").click();

    await expect(page).toHaveURL(/\/profile\/booking\/\d+\?notice=requested$/);
    const id = idFromUrl(page.url());
    await expect(page.getByTestId("booking-notice")).toHaveText(message("ru", "notice.requested"));
    await expect(page.getByTestId("booking-page")).toHaveAttribute("data-status", "pending_confirmation");
    await expect(page.getByTestId("deadline")).toContainText(message("ru", "deadline.annulled_without_confirmation").split("{{")[0].trim());
    await expect(page.getByTestId("pay-button")).toHaveCount(0);

    const confirmed = await request.post(`/api/v1/host/booking/${id}/confirm`, { headers: bearer(host.token) });
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    await page.goto(`/profile/booking/${id}`);
    await expect(page.getByTestId("booking-page")).toHaveAttribute("data-status", "pending_payment");
    await expect(page.getByTestId("timeline").locator("li").last()).toHaveText(new RegExp(message("ru", "events.pending_payment_host")));
    await page.getByTestId("pay-button").click();
    await payInSandbox(page);

    await expect(page).toHaveURL(new RegExp(`/booking/success\\?bookingId=${id}$`));
    await expect(page.getByTestId("success-page")).toHaveAttribute("data-status", "paid_waiting_checkin");
    await page.getByTestId("open-booking").click();
    await expect(page.getByTestId("booking-page")).toHaveAttribute("data-status", "paid_waiting_checkin");
  });

  test("cancelling a paid stay with a reason: cancelled, refund shown in transactions", async ({ page, request, signedIn: user }) => {
    const stay = await freeStay(request, true);
    const token = await tokenOf(request, user.phone, user.password);
    const booking = await bookThroughApi(request, token, stay);
    await payThroughApi(request, token, booking.id);

    await page.goto(`/profile/booking/${booking.id}`);
    await expect(page.getByTestId("booking-page")).toHaveAttribute("data-status", "paid_waiting_checkin");
    const section = page.getByTestId("cancel-section");
    await section.locator("summary").click();
    // Far ahead, every rule gives the whole amount back.
    await expect(page.getByTestId("refund-preview")).toContainText(message("ru", "refund.full").split(":")[0]);
    expect(digits(await page.getByTestId("refund-preview").textContent())).toBe(stay.total);

    // No reason: said next to the field.
    await page.getByTestId("cancel-submit").click();
    await expect(page.locator('select[name="reasonId"]')).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(message("ru", "errors.reasonRequired"))).toBeVisible();

    await page.locator('select[name="reasonId"]').selectOption({ index: 1 });
    await page.locator('textarea[name="comment"]').fill("Поменялись планы");
    await page.getByTestId("cancel-submit").click();

    await expect(page).toHaveURL(new RegExp(`/profile/booking/${booking.id}\\?notice=cancelled$`));
    await expect(page.getByTestId("booking-page")).toHaveAttribute("data-status", "cancelled_by_guest");
    await expect(page.getByTestId("booking-status")).toHaveText(message("ru", "status.cancelled_by_guest.name"));
    await expect(page.getByTestId("cancel-reason")).toContainText("Поменялись планы");
    await expect(page.getByTestId("refund-done")).toHaveAttribute("data-amount", String(stay.total));

    await page.goto("/profile/transactions");
    const refund = page.locator(`[data-testid="transaction"][data-booking-id="${booking.id}"][data-kind="refund"]`);
    await expect(refund).toHaveAttribute("data-status", "Success");
    await expect(refund.getByTestId("transaction-amount")).toHaveText(/^\+/);
    expect(digits(await refund.getByTestId("transaction-amount").textContent())).toBe(stay.total);
    const payment = page.locator(`[data-testid="transaction"][data-booking-id="${booking.id}"][data-kind="payment"]`);
    await expect(payment.getByTestId("transaction-amount")).toHaveText(/^−/);

    const listed = (await apiData<{ items: Transaction[] }>(await request.get("/api/v1/transactions", { headers: bearer(token) }))).items;
    expect(listed.filter((t) => t.bookingId === booking.id).map((t) => t.kind).sort()).toEqual(["payment", "refund"]);
  });

  test("a failed payment: /booking/fail, try again, success", async ({ page, request, signedIn: user }) => {
    const stay = await freeStay(request, true);
    await page.goto(bookingUrl(stay));
    await page.getByTestId("book-submit").click();
    await payInSandbox(page, "cancel");

    await expect(page).toHaveURL(/\/booking\/fail\?bookingId=\d+$/);
    const id = idFromUrl(page.url());
    await expect(page.getByTestId("fail-page")).toHaveAttribute("data-status", "pending_payment");
    await expect(page.locator("h1")).toHaveText(message("ru", "fail.title"));
    await expect(page.getByTestId("deadline")).toBeVisible();
    await expect(page.getByTestId("cancel-link")).toHaveAttribute("href", `/profile/booking/${id}?cancel=1#cancel`);

    await page.getByTestId("pay-button").click();
    await payInSandbox(page);
    await expect(page).toHaveURL(new RegExp(`/booking/success\\?bookingId=${id}$`));
    await expect(page.getByTestId("success-page")).toHaveAttribute("data-status", "paid_waiting_checkin");

    const token = await tokenOf(request, user.phone, user.password);
    expect((await bookingOf(request, token, id)).status).toBe("paid_waiting_checkin");
  });

  test("dates another guest took meanwhile: the message is shown at the top, the comment kept", async ({ page, request, signedIn: _user }) => {
    const stay = await freeStay(request, true);
    await page.goto(bookingUrl(stay));
    await page.getByTestId("book-comment").fill("Мы с ребёнком");

    const other = await createUser(request);
    await bookThroughApi(request, await tokenOf(request, other.phone, other.password), stay);

    await page.getByTestId("book-submit").click();
    await expect(page.getByTestId("form-errors")).toContainText("Эти даты уже заняты");
    await expect(page.getByTestId("book-comment")).toHaveValue("Мы с ребёнком");
    await expect(page.getByTestId("stay-unavailable")).toHaveAttribute("data-reason", "booked");
    await expect(page.getByTestId("book-submit")).toHaveCount(0);
  });

  test("too many guests: said next to the guests field, nothing to submit; corrected, it books", async ({ page, request, signedIn: _user }) => {
    const stay = await freeStay(request, true);
    await page.goto(bookingUrl(stay, "/en", { adultCount: Math.min(stay.estate.capacity + 1, 30) }));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const adults = page.locator("#stay-adultCount");
    await expect(adults).toHaveAttribute("aria-invalid", "true");
    const describedBy = await adults.getAttribute("aria-describedby");
    const count = stay.estate.capacity;
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(message("en", count === 1 ? "errors.capacity_one" : "errors.capacity_other", { count }));
    await expect(page.getByTestId("book-submit")).toHaveCount(0);

    // Fewer guests, typed key by key as a person corrects a field: the price and the button are
    // back, and the booking goes through (issue 10: a refused form must be correctable).
    await adults.click();
    await adults.press("ControlOrMeta+a");
    await adults.pressSequentially("1", { delay: 20 });
    await expect(adults).toHaveValue("1");
    await page.getByTestId("requote").click();
    await expect(page.getByTestId("book-submit")).toBeVisible();
    await expect(adults).not.toHaveAttribute("aria-invalid", "true");
    await page.getByTestId("book-submit").click();
    await expect(page).toHaveURL(/\/api\/sandbox\/pay\//);
  });

  test("a paid trip shows the exact address, a map link and the host's phone; before payment only when they come", async ({ page, request, signedIn: user }, testInfo) => {
    const host = await demoHost(request);
    const stay = await freeStay(request, true, host.userData.id);
    const token = await tokenOf(request, user.phone, user.password);
    const booking = await bookThroughApi(request, token, stay);

    await page.goto(`/profile/booking/${booking.id}`);
    await expect(page.getByTestId("booking-page")).toHaveAttribute("data-status", "pending_payment");
    await expect(page.getByTestId("contact-after-payment")).toHaveText(message("ru", "contact.afterPayment"));
    await expect(page.getByTestId("stay-contact")).toHaveCount(0);

    await payThroughApi(request, token, booking.id);
    await page.goto(`/profile/booking/${booking.id}`);
    await expect(page.getByTestId("booking-page")).toHaveAttribute("data-status", "paid_waiting_checkin");
    await expect(page.getByTestId("contact-after-payment")).toHaveCount(0);
    const contact = page.getByTestId("stay-contact");
    await expect(contact.getByRole("heading")).toHaveText(message("ru", "contact.title"));
    await expect(contact.getByTestId("stay-address")).toContainText(stay.estate.address);
    const mapLink = contact.getByTestId("stay-map-link");
    await expect(mapLink).toHaveAttribute("href", new RegExp(`mlat=${stay.estate.lat.toFixed(5)}&mlon=${stay.estate.lng.toFixed(5)}`));
    await expect(contact.getByTestId("host-phone").getByRole("link")).toHaveAttribute("href", "tel:+996700000002");
    await expect(contact.getByTestId("host-phone")).toHaveText("+996 700 000 002");
    if (testInfo.project.name === "js") {
      const { violations } = await axeOn(page).analyze();
      expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
    }

    // The booking's chat no longer says numbers are hidden: they are not, from payment on.
    await page.getByTestId("message-host").click();
    await expect(page).toHaveURL(/\/chat\/\d+$/);
    await expect(page.getByTestId("chat-form")).toBeVisible();
    await expect(page.getByText(JSON.parse(fs.readFileSync(path.resolve("app/locales/ru/common.json"), "utf8")).chat.masked)).toHaveCount(0);
    await expect(page.locator("#chat-hint")).toHaveText(/^До \d+ символов\.$/);
  });

  test("someone else's booking is a page that does not exist", { tag: "@js-only" }, async ({ page, request, signedIn: _user }) => {
    const stay = await freeStay(request, false);
    const owner: TestUser = await createUser(request);
    const booking = await bookThroughApi(request, await tokenOf(request, owner.phone, owner.password), stay);

    for (const url of [`/profile/booking/${booking.id}`, `/booking/confirm?bookingId=${booking.id}`, `/booking/fail?bookingId=${booking.id}`, "/profile/booking/999999999"]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByTestId("error-page")).toBeVisible();
    }
  });

  test("a visitor is asked to sign in and comes back to the booking", async ({ page, request, user }) => {
    const stay = await freeStay(request, false);
    await page.goto(bookingUrl(stay));
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fbooking%3FestateId%3D/);
    await page.locator('input[name="phone"]').fill(user.national);
    await page.locator('input[name="password"]').fill(user.password);
    await page.locator('form[method="post"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/booking\?estateId=/);
    await expect(page.getByTestId("checkout-page")).toBeVisible();
  });

  test("screenshots at 360×800 in ru, en and ky", { tag: "@js-only" }, async ({ page, request, signedIn: user }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "one set of pictures is enough");
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 360, height: 800 });
    const token = await tokenOf(request, user.phone, user.password);
    const instant = await freeStay(request, true);
    const waiting = await bookThroughApi(request, token, await freeStay(request, false));
    const paid = await bookThroughApi(request, token, await freeStay(request, true));
    await payThroughApi(request, token, paid.id);
    const failed = await bookThroughApi(request, token, await freeStay(request, true));
    await payThroughApi(request, token, failed.id, "Cancelled");
    const cancelled = await bookThroughApi(request, token, await freeStay(request, true));
    await payThroughApi(request, token, cancelled.id);
    const { reasons } = await apiData<{ reasons: { id: number }[] }>(await request.get("/api/v1/booking/cancel_reason?type=cancel", { headers: bearer(token) }));
    expect((await request.post(`/api/v1/booking/${cancelled.id}/cancel`, { data: { reasonId: reasons[0].id, comment: "Планы изменились" }, headers: bearer(token) })).status()).toBe(200);

    // The pages must hydrate cleanly in every language (a mismatch makes React drop the server HTML).
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const locale of ["ru", "en", "ky"]) {
      const prefix = locale === "ru" ? "" : `/${locale}`;
      const shots: [string, string][] = [
        ["booking", bookingUrl(instant, prefix)],
        ["profile-booking", `${prefix}/profile/booking?group=waiting`],
        ["booking-waiting", `${prefix}/profile/booking/${waiting.id}`],
        ["booking-paid", `${prefix}/profile/booking/${paid.id}`],
        ["booking-cancelled", `${prefix}/profile/booking/${cancelled.id}`],
        ["booking-fail", `${prefix}/booking/fail?bookingId=${failed.id}`],
        ["transactions", `${prefix}/profile/transactions`],
      ];
      for (const [name, url] of shots) {
        await page.goto(url);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await readyForScreenshot(page);
        await page.screenshot({ path: path.join(SHOTS, `${name}-${locale}.png`), fullPage: true });
      }
    }
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
