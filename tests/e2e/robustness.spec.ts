/**
 * Bad input to the web app through real HTTP and the production server: never a 5xx. Bodies no
 * form sends, an impossible date, an address with a NUL, and personal pages kept out of caches;
 * and a next page whose data never arrives is explained as such.
 */
import { expect, signInByPost, test } from "./fixtures";
import { hydrated, message } from "./support";

const octet = () => Math.floor(Math.random() * 250) + 1;
test.describe.configure({ timeout: 90_000 });
test.use({ extraHTTPHeaders: async ({}, provide) => provide({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` }) });

test("posts to a page with JSON, text, no type or a broken multipart body get 4xx, never 5xx", { tag: "@js-only" }, async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const bodies: { type?: string; body: string }[] = [
    { type: "application/json", body: '{"phone":"700123456","password":"x"}' },
    { type: "text/plain", body: "phone=700123456" },
    { body: "phone=700123456" },
    { type: "multipart/form-data", body: "--x\r\nbroken" },
    { type: "multipart/form-data; boundary=zzz", body: "--zzz\r\nContent-Disposition: form-data; name=\"phone\"\r\n\r\n7001" },
  ];
  for (const route of ["/en/login", "/en/register", "/en/reset-password", "/en/favorites", "/en/mode", "/en/profile?index"]) {
    for (const { type, body } of bodies) {
      const response = await request.post(route, { headers: { Origin: origin, ...(type ? { "Content-Type": type } : {}) }, data: Buffer.from(body), maxRedirects: 0 });
      expect(response.status(), `${route} ${type ?? "no type"}`).toBeLessThan(500);
      expect(response.status(), `${route} ${type ?? "no type"}`).toBeGreaterThanOrEqual(300);
    }
  }
});

test("an impossible birth date on /en/profile is shown next to the field with 422", async ({ page, user }) => {
  test.skip(test.info().project.name === "js", "one HTTP post after a form sign-in; the form itself is covered in profile.spec");
  await signInByPost(page, user);
  await page.goto("/en/profile");
  const response = await page.request.post("/en/profile?index", {
    headers: { Origin: new URL(page.url()).origin },
    form: { firstName: "Aibek", lastName: "", birthDate: "2024-13-45", locale: "en", previousLocale: "en" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(422);
  expect(await response.text()).toContain(message("en", "account", "edit.birthDateInvalid"));
});

test("an estate address with a NUL is the 404 page", { tag: "@js-only" }, async ({ page }) => {
  const response = await page.goto("/en/estates/%00");
  expect(response?.status()).toBe(404);
});

test("a signed-in page is never stored by a cache; a body over the limit is refused with 413", async ({ page, user, request, baseURL }) => {
  test.skip(test.info().project.name === "js", "HTTP headers and status: one project is enough");
  await signInByPost(page, user);
  const profile = await page.request.get("/en/profile");
  expect(profile.headers()["cache-control"]).toBe("private, no-store");
  const big = await request.post("/en/login", { headers: { Origin: new URL(baseURL!).origin, "Content-Type": "application/x-www-form-urlencoded" }, data: Buffer.alloc(200 * 1024, 97), maxRedirects: 0 });
  expect(big.status()).toBe(413);
});

test("a next page whose data never arrives (the busy server's 503, a dropped connection) says so instead of 'server error'", { tag: "@js-only" }, async ({ page }) => {
  for (const failure of ["busy", "offline"] as const) {
    await page.goto("/en");
    // Hydrated: the header's link navigates in the page, fetching the next page's data.
    await hydrated(page, "header a");
    await page.route("**/en/estates.data*", (route) =>
      failure === "busy" ? route.fulfill({ status: 503, contentType: "text/plain", headers: { "Retry-After": "5" }, body: "busy" }) : route.abort("internetdisconnected"),
    );
    await page.getByRole("navigation").getByRole("link", { name: message("en", "common", "nav.stays") }).click();
    const errorPage = page.getByTestId("error-page");
    await expect(errorPage.getByRole("heading", { level: 1 }), failure).toHaveText(message("en", "errors", "unavailable.title"));
    await expect(errorPage).toContainText(message("en", "errors", "unavailable.text"));
    await expect(errorPage).not.toContainText("500");
    await expect(page).toHaveTitle(`${message("en", "errors", "unavailable.title")} — Konok`);
    // The header and footer stay those of the page the visitor was on, in its words.
    await expect(page.locator("header")).toContainText(message("en", "common", "nav.stays"));
    await expect(page.locator("footer")).toContainText(message("en", "common", "footer.tagline"));
    expect(await page.locator("body").innerText()).not.toMatch(/\b(nav|footer|account)\.[a-zA-Z]+\b/);
    await page.unrouteAll();
  }
});
