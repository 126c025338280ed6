/**
 * The public content pages (articles, FAQ, terms, privacy) in ru, en and ky, with JavaScript on and
 * off: each answers 200 with its own title, description, canonical and hreflang links; the article
 * list pages through; robots.txt and the sitemaps name every public page by its full address.
 */
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { message } from "./support";
import { FAQ_ITEMS } from "../../api/seed/content/faq";

const LOCALES = ["ru", "en", "ky"] as const;
const prefix = (locale: string) => (locale === "ru" ? "" : `/${locale}`);

async function expectSeo(page: Page, path: string, locale: string) {
  const base = new URL(page.url()).origin;
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${base}${prefix(locale)}${path === "/" ? "" : path}` || `${base}/`);
  for (const l of LOCALES) await expect(page.locator(`link[rel="alternate"][hreflang="${l}"]`)).toHaveAttribute("href", `${base}${prefix(l)}${path}`);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${base}${path}`);
  expect((await page.locator('meta[name="description"]').getAttribute("content"))?.length ?? 0).toBeGreaterThan(40);
  // Exactly one h1, and the title is the page's own.
  await expect(page.locator("h1")).toHaveCount(1);
}

for (const locale of LOCALES) {
  test.describe(`content pages in ${locale}`, () => {
    test(`/articles lists articles, filters by section and pages through (${locale})`, async ({ page }) => {
      const response = await page.goto(`${prefix(locale)}/articles`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(message(locale, "content", "articles.meta.title"));
      await expectSeo(page, "/articles", locale);
      await expect(page.getByTestId("article-card")).toHaveCount(16);
      await page.screenshot({ path: `tests/.artifacts/screens/articles-${locale}.png`, fullPage: false });

      await page.getByTestId("next-page").click();
      await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/articles\\?page=2$`));
      await expect(page.getByTestId("article-card")).not.toHaveCount(0);
      await expect(page.getByTestId("next-page")).toHaveCount(0);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/articles\?page=2$/);

      await page.getByRole("link", { name: new RegExp(`^${message(locale, "content", "articles.types.tips")}`) }).click();
      await expect(page).toHaveURL(/\?type=tips$/);
      await expect(page.locator("h1")).toHaveText(message(locale, "content", "articles.types.tips"));
      const sections = await page.getByTestId("article-card").locator("p").first().allTextContents();
      expect(sections.every((s) => s === message(locale, "content", "articles.types.tips"))).toBe(true);
    });

    test(`an article has its cover, date, body, region estates and related articles (${locale})`, async ({ page }) => {
      const path = "/articles/guide/song-kul-night-in-a-yurt";
      const response = await page.goto(`${prefix(locale)}${path}`);
      expect(response?.status()).toBe(200);
      await expectSeo(page, path, locale);
      await expect(page).toHaveTitle(/Konok$/);
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/uploads\/demo\/yurts-2-800\.webp$/);
      const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as { "@type": string });
      expect(jsonLd.map((d) => d["@type"])).toEqual(expect.arrayContaining(["Article", "BreadcrumbList"]));
      await expect(page.getByTestId("article-body").locator("img").first()).toBeVisible();
      await expect(page.getByTestId("article-body").locator("time")).toBeVisible();
      await expect(page.getByTestId("translation-note")).toHaveCount(0);
      await expect(page.getByTestId("related-estates").locator("li")).not.toHaveCount(0);
      await expect(page.getByTestId("related-articles").locator("li")).toHaveCount(3);
      await page.screenshot({ path: `tests/.artifacts/screens/article-${locale}.png`, fullPage: true });
    });

    test(`/faq groups answers for guests and hosts, each reachable by its anchor (${locale})`, async ({ page }) => {
      const response = await page.goto(`${prefix(locale)}/faq#cancel`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(message(locale, "content", "faq.meta.title"));
      await expectSeo(page, "/faq", locale);
      await expect(page.getByRole("heading", { level: 2, name: message(locale, "content", "faq.guests") })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: message(locale, "content", "faq.hosts") })).toBeVisible();
      const answer = page.locator("details#cancel");
      await answer.locator("summary").click();
      await expect(answer.getByText(FAQ_ITEMS.find((item) => item.anchor === "cancel")!.answer[locale])).toBeVisible();
      await page.screenshot({ path: `tests/.artifacts/screens/faq-${locale}.png`, fullPage: true });
    });

    for (const kind of ["terms", "privacy"] as const) {
      test(`/${kind} shows the version in effect with its date (${locale})`, async ({ page }) => {
        const response = await page.goto(`${prefix(locale)}/${kind}`);
        expect(response?.status()).toBe(200);
        await expectSeo(page, `/${kind}`, locale);
        await expect(page.getByTestId("legal-version")).toContainText("1.0");
        if (kind === "privacy") await expect(page.getByRole("link", { name: message(locale, "content", "legal.deleteAccount") })).toHaveAttribute("href", `${prefix(locale)}/profile/delete`);
        await page.screenshot({ path: `tests/.artifacts/screens/${kind}-${locale}.png`, fullPage: false });
      });
    }
  });
}

