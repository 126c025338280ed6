/**
 * Chat between a guest and a host, and live notifications: two people in two browser contexts.
 * With JavaScript off the conversation works by forms; with it on, messages, typing, read
 * receipts, unread counts and booking toasts arrive without a reload.
 */
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import type { EstateCard, EstateDetail } from "../../contract/estate";
import { expect as baseExpect, signInByPost, test, type TestUser } from "./fixtures";
import { addDays, realtimeSubscribed, todayInBishkek } from "./support";
import { axeOn } from "./axe";

/**
 * Two browsers and a server on a shared 2-core machine: a navigation can take seconds here, so
 * this file waits longer than the suite's 7 s before calling something missing.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.slow();

/** Signs in by posting the login form (the form has its own specs). */
const signIn = (page: Page, user: TestUser) => signInByPost(page, user);

const SHOTS = path.resolve("tests/.artifacts/screenshots/chat");
const DEMO_HOST: TestUser = { phone: "996700000002", national: "700000002", password: "konok-host-2026", firstName: "", id: 0 };
const someIp = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function apiData<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

async function tokenOf(request: APIRequestContext, user: TestUser) {
  const data = await apiData<{ token: string; userData: { id: number } }>(
    await request.post("/api/login", { data: { phoneNumber: user.phone, password: user.password }, headers: { "X-Forwarded-For": someIp() } }),
  );
  return data;
}

/** One of the demo host's plain estates, with request-mode booking when asked. */
async function hostEstate(request: APIRequestContext, hostId: number, instant?: boolean): Promise<EstateDetail> {
  const { estates } = await apiData<{ estates: EstateCard[] }>(
    await request.post("/api/v1/guest/estate", { data: { ...(instant === undefined ? {} : { isInstantConfirmation: instant }), perPage: 50, priceFrom: 0, priceTo: 10_000_000 } }),
  );
  for (const card of estates) {
    const { estate } = await apiData<{ estate: EstateDetail }>(await request.get(`/api/v1/guest/estate/${card.id}`));
    if (estate.host.id === hostId && estate.children.length === 0 && !estate.parent) return estate;
  }
  throw new Error("The demo host has no plain estate in the first page");
}

async function hostPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, locale: "ru-RU", viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await signIn(page, DEMO_HOST);
  await page.goto("/");
  return page;
}

