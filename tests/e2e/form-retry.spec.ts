/**
 * A refused form can be corrected and sent again: after a wrong password (or code) the person types
 * the right one key by key, as people do, and gets through. Once the password field emptied itself
 * on every keystroke after one refusal (issue 10), which locked people out with JavaScript on.
 */
import type { Page } from "@playwright/test";
import { expect, freshPhone, lastCode, test } from "./fixtures";
import { message } from "./support";

const octet = () => Math.floor(Math.random() * 250) + 1;
test.describe.configure({ timeout: 90_000 });
test.use({ extraHTTPHeaders: async ({}, provide) => provide({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` }) });

const submit = (page: Page) => page.locator('form[method="post"]:has(input[name="password"]) button[type="submit"]').click();

test("after a wrong password the right one typed key by key signs in", async ({ page, user }) => {
  await page.goto("/en/login");
  await page.locator('input[name="phone"]').fill(user.national);
  await page.locator('input[name="password"]').fill("not-the-password");
  await submit(page);
  await expect(page.locator("div:has(> input[name='password']) .field-error")).toBeVisible();
  const password = page.locator('input[name="password"]');
  await password.click();
  await password.pressSequentially(user.password, { delay: 20 });
  await expect(password).toHaveValue(user.password);
  await submit(page);
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await expect(page).toHaveURL(/\/en$/);
});

test("after a login with a missing password, typing it key by key signs in", async ({ page, user }) => {
  await page.goto("/en/login");
  await page.locator('input[name="phone"]').fill(user.national);
  await submit(page);
  await expect(page.locator("div:has(> input[name='password']) .field-error")).toContainText(message("en", "common", "form.passwordRequired"));
  const password = page.locator('input[name="password"]');
  await password.click();
  await password.pressSequentially(user.password, { delay: 20 });
  await expect(password).toHaveValue(user.password);
  await submit(page);
  await expect(page.getByTestId("user-menu")).toBeVisible();
});

test("sign-up: a wrong code then the right one, a short password then a good one, each typed key by key", async ({ page, request }) => {
  const phone = freshPhone();
  await page.goto("/en/sms");
  await page.locator('input[name="phone"]').fill(phone.slice(3));
  await page.locator('form:has(input[name="phone"]) button[type="submit"]').click();
  await expect(page.getByTestId("code-phone")).toBeVisible();
  const real = await lastCode(request, phone);
  const wrong = real === "000000" ? "111111" : "000000";
  const code = page.locator('input[name="code"]');
  await code.fill(wrong);
  await page.locator('form:has(input[name="code"]) button[type="submit"]').click();
  await expect(page.locator("div:has(> input[name='code']) .field-error, [data-testid='form-errors']").first()).toBeVisible();
  await code.fill("");
  await code.pressSequentially(real, { delay: 20 });
  await expect(code).toHaveValue(real);
  await page.locator('form:has(input[name="code"]) button[type="submit"]').click();
  await expect(page).toHaveURL(/\/en\/set-password$/);

  const password = page.locator('input[name="password"]');
  const repeat = page.locator('input[name="repeatPassword"]');
  await password.fill("short");
  await repeat.fill("short");
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await expect(page.locator("div:has(> input[name='password']) .field-error")).toBeVisible();
  await password.click();
  await password.pressSequentially("alatoo-2026-pass", { delay: 20 });
  await repeat.click();
  await repeat.pressSequentially("alatoo-2026-pass", { delay: 20 });
  await expect(password).toHaveValue("alatoo-2026-pass");
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await expect(page).toHaveURL(/\/en\/personal-info$/);
});

test("changing the password: a wrong current one, then the right one typed key by key", async ({ page, request, signedIn: user }) => {
  await page.goto("/en/profile/change-password");
  const form = page.getByTestId("password-form");
  const fields = ["currentPassword", "newPassword", "repeatPassword"].map((name) => form.locator(`input[name="${name}"]`));
  await fields[0].fill("not-my-password");
  await fields[1].fill("brand-new-pass-1");
  await fields[2].fill("brand-new-pass-1");
  await form.locator('button[type="submit"]').click();
  await expect(page.locator("div:has(> input[name='currentPassword']) .field-error")).toBeVisible();
  for (const [field, value] of [[fields[0], user.password], [fields[1], "brand-new-pass-1"], [fields[2], "brand-new-pass-1"]] as const) {
    await field.fill("");
    await field.pressSequentially(value, { delay: 15 });
    await expect(field).toHaveValue(value);
  }
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/en\/profile\?done=password$/);
  const login = await request.post("/api/login", { data: { phoneNumber: user.phone, password: "brand-new-pass-1" } });
  expect(login.status()).toBe(200);
});
