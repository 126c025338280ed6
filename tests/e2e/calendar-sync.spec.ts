/**
 * Calendar sync on /host/calendar, with JavaScript on and off: the object's feed address (served
 * as text/calendar, replaced by "make a new address", the old one then 404), an Airbnb-shaped
 * calendar added from a local HTTP server whose nights the calendar shows closed with their source
 * and the search leaves out, "sync now" after the source freed them, a refused feed's reason,
 * a bad address's message next to its field with what was typed kept, and removal.
 */
import type { APIRequestContext } from "@playwright/test";
import type { EstateCard } from "../../contract/estate";
import { expect, test } from "./fixtures";
import { DEMO_HOST, demoHostRequestStay, expectAccessible, openHostPage, signInAsHost, tokenOf } from "./host-support";
import { addDays, apiData } from "./support";
import { airbnbFeed, startFeedServer } from "../support/ical-feeds";

async function searchIds(request: APIRequestContext, estate: { lat: number; lng: number }, checkInDate: string, checkOutDate: string) {
  const box = { topRight: { lat: estate.lat + 0.0005, lng: estate.lng + 0.0005 }, leftBottom: { lat: estate.lat - 0.0005, lng: estate.lng - 0.0005 } };
  const { estates } = await apiData<{ estates: EstateCard[] }>(
    await request.post("/api/v1/guest/estate", { data: { ...box, checkInDate, checkOutDate, adultCount: 1, perPage: 100, priceFrom: 0, priceTo: 10_000_000 } }),
  );
  return estates.map((e) => e.id);
}

test.describe("calendar sync", () => {
  test.describe.configure({ timeout: 180_000 });

  test("imports an Airbnb calendar, frees its nights on sync, shows a refusal, renews the feed address", async ({ page, request }, testInfo) => {
    const js = testInfo.project.name === "js";
    const feeds = await startFeedServer();
    try {
      const hostToken = (await tokenOf(request, DEMO_HOST)).token;
      const stay = await demoHostRequestStay(request, hostToken, 3);
      const { estate, checkInDate: start, checkOutDate: end } = stay;
      const feedPath = `/airbnb-${estate.id}-${testInfo.project.name}.ics`;
      feeds.set(feedPath, { body: airbnbFeed([{ start, end }]) });

      await signInAsHost(page);
      const month = start.slice(0, 7);
      await openHostPage(page, `/host/calendar?estate=${estate.id}&month=${month}`);
      const sync = page.getByTestId("calendar-sync");
      await expect(sync).toBeVisible();

      // The feed: an absolute address this site serves as iCalendar.
      const feedUrl = await page.getByTestId("feed-url").inputValue();
      expect(feedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/calendar\/[A-Za-z0-9_-]+\.ics$/);
      const feed = await request.get(feedUrl);
      expect(feed.status()).toBe(200);
      expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      expect(await feed.text()).toContain("BEGIN:VCALENDAR");

      // A bad address: the reason next to the field, the name typed kept.
      await sync.locator('input[name="name"]').fill("Airbnb");
      await sync.locator('input[name="url"]').fill("ftp://example.com/calendar.ics");
      await page.getByTestId("add-import").click();
      await expect(page.locator("#import-url-error")).toBeVisible({ timeout: 30_000 });
      await expect(sync.locator('input[name="name"]')).toHaveValue("Airbnb");
      await expect(sync.locator('input[name="url"]')).toHaveValue("ftp://example.com/calendar.ics");

      await sync.locator('input[name="url"]').fill(feeds.url(feedPath));
      await page.getByTestId("add-import").click();
      await expect(page.getByTestId("result-notice")).toBeVisible({ timeout: 30_000 });
      const item = page.getByTestId("import").filter({ hasText: feeds.url(feedPath) });
      await expect(item).toContainText("Airbnb");
      for (const d of [start, addDays(start, 1), addDays(start, 2)]) {
        const night = page.locator(`[data-testid="night"][data-date="${d}"]`);
        await expect(night).toHaveAttribute("data-state", "blocked");
        await expect(night).toHaveAttribute("data-source", "Airbnb");
      }
      await expect(page.locator(`[data-testid="night"][data-date="${end}"]`)).not.toHaveAttribute("data-source", "Airbnb");
      expect(await searchIds(request, estate, start, end)).not.toContain(estate.id);
      await expectAccessible(page, js);

      // The source refuses: the reason shows and the nights stay closed.
      feeds.set(feedPath, { body: "<!doctype html><title>Sign in</title>" });
      await item.getByTestId("sync-now").click();
      await expect(item.getByTestId("import-error")).toContainText(/iCalendar/, { timeout: 30_000 });
      await expect(page.locator(`[data-testid="night"][data-date="${start}"]`)).toHaveAttribute("data-state", "blocked");

      // Airbnb's guest cancelled: "sync now" opens the nights.
      feeds.set(feedPath, { body: airbnbFeed([]) });
      await item.getByTestId("sync-now").click();
      await expect(item.getByTestId("import-error")).toHaveCount(0, { timeout: 30_000 });
      await expect(page.locator(`[data-testid="night"][data-date="${start}"]`)).toHaveAttribute("data-state", "free");
      expect(await searchIds(request, estate, start, end)).toContain(estate.id);

      // A new address: the old one stops answering.
      await page.getByTestId("renew-feed").click();
      await expect(page.getByTestId("feed-url")).not.toHaveValue(feedUrl, { timeout: 30_000 });
      expect((await request.get(feedUrl)).status()).toBe(404);
      expect((await request.get(await page.getByTestId("feed-url").inputValue())).status()).toBe(200);

      await item.getByTestId("remove-import").click();
      await expect(item).toHaveCount(0, { timeout: 30_000 });
    } finally {
      await feeds.close();
    }
  });

  test("copies the feed address @js-only", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInAsHost(page);
    await openHostPage(page, "/host/calendar");
    const copy = page.getByTestId("copy-feed");
    await expect(copy).toBeVisible();
    await copy.click();
    await expect(page.getByTestId("copy-status")).toHaveText("Адрес скопирован");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.getByTestId("feed-url").inputValue());
  });
});