async function noSeriousA11yViolations(page: Page) {
  const results = await axeOn(page).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("chat", () => {
  test("a guest asks the host from the estate page, the host answers; both by forms", async ({ page, browser, request, user: guest }, testInfo) => {
    await signIn(page, guest);
    const host = await tokenOf(request, DEMO_HOST);
    const estate = await hostEstate(request, host.userData.id);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/estates/${estate.slug}`);
    await page.getByTestId("contact-host").click();
    await expect(page).toHaveURL(/\/chat\/\d+$/);
    const chatId = Number(/\/chat\/(\d+)$/.exec(page.url())![1]);

    // Too long is refused next to the field, with the text kept.
    const question = `Можно заехать пораньше? Мой номер +996 555 12 34 56 (${testInfo.project.name})`;
    await page.getByTestId("chat-input").fill(question);
    await page.getByTestId("chat-send").click();
    const mine = page.getByTestId("chat-message").filter({ hasText: "Можно заехать пораньше?" });
    await expect(mine).toHaveCount(1);
    // The phone number is hidden until a booking is paid.
    await expect(mine).not.toContainText("555 12 34");
    await expect(mine).toContainText("•••");
    await expect(page.getByTestId("chat-input")).toHaveValue("");
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `guest-thread-${testInfo.project.name}.png`) });

    const hostTab = await hostPage(browser, testInfo.project.name === "js");
    await expect(hostTab.getByTestId("unread-messages")).toBeVisible();
    await hostTab.waitForLoadState("load");
    await hostTab.goto("/host/chat");
    const item = hostTab.getByTestId("chat-item").filter({ hasText: guest.firstName }).filter({ hasText: "Можно заехать пораньше?" });
    await expect(item.first()).toBeVisible();
    await expect(item.first().getByTestId("chat-unread")).toBeVisible();
    await hostTab.screenshot({ path: path.join(SHOTS, `host-list-${testInfo.project.name}.png`) });
    await hostTab.goto(`/host/chat/${chatId}`);
    await expect(hostTab.getByTestId("chat-with")).toHaveText(guest.firstName);
    await hostTab.getByTestId("chat-input").fill("Да, с 12:00. <b>Ждём!</b>");
    await hostTab.getByTestId("chat-send").click();
    await expect(hostTab.getByTestId("chat-message").filter({ hasText: "Да, с 12:00. <b>Ждём!</b>" })).toHaveCount(1);
    // Accessibility is checked once, with JavaScript on (the markup is the same without it).
    if (testInfo.project.name === "js") await noSeriousA11yViolations(hostTab);

    // The guest reads the answer (markup shown as text), and their question is marked read.
    await page.reload();
    await expect(page.getByTestId("chat-message").filter({ hasText: "<b>Ждём!</b>" })).toHaveCount(1);
    await expect(mine.getByTestId("receipt")).toContainText("Прочитано");
    if (testInfo.project.name === "js") await noSeriousA11yViolations(page);
    // The /messages alias and the profile entry lead to the same conversation.
    await page.goto(`/messages/${chatId}`);
    await expect(page).toHaveURL(new RegExp(`/chat/${chatId}$`));
    await page.goto("/profile/messages");
    await expect(page.getByTestId("chat-item").first()).toContainText(estate.title);
    await hostTab.context().close();
  });

  test("an empty message is refused next to the field", async ({ page, request, user: guest }) => {
    await signIn(page, guest);
    const host = await tokenOf(request, DEMO_HOST);
    const estate = await hostEstate(request, host.userData.id);
    await page.goto(`/estates/${estate.slug}`);
    await page.getByTestId("contact-host").click();
    await expect(page).toHaveURL(/\/chat\/\d+$/);
    // Spaces only: the browser's `required` lets them through, the server says why not.
    await page.getByTestId("chat-input").fill("   ");
    await page.getByTestId("chat-send").click();
    await expect(page.getByTestId("chat-error")).toHaveText("Напишите сообщение перед отправкой.");
  });

  test("live: the message, typing and the read receipt reach the other side without a reload", async ({ page, browser, request, user: guest }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "live updates need JavaScript");
    // Two signed-in browsers and pusher-js loading after idle: minutes on a busy shared machine.
    test.setTimeout(180_000);
    await signIn(page, guest);
    const host = await tokenOf(request, DEMO_HOST);
    const estate = await hostEstate(request, host.userData.id);
    await page.goto(`/estates/${estate.slug}`);
    await page.getByTestId("contact-host").click();
    await expect(page).toHaveURL(/\/chat\/\d+$/);
    const chatId = Number(/\/chat\/(\d+)$/.exec(page.url())![1]);

    // The host is elsewhere on the site: the count in the header and a toast tell them.
    const hostTab = await hostPage(browser, true);
    const hostListening = realtimeSubscribed(hostTab);
    await hostTab.goto("/estates");
    // The badge is absent at zero: count it rather than wait for it.
    const badge = hostTab.getByTestId("unread-messages");
    const before = (await badge.count()) ? Number(await badge.textContent()) : 0;
    await hostListening;
    await page.getByTestId("chat-input").fill("Здравствуйте! Есть парковка?");
    await page.getByTestId("chat-send").click();
    await expect(hostTab.getByTestId("toast-message")).toContainText("Есть парковка?");
    await expect(hostTab.getByTestId("unread-messages")).toHaveText(String(before + 1));
    await hostTab.screenshot({ path: path.join(SHOTS, "host-toast.png") });

    await hostTab.getByTestId("toast-message").getByRole("link").click();
    await expect(hostTab).toHaveURL(new RegExp(`/host/chat/${chatId}$`));
    await expect(hostTab.getByTestId("chat-message").filter({ hasText: "Есть парковка?" })).toHaveCount(1);
    // Opening it read it: the guest's receipt turns to "read" without a reload.
    await expect(page.getByTestId("chat-message").filter({ hasText: "Есть парковка?" }).getByTestId("receipt")).toContainText("Прочитано");

    await expect(hostTab.locator('[data-live="true"]')).toHaveCount(1);
    await hostTab.getByTestId("chat-input").pressSequentially("Да, во дворе");
    await expect(page.getByTestId("typing")).toContainText("печатает");
    await hostTab.getByTestId("chat-input").press("Enter");
    await expect(page.getByTestId("chat-message").filter({ hasText: "Да, во дворе" })).toHaveCount(1);
    await page.screenshot({ path: path.join(SHOTS, "guest-live.png") });
    void guest;
    await hostTab.context().close();
  });

  test("live: the host confirms a request and the guest's toast appears", async ({ page, request, user: guest }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "toasts need JavaScript");
    await signIn(page, guest);
    const host = await tokenOf(request, DEMO_HOST);
    const guestApi = await tokenOf(request, guest);
    const estate = await hostEstate(request, host.userData.id, false);
    let bookingId = 0;
    for (let attempt = 0; attempt < 6 && !bookingId; attempt++) {
      const checkInDate = addDays(todayInBishkek(), 150 + Math.floor(Math.random() * 330));
      const response = await request.post("/api/v1/booking", {
        data: { estateId: estate.id, checkInDate, checkOutDate: addDays(checkInDate, Math.max(2, estate.minNights)), adultCount: 1, childrenCount: 0 },
        headers: { Authorization: `Bearer ${guestApi.token}` },
      });
      if (response.status() === 201) bookingId = ((await response.json()) as { data: { booking: { id: number } } }).data.booking.id;
    }
    expect(bookingId).toBeGreaterThan(0);
    const listening = realtimeSubscribed(page);
    await page.goto("/");
    await listening;
    const confirmed = await request.post(`/api/v1/host/booking/${bookingId}/confirm`, { headers: { Authorization: `Bearer ${host.token}` } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    const toast = page.getByTestId("toast-notification");
    await expect(toast).toContainText("Бронирование подтверждено");
    await expect(page.getByTestId("menu-notifications").getByTestId("unread-notifications")).toHaveCount(1);
    await page.screenshot({ path: path.join(SHOTS, "guest-toast.png") });
    await toast.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/profile/booking/${bookingId}$`));
    // Toasts close by themselves after 5 s.
    await page.goto("/");
    await expect(page.getByTestId("toast-notification")).toHaveCount(0);
  });
});
