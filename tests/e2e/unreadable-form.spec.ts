/**
 * A post to a page whose body is no form (JSON, plain text, no type, a broken multipart body) never
 * reaches the action: the page is shown again, with its form, the status 415 (or 400 for a broken
 * form) and a message in the page's language, so the visitor can send the form again (issue 11).
 * server/remix-handler.ts.
 */
import { expect, test } from "./fixtures";
import { message } from "./support";
import { axeOn, WCAG_AA } from "./axe";

const octet = () => Math.floor(Math.random() * 250) + 1;
test.use({ extraHTTPHeaders: async ({}, provide) => provide({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` }) });

/** The page's text as a reader sees it: HTML entities decoded. */
const decoded = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

test("JSON, text and broken bodies posted to sign-in and sign-up get their form again with 415/400, in ru and en", async ({ playwright, baseURL }) => {
  test.skip(test.info().project.name === "js", "HTTP posts: one project is enough");
  const origin = new URL(baseURL!).origin;
  const bodies = [
    { type: "application/json", body: '{"phone":"700123456","password":"x"}', status: 415 },
    { type: "text/plain", body: "phone=700123456", status: 415 },
    { type: undefined, body: "phone=700123456", status: 415 },
    { type: "multipart/form-data", body: "--x\r\nbroken", status: 400 },
    { type: "multipart/form-data; boundary=zzz", body: '--zzz\r\nContent-Disposition: form-data; name="phone"\r\n\r\n7001', status: 400 },
  ];
  const routes = [
    { path: "/en/login?redirectTo=%2Fen%2Fprofile", locale: "en", field: 'name="password"' },
    { path: "/login", locale: "ru", field: 'name="password"' },
    { path: "/en/register", locale: "en", field: 'name="phone"' },
    { path: "/register", locale: "ru", field: 'name="phone"' },
  ];
  for (const route of routes) {
    // A new visitor for each page: an English page remembers English, and /login would then lead there.
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` } });
    for (const { type, body, status } of bodies) {
      const label = `${route.path} ${type ?? "no type"}`;
      const response = await request.post(route.path, { headers: { Origin: origin, ...(type ? { "Content-Type": type } : {}) }, data: Buffer.from(body), maxRedirects: 0 });
      expect(response.status(), label).toBe(status);
      expect(response.headers()["content-type"], label).toMatch(/^text\/html/);
      expect(response.headers()["cache-control"], label).toMatch(/no-store/);
      const html = decoded(await response.text());
      expect(html, label).toContain(message(route.locale, "common", "form.unreadable"));
      expect(html, label).toContain(`<html lang="${route.locale}"`);
      expect(html, label).toContain(route.field);
      expect(html, label).toContain("</html>");
    }
    await request.dispose();
  }
});

test("an address that only takes posts shows the page it sends to; no page at all is the message as text; Remix's data requests a plain 415", async ({ request, baseURL }) => {
  test.skip(test.info().project.name === "js", "HTTP posts: one project is enough");
  const origin = new URL(baseURL!).origin;
  // The header's guest/host switch posts to /ky/mode, whose address by GET leads to the home page.
  const mode = await request.post("/ky/mode", { headers: { Origin: origin, "Content-Type": "application/json" }, data: "{}", maxRedirects: 0 });
  expect(mode.status()).toBe(415);
  const home = decoded(await mode.text());
  expect(home).toContain('<html lang="ky"');
  expect(home).toContain(message("ky", "common", "form.unreadable"));
  const nowhere = await request.post("/ky/no-such-page", { headers: { Origin: origin, "Content-Type": "text/plain" }, data: "x", maxRedirects: 0 });
  expect(nowhere.status()).toBe(415);
  expect(await nowhere.text()).toBe(message("ky", "common", "form.unreadable"));
  const data = await request.post("/en/login?_data=routes%2F(%24lang).login", { headers: { Origin: origin, "Content-Type": "application/json" }, data: "{}", maxRedirects: 0 });
  expect(data.status()).toBe(415);
});

for (const { prefix, locale } of [
  { prefix: "/en", locale: "en" },
  { prefix: "", locale: "ru" },
]) {
  test(`a sign-in form that arrives as text shows the form again with the message, and then signs in (${locale})`, async ({ page, user }) => {
    test.skip(test.info().project.name === "js", "with JavaScript Remix posts the form itself, always as a form");
    // The browser's own form, re-labelled on its way as text/plain: what a broken proxy or client does.
    let relabelled = 0;
    await page.route(
      (url) => url.pathname === `${prefix}/login`,
      async (route) => {
        if (route.request().method() !== "POST" || relabelled++ > 0) return route.continue();
        await route.continue({ headers: { ...route.request().headers(), "content-type": "text/plain" } });
      },
    );
    await page.goto(`${prefix}/login?redirectTo=${encodeURIComponent(`${prefix}/profile`)}`);
    await page.locator('input[name="phone"]').fill(user.national);
    await page.locator('input[name="password"]').fill(user.password);
    const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.locator('form[method="post"] button[type="submit"]').click()]);
    expect(answer.status()).toBe(415);
    await expect(page.getByRole("alert").filter({ hasText: message(locale, "common", "form.unreadable") })).toBeVisible();
    await expect(page.locator('input[name="password"]')).toBeVisible();
    await page.setViewportSize({ width: 360, height: 780 });
    await page.screenshot({ path: `tests/.artifacts/unreadable-form-${locale}.png`, fullPage: false });

    // The same form sent again, as a form: signed in and on the page asked for.
    await page.locator('input[name="phone"]').fill(user.national);
    await page.locator('input[name="password"]').fill(user.password);
    await page.locator('form[method="post"] button[type="submit"]').click();
    await expect(page.getByTestId("user-menu")).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`${prefix}/profile$`));
    await expect(page.getByTestId("refused-form")).toHaveCount(0);
  });
}

test("the page shown again passes axe, and its message leaves with the next navigation", async ({ page, baseURL }) => {
  test.skip(test.info().project.name === "no-js", "axe runs in the page");
  await page.setViewportSize({ width: 360, height: 780 });
  // A document post with a JSON body, as a broken client would send it, rendered in the browser.
  await page.route("**/en/register", async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    const response = await route.fetch({ method: "POST", headers: { ...route.request().headers(), Origin: new URL(baseURL!).origin, "Content-Type": "application/json" }, postData: "{}" });
    await route.fulfill({ response });
  });
  const response = await page.goto("/en/register");
  expect(response?.status()).toBe(415);
  await page.unroute("**/en/register");
  const alert = page.getByTestId("refused-form");
  await expect(alert).toHaveText(message("en", "common", "form.unreadable"));
  const results = await axeOn(page).withTags(WCAG_AA).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  await page.locator('a[href="/en/login"]').first().click();
  await expect(page).toHaveURL(/\/en\/login/);
  await expect(alert).toHaveCount(0);
});
