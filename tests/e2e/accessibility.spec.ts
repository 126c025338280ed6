/**
 * axe (WCAG 2.2 AA) on the pages a guest meets first, at phone width, in the three languages:
 * no serious or critical finding. axe runs in the page, so with JavaScript on only; the host,
 * wizard and chat specs run it on their own pages.
 */
import type { EstateCard } from "../../contract/estate";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiData } from "./support";
import { axeOn, WCAG_AA } from "./axe";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs in the page");
test.use({ viewport: { width: 360, height: 800 } });

for (const prefix of ["", "/en", "/ky"]) {
  test(`home, search, an estate page and its stays nearby, sign-in and the content pages have no serious axe finding (${prefix || "/ru"})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const { estates } = await apiData<{ estates: EstateCard[] }>(await request.post("/api/v1/guest/estate", { data: { perPage: 3 } }));
    const paths = ["/", "/estates", `/estates/${estates[0].slug}`, `/estates/${estates[0].slug}/nearby`, "/login", "/register", "/articles", "/faq", "/app"];
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(`${prefix}${path}`);
      const { violations } = await axeOn(page).withTags(WCAG_AA).analyze();
      for (const v of violations.filter((v) => v.impact === "serious" || v.impact === "critical")) found.push(`${prefix}${path} ${v.id}: ${v.nodes[0]?.target.join(" ")}`);
    }
    expect(found).toEqual([]);
  });
}

const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

for (const prefix of ["", "/en", "/ky"]) {
  test(`the content pages have no serious axe finding: articles, an article, FAQ, terms, privacy, promo, deeplink (${prefix || "/ru"})`, async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const { items } = await apiData<{ items: { type: string; slug: string }[] }>(await request.get("/api/v1/guest/articles?perPage=1"));
    const paths = ["/articles", `/articles/${items[0].type}/${items[0].slug}`, "/faq", "/terms", "/privacy", "/promo_raduga"];
    const found: string[] = [];
    const check = async (where: string, on: Page = page) => {
      const { violations } = await axeOn(on).withTags(WCAG_AA).analyze();
      for (const v of violations.filter((v) => v.impact === "serious" || v.impact === "critical")) found.push(`${where} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    };
    for (const path of paths) {
      await page.goto(`${prefix}${path}`);
      await check(`${prefix}${path}`);
      if (path === "/faq") {
        // The answers too: every question opened.
        await page.evaluate(() => document.querySelectorAll("details").forEach((d) => d.setAttribute("open", "")));
        await check(`${prefix}${path} (open)`);
      }
    }
    // The deeplink page is what a phone sees (a desktop is sent on at once). Two seconds in it
    // moves to the store while the page is visible, which cut axe short; a page that reports
    // itself hidden (as when the app took over) stays, and axe's own timers keep running.
    const context = await browser.newContext({ userAgent: ANDROID, viewport: { width: 360, height: 800 } });
    await context.addInitScript(() => Object.defineProperty(document, "visibilityState", { get: () => "hidden" }));
    const deeplinkPage = await context.newPage();
    await deeplinkPage.goto(`${prefix}/deeplink?path=/estates`);
    await expect(deeplinkPage.getByTestId("open-app")).toBeVisible();
    await check(`${prefix}/deeplink`, deeplinkPage);
    await context.close();
    expect(found).toEqual([]);
  });
}
