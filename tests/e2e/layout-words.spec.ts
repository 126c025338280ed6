/**
 * Layout and words at a phone's width (issue 27): the estate page's host block and price bar,
 * /privacy, the host's deadline line and the month labels in ru, en and ky, measured in the
 * browser at 360 px (and 320 px where the width is the point); the guests' cancellation reasons
 * without a grammatical gender. Screens that only show things run once, with JavaScript on.
 */
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import type { Booking, CancelReasonsResponse } from "../../contract/booking";
import type { EstateCard } from "../../contract/estate";
import { createUser, expect, readyForScreenshot, signInByPost, test } from "./fixtures";
import { DEMO_HOST, bearer, demoHostRequestStay, expectAccessible, openHostPage, signInAsHost, tokenOf } from "./host-support";
import { apiData } from "./support";

const SHOTS = path.resolve("tests/.artifacts/screenshots/layout");
const LOCALES = ["ru", "en", "ky"] as const;
const prefix = (locale: string) => (locale === "ru" ? "" : `/${locale}`);

/** The month labels as each language writes them, spelled out here rather than taken from the app. */
const RU_MONTHS = ["январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь", "декабрь"];
const KY_MONTHS = ["январы", "февралы", "марты", "апрели", "майы", "июну", "июлу", "августу", "сентябры", "октябры", "ноябры", "декабры"];
const EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
function monthLabel(month: string, locale: string): string {
  const [y, m] = month.split("-").map(Number);
  if (locale === "ky") return `${y}-жылдын ${KY_MONTHS[m - 1]}`;
  if (locale === "en") return `${EN_MONTHS[m - 1]} ${y}`;
  const name = RU_MONTHS[m - 1];
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${y}`;
}

/** The text as it shows, CSS text-transform included (`textContent` would hide "Г."). */
const shown = (locator: Locator) => locator.evaluate((el: HTMLElement) => el.innerText.trim());

/** Whether the page scrolls sideways. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe("layout and words at 360 px", () => {
  test.describe.configure({ timeout: 150_000 });
  test.use({ viewport: { width: 360, height: 800 } });

  test("the estate page's host block keeps its words on a line, and the price bar's '/ night' is not covered", { tag: "@js-only" }, async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "a layout: measured once");
    const { estates } = await apiData<{ estates: EstateCard[] }>(await request.post("/api/v1/guest/estate", { data: { perPage: 20, priceFrom: 0, priceTo: 10_000_000, adultCount: 1 } }));
    const estate = estates.find((e) => e.photos.length > 0)!;
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const locale of LOCALES) {
      await page.goto(`${prefix(locale)}/estates/${estate.slug}`);
      await readyForScreenshot(page);
      const name = page.getByTestId("host-name");
      // "Хозяин — Улан" on one line (it was one word a line, 64 px wide, beside the button).
      const lineHeight = await name.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect((await name.boundingBox())!.height, locale).toBeLessThan(lineHeight * 1.5);
      expect((await name.boundingBox())!.width, locale).toBeGreaterThan(120);
      const button = page.getByTestId("contact-host");
      const block = page.getByTestId("host-block");
      expect((await button.boundingBox())!.x + (await button.boundingBox())!.width, locale).toBeLessThanOrEqual((await block.boundingBox())!.x + (await block.boundingBox())!.width + 0.5);

      // The sticky bar: the price text ends before the button starts, and is not clipped.
      const bar = page.getByTestId("mobile-bar");
      const text = bar.locator("p").first();
      const textRight = await text.evaluate((p) => {
        const range = document.createRange();
        range.selectNodeContents(p);
        return Math.max(...[...range.getClientRects()].map((r) => r.right));
      });
      const barButton = bar.locator(".btn-primary");
      expect(textRight, `${locale}: "${await text.textContent()}"`).toBeLessThanOrEqual((await barButton.boundingBox())!.x + 0.5);
      expect(await text.evaluate((p) => p.scrollWidth - p.clientWidth), locale).toBeLessThanOrEqual(0);
      expect(await sideways(page), locale).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SHOTS, `estate-${locale}.png`), fullPage: false });
      await bar.scrollIntoViewIfNeeded();
      await page.getByTestId("host-block").scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `estate-host-${locale}.png`), fullPage: false });
    }
    await expectAccessible(page, true);
  });

  test("/privacy does not scroll sideways at 360 or 320 px", { tag: "@js-only" }, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "a layout: measured once");
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 800 });
      for (const locale of LOCALES) {
        await page.goto(`${prefix(locale)}/privacy`);
        await expect(page.getByTestId("privacy-page")).toBeVisible();
        expect(await sideways(page), `${locale} at ${width} px`).toBeLessThanOrEqual(0);
        const heading = page.locator("h1");
        expect(await heading.evaluate((h) => h.scrollWidth - h.clientWidth), `${locale} at ${width} px`).toBeLessThanOrEqual(0);
        if (width === 360) await page.screenshot({ path: path.join(SHOTS, `privacy-${locale}.png`), fullPage: false });
      }
    }
    await expectAccessible(page, true);
  });

  test("the host's answer-by line and its countdown stay inside the card", { tag: "@js-only" }, async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "the countdown ticks with JavaScript only");
    const hostToken = (await tokenOf(request, DEMO_HOST)).token;
    const stay = await demoHostRequestStay(request, hostToken);
    const guest = await createUser(request, { firstName: "Айпери" });
    const made = await request.post("/api/v1/booking", {
      data: { estateId: stay.estate.id, checkInDate: stay.checkInDate, checkOutDate: stay.checkOutDate, adultCount: 1 },
      headers: bearer((await tokenOf(request, guest)).token),
    });
    expect(made.status(), await made.text()).toBe(201);
    const booking = ((await made.json()) as { data: { booking: Booking } }).data.booking;
    await signInAsHost(page);
    for (const locale of LOCALES) {
      for (const url of [`${prefix(locale)}/host/booking/${booking.id}`, `${prefix(locale)}/host/booking?tab=requests`]) {
        await openHostPage(page, url);
        const deadline = url.includes("tab=") ? page.locator(`[data-testid="host-booking-card"][data-booking-id="${booking.id}"] [data-testid="deadline"]`) : page.getByTestId("deadline").first();
        await expect(deadline.getByTestId("countdown")).toBeVisible();
        const overflow = await deadline.evaluate((el) => {
          const card = (el.closest("section, a") as HTMLElement).getBoundingClientRect();
          return Math.max(...[...el.getClientRects()].map((r) => r.right)) - card.right;
        });
        expect(overflow, `${url}: ${await deadline.textContent()}`).toBeLessThanOrEqual(0);
        expect(await sideways(page), url).toBeLessThanOrEqual(0);
      }
      await page.screenshot({ path: path.join(SHOTS, `host-requests-${locale}.png`), fullPage: false });
    }
  });

  test("month labels of the host's calendar and earnings read 'Январь 2027', 'January 2027', '2027-жылдын январы'", { tag: "@js-only" }, async ({ page }, testInfo) => {
    await signInAsHost(page);
    for (const locale of LOCALES) {
      await openHostPage(page, `${prefix(locale)}/host/calendar`);
      const month = page.getByTestId("calendar-month").first();
      const value = (await month.getAttribute("data-month"))!;
      expect(await shown(month.locator("h2")), locale).toBe(monthLabel(value, locale));
      await expect(month).toHaveAttribute("aria-label", monthLabel(value, locale));
      if (testInfo.project.name === "js") await page.screenshot({ path: path.join(SHOTS, `host-calendar-${locale}.png`), fullPage: false });

      await page.goto(`${prefix(locale)}/profile/transactions`);
      const rows = page.getByTestId("earnings-months").locator("li[data-month]");
      await expect(rows.first()).toBeVisible();
      for (const row of await rows.all()) {
        const key = (await row.getAttribute("data-month"))!;
        expect(await shown(row.locator("p").first().locator("span").first()), `${locale} ${key}`).toBe(monthLabel(key, locale));
      }
      if (testInfo.project.name === "js") await page.screenshot({ path: path.join(SHOTS, `earnings-${locale}.png`), fullPage: false });
    }
  });

  test("a guest's cancellation reasons are worded without a gender in Russian", { tag: "@js-only" }, async ({ page, request }) => {
    const guest = await createUser(request, { firstName: "Жаныл" });
    const token = (await tokenOf(request, guest)).token;
    const { reasons } = await apiData<CancelReasonsResponse>(await request.get("/api/v1/booking/cancel_reason?type=cancel", { headers: { ...bearer(token), "Accept-Language": "ru" } }));
    expect(reasons.length).toBeGreaterThan(2);
    // Masculine or feminine past tenses of the first person: "нашёл", "заболел", "нашла", "заболела".
    for (const reason of reasons) expect(reason.name, reason.name).not.toMatch(/(^|\s)(нашёл|нашел|нашла|заболел|заболела|решил|решила|передумал|передумала)(\s|$)/i);
    // And so on the booking page's form.
    const hostToken = (await tokenOf(request, DEMO_HOST)).token;
    const stay = await demoHostRequestStay(request, hostToken);
    const made = await request.post("/api/v1/booking", { data: { estateId: stay.estate.id, checkInDate: stay.checkInDate, checkOutDate: stay.checkOutDate, adultCount: 1 }, headers: bearer(token) });
    const booking = ((await made.json()) as { data: { booking: Booking } }).data.booking;
    await signInByPost(page, guest);
    await page.goto(`/profile/booking/${booking.id}?cancel`);
    const options = await page.getByTestId("cancel-form").locator("option, label").allTextContents();
    expect(options.join(" | ")).toContain("Нашёлся другой вариант");
    expect(options.join(" | ")).not.toMatch(/Заболел|Нашёл другой/);
  });

  test("without JavaScript the sort has its own button beside it, which re-sorts the list", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "with JavaScript choosing a sort reloads the list at once");
    await page.goto("/estates?location=Бишкек");
    const button = page.getByTestId("sort-submit");
    await expect(button).toBeVisible();
    await expect(button).toHaveText("Сортировать");
    // Beside the select, on the screen at 360 px.
    const select = (await page.locator("#sort").boundingBox())!;
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(Math.abs(box.y - select.y)).toBeLessThan(select.height * 2);
    await page.locator("#sort").selectOption("price_desc");
    await button.click();
    await page.waitForURL((u) => u.searchParams.get("orderBy") === "price_desc" && u.searchParams.get("location") === "Бишкек");
    await expect(page.locator("#sort")).toHaveValue("price_desc");
  });
});
