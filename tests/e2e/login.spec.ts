/**
 * Signing in and out through the pages, with JavaScript on and off, and the guards around them:
 * `redirectTo` back to the asked-for page, visitors-only pages sending a signed-in user home,
 * and `requireHostMode`'s /host/switch. Tests about the form fill it; the others start signed in
 * by posting it (`signedIn`), which sets the same cookies without rendering the login page.
 */
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { message } from "./support";


// Every test is its own visitor: the API limits sign-ins per address.
const octet = () => Math.floor(Math.random() * 250) + 1;
// Multi-step flows through a production server: give them room on a busy machine.
test.describe.configure({ timeout: 90_000 });
test.use({ extraHTTPHeaders: async ({}, provide) => provide({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` }) });

const submit = (page: Page) => page.locator('form[method="post"]:has(input[name="password"]) button[type="submit"]').click();

async function openUserMenu(page: Page) {
  await page.getByTestId("user-menu").locator("summary").click();
}

test("a user signs in with phone and password", async ({ page, user }) => {
  await signIn(page, user);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("user-menu")).toContainText(user.firstName);
  await expect(page.getByTestId("sign-in")).toHaveCount(0);
});

test("a user signs in in English and stays on English pages", async ({ page, user }) => {
  await signIn(page, user, { prefix: "/en" });
  await expect(page).toHaveURL(/\/en$/);
  await openUserMenu(page);
  await expect(page.getByTestId("current-mode")).toHaveText(message("en", "common", "account.mode.guest"));
});

test("a wrong password is refused: the error shown, the phone kept, the password emptied", async ({ page, user }) => {
  await page.goto("/login");
  await page.locator('input[name="phone"]').fill(user.national);
  await page.locator('input[name="password"]').fill("not-the-password");
  await submit(page);
  await expect(page.locator("div:has(> input[name='password']) .field-error")).toContainText("Неверный номер телефона или пароль");
  await expect(page.locator('input[name="phone"]')).toHaveValue(user.national);
  await expect(page.locator('input[name="password"]')).toHaveValue("");
  await expect(page.getByTestId("sign-in")).toBeVisible();
});

test("a page that needs an account sends to login and back after signing in", async ({ page, user }) => {
  await page.goto("/host/switch");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fhost%2Fswitch$/);
  await page.locator('input[name="phone"]').fill(user.national);
  await page.locator('input[name="password"]').fill(user.password);
  await submit(page);
  await expect(page).toHaveURL(/\/host\/switch$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("ru", "auth", "hostSwitch.title"));
});

test("a signed-in user visiting the visitors-only pages is sent home", async ({ page, signedIn: _user }) => {
  for (const visitorsOnly of ["/login", "/sms", "/register", "/set-password", "/reset-password"]) {
    await page.goto(visitorsOnly);
    await expect(page, visitorsOnly).toHaveURL(/\/$/);
  }
});

test("signing out from the user menu ends the session", async ({ page, signedIn: _user }) => {
  await page.goto("/");
  await openUserMenu(page);
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("sign-in")).toBeVisible();
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
  await page.goto("/host/switch");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fhost%2Fswitch$/);
});

test("a guest asked for host mode switches and lands where they were going", async ({ page, signedIn: _user }) => {
  await page.goto(`/host/switch?redirectTo=${encodeURIComponent("/estates?location=Osh")}`);
  await expect(page.getByTestId("stay-guest")).toBeVisible();
  await page.getByRole("button", { name: message("ru", "auth", "hostSwitch.submit") }).click();
  await expect(page).toHaveURL(/\/estates\?location=Osh$/);
  await openUserMenu(page);
  await expect(page.getByTestId("current-mode")).toHaveText(message("ru", "common", "account.mode.host"));
  // A host has nothing to switch: the page sends them on.
  await page.goto(`/host/switch?redirectTo=${encodeURIComponent("/app")}`);
  await expect(page).toHaveURL(/\/app$/);
});

test("/host/switch refuses to send anyone to another site", async ({ page, signedIn: _user }) => {
  await page.goto(`/host/switch?redirectTo=${encodeURIComponent("//evil.example/x")}`);
  await page.getByRole("button", { name: message("ru", "auth", "hostSwitch.submit") }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test("signing in never lands on another site, however the redirect is disguised", async ({ page, user }) => {
  // Browsers drop the tab: `/\t/evil.example` would become `//evil.example`. A line break used to
  // give a 500 after the session was created.
  for (const hostile of ["/\t/evil.example/phish", "/\\evil.example", "/%2F%2Fevil.example", "/\r\n/evil.example"]) {
    await page.context().clearCookies();
    await page.goto(`/en/login?redirectTo=${encodeURIComponent(hostile)}`);
    await page.locator('input[name="phone"]').fill(user.national);
    await page.locator('input[name="password"]').fill(user.password);
    await submit(page);
    await expect(page.getByTestId("user-menu"), hostile).toBeVisible();
    expect(new URL(page.url()).host, hostile).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(new URL(page.url()).pathname, hostile).toBe("/en");
  }
});

test("a session cookie copied before logout opens nothing after it", async ({ page, signedIn: _user }) => {
  await page.goto("/en");
  const stolen = await page.context().cookies();
  await openUserMenu(page);
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("sign-in")).toBeVisible();
  // The thief replays the cookie they copied while it was valid.
  await page.context().addCookies(stolen);
  await page.goto("/en/profile");
  await expect(page).not.toHaveURL(/\/profile/);
  await expect(page.getByTestId("sign-in")).toBeVisible();
});

test("a browser that signed in before gets its owner in while the carrier's shared address is limited; another browser waits", async ({ page, signedIn: user, browser, request, extraHTTPHeaders }) => {
  // Signed in by the form's post: the device cookie comes with any sign-in.
  const device = (await page.context().cookies()).find((c) => c.name === "konok_device");
  expect(device, "the device cookie is set on sign-in").toBeTruthy();
  expect(device!.httpOnly).toBe(true);
  await page.goto("/");
  await openUserMenu(page);
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("sign-in")).toBeVisible();

  // Someone else on the same carrier address fails 100 sign-ins: the address is limited.
  const address = extraHTTPHeaders?.["X-Forwarded-For"];
  for (let i = 0; i < 100; i++) {
    const failed = await request.post("/api/login", { data: { phoneNumber: `99670${String(i).padStart(3, "0")}${String(Date.now() % 10_000).padStart(4, "0")}`, password: "123456" } });
    expect(failed.status()).toBe(422);
  }

  // A browser that never signed in to the account is asked to wait...
  const stranger = await browser.newContext({ extraHTTPHeaders: address ? { "X-Forwarded-For": address } : undefined, javaScriptEnabled: test.info().project.name !== "no-js" });
  const other = await stranger.newPage();
  await other.goto("/login");
  await other.locator('input[name="phone"]').fill(user.national);
  await other.locator('input[name="password"]').fill(user.password);
  await submit(other);
  await expect(other.getByText(/Слишком много попыток входа/)).toBeVisible();
  await stranger.close();
  // ...the owner's own browser signs in.
  await signIn(page, user);
});
