/**
 * Issue 27: a message sent while offline is not lost (the page stays, the message is marked "not
 * sent" and goes out when the connection is back, even after a reload); the guest's open booking
 * page follows its booking's live events; a conversation on a phone keeps its composer at the
 * bottom without the site's footer, and the list shows whole names.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import type { EstateCard, EstateDetail } from "../../contract/estate";
import { expect as baseExpect, signInByPost, test } from "./fixtures";
import { DEMO_HOST, tokenOf, bearer } from "./host-support";
import { addDays, apiData, hydrated, message, realtimeSubscribed, todayInBishkek } from "./support";

const expect = baseExpect.configure({ timeout: 20_000 });
test.slow();

/** One of the demo host's plain estates (request-mode when asked). */
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

async function openChat(page: Page, request: APIRequestContext) {
  const host = await tokenOf(request, DEMO_HOST);
  const estate = await hostEstate(request, host.userData.id);
  await page.goto(`/estates/${estate.slug}`);
  await page.getByTestId("contact-host").click();
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  await hydrated(page, '[data-testid="chat-input"]');
  return { host, chatId: Number(/\/chat\/(\d+)$/.exec(page.url())![1]) };
}

test("a message sent offline stays on the page as 'not sent' and goes out when the connection is back @js-only", async ({ page, request, signedIn }) => {
  test.skip(test.info().project.name !== "js", "without JavaScript the browser itself shows its offline page");
  expect(signedIn.id).toBeGreaterThan(0);
  await page.setViewportSize({ width: 360, height: 740 });
  const { host, chatId } = await openChat(page, request);

  await page.context().setOffline(true);
  await page.getByTestId("chat-input").fill("Можно заехать пораньше?");
  await page.getByTestId("chat-send").click();
  const unsent = page.getByTestId("chat-unsent");
  await expect(unsent).toContainText("Можно заехать пораньше?");
  await expect(unsent).toContainText(message("ru", "common", "chat.notSent"));
  // The page is still the conversation, not the error page; the composer is free for the next one.
  await expect(page.getByTestId("chat-form")).toBeVisible();
  await expect(page.getByTestId("chat-input")).toHaveValue("");
  await page.getByTestId("chat-retry").click();
  await expect(unsent).toContainText(message("ru", "common", "chat.notSent"));
  await page.screenshot({ path: "tests/.artifacts/chat-offline-ru.png" });

  // Back online: it goes out by itself, once.
  await page.context().setOffline(false);
  await expect(page.getByTestId("chat-message").filter({ hasText: "Можно заехать пораньше?" })).toHaveCount(1);
  await expect(unsent).toHaveCount(0);
  const thread = await apiData<{ messages: { body: string }[] }>(await request.get(`/api/v1/chat/${chatId}`, { headers: bearer(host.token) }));
  expect(thread.messages.filter((m) => m.body === "Можно заехать пораньше?")).toHaveLength(1);

  // Unsent when the page is closed: kept in this browser and sent when the conversation opens again.
  await page.context().setOffline(true);
  await page.getByTestId("chat-input").fill("А парковка есть?");
  await page.getByTestId("chat-send").click();
  await expect(unsent).toContainText("А парковка есть?");
  await page.context().setOffline(false);
  await page.goto("/");
  // (It may already have gone out on the 'online' event; either way it is there once.)
  await page.goto(`/chat/${chatId}`);
  await expect(page.getByTestId("chat-message").filter({ hasText: "А парковка есть?" })).toHaveCount(1);
  await expect(unsent).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("chat-message").filter({ hasText: "А парковка есть?" })).toHaveCount(1);
});

test("on a phone a conversation ends with its composer, no footer below; the list shows whole names", async ({ page, request, signedIn }) => {
  expect(signedIn.id).toBeGreaterThan(0);
  await page.setViewportSize({ width: 360, height: 740 });
  await openChat(page, request);
  await expect(page.locator("footer")).toBeHidden();
  await page.getByTestId("chat-input").fill("Здравствуйте!");
  await page.getByTestId("chat-send").click();
  await expect(page.getByTestId("chat-message").filter({ hasText: "Здравствуйте!" })).toHaveCount(1);
  // The composer's bottom is the page's bottom.
  const gap = await page.evaluate(() => document.documentElement.scrollHeight - (document.querySelector('[data-testid="chat-form"]')!.getBoundingClientRect().bottom + window.scrollY));
  expect(gap).toBeLessThan(40);
  await page.screenshot({ path: "tests/.artifacts/chat-thread-360.png", fullPage: true });

  await page.goto("/chat");
  const name = page.getByTestId("chat-item-name").first();
  // Not cut with an ellipsis: the element shows all of its text.
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await expect(name).not.toHaveCSS("text-overflow", "ellipsis");
  await expect(page.locator("footer")).toBeVisible();
});

test("the guest's open booking page turns to confirmed when the host confirms, without a reload @js-only", async ({ page, request, signedIn: guest }) => {
  test.skip(test.info().project.name !== "js", "live updates need JavaScript");
  await signInByPost(page, guest);
  const host = await tokenOf(request, DEMO_HOST);
  const estate = await hostEstate(request, host.userData.id, false);
  let bookingId = 0;
  for (let attempt = 0; attempt < 6 && !bookingId; attempt++) {
    const checkInDate = addDays(todayInBishkek(), 150 + Math.floor(Math.random() * 330));
    const response = await request.post("/api/v1/booking", {
      data: { estateId: estate.id, checkInDate, checkOutDate: addDays(checkInDate, Math.max(2, estate.minNights)), adultCount: 1, childrenCount: 0 },
      headers: bearer(guest.token!),
    });
    if (response.status() === 201) bookingId = ((await response.json()) as { data: { booking: { id: number } } }).data.booking.id;
  }
  expect(bookingId).toBeGreaterThan(0);
  const listening = realtimeSubscribed(page);
  await page.goto(`/profile/booking/${bookingId}`);
  await listening;
  const before = await page.getByTestId("booking-page").getAttribute("data-status");
  expect(before).not.toBe("confirmed");
  const confirmed = await request.post(`/api/v1/host/booking/${bookingId}/confirm`, { headers: bearer(host.token) });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await expect(page.getByTestId("toast-notification")).toBeVisible();
  await expect(page.getByTestId("booking-page")).not.toHaveAttribute("data-status", before ?? "");
  await expect(page.getByTestId("pay-form")).toBeVisible();
});
