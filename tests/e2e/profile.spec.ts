/**
 * The account pages: overview and edit, password, e-mail and phone code flows, deletion, referral,
 * notifications and support. Every test makes its own user and runs with JavaScript on and off.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, freshPhone, lastCode, signInByPost, test as base, type TestUser } from "./fixtures";
import { message } from "./support";

/**
 * Signed in straight into the profile: the login page then lands on a light page instead of the
 * home page and its search, which keeps these tests about the account pages.
 */
const test = base.extend<{ signedIn: TestUser }>({
  signedIn: async ({ page, user }, provide) => {
    await signInByPost(page, user);
    await page.goto("/profile");
    await provide(user);
  },
});


/** API calls from the test spread over addresses, so the per-visitor sign-in limit is not the test's. */
const someIp = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function apiLogin(request: APIRequestContext, phoneNumber: string, password: string) {
  return request.post("/api/login", { data: { phoneNumber, password }, headers: { "X-Forwarded-For": someIp() } });
}

/** The message shown for a field: the element its aria-describedby points to. */
async function errorOf(page: Page, name: string) {
  const input = page.locator(`input[name="${name}"]`);
  await expect(input).toHaveAttribute("aria-describedby", /.+/);
  // The error is the field's first description (a date field also names its date in words).
  const [first] = ((await input.getAttribute("aria-describedby")) ?? "").split(" ");
  return page.locator(`[id="${first}"]`);
}

async function linkEmailThroughApi(request: APIRequestContext, phone: string, password: string, email: string) {
  const login = await apiLogin(request, phone, password);
  expect(login.status(), await login.text()).toBe(200);
  const { data } = (await login.json()) as { data: { token: string } };
  const headers = { Authorization: `Bearer ${data.token}` };
  expect((await request.put("/api/v1/profile/email/link/send_code", { data: { email }, headers })).status()).toBe(200);
  const code = await lastCode(request, email);
  expect((await request.put("/api/v1/profile/email/link/confirm", { data: { email, code }, headers })).status()).toBe(200);
}

const uniqueEmail = (id: number) => `guest${id}.${Date.now().toString(36)}@example.com`;

