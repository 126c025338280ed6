/**
 * Sign-up through the pages, with JavaScript on and off: /sms (phone, then the code read from the
 * SMS outbox), /set-password, /personal-info; the invitation door /register?ref=CODE; the host
 * door /host/sms; and the refusals a person meets on the way (wrong code, taken number, short
 * password, a too-early new code, a bot).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { createUser, expect, freshPhone, lastCode, test } from "./fixtures";
import { message } from "./support";


// Every test is its own visitor: the API limits codes per address (10 an hour).
const octet = () => Math.floor(Math.random() * 250) + 1;
// Multi-step flows through a production server: give them room on a busy machine.
test.describe.configure({ timeout: 90_000 });
test.use({ extraHTTPHeaders: async ({}, provide) => provide({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` }) });

/** "700 123 456": a national number typed the way people write it. */
const typed = (national: string) => `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
const fieldError = (page: Page, name: string) => page.locator(`div:has(> input[name="${name}"]) .field-error, div:has(> div > input[name="${name}"]) .field-error`);

async function phoneStep(page: Page, phone: string, options: { prefix?: string; door?: string } = {}) {
  await page.goto(`${options.prefix ?? ""}${options.door ?? "/sms"}`);
  await page.locator('input[name="phone"]').fill(typed(phone.slice(3)));
  await page.locator('form:has(input[name="phone"]) button[type="submit"]').click();
  await expect(page.getByTestId("code-phone")).toHaveText(`+996 ${typed(phone.slice(3))}`);
}

async function codeStep(page: Page, request: APIRequestContext, phone: string) {
  await page.locator('input[name="code"]').fill(await lastCode(request, phone));
  await page.locator('form:has(input[name="code"]) button[type="submit"]').click();
}

async function passwordStep(page: Page, password: string) {
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="repeatPassword"]').fill(password);
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
}

async function openUserMenu(page: Page) {
  await page.getByTestId("user-menu").locator("summary").click();
}

test("a guest signs up: phone, code, password, name, and is signed in", async ({ page, request }) => {
  const phone = freshPhone();
  await page.goto("/sms");
  await expect(page.getByTestId("step-indicator")).toContainText("Шаг 1 из 4");
  await phoneStep(page, phone);
  await expect(page).toHaveURL(/\/sms$/);
  // The code is a step of its own, named as such (issue 27: it read "Step 1 of 3 · Phone number").
  await expect(page.getByTestId("step-indicator")).toContainText("Шаг 2 из 4");
  await expect(page.getByTestId("step-indicator")).toContainText(message("ru", "auth", "steps.code"));

  await codeStep(page, request, phone);
  await expect(page).toHaveURL(/\/set-password$/);
  await expect(page.getByTestId("step-indicator")).toContainText("Шаг 3 из 4");
  await expect(page.getByTestId("proved-phone")).toHaveText(`+996 ${typed(phone.slice(3))}`);
  await expect(page.getByTestId("password-rules")).toBeVisible();

  await passwordStep(page, "gorы-2026-Issyk");
  await expect(page).toHaveURL(/\/personal-info$/);
  await expect(page.getByTestId("step-indicator")).toContainText("Шаг 4 из 4");
  await page.locator('input[name="firstName"]').fill("Айгуль");
  await page.locator('input[name="lastName"]').fill("Токтогулова");
  await page.locator('input[name="birthDate"]').fill("1994-03-21");
  await page.locator('form:has(input[name="firstName"]) button[type="submit"]').click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("user-menu")).toContainText("Айгуль");
  await openUserMenu(page);
  await expect(page.getByTestId("current-mode")).toHaveText(message("ru", "common", "account.mode.guest"));

  // The new password works for signing in (the API saw the same account).
  const login = await request.post("/api/login", { data: { phoneNumber: phone, password: "gorы-2026-Issyk" } });
  expect(login.status()).toBe(200);
});

test("the pages after the phone step cannot be skipped to", async ({ page }) => {
  await page.goto("/set-password");
  await expect(page).toHaveURL(/\/sms$/);
  await page.goto("/personal-info");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpersonal-info$/);
});

test("a wrong code shows the error next to the code field", async ({ page }) => {
  const phone = freshPhone();
  await phoneStep(page, phone);
  await page.locator('input[name="code"]').fill("000000");
  await page.locator('form:has(input[name="code"]) button[type="submit"]').click();
  await expect(fieldError(page, "code")).toContainText(/Неверный код|Срок действия кода/);
  await expect(page.locator('input[name="code"]')).toHaveAttribute("aria-invalid", "true");
  // Still on the code step, with the number shown.
  await expect(page.getByTestId("code-phone")).toHaveText(`+996 ${typed(phone.slice(3))}`);
});

test("the API's refusal of a code reads in the page's language: Kyrgyz on /ky/sms, English on /en/sms", async ({ page }) => {
  // The web app sends its language with every API call; the API answers in it (SPEC section 7).
  for (const [prefix, wrongCode] of [["/ky", /Код туура эмес\. Калган аракет: 4/], ["/en", /Wrong code\. Tries left: 4/]] as const) {
    await page.context().clearCookies();
    const phone = freshPhone();
    await phoneStep(page, phone, { prefix });
    await page.locator('input[name="code"]').fill("000000");
    await page.locator('form:has(input[name="code"]) button[type="submit"]').click();
    await expect(fieldError(page, "code")).toContainText(wrongCode);
  }
});

test("a registered number shows the error next to the phone field and keeps what was typed", async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto("/sms");
  const input = page.locator('input[name="phone"]');
  await input.fill(typed(user.national));
  await page.locator('form:has(input[name="phone"]) button[type="submit"]').click();
  await expect(fieldError(page, "phone")).toContainText("Этот номер уже зарегистрирован");
  await expect(input).toHaveValue(typed(user.national));
  // And no code went out.
  const outbox = (await (await request.get(`/api/dev/outbox?recipient=${user.phone}`)).json()) as { data: { messages: unknown[] } };
  expect(outbox.data.messages).toHaveLength(1);
});

test("a too short password shows the error, and the passwords are not sent back", async ({ page, request }) => {
  const phone = freshPhone();
  await phoneStep(page, phone);
  await codeStep(page, request, phone);
  await expect(page).toHaveURL(/\/set-password$/);
  await passwordStep(page, "short1");
  await expect(fieldError(page, "password")).toContainText(message("ru", "common", "form.passwordShort"));
  await expect(page.locator('input[name="password"]')).toHaveValue("");
  await expect(page.locator('input[name="repeatPassword"]')).toHaveValue("");

  // Different passwords: the error is next to the repetition.
  await page.locator('input[name="password"]').fill("long-enough-1");
  await page.locator('input[name="repeatPassword"]').fill("long-enough-2");
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await expect(fieldError(page, "repeatPassword")).toContainText(message("ru", "common", "form.passwordMismatch"));
  await expect(page).toHaveURL(/\/set-password$/);
});

test("an invitation link fills in the code and the referrer sees the new friend", async ({ page, request }) => {
  const referrer = await createUser(request, { firstName: "Бакыт" });
  const signIn = await request.post("/api/login", { data: { phoneNumber: referrer.phone, password: referrer.password } });
  const { token } = ((await signIn.json()) as { data: { token: string } }).data;
  const info = async () =>
    ((await (await request.get("/api/v2/profile/referral/info", { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { code: string; invitedCount: number } }).data;
  const before = await info();
  expect(before.invitedCount).toBe(0);

  const phone = freshPhone();
  await page.goto(`/register?ref=${before.code}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("ru", "auth", "signup.referralTitle"));
  await expect(page.locator('input[name="referralCode"]')).toHaveValue(before.code);
  await page.locator('input[name="phone"]').fill(typed(phone.slice(3)));
  await page.locator('form:has(input[name="phone"]) button[type="submit"]').click();
  await expect(page.getByTestId("code-phone")).toHaveText(`+996 ${typed(phone.slice(3))}`);
  await codeStep(page, request, phone);
  await expect(page).toHaveURL(/\/set-password$/);
  // Still editable before the account is made.
  await expect(page.locator('input[name="referralCode"]')).toHaveValue(before.code);
  await passwordStep(page, "invited-by-bakyt-1");
  await expect(page).toHaveURL(/\/personal-info$/);
  await page.getByTestId("skip").click();
  await expect(page.getByTestId("user-menu")).toBeVisible();

  expect((await info()).invitedCount).toBe(1);
});