test("an unknown article answers 404 and is not indexed", { tag: "@js-only" }, async ({ page }) => {
  const response = await page.goto("/en/articles/guide/no-such-article");
  expect(response?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});

test("robots.txt names the sitemap by its full URL; private addresses are kept out of the index by a noindex sign-in redirect", { tag: "@js-only" }, async ({ request, baseURL }) => {
  const text = await (await request.get("/robots.txt")).text();
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(text).toContain("Disallow: /api/\n");
  // A search engine only obeys a noindex it may fetch: private areas are not disallowed.
  expect(text).not.toMatch(/Disallow: \/(?:(?:en|ky)\/)?(profile|booking|host|chat|articles|estates|faq)\b/);
  // What a crawler gets for a private address, in every language: the sign-in, marked noindex.
  for (const path of ["/profile", "/booking?estateId=1", "/host/objects", "/chat", "/en/profile/booking", "/ky/host/calendar", "/en/host/objects/1/title", "/create"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"], path).toMatch(/\/login\?redirectTo=/);
    expect(response.headers()["x-robots-tag"], path).toBe("noindex");
  }
  // ...and each such sign-in page names the one sign-in page of its language as canonical.
  for (const [path, canonical] of [["/login?redirectTo=%2Fprofile", "/login"], ["/en/login?redirectTo=%2Fen%2Fhost%2Fobjects", "/en/login"]]) {
    expect(await (await request.get(path)).text(), path).toContain(`<link rel="canonical" href="${baseURL}${canonical}"/>`);
  }
  // The public pages themselves do not ask to stay out of the index.
  for (const path of ["/", "/estates", "/en/estates", "/ky/faq", "/en/articles", "/promo_raduga"]) {
    const response = await request.get(path);
    expect(response.headers()["x-robots-tag"], path).toBeUndefined();
    expect(await response.text(), path).not.toMatch(/<meta name="robots" content="noindex"/);
  }
});

test("the sitemap index names per-kind sitemaps that list estates, articles and static pages in three languages", { tag: "@js-only" }, async ({ request, baseURL }) => {
  const index = await (await request.get("/sitemap.xml")).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(files).toEqual([`${baseURL}/sitemaps/static.xml`, `${baseURL}/sitemaps/articles.xml`, `${baseURL}/sitemaps/estates-1.xml`]);
  const urls = async (file: string) => [...(await (await request.get(new URL(file).pathname)).text()).matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const statics = await urls(files[0]);
  for (const path of ["/faq", "/en/terms", "/ky/privacy", "/en/articles", "/promo_raduga"]) expect(statics).toContain(`${baseURL}${path}`);
  const articles = await urls(files[1]);
  expect(articles).toContain(`${baseURL}/ky/articles/guide/karakol-weekend`);
  const estatesXml = await (await request.get("/sitemaps/estates-1.xml")).text();
  expect(estatesXml).toMatch(/<image:loc>http[^<]+\.webp<\/image:loc>/);
  const estates = [...estatesXml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(estates.length).toBeGreaterThan(300);
  expect(estates.length).toBeLessThan(50_000);
  expect(estates.every((u) => u.startsWith(`${baseURL}/`) && u.includes("/estates/"))).toBe(true);
});
