/**
 * `/deeplink` sends a phone to its store (the app is not installed in the test browser) and a
 * desktop to the page on the web, and never leaves Konok for a URL in the query; `/promo_raduga`
 * shows the running offer with its estates and dates. With JavaScript on and off.
 */
import { expect, test } from "./fixtures";
import { message } from "./support";

const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const STORES = /^https:\/\/(play\.google\.com|apps\.apple\.com|appgallery\.huawei\.com)\//;

test.describe("deeplink on a phone", () => {
  for (const [name, ua, store] of [
    ["Android", ANDROID, "https://play.google.com/store/apps/details?id=kg.konok.app"],
    ["iPhone", IPHONE, "https://apps.apple.com/kg/app/konok/id6400000000"],
  ] as const) {
    test(`${name} tries the app, then goes to its store`, async ({ browser }, testInfo) => {
      const context = await browser.newContext({ userAgent: ua, javaScriptEnabled: testInfo.project.name !== "no-js" });
      const page = await context.newPage();
      // No internet in tests: the store answers from here.
      await context.route(STORES, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>store</title>" }));
      const response = await page.goto("/en/deeplink?path=/estates");
      expect(response?.status()).toBe(200);
      await expect(page.getByTestId("open-app")).toHaveAttribute("href", "konok://estates");
      await expect(page.getByTestId("continue-web")).toHaveAttribute("href", "/en/estates");
      // The try of the app (konok://…) is a navigation the browser aborts; waitForURL can fail on
      // that abort when it lands just then, so the address is polled until it is the store's.
      await expect.poll(() => page.url(), { timeout: 10_000 }).toBe(store);
      await context.close();
    });
  }

  test("a URL in the query never leaves Konok", async ({ browser }, testInfo) => {
    const context = await browser.newContext({ userAgent: ANDROID, javaScriptEnabled: testInfo.project.name !== "no-js" });
    await context.route(STORES, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>store</title>" }));
    for (const evil of ["https://evil.example", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      // A page each: the previous one's timed move to the store must not cut this one short.
      const page = await context.newPage();
      await page.goto(`/deeplink?path=${encodeURIComponent(evil)}`);
      await expect(page.getByTestId("open-app")).toHaveAttribute("href", "konok://");
      await expect(page.getByTestId("continue-web")).toHaveAttribute("href", "/");
      await page.close();
    }
    await context.close();
  });
});

test.describe("deeplink on a desktop", () => {
  test("goes to the same page on the web, in the page's language", async ({ page }) => {
    await page.goto("/ky/deeplink?path=%2Farticles%3Ftype%3Dtips");
    await expect(page).toHaveURL(/\/ky\/articles\?type=tips$/);
    await expect(page.locator("h1")).toHaveText(message("ky", "content", "articles.types.tips"));
  });

  test("with a foreign URL or itself as the path, lands on the home page and does not loop", async ({ page, baseURL }) => {
    await page.goto("/deeplink?path=https%3A%2F%2Fevil.example%2F");
    expect(page.url()).toBe(`${baseURL}/`);
    const response = await page.goto("/en/deeplink?path=%2Fdeeplink%3Fpath%3D%2Fdeeplink");
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${baseURL}/en`);
  });
});

for (const locale of ["ru", "en", "ky"] as const) {
  test(`/promo_raduga shows the running offer, its dates, terms and estates (${locale})`, { tag: "@js-only" }, async ({ page, baseURL }) => {
    const prefix = locale === "ru" ? "" : `/${locale}`;
    const response = await page.goto(`${prefix}/promo_raduga`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("promo-page")).toHaveAttribute("data-status", "running");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${prefix}/promo_raduga`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${baseURL}/promo_raduga`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\.webp$/);
    await expect(page.getByTestId("promo-validity")).toBeVisible();
    await expect(page.getByRole("heading", { name: message(locale, "content", "promo.terms") })).toBeVisible();
    await expect(page.getByTestId("promo-estates").locator("li")).not.toHaveCount(0);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: `tests/.artifacts/screens/promo-${locale}.png`, fullPage: false });
  });
}
