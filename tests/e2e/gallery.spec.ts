/**
 * The estate page's photos: without JavaScript a snapping strip whose photos link to their own
 * pages in the site's frame; with it, a full-screen viewer whose code loads only when a photo is opened. And the page's
 * other lazily loaded code: the parts below the fold hydrate when they come near.
 */
import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { EstateCard, EstateDetail } from "../../contract/estate";
import { apiData, hydrated } from "./support";
import { axeOn } from "./axe";

const SHOTS = path.resolve("tests/.artifacts/screenshots");


/** A plain estate of the demo data with at least `photos` photos. */
async function estateWithPhotos(request: APIRequestContext, photos = 4): Promise<EstateDetail> {
  const { estates } = await apiData<{ estates: EstateCard[] }>(
    await request.post("/api/v1/guest/estate", { data: { priceFrom: 0, priceTo: 10_000_000, adultCount: 1, perPage: 100 } }),
  );
  for (const card of estates.filter((c) => c.photos.length >= Math.min(photos, 5))) {
    const { estate } = await apiData<{ estate: EstateDetail }>(await request.get(`/api/v1/guest/estate/${card.slug}`));
    if (estate.children.length === 0 && estate.photos.length >= photos) return estate;
  }
  throw new Error(`The demo data has no plain estate with ${photos} photos`);
}

const counter = (page: Page) => page.getByTestId("viewer-counter").locator("[aria-hidden]");

/** A horizontal swipe with a finger, as touch events (Chromium's DevTools protocol). */
async function swipe(page: Page, from: { x: number; y: number }, dx: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from.x, y: from.y }] });
  for (let i = 1; i <= 8; i++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: from.x + (dx * i) / 8, y: from.y + i }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

