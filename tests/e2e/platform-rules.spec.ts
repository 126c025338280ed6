/**
 * Behaviours around the pages: route rules redirect before any route (in every language), a newer
 * build makes the next navigation a full page load, and scrolling follows SPEC section 2.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { createUser, expect, test, type TestUser } from "./fixtures";
import { bearer, openHostPage, signInPatiently, tokenOf } from "./host-support";
import { apiData, hydrated } from "./support";

/** The demo operator (api/seed/demo.ts), who manages the redirects. */
const OPERATOR: TestUser = { phone: "996700000003", national: "700000003", password: "konok-operator-2026", firstName: "Нурлан", id: 0 };

test("a route rule redirects in every language and keeps the query", async ({ page, baseURL }) => {
  const response = await page.goto("/help");
  expect(response?.request().redirectedFrom()?.url()).toBe(`${baseURL}/help`);
  expect(page.url()).toBe(`${baseURL}/faq`);
  await page.goto("/en/blog?type=tips");
  expect(page.url()).toBe(`${baseURL}/en/articles?type=tips`);
  const raw = await page.request.get("/ky/raduga", { maxRedirects: 0 });
  expect(raw.status()).toBe(302);
  expect(raw.headers()["location"]).toBe("/ky/promo_raduga");
});

test("a route rule redirects a client-side navigation too: a Link to a rule's path lands on its target without a page load", async ({ page, request, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "client-side navigation needs JavaScript");
  test.setTimeout(120_000);
  // A path only this test's pages link to: a new host's own listing, which the host's list links
  // to with a Link. The operator then redirects that path, and the host clicks the link.
  const host = await createUser(request, { mode: "host" });
  const { object } = await apiData<{ object: { id: number } }>(await request.post("/api/v1/host/objects", { data: { kind: "simple" }, headers: bearer(host.token!) }));
  const from = `/host/objects/${object.id}`;
  const operator = bearer((await tokenOf(request, OPERATOR)).token);
  const { rule } = await apiData<{ rule: { id: number; editVersion: number } }>(await request.post("/api/v1/operator/route-rules", { data: { path: from, target: "/faq", status: 302 }, headers: operator }));
  try {
    await signInPatiently(page, host);
    for (const prefix of ["", "/en", "/ky"]) {
      await openHostPage(page, `${prefix}/host/objects`);
      await hydrated(page);
      await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
      const data = page.waitForResponse((r) => r.url().includes(`${from}.data`));
      await page.locator(`main a[href="${prefix}${from}"]`).first().click();
      expect((await data).status()).toBe(202);
      await expect(page).toHaveURL(`${baseURL}${prefix}/faq`);
      await expect(page.getByTestId("faq-page")).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
    }
  } finally {
    await request.post(`/api/v1/operator/route-rules/${rule.id}/delete`, { data: { editVersion: rule.editVersion }, headers: operator });
  }
});

test("with a newer build out, the next navigation is a full page load", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "a page without JavaScript loads every page in full anyway");
  await page.route("**/build/builds/latest.json*", (route) => route.fulfill({ contentType: "application/json", body: JSON.stringify({ id: "a-newer-build" }) }));
  await page.goto("/en/articles");
  await expect(page.locator("html")).toHaveAttribute("data-build-stale", "true");
  // A full load forgets what this document's window held; a client-side navigation keeps it.
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = "old document"));
  await page.getByRole("link", { name: "FAQ" }).first().click();
  await expect(page.getByTestId("faq-page")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
});

test("while the build is current, navigation stays client-side", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "client-side navigation needs JavaScript");
  const polled = page.waitForRequest(/\/build\/builds\/latest\.json\?t=\d+$/);
  await page.goto("/en/articles");
  await polled;
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
  await page.getByRole("link", { name: "FAQ" }).first().click();
  await expect(page.getByTestId("faq-page")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
  await expect(page.locator("html")).not.toHaveAttribute("data-build-stale", "true");
});

/**
 * A matcher of the FAQ page's route module, as this build's manifest names it (read from the
 * build: the page learns of routes only as it needs them).
 */