test("/register without an invitation does not say 'you have been invited' (issue 27), in ru, en and ky", async ({ page }) => {
  for (const [prefix, locale] of [["", "ru"], ["/en", "en"], ["/ky", "ky"]] as const) {
    await page.goto(`${prefix}/register`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message(locale, "auth", "signup.title"));
    await expect(page.getByText(message(locale, "auth", "signup.referralTitle"))).toHaveCount(0);
    await expect(page.getByTestId("step-indicator")).toContainText(message(locale, "auth", "steps.phone"));
  }
});

test("an unknown invitation code is shown next to its field and can be corrected", async ({ page, request }) => {
  const referrer = await createUser(request);
  const signIn = await request.post("/api/login", { data: { phoneNumber: referrer.phone, password: referrer.password } });
  const { token } = ((await signIn.json()) as { data: { token: string } }).data;
  const { code } = ((await (await request.get("/api/v2/profile/referral/info", { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { code: string } }).data;

  const phone = freshPhone();
  await page.goto("/register?ref=NOSUCHCODE1");
  await page.locator('input[name="phone"]').fill(phone.slice(3));
  await page.locator('form:has(input[name="phone"]) button[type="submit"]').click();
  await codeStep(page, request, phone);
  await passwordStep(page, "typo-in-the-code-1");
  await expect(fieldError(page, "referralCode")).toBeVisible();
  await page.locator('input[name="referralCode"]').fill(code.toLowerCase());
  await passwordStep(page, "typo-in-the-code-1");
  await expect(page).toHaveURL(/\/personal-info$/);
});

test("a host signs up in English through /en/host/sms and lands on home in host mode", async ({ page, request }) => {
  const phone = freshPhone();
  await page.goto("/en/host/sms");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "auth", "signup.hostTitle"));
  await expect(page.getByTestId("host-benefits")).toBeVisible();
  await phoneStep(page, phone, { prefix: "/en", door: "/host/sms" });
  await expect(page).toHaveURL(/\/en\/host\/sms$/);
  await expect(page.getByTestId("step-indicator")).toContainText("Step 2 of 4");
  await codeStep(page, request, phone);
  await expect(page).toHaveURL(/\/en\/set-password$/);
  await passwordStep(page, "yurt-on-song-kul-7");
  await expect(page).toHaveURL(/\/en\/personal-info$/);
  await expect(page.getByRole("status").first()).toContainText(message("en", "auth", "about.hostCreated"));
  await page.locator('input[name="firstName"]').fill("Nurlan");
  await page.locator('form:has(input[name="firstName"]) button[type="submit"]').click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByTestId("user-menu")).toContainText("Nurlan");
  await openUserMenu(page);
  await expect(page.getByTestId("current-mode")).toHaveText(message("en", "common", "account.mode.host"));
});