test.describe("estate gallery", () => {
  test("without JavaScript each photo of the strip opens its own page in the site's frame, with the next and previous a link away", async ({ page, request, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "with JavaScript a photo opens the viewer (next test)");
    const estate = await estateWithPhotos(request, 3);
    const count = estate.photos.length;
    await page.goto(`/estates/${estate.slug}`);
    const links = page.getByTestId("gallery-photo");
    await expect(links).toHaveCount(count);
    for (let i = 0; i < count; i++) await expect(links.nth(i)).toHaveAttribute("href", `/estates/${estate.slug}/photos/${i + 1}`);
    // The strip scrolls sideways and snaps photo by photo, with no script.
    const strip = page.getByTestId("gallery").locator("ul");
    await expect(strip).toHaveCSS("scroll-snap-type", "x mandatory");
    await expect(strip).toHaveCSS("overflow-x", "auto");

    // The second photo: a page of the site (its header and footer), not the bare .webp file.
    await links.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/estates/${estate.slug}/photos/2$`));
    expect(await page.evaluate(() => document.contentType)).toBe("text/html");
    await expect(page.locator("header").first()).toBeVisible();
    await expect(page.locator("footer").first()).toBeVisible();
    await expect(page.getByTestId("photo-page")).toHaveAttribute("data-index", "2");
    await expect(page.getByTestId("photo-counter")).toHaveText(`Фото 2 из ${count}`);
    const image = page.getByTestId("photo-page").locator("figure img");
    await expect(image).toHaveAttribute("srcset", estate.photos[1].srcset);
    await expect(image).toHaveAttribute("alt", estate.photos[1].alt || estate.title);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // On a phone the photo fits the screen's width.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    await page.getByTestId("photo-next").click();
    await expect(page.getByTestId("photo-page")).toHaveAttribute("data-index", "3");
    await page.getByTestId("photo-previous").click();
    await expect(page.getByTestId("photo-page")).toHaveAttribute("data-index", "2");
    await page.getByTestId("photo-back").click();
    await expect(page).toHaveURL(new RegExp(`/estates/${estate.slug}#photos$`));

    // In English too; a photo past the last is a page that does not exist.
    await page.goto(`/en/estates/${estate.slug}/photos/1`);
    await expect(page.getByTestId("photo-counter")).toHaveText(`Photo 1 of ${count}`);
    await expect(page.getByTestId("photo-previous")).toHaveCount(0);
    expect((await page.goto(`/estates/${estate.slug}/photos/${count + 1}`))?.status()).toBe(404);
    expect((await page.goto(`/estates/${estate.slug}/photos/0`))?.status()).toBe(404);
  });

  test("a photo's page: axe finds nothing serious, and it reads well at 360 px in ru, en and ky", { tag: "@js-only" }, async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "axe runs in the page");
    const estate = await estateWithPhotos(request, 2);
    await page.setViewportSize({ width: 360, height: 800 });
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const locale of ["ru", "en", "ky"]) {
      await page.goto(`${locale === "ru" ? "" : `/${locale}`}/estates/${estate.slug}/photos/2`);
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SHOTS, `estate-photo-${locale}.png`), fullPage: false });
    }
    const { violations } = await axeOn(page).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
  });

  test("with JavaScript a photo opens a full-screen viewer, loaded on demand, that arrows, keys and swipes move", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the viewer needs JavaScript; without it the photos are links (previous test)");
    const estate = await estateWithPhotos(request);
    const count = estate.photos.length;
    const chunks: string[] = [];
    page.on("request", (r) => {
      if (/\/build\/.*gallery-viewer[^/]*\.js$/.test(r.url())) chunks.push(r.url());
    });
    await page.goto(`/estates/${estate.slug}`);
    await page.waitForLoadState("networkidle");
    // The viewer is not part of the page's first load.
    expect(chunks).toEqual([]);

    const links = page.getByTestId("gallery-photo");
    await links.nth(1).click();
    const viewer = page.getByTestId("gallery-viewer");
    await expect(viewer).toBeVisible();
    expect(chunks).toHaveLength(1);
    await expect(viewer).toHaveJSProperty("open", true);
    await expect(counter(page)).toHaveText(`2 / ${count}`);
    // It covers the screen, and the focus is inside it, on the close button.
    const box = (await viewer.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.width).toBeGreaterThanOrEqual(viewport.width - 1);
    expect(box.height).toBeGreaterThanOrEqual(viewport.height - 1);
    await expect(page.getByTestId("viewer-close")).toBeFocused();

    // The large variants are offered, and the neighbours are already there.
    const image = page.getByTestId("viewer-image");
    await expect(image).toHaveAttribute("srcset", estate.photos[1].srcset);
    await expect(image).toHaveAttribute("alt", estate.photos[1].alt || estate.title);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const neighbours = viewer.locator("figure img");
    await expect(neighbours).toHaveCount(3);
    await expect.poll(() => neighbours.evaluateAll((imgs: HTMLImageElement[]) => imgs.every((img) => img.complete && img.naturalWidth > 0))).toBe(true);

    // Keys.
    await page.keyboard.press("ArrowRight");
    await expect(counter(page)).toHaveText(`3 / ${count}`);
    await expect(image).toHaveAttribute("srcset", estate.photos[2].srcset);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(counter(page)).toHaveText(`1 / ${count}`);
    // Not past the first photo.
    await page.keyboard.press("ArrowLeft");
    await expect(counter(page)).toHaveText(`1 / ${count}`);
    await page.keyboard.press("End");
    await expect(counter(page)).toHaveText(`${count} / ${count}`);
    await page.keyboard.press("Home");
    await expect(counter(page)).toHaveText(`1 / ${count}`);

    // Buttons.
    await page.getByTestId("viewer-next").click();
    await expect(counter(page)).toHaveText(`2 / ${count}`);
    await page.getByTestId("viewer-previous").click();
    await expect(counter(page)).toHaveText(`1 / ${count}`);

    // A mouse drag to the left is a swipe to the next photo; a short one springs back.
    const stage = (await page.getByTestId("viewer-stage").boundingBox())!;
    const middle = { x: stage.x + stage.width / 2, y: stage.y + stage.height / 2 };
    await page.mouse.move(middle.x + 150, middle.y);
    await page.mouse.down();
    await page.mouse.move(middle.x - 150, middle.y, { steps: 10 });
    await page.mouse.up();
    await expect(counter(page)).toHaveText(`2 / ${count}`);
    await page.mouse.move(middle.x, middle.y);
    await page.mouse.down();
    await page.mouse.move(middle.x + 20, middle.y, { steps: 4 });
    await page.mouse.up();
    await page.waitForTimeout(400);
    await expect(counter(page)).toHaveText(`2 / ${count}`);

    // Escape closes it, and the focus is back on the strip's link of the photo last shown.
    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);
    await expect(links.nth(1)).toBeFocused();
    // Opening again needs no second download.
    await links.nth(0).click();
    await expect(counter(page)).toHaveText(`1 / ${count}`);
    await page.getByTestId("viewer-close").click();
    await expect(viewer).toHaveCount(0);
    expect(chunks).toHaveLength(1);
  });

  test("the viewer leaves no Forward entry: closing and Back return where the guest was, and Forward then does nothing", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the viewer needs JavaScript");
    const estate = await estateWithPhotos(request, 3);
    await page.goto("/faq");
    await page.goto(`/estates/${estate.slug}`);
    await hydrated(page);
    const estatePath = `/estates/${estate.slug}`;
    const pathOf = () => new URL(page.url()).pathname;
    const viewer = page.getByTestId("gallery-viewer");
    const lengthBefore = await page.evaluate(() => history.length);

    // Opened and closed three times, by the button, by Escape and by Back: one entry at most, reused.
    for (const close of ["button", "escape", "back"] as const) {
      await page.getByTestId("gallery-photo").nth(1).click();
      await expect(viewer).toBeVisible();
      if (close === "button") await page.getByTestId("viewer-close").click();
      else if (close === "escape") await page.keyboard.press("Escape");
      else await page.goBack();
      await expect(viewer).toHaveCount(0);
      expect(pathOf()).toBe(estatePath);
      expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(lengthBefore + 1);
    }

    // Forward has no effect: the viewer stays closed, the page stays.
    await page.goForward();
    await page.waitForTimeout(500);
    await expect(viewer).toHaveCount(0);
    expect(pathOf()).toBe(estatePath);
    expect(await page.evaluate(() => (history.state as Record<string, unknown> | null)?.konokGalleryViewer)).toBeFalsy();

    // Back returns to where the guest was before the estate: one press, no dead entry on the way.
    await page.goBack();
    await expect(page.getByTestId("faq-page")).toBeVisible();
    // Forward again: the estate page, and from there Forward does nothing.
    await page.goForward();
    await expect(page.getByTestId("estate-title")).toHaveText(estate.title);
    // The page came back as a new document: a Forward pressed before its script runs lands on the
    // closed viewer's entry like any page's would (nothing is listening yet), so wait for it.
    await hydrated(page);
    await page.goForward();
    await page.waitForTimeout(500);
    await expect(viewer).toHaveCount(0);
    expect(pathOf()).toBe(estatePath);
    await page.goBack();
    await expect(page.getByTestId("faq-page")).toBeVisible();
  });

  test.describe("on a touch screen", () => {
    test.use({ hasTouch: true, viewport: { width: 360, height: 740 } });

    test("a finger swipes between photos, and Back closes the viewer without leaving or reloading the page", async ({ page, request, javaScriptEnabled }, testInfo) => {
      test.skip(!javaScriptEnabled, "the viewer needs JavaScript");
      const estate = await estateWithPhotos(request, 3);
      const count = estate.photos.length;
      await page.goto(`/estates/${estate.slug}?adultCount=2`);
      const url = page.url();
      await page.waitForLoadState("networkidle");
      const dataRequests: string[] = [];
      page.on("request", (r) => {
        // The page's own data; "stays nearby" loads its list once when it nears the screen
        // (nearby-stays.tsx), which on a busy machine can come after the network went quiet.
        if (r.url().includes(".data") && !r.url().includes("/nearby.data")) dataRequests.push(r.url());
      });

      await page.getByTestId("gallery-photo").first().tap();
      await expect(counter(page)).toHaveText(`1 / ${count}`);
      const stage = (await page.getByTestId("viewer-stage").boundingBox())!;
      const middle = { x: stage.x + stage.width / 2, y: stage.y + stage.height / 2 };
      await swipe(page, { x: middle.x + 120, y: middle.y }, -240);
      await expect(counter(page)).toHaveText(`2 / ${count}`);
      await swipe(page, { x: middle.x + 120, y: middle.y }, -240);
      await expect(counter(page)).toHaveText(`3 / ${count}`);
      await swipe(page, { x: middle.x - 120, y: middle.y }, 240);
      await expect(counter(page)).toHaveText(`2 / ${count}`);

      fs.mkdirSync(SHOTS, { recursive: true });
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(SHOTS, `viewer-${testInfo.project.name}-360.png`) });

      await page.goBack();
      await expect(page.getByTestId("gallery-viewer")).toHaveCount(0);
      await expect(page.getByTestId("estate-title")).toHaveText(estate.title);
      // Still this page (the viewer's entry leaves the gallery's #photos behind), no data reloaded.
      expect(page.url().replace(/#photos$/, "")).toBe(url);
      expect(dataRequests).toEqual([]);
    });
  });

  test("the parts below the fold load their code when they come near, and then navigate without a page load", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "about the JavaScript the page loads");
    await page.setViewportSize({ width: 360, height: 740 });
    const estate = await estateWithPhotos(request, 1);
    const chunks: string[] = [];
    page.on("request", (r) => {
      if (/\/build\/.*below-the-fold[^/]*\.js$/.test(r.url())) chunks.push(r.url());
    });
    await page.goto(`/estates/${estate.slug}`);
    await page.waitForLoadState("networkidle");
    expect(chunks).toEqual([]);

    const calendar = page.getByTestId("calendar");
    await calendar.scrollIntoViewIfNeeded();
    await expect.poll(() => chunks.length).toBe(1);
    // Hydrated (React has taken the server's HTML over): the month arrow is now a client-side
    // navigation, a data request and no new document.
    await expect.poll(() => calendar.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber")))).toBe(true);
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(r.url());
    });
    const month = await calendar.getAttribute("data-month");
    await page.getByTestId("calendar-next").click();
    await expect(calendar).not.toHaveAttribute("data-month", month!);
    expect(documents).toEqual([]);
  });
});
