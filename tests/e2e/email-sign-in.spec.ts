/**
 * Issue 27: a person who unlinked their phone (the profile allows it once an e-mail is confirmed)
 * signs in with the e-mail and password, and resets a forgotten password by a code sent to the
 * e-mail: the whole round trip through the pages, with JavaScript on and off.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { createUser, expect, lastCode, test, type TestUser } from "./fixtures";
import { bearer, expectAccessible } from "./host-support";
import { message } from "./support";

const octet = () => Math.floor(Math.random() * 250) + 1;
test.describe.configure({ timeout: 90_000 });
test.use({ extraHTTPHeaders: async ({}, provide) => provide({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` }) });

const submitOf = (page: Page, field: string) => page.locator(`form:has(input[name="${field}"]) button[type="submit"]`).first();

/** A user whose e-mail is confirmed and whose phone is unlinked, both through the profile API. */
async function withoutPhone(request: APIRequestContext): Promise<TestUser & { email: string }> {
  const user = await createUser(request, { firstName: "Жылдыз" });
  const headers = bearer(user.token!);
  const email = `no-phone-${user.id}-${Date.now()}@example.kg`;
  const before = new Date().toISOString();
  expect((await request.put("/api/v1/profile/email/link/send_code", { data: { email }, headers })).status()).toBe(200);
  const linked = await request.put("/api/v1/profile/email/link/confirm", { data: { email, code: await lastCode(request, email, before) }, headers });
  expect(linked.status(), await linked.text()).toBe(200);
  expect((await request.put("/api/v1/profile/phone_number/unlink/send_code", { headers })).status()).toBe(200);
  const unlinked = await request.put("/api/v1/profile/phone_number/unlink/confirm", { data: { code: await lastCode(request, user.phone, before) }, headers });
  expect(unlinked.status(), await unlinked.text()).toBe(200);
  return { ...user, email };
}

async function signInByEmail(page: Page, email: string, password: string, prefix = "") {
  await page.goto(`${prefix}/login`);
  await page.getByTestId("method-email").click();
  await expect(page).toHaveURL(/[?&]by=email/);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await submitOf(page, "email").click();
}

async function signOut(page: Page) {
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("sign-in")).toBeVisible();
}

test("without a phone: signs in with the e-mail, resets the password by an e-mailed code, signs in with the new one", async ({ page, request }) => {
  const user = await withoutPhone(request);

  // A wrong password: said next to the field, the address kept.
  await signInByEmail(page, user.email.toUpperCase(), "not the password");
  await expect(page.locator('input[name="email"]')).toHaveValue(user.email.toUpperCase());
  await expect(page.locator(".field-error, [role=alert]").first()).toBeVisible();
  await page.locator('input[name="password"]').fill(user.password);
  await submitOf(page, "email").click();
  await expect(page.getByTestId("user-menu")).toContainText(user.firstName, { timeout: 20_000 });
  await signOut(page);

  // Forgot the password: the e-mail way is kept from the sign-in page.
  await page.goto("/login?by=email");
  await page.getByRole("link", { name: message("ru", "auth", "login.forgot") }).click();
  await expect(page).toHaveURL(/\/reset-password\?by=email$/);
  await expect(page.getByTestId("step-indicator")).toContainText(message("ru", "auth", "steps.email"));
  const before = new Date().toISOString();
  await page.locator('input[name="email"]').fill(user.email);
  await submitOf(page, "email").click();
  await expect(page.getByTestId("code-phone")).toHaveText(user.email);
  await expect(page.locator('label[for]').filter({ hasText: message("ru", "auth", "fields.emailCode") })).toBeVisible();
  await page.locator('input[name="code"]').fill(await lastCode(request, user.email, before));
  await submitOf(page, "code").click();
  await expect(page.getByTestId("proved-phone")).toHaveText(user.email);
  const newPassword = `mailed-${user.password}`;
  await page.locator('input[name="password"]').fill(newPassword);
  await page.locator('input[name="repeatPassword"]').fill(newPassword);
  await submitOf(page, "password").click();
  await expect(page.getByTestId("reset-done")).toBeVisible();
  await signOut(page);

  await signInByEmail(page, user.email, newPassword);
  await expect(page.getByTestId("user-menu")).toContainText(user.firstName, { timeout: 20_000 });
});

test("an e-mail that is no account's confirmed address goes on to the code step and receives nothing", async ({ page, request }) => {
  const email = `nobody-${Date.now()}-${octet()}@example.kg`;
  await page.goto("/reset-password?by=email");
  await page.locator('input[name="email"]').fill("not an address");
  await submitOf(page, "email").click();
  await expect(page.locator('input[name="email"]')).toHaveValue("not an address");
  await expect(page.getByText(message("ru", "common", "form.emailInvalid"))).toBeVisible();
  await page.locator('input[name="email"]').fill(email);
  await submitOf(page, "email").click();
  await expect(page.getByTestId("code-phone")).toHaveText(email);
  const outbox = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(email)}`);
  expect(((await outbox.json()) as { data: { messages: unknown[] } }).data.messages).toEqual([]);
  // "Change address" goes back to the e-mail form.
  await page.getByTestId("change-number").click();
  await expect(page.locator('input[name="email"]')).toBeVisible();
});

test("sign-in and reset by e-mail at 360 px in ru, en and ky @js-only", async ({ page }) => {
  test.skip(test.info().project.name !== "js", "screenshots run with JavaScript");
  await page.setViewportSize({ width: 360, height: 800 });
  for (const locale of ["ru", "en", "ky"] as const) {
    const prefix = locale === "ru" ? "" : `/${locale}`;
    for (const path of ["/login?by=email", "/reset-password?by=email"]) {
      await page.goto(`${prefix}${path}`);
      await expect(page.getByTestId("method-email")).toHaveAttribute("aria-current", "page");
      await expect(page.locator('input[name="email"]')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectAccessible(page, true);
      await page.screenshot({ path: `tests/.artifacts/email-${path.slice(1, 6)}-${locale}.png`, fullPage: true });
    }
  }
});
