/**
 * Browser-test fixtures for accounts: every test gets its own fresh user, made through the real
 * API and the codes the embedded SMS provider put in its outbox (read over the dev endpoint).
 */
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

/** A user; `token` is the API token its sign-up answered with (users made by `createUser`). */
export type TestUser = { phone: string; national: string; password: string; firstName: string; id: number; token?: string };

let counter = 0;
/** A Kyrgyz number unique to this worker and test: 99677 + 7 digits. */
export function freshPhone(): string {
  const n = (Date.now() % 100_000) * 100 + ((process.pid + counter++) % 100);
  return `99677${String(n).padStart(7, "0").slice(-7)}`;
}

/** The newest 6-digit code sent to a phone number or e-mail address. */
export async function lastCode(request: APIRequestContext, recipient: string, after?: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
    const body = (await response.json()) as { data: { messages: { body: string; createdAt: string }[] } };
    const message = body.data.messages.find((m) => !after || m.createdAt > after);
    const code = message?.body.match(/\d{6}/)?.[0];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No code was sent to ${recipient}`);
}

/** Signs a new user up through the API (not the pages: those have their own tests). */
export async function createUser(request: APIRequestContext, overrides: { mode?: "guest" | "host"; firstName?: string } = {}): Promise<TestUser> {
  const phone = freshPhone();
  const headers = { "X-Forwarded-For": `10.9.${counter % 250}.${Math.floor(Math.random() * 250)}` };
  const sent = await request.post("/api/register/send_code", { data: { phoneNumber: phone }, headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const verified = await request.post("/api/register/verify_code", { data: { phoneNumber: phone, code: await lastCode(request, phone) }, headers });
  const { data } = (await verified.json()) as { data: { verificationToken: string } };
  const password = `pass-${phone.slice(-6)}-word`;
  const firstName = overrides.firstName ?? "Нурлан";
  const created = await request.post("/api/register", { data: { verificationToken: data.verificationToken, password, firstName, mode: overrides.mode ?? "guest" }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const body = (await created.json()) as { data: { token: string; userData: { id: number } } };
  return { phone, national: phone.slice(3), password, firstName, id: body.data.userData.id, token: body.data.token };
}

/** Signs in through the login form, as a person would. Works with and without JavaScript. */
export async function signIn(page: Page, user: TestUser, options: { prefix?: string; redirectTo?: string } = {}) {
  const query = options.redirectTo ? `?redirectTo=${encodeURIComponent(options.redirectTo)}` : "";
  await page.goto(`${options.prefix ?? ""}/login${query}`);
  await page.locator('input[name="phone"]').fill(user.national);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('form[method="post"] button[type="submit"]').click();
  // Signing in renders the next page with the user's data: more than the default wait on a busy machine.
  await expect(page.getByTestId("user-menu")).toBeVisible({ timeout: 20_000 });
}

/**
 * Signs in by posting the login form over HTTP from the page's own context, so the session
 * cookie lands in the browser as it would after the form: the tests that are not about the login
 * page skip rendering it (the login form has its own specs).
 */
export async function signInByPost(page: Page, user: TestUser) {
  const baseURL = test.info().project.use.baseURL ?? "";
  const response = await page.context().request.post("/login", {
    form: { countryCode: "996", phone: user.national, password: user.password },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in answered ${response.status()}`).toBe(302);
}

/**
 * Screenshots are for people to look at (`npm run screenshots`), not assertions: a normal run
 * skips writing them, which took minutes of the suite. The checks around them still run.
 */
const SCREENSHOTS = Boolean(process.env.SCREENSHOTS);

/**
 * Before a screenshot: when pictures are taken, everything the page loads (fonts, photos); in a
 * normal run only React's hydration, which the checks around the screenshots need (a hydration
 * mismatch is logged by then). `networkidle` cost at least half a second a page.
 */
export async function readyForScreenshot(page: Page, selector = "h1") {
  if (SCREENSHOTS) await page.waitForLoadState("networkidle");
  else await page.waitForFunction((css) => Object.keys(document.querySelector(css) ?? {}).some((k) => k.startsWith("__reactProps")), selector);
}

export const test = base.extend<{ user: TestUser; signedIn: TestUser }>({
  page: async ({ page }, use) => {
    if (!SCREENSHOTS) page.screenshot = async () => Buffer.alloc(0);
    await use(page);
  },
  // Each test's browser is a visitor of its own address (the test server trusts loopback's
  // X-Forwarded-For), as real visitors are: the suite signs in far more often than the per-address
  // limit allows one person, and one test's attempts must not lock another out.
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${50 + (process.pid % 50)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
    await use(context);
  },
  user: async ({ request }, use) => use(await createUser(request)),
  signedIn: async ({ page, user }, use) => {
    await signInByPost(page, user);
    await use(user);
  },
});

export { expect };
