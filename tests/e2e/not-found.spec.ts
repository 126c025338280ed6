/**
 * The 404 page of an unmatched URL is a page like the others (issue 10): the header and footer in
 * the URL's language (the visitor's own for an unknown prefix), with the contacts, and signed in
 * when the visitor is; never a raw translation key.
 */
import { expect, signInByPost, test } from "./fixtures";
import { message } from "./support";

const octet = () => Math.floor(Math.random() * 250) + 1;
test.describe.configure({ timeout: 60_000 });
test.use({ extraHTTPHeaders: async ({}, provide) => provide({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` }) });

const RAW_KEY = /\b(nav|footer|account|errors)\.[a-zA-Z]+\b/;

for (const { url, lang } of [
  { url: "/no-such-page", lang: "ru" },
  { url: "/en/no-such-page", lang: "en" },
  { url: "/ky/estates/category/nonexistent/deeper", lang: "ky" },
  { url: "/de/estates", lang: "ru" },
]) {
  test(`${url}: a ${lang} 404 page with the translated header and footer`, { tag: "@js-only" }, async ({ page }) => {
    const response = await page.goto(url);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message(lang, "errors", "notFound.title"));
    // Its tab and a screen reader name the page too (it had no <title>).
    await expect(page).toHaveTitle(`${message(lang, "errors", "notFound.title")} — Konok`);
    await expect(page.getByTestId("sign-in")).toHaveText(message(lang, "common", "nav.signIn"));
    await expect(page.locator("header")).toContainText(message(lang, "common", "nav.stays"));
    await expect(page.locator("footer")).toContainText(message(lang, "common", "footer.tagline"));
    await expect(page.getByTestId("footer-contacts").locator("li").first()).toBeVisible();
    expect(await page.locator("body").innerText()).not.toMatch(RAW_KEY);
    // The office's address in the page's language too.
    if (lang === "en") await expect(page.getByTestId("footer-address")).toHaveText(/Kievskaya St/);
  });
}

test("a signed-in visitor's 404 page shows them signed in", { tag: "@js-only" }, async ({ page, user }) => {
  await signInByPost(page, user);
  const response = await page.goto("/en/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("user-menu")).toContainText(user.firstName);
  await expect(page.getByTestId("sign-in")).toHaveCount(0);
  expect(await page.locator("body").innerText()).not.toMatch(RAW_KEY);
});