test.describe("profile", () => {
  // Code flows take several round trips; a busy machine should not fail them.
  test.describe.configure({ timeout: 60_000 });

  test("/profile asks to sign in and comes back after it", async ({ page, user }) => {
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    await page.locator('input[name="phone"]').fill(user.national);
    await page.locator('input[name="password"]').fill(user.password);
    await page.locator('form[method="post"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId("profile-name")).toHaveText(user.firstName);
    await expect(page.getByTestId("profile-phone")).toContainText(`+996 ${user.national.slice(0, 3)} ${user.national.slice(3, 6)} ${user.national.slice(6)}`);
    await expect(page.getByTestId("profile-email")).toContainText(message("ru", "account", "profile.emailNone"));
    // The navigation offers only pages that exist (messages is not built yet).
    const nav = page.getByTestId("profile-nav");
    await expect(nav.getByRole("link")).toHaveCount(8);
    await expect(nav.locator('a[href$="/profile/favorites"]')).toHaveCount(1);
    await expect(page.locator('a[href$="/profile/messages"]')).toHaveCount(0);
  });

  test("editing the name shows it in the header", { tag: "@js-only" }, async ({ page, signedIn: _user }) => {
    await page.goto("/profile");
    await page.locator('input[name="firstName"]').fill("Айбек");
    await page.locator('input[name="lastName"]').fill("Садыков");
    await page.locator('input[name="birthDate"]').fill("1990-05-17");
    await page.getByTestId("profile-form").locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/profile\?done=saved$/);
    await expect(page.getByTestId("profile-notice")).toHaveText(message("ru", "account", "profile.done.saved"));
    await page.reload();
    await expect(page.getByTestId("user-menu")).toContainText("Айбек");
    await expect(page.getByTestId("profile-name")).toHaveText("Айбек Садыков");
    await expect(page.locator('input[name="birthDate"]')).toHaveValue("1990-05-17");
  });

  test("under /en/: an empty first name and a future birth date are shown next to the fields, typed values kept", async ({ page, user }) => {
    await signInByPost(page, user);
    await page.goto("/en/profile");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.locator('input[name="firstName"]').fill("");
    await page.locator('input[name="lastName"]').fill("Toktogulov");
    await page.locator('input[name="birthDate"]').fill("2099-01-01");
    await page.getByTestId("profile-form").locator('button[type="submit"]').click();
    await expect(await errorOf(page, "firstName")).toHaveText(message("en", "common", "form.nameRequired"));
    await expect(await errorOf(page, "birthDate")).toHaveText(message("en", "account", "edit.birthDateFuture"));
    await expect(page.locator('input[name="lastName"]')).toHaveValue("Toktogulov");
    await expect(page.locator('input[name="birthDate"]')).toHaveValue("2099-01-01");
    await expect(page.locator('input[name="firstName"]')).toHaveAttribute("aria-invalid", "true");
  });

  test("changing the password: a wrong current one is refused, then the new one signs in", { tag: "@js-only" }, async ({ page, request, signedIn: user }, testInfo) => {
    await page.goto("/profile/change-password");
    const form = page.getByTestId("password-form");
    await form.locator('input[name="currentPassword"]').fill("not-my-password");
    await form.locator('input[name="newPassword"]').fill("brand-new-pass-1");
    await form.locator('input[name="repeatPassword"]').fill("brand-new-pass-1");
    await form.locator('button[type="submit"]').click();
    await expect(await errorOf(page, "currentPassword")).toHaveText("Текущий пароль указан неверно");
    // Passwords are never sent back into the page (with JavaScript the form simply stays as typed).
    if (testInfo.project.name === "no-js") {
      await expect(form.locator('input[name="newPassword"]')).toHaveValue("");
      expect(await page.content()).not.toContain("brand-new-pass-1");
    }

    await form.locator('input[name="currentPassword"]').fill(user.password);
    await form.locator('input[name="newPassword"]').fill("brand-new-pass-1");
    await form.locator('input[name="repeatPassword"]').fill("brand-new-pass-2");
    await form.locator('button[type="submit"]').click();
    await expect(await errorOf(page, "repeatPassword")).toHaveText(message("ru", "common", "form.passwordMismatch"));

    await form.locator('input[name="currentPassword"]').fill(user.password);
    await form.locator('input[name="newPassword"]').fill("brand-new-pass-1");
    await form.locator('input[name="repeatPassword"]').fill("brand-new-pass-1");
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/profile\?done=password$/);
    await expect(page.getByTestId("profile-notice")).toHaveText(message("ru", "account", "profile.done.password"));

    expect((await apiLogin(request, user.phone, "brand-new-pass-1")).status()).toBe(200);
    expect((await apiLogin(request, user.phone, user.password)).status()).toBe(422);
  });

  test("linking an e-mail with the code from the letter marks it verified", { tag: "@js-only" }, async ({ page, request, signedIn: user }, testInfo) => {
    const email = uniqueEmail(user.id);
    await page.goto("/profile");
    await page.getByTestId("profile-email").getByRole("link", { name: message("ru", "account", "profile.emailLink") }).click();
    await expect(page).toHaveURL(/\/profile\/email\/link$/);
    await page.locator('input[name="email"]').fill("not-an-email");
    await page.getByTestId("email-form").locator('button[type="submit"]').click();
    await expect(await errorOf(page, "email")).toHaveText(message("ru", "common", "form.emailInvalid"));
    await expect(page.locator('input[name="email"]')).toHaveValue("not-an-email");

    await page.locator('input[name="email"]').fill(email.toUpperCase());
    await page.getByTestId("email-form").locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/profile\/email\/link-confirm$/);
    await expect(page.getByTestId("code-sent-to")).toContainText(email);
    if (testInfo.project.name === "no-js") {
      // Without JavaScript the page says when to come back for a new code.
      await expect(page.getByTestId("resend-after")).toContainText(/\d{2}:\d{2}/);
    } else {
      await expect(page.getByTestId("resend")).toBeDisabled();
      await expect(page.getByTestId("resend")).toContainText(/0:[0-5]\d/);
    }

    await page.locator('input[name="code"]').fill("000000");
    await page.getByTestId("code-form").locator('button[type="submit"]').click();
    await expect(await errorOf(page, "code")).toContainText("Неверный код");

    await page.locator('input[name="code"]').fill(await lastCode(request, email));
    await page.getByTestId("code-form").locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/profile\?done=email$/);
    await expect(page.getByTestId("profile-email")).toContainText(email);
    await expect(page.getByTestId("email-verified")).toHaveText(message("ru", "account", "profile.emailVerified"));
  });

  test("under /ky/: changing the phone number, then signing in with the new one", { tag: "@js-only" }, async ({ page, request, user }) => {
    await signInByPost(page, user);
    const next = freshPhone();
    await page.goto("/ky/profile/phone/link");
    await expect(page.locator("html")).toHaveAttribute("lang", "ky");
    await page.locator('input[name="phone"]').fill("12345");
    await page.getByTestId("phone-form").locator('button[type="submit"]').click();
    await expect(await errorOf(page, "phone")).toContainText(message("ky", "common", "form.phoneKg"));
    await page.locator('input[name="phone"]').fill("12a45");
    await page.getByTestId("phone-form").locator('button[type="submit"]').click();
    await expect(await errorOf(page, "phone")).toContainText(message("ky", "common", "form.phoneInvalid"));

    await page.locator('input[name="phone"]').fill(next.slice(3));
    await page.getByTestId("phone-form").locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/ky\/profile\/phone\/link-confirm$/);
    await page.locator('input[name="code"]').fill(await lastCode(request, next));
    await page.getByTestId("code-form").locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/ky\/profile\?done=phone$/);
    await expect(page.getByTestId("profile-notice")).toHaveText(message("ky", "account", "profile.done.phone"));
    await expect(page.getByTestId("profile-phone")).toContainText(`+996 ${next.slice(3, 6)} ${next.slice(6, 9)} ${next.slice(9)}`);

    expect((await apiLogin(request, next, user.password)).status()).toBe(200);
    expect((await apiLogin(request, user.phone, user.password)).status()).toBe(422);
  });

  test("unlinking the phone is refused without an e-mail and allowed after linking one", { tag: "@js-only" }, async ({ page, request, signedIn: user }) => {
    await page.goto("/profile/phone/unlink-confirm");
    await page.getByTestId("unlink-send-form").locator('button[type="submit"]').click();
    await expect(page.getByTestId("unlink-error")).toContainText("e-mail");
    await expect(page.getByTestId("link-email-first")).toHaveAttribute("href", "/profile/email/link");

    await linkEmailThroughApi(request, user.phone, user.password, uniqueEmail(user.id));
    await page.goto("/profile/phone/unlink-confirm");
    const before = new Date().toISOString();
    await page.getByTestId("unlink-send-form").locator('button[type="submit"]').click();
    await expect(page.getByTestId("code-sent-to")).toContainText(user.national.slice(-3));
    await page.locator('input[name="code"]').fill(await lastCode(request, user.phone, before));
    await page.getByTestId("code-form").locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/profile\?done=unlinked$/);
    await expect(page.getByTestId("profile-phone")).toContainText(message("ru", "account", "profile.phoneNone"));
  });

  test("deleting the account with the code signs out for good", { tag: "@js-only" }, async ({ page, request, signedIn: user }) => {
    await page.goto("/profile/delete");
    await expect(page.getByTestId("delete-warning")).toContainText(message("ru", "account", "delete.point4"));
    const before = new Date().toISOString();
    await page.getByTestId("delete-send-form").locator('button[type="submit"]').click();
    await expect(page.getByTestId("code-sent-to")).toBeVisible();
    await page.locator('input[name="code"]').fill(await lastCode(request, user.phone, before));
    await page.getByTestId("code-form").locator('button[type="submit"]').click();
    await expect(page.getByTestId("account-deleted")).toBeVisible();
    await expect(page.getByTestId("sign-in")).toBeVisible();
    await expect(page.getByTestId("user-menu")).toHaveCount(0);

    expect((await apiLogin(request, user.phone, user.password)).status()).toBe(422);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  });

  test("the referral page shows the code and an absolute invitation link", { tag: "@js-only" }, async ({ page, signedIn: _user, baseURL }) => {
    await page.goto("/profile/referral");
    const code = (await page.getByTestId("referral-code").innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{6,12}$/);
    await expect(page.getByTestId("referral-link")).toHaveText(`${baseURL}/register?ref=${code}`);
    const telegram = await page.getByTestId("share-telegram").getAttribute("href");
    expect(telegram).toMatch(/^https:\/\/t\.me\/share\/url\?/);
    expect(new URL(telegram!).searchParams.get("url")).toBe(`${baseURL}/register?ref=${code}`);
    await expect(page.getByTestId("share-whatsapp")).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
    await expect(page.getByTestId("invited-empty")).toBeVisible();
    await expect(page.getByTestId("referral-counts")).toContainText("0");

    await page.goto("/en/profile/referral");
    await expect(page.getByTestId("referral-link")).toHaveText(`${baseURL}/en/register?ref=${code}`);
  });

  test("notifications: the empty state and the mark-all form", { tag: "@js-only" }, async ({ page, signedIn: _user }, testInfo) => {
    await page.goto("/profile/notifications");
    await expect(page.getByTestId("notifications-empty")).toContainText(message("ru", "account", "notifications.emptyTitle"));
    const markAll = page.getByTestId("mark-all-read");
    await expect(markAll).toHaveAttribute("method", "post");
    await expect(markAll.getByTestId("mark-all")).toHaveText(message("ru", "account", "notifications.markAll"));
    // Nothing unread: nothing to mark.
    await expect(markAll.getByTestId("mark-all")).toBeDisabled();
    if (testInfo.project.name === "js") await expect(page.getByTestId("profile-nav").getByRole("link", { name: message("ru", "account", "nav.notifications") })).toHaveAttribute("aria-current", "page");
  });

  test("support is public and shows the contacts and the FAQ", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/profile/support");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("ru", "account", "support.title"));
    await expect(page.getByTestId("support-contact").first()).toBeVisible();
    expect(await page.getByTestId("support-contact").count()).toBeGreaterThan(0);
    await expect(page.getByTestId("support-faq").locator("details")).toHaveCount(6);
    await page.getByTestId("support-faq").locator("summary").first().click();
    await expect(page.getByTestId("support-faq").getByText(message("ru", "account", "support.faq.book.a"))).toBeVisible();
    await expect(page.getByTestId("profile-nav")).toHaveCount(0);
  });
});
