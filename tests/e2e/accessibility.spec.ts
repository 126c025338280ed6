/**
 * axe (WCAG 2.2 AA) on the pages a guest meets first, at phone width, in the three languages:
 * no serious or critical finding. axe runs in the page, so with JavaScript on only; the host,
 * wizard and chat specs run it on their own pages.
 */
import AxeBuilder from "@axe-core/playwright";
import type { EstateCard } from "../../contract/estate";
import { expect, test } from "./fixtures";
import { apiData } from "./support";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs in the page");
test.use({ viewport: { width: 360, height: 800 } });

for (const prefix of ["", "/en", "/ky"]) {
  test(`home, search, an estate page, sign-in and the content pages have no serious axe finding (${prefix || "/ru"})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const { estates } = await apiData<{ estates: EstateCard[] }>(await request.post("/api/v1/guest/estate", { data: { perPage: 3 } }));
    const paths = ["/", "/estates", `/estates/${estates[0].slug}`, "/login", "/register", "/articles", "/faq", "/app"];
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(`${prefix}${path}`);
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
      for (const v of violations.filter((v) => v.impact === "serious" || v.impact === "critical")) found.push(`${prefix}${path} ${v.id}: ${v.nodes[0]?.target.join(" ")}`);
    }
    expect(found).toEqual([]);
  });
}
