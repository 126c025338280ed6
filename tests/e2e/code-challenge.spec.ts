/**
 * Issue 30: a carrier address that has used its 300 code requests of the hour is asked for a proof
 * of work or a wait, not locked out (decision 0073). With JavaScript the browser finds the proof
 * and asks again by itself; without it the page says how long to wait, keeps what was typed, and
 * the next press after the wait gets the code.
 */
import { expect, freshPhone, lastCode, test } from "./fixtures";
import { axeOn } from "./axe";
import { message } from "./support";

test.describe.configure({ timeout: 120_000 });

const typed = (phone: string) => `${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`;

test("a sign-up code asked for over the address limit comes after a proof of work or a wait", async ({ page, request, user }, testInfo) => {
  const js = testInfo.project.name === "js";
  // One carrier address, its hour's 300 code requests used up by others ("already registered" counts too).
  const address = { "X-Forwarded-For": `10.30.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
  for (let i = 0; i < 300; i += 20) {
    await Promise.all(
      Array.from({ length: 20 }, async () => expect((await request.post("/api/register/send_code", { data: { phoneNumber: user.phone }, headers: address })).status()).toBe(422)),
    );
  }
  await page.context().setExtraHTTPHeaders(address);

  const phone = freshPhone();
  const presses: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && /^\/en\/sms(\.data)?$/.test(new URL(r.url()).pathname)) presses.push(r.postData() ?? "");
  });
  await page.goto("/en/sms");
  await page.locator('input[name="phone"]').fill(typed(phone));
  await page.locator('form:has(input[name="phone"]) button[type="submit"]').click();
  if (js) {
    // The browser proves itself and asks again: the person only sees a moment of "checking".
    await expect(page.getByTestId("code-phone")).toHaveText(`+996 ${typed(phone)}`, { timeout: 30_000 });
    // Pressed once by the person, once by the browser with the challenge and its proof.
    expect(presses).toHaveLength(2);
    expect(presses[1]).toMatch(/challenge=[\w.-]+&proof=\d+|proof=\d+/);
  } else {
    const alert = page.getByRole("alert").filter({ hasText: /Many codes are being asked for from your network right now\. Wait \d+ s and send again/ });
    await expect(alert).toBeVisible();
    await expect(page.locator('input[name="phone"]')).toHaveValue(typed(phone));
    const seconds = Number((await alert.textContent())!.match(/Wait (\d+) s/)![1]);
    // Pressing again too early says the same; after the wait the same press gets the code.
    await page.locator('form:has(input[name="phone"]) button[type="submit"]').click();
    await expect(page.getByRole("alert").filter({ hasText: /Wait \d+ s/ })).toBeVisible();
    await page.waitForTimeout(seconds * 1000 + 500);
    await page.locator('form:has(input[name="phone"]) button[type="submit"]').click();
    await expect(page.getByTestId("code-phone")).toHaveText(`+996 ${typed(phone)}`);
  }
  await page.locator('input[name="code"]').fill(await lastCode(request, phone));
  await page.locator('form:has(input[name="code"]) button[type="submit"]').click();
  await expect(page).toHaveURL(/\/en\/set-password$/);
});

test("the browser's check reads in the page's language and passes axe", { tag: "@js-only" }, async ({ page, request, user }) => {
  const address = { "X-Forwarded-For": `10.31.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
  for (let i = 0; i < 300; i += 20) {
    await Promise.all(Array.from({ length: 20 }, () => request.post("/api/register/send_code", { data: { phoneNumber: user.phone }, headers: address })));
  }
  await page.context().setExtraHTTPHeaders(address);
  // Hold the self-press back, so the check's words can be read and axe can look at the page.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/ky/sms*", async (route) => {
    if (route.request().method() === "POST" && route.request().postData()?.includes("proof=") && /proof=\d/.test(route.request().postData() ?? "")) await held;
    await route.continue();
  });
  await page.goto("/ky/sms");
  await page.locator('input[name="phone"]').fill(typed(freshPhone()));
  await page.locator('form:has(input[name="phone"]) button[type="submit"]').click();
  await expect(page.getByTestId("challenge-status")).toHaveText(message("ky", "common", "form.challenge.sending"), { timeout: 30_000 });
  expect((await axeOn(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  release();
  await expect(page.getByTestId("code-phone")).toBeVisible();
});
