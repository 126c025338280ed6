/**
 * Password reset on /reset-password, with JavaScript on and off: phone → code from the SMS
 * outbox → new password → signed in; then signing in with the new password works and the old
 * one does not.
 */
import type { Page } from "@playwright/test";
import { createUser, expect, freshPhone, lastCode, signIn, test } from "./fixtures";
import { message } from "./support";


// Every test is its own visitor: the API limits codes per address.
const octet = () => Math.floor(Math.random() * 250) + 1;
// Multi-step flows through a production server: give them room on a busy machine.
test.describe.configure({ timeout: 90_000 });
test.use({ extraHTTPHeaders: async ({}, provide) => provide({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` }) });

const fieldError = (page: Page, name: string) => page.locator(`div:has(> input[name="${name}"]) .field-error, div:has(> div > input[name="${name}"]) .field-error`);
const submitOf = (page: Page, field: string) => page.locator(`form:has(input[name="${field}"]) button[type="submit"]`).first();

for (const prefix of ["", "/en"] as const) {
  const locale = prefix ? "en" : "ru";
  test(`a forgotten password is reset by SMS and the new one signs in (${locale})`, async ({ page, request }) => {
    const user = await createUser(request);
    await page.goto(`${prefix}/login`);
    await page.getByRole("link", { name: message(locale, "auth", "login.forgot") }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/reset-password$`));
    await expect(page.getByTestId("step-indicator")).toContainText(prefix ? "Step 1 of 3" : "Шаг 1 из 3");

    const before = new Date().toISOString();
    await page.locator('input[name="phone"]').fill(user.national);
    await submitOf(page, "phone").click();
    await expect(page.getByTestId("code-phone")).toHaveText(`+996 ${user.national}`);
    await expect(page.getByTestId("step-indicator")).toContainText(prefix ? "Step 2 of 3" : "Шаг 2 из 3");

    await page.locator('input[name="code"]').fill(await lastCode(request, user.phone, before));
    await submitOf(page, "code").click();
    await expect(page.getByTestId("step-indicator")).toContainText(prefix ? "Step 3 of 3" : "Шаг 3 из 3");
    await expect(page.getByTestId("proved-phone")).toHaveText(`+996 ${user.national}`);

    const newPassword = `new-${user.password}`;
    await page.locator('input[name="password"]').fill(newPassword);
    await page.locator('input[name="repeatPassword"]').fill(newPassword);
    await submitOf(page, "password").click();
    await expect(page.getByTestId("reset-done")).toContainText(message(locale, "auth", "reset.doneText"));
    await expect(page.getByTestId("user-menu")).toContainText(user.firstName);

    // Signed out, the new password signs in and the old one no longer does.
    await page.getByTestId("user-menu").locator("summary").click();
    await page.getByTestId("logout").click();
    await expect(page.getByTestId("sign-in")).toBeVisible();
    expect((await request.post("/api/login", { data: { phoneNumber: user.phone, password: user.password } })).status()).toBe(422);
    await signIn(page, { ...user, password: newPassword }, { prefix });
  });
}

test("an unknown number goes on to the code step like any other, and receives nothing", async ({ page, request }) => {
  // The page must not tell a stranger which numbers have accounts.
  const phone = freshPhone();
  await page.goto("/reset-password");
  await page.locator('input[name="phone"]').fill(phone.slice(3));
  await submitOf(page, "phone").click();
  await expect(page.locator('input[name="code"]')).toBeVisible();
  await expect(page.getByText("Аккаунт с этим номером не найден")).toHaveCount(0);
  const outbox = (await (await request.get(`/api/dev/outbox?recipient=${phone}`)).json()) as { data: { messages: unknown[] } };
  expect(outbox.data.messages).toHaveLength(0);
});

test("a wrong code and different passwords are shown next to their fields", async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto("/reset-password");
  const before = new Date().toISOString();
  await page.locator('input[name="phone"]').fill(user.national);
  await submitOf(page, "phone").click();
  await page.locator('input[name="code"]').fill("000000");
  await submitOf(page, "code").click();
  await expect(fieldError(page, "code")).toContainText(/Неверный код|Срок действия кода/);

  await page.locator('input[name="code"]').fill(await lastCode(request, user.phone, before));
  await submitOf(page, "code").click();
  await page.locator('input[name="password"]').fill("first-password-1");
  await page.locator('input[name="repeatPassword"]').fill("other-password-2");
  await submitOf(page, "password").click();
  await expect(fieldError(page, "repeatPassword")).toContainText(message("ru", "common", "form.passwordMismatch"));
  await expect(page.locator('input[name="password"]')).toHaveValue("");
  // The old password still works: nothing changed.
  expect((await request.post("/api/login", { data: { phoneNumber: user.phone, password: user.password } })).status()).toBe(200);
});

test("a reset cannot be finished without the code", async ({ page }) => {
  const response = await page.request.post("/reset-password", { form: { intent: "password", password: "new-password-1", repeatPassword: "new-password-1" }, maxRedirects: 0 });
  expect([302, 303]).toContain(response.status());
  expect(response.headers()["location"]).toBe("/reset-password");
});