test("asking for a new code at once gets the API's refusal", async ({ page }, testInfo) => {
  const phone = freshPhone();
  await phoneStep(page, phone);
  const resend = page.getByTestId("resend");
  if (testInfo.project.name === "js") {
    // The button counts down and stays locked for the minute.
    await expect(resend).toBeDisabled();
    await expect(resend).toContainText(/\d:\d\d/);
  } else {
    // Without JavaScript the page says from when, and a press now is refused by the API.
    await expect(page.getByTestId("resend-after")).toContainText(/\d\d:\d\d/);
    await resend.click();
    await expect(page.getByTestId("form-errors")).toContainText("Новый код можно запросить через");
    await expect(page.getByTestId("code-phone")).toBeVisible();
  }
  // Changing the number back to the same one is asking again too: the same refusal, number kept.
  await page.getByTestId("change-number").click();
  const input = page.locator('input[name="phone"]');
  await expect(input).toHaveValue(typed(phone.slice(3)));
  await page.locator('form:has(input[name="phone"]) button[type="submit"]').click();
  await expect(page.getByTestId("form-errors")).toContainText("Новый код можно запросить через");
  await expect(input).toHaveValue(typed(phone.slice(3)));
});

test("a bot filling the honeypot gets a 400 and no SMS is sent", { tag: "@js-only" }, async ({ request }) => {
  const phone = freshPhone();
  const response = await request.post("/sms", {
    form: { intent: "send", countryCode: "996", phone: phone.slice(3), name__confirm: "I am a bot" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  const bare = await request.post("/sms", { form: { intent: "send", countryCode: "996", phone: phone.slice(3) }, maxRedirects: 0 });
  expect(bare.status()).toBe(400);
  const outbox = (await (await request.get(`/api/dev/outbox?recipient=${phone}`)).json()) as { data: { messages: unknown[] } };
  expect(outbox.data.messages).toHaveLength(0);
});