function faqModule(): (url: URL) => boolean {
  const manifest = fs.readdirSync("build/client/assets").find((f) => /^manifest-[0-9a-f]+\.js$/i.test(f))!;
  const text = fs.readFileSync(`build/client/assets/${manifest}`, "utf8");
  const module = /"routes\/\(\$lang\)\.faq":\{[^}]*"module":"([^"]+)"/.exec(text)![1];
  return (url) => decodeURIComponent(url.pathname) === module;
}

/** Counts full page loads (document requests) of `pathname`. */
function countDocuments(page: Page, pathname: string) {
  const loads: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document" && new URL(r.url()).pathname === pathname) loads.push(r.url());
  });
  return loads;
}

test.describe("a route module that fails to load (a deploy removed its chunk)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "client-side navigation needs JavaScript");

  test("the target page is loaded in full once, and works", async ({ page }) => {
    await page.goto("/en/articles");
    let blocked = 0;
    // Gone once: the full load brings a document whose page code loads.
    await page.route(faqModule(), (route) => (blocked++ === 0 ? route.fulfill({ status: 404, body: "gone" }) : route.continue()));
    const loads = countDocuments(page, "/en/faq");
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "old document"));
    await page.getByRole("link", { name: "FAQ" }).first().click();
    await expect(page.getByTestId("faq-page")).toBeVisible();
    await expect(page).toHaveURL(/\/en\/faq$/);
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
    await page.waitForTimeout(1500);
    expect(loads).toHaveLength(1);
    expect(blocked).toBe(2);
  });

  test("gone for good: one full load of the target, then the error page, never a loop", async ({ page }) => {
    await page.goto("/en/articles");
    await page.route(faqModule(), (route) => route.fulfill({ status: 404, body: "gone" }));
    const loads = countDocuments(page, "/en/faq");
    const articleLoads = countDocuments(page, "/en/articles");
    await page.getByRole("link", { name: "FAQ" }).first().click();
    // The one full load: the server's page shows, though its code cannot run.
    await expect(page).toHaveURL(/\/en\/faq$/);
    await expect(page.getByTestId("faq-page")).toBeVisible();
    await page.waitForTimeout(1500);
    expect(loads).toHaveLength(1);

    // Back on the list within 10 s, the same click fails again: no second load, no reload of the list.
    await page.goto("/en/articles");
    await hydrated(page);
    await page.getByRole("link", { name: "FAQ" }).first().click();
    await expect(page.getByTestId("faq-page")).toHaveCount(0);
    await page.waitForTimeout(2500);
    expect(loads).toHaveLength(1);
    expect(articleLoads).toHaveLength(1);
  });
});

test("latest.json names this build and is never cached", { tag: "@js-only" }, async ({ request }) => {
  const response = await request.get(`/build/builds/latest.json?t=${Date.now()}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-cache");
  expect((await response.json()) as { id: string }).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{8}$/) });
});

test("scrolls to the top on a new path and back where it was on Back", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "scroll handling of client-side navigation");
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto("/en/articles");
  await page.evaluate(() => window.scrollTo(0, 900));
  await page.waitForFunction(() => window.scrollY >= 800);
  await page.getByRole("link", { name: "FAQ" }).first().click();
  await expect(page.getByTestId("faq-page")).toBeVisible();
  await page.waitForFunction(() => window.scrollY === 0);
  await page.goBack();
  await expect(page.getByTestId("articles-page")).toBeVisible();
  await page.waitForFunction(() => window.scrollY >= 800);
});

test("scrolls to the hash target when only the hash changes", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "scroll handling of client-side navigation");
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto("/en/faq");
  // After hydration: an anchor added before it would be removed by React's first render.
  await hydrated(page);
  await page.evaluate(() => {
    const a = document.createElement("a");
    a.href = "#requests";
    a.id = "to-requests";
    a.textContent = "to requests";
    document.querySelector("h1")?.after(a);
  });
  await page.locator("#to-requests").click();
  await expect(page).toHaveURL(/#requests$/);
  await page.waitForFunction(() => window.scrollY > 0 && Math.abs(document.getElementById("requests")!.getBoundingClientRect().top) < 120);
});
