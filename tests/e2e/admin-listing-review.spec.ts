/**
 * The walk of issue 31 with LISTING_REVIEW=on, on a Konok server of its own (the shared test
 * server runs without review): an operator made by `npm run operator` on an empty folder signs in;
 * a new host's published listing waits unseen by guests; the operator rejects it with a reason
 * (a message beside the field when there is none); the host sees the reason on the listing's page,
 * fixes the title in the wizard and publishes again, which waits again; the operator approves and
 * guests can open it. Both decisions are in the listing's history and the audit log.
 * With JavaScript on and off (each project its own server and folder).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { request as requests, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { MESSAGES } from "../../contract/messages";
import { hostListing, uniqueTitleWord } from "./admin-support";
import { expect, test, type TestUser } from "./fixtures";
import { expectAccessible } from "./host-support";
import { ServerProcess } from "./server-process";
import { message } from "./support";

const OPERATOR = { phone: "996555319001", national: "555319001", password: "review-operator-2026" };
let server: ServerProcess;
let site: string;
let dataDir: string;
let api: APIRequestContext;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  const js = info.project.use.javaScriptEnabled !== false;
  // Inside the run's own port range (E2E_PORT), one server per project.
  const port = Number(process.env.E2E_PORT ?? 3100) + 60 + (js ? 0 : 1);
  site = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-review-e2e-"));
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const made = spawnSync(process.execPath, ["dist/operator.js", "create", "--phone", OPERATOR.phone, "--password", OPERATOR.password, "--name", "Ainura Review", "--data-dir", dataDir], {
    encoding: "utf8",
    env,
    timeout: 180_000,
  });
  expect(`${made.stdout}${made.stderr}`).toContain(`Operator created: ${OPERATOR.phone}`);
  server = await ServerProcess.start({
    PORT: String(port),
    PUBLIC_URL: site,
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    LISTING_REVIEW: "on",
    TRUST_PROXY: "loopback",
    MAP_TILE_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png",
  });
  await server.answering(180_000);
  await expect.poll(async () => (await fetch(`${site}/healthz`)).status, { timeout: 120_000 }).toBe(200);
  api = await requests.newContext({ baseURL: site, extraHTTPHeaders: { "X-Forwarded-For": `10.66.${js ? 1 : 2}.1` } });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A browser of its own on this server, signed in by posting the login form (as the form would). */
async function signedInPage(browser: Browser, user: Pick<TestUser, "national" | "password">, address: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: site, javaScriptEnabled: test.info().project.use.javaScriptEnabled, locale: "ru-RU", extraHTTPHeaders: { "X-Forwarded-For": address } });
  const answer = await context.request.post("/login", { form: { countryCode: "996", phone: user.national, password: user.password }, headers: { Origin: site }, maxRedirects: 0 });
  expect(answer.status(), "sign-in").toBe(302);
  return { context, page: await context.newPage() };
}

test("an operator made by the command rejects a new listing, the host fixes it and publishes again, the operator approves it", async ({ browser, javaScriptEnabled }) => {
  test.setTimeout(180_000);
  const word = uniqueTitleWord();
  const { host, listing } = await hostListing(api, `Дача ${word} тел. 0555 123456`, { publish: true });
  expect(listing.review).toEqual({ state: "pending", reason: null });
  expect((await api.get(`/api/v1/guest/estate/${listing.id}`)).status()).toBe(404);

  const operator = await signedInPage(browser, OPERATOR, "10.66.10.1");
  const op = operator.page;
  await op.goto("/admin");
  await expect(op.getByTestId("dashboard-listingsAwaitingReview")).toContainText("1");
  await op.getByTestId("dashboard-listingsAwaitingReview").getByRole("link").click();
  await expect(op.getByTestId("listing-row")).toHaveCount(1);
  await op.getByTestId("listing-row").getByRole("link", { name: new RegExp(word) }).click();
  await expect(op.getByTestId("admin-listing")).toHaveAttribute("data-review", "pending");

  // Rejecting needs a reason: the message beside the field, what was typed kept.
  const review = op.getByTestId("review-section");
  await review.locator("textarea[name=reason]").fill("ну");
  await review.locator('form:has(input[value="reject"]) button[type="submit"]').click();
  await expect(op.getByTestId("error-reject-reason-error")).toHaveText(MESSAGES.reasonRequired.ru);
  await expect(review.locator("textarea[name=reason]")).toHaveValue("ну");
  await review.locator("textarea[name=reason]").fill("Уберите номер телефона из названия");
  await review.locator('form:has(input[value="reject"]) button[type="submit"]').click();
  await expect(op.getByTestId("action-done")).toBeVisible();
  await expect(op.getByTestId("admin-listing")).toHaveAttribute("data-review", "rejected");
  if (javaScriptEnabled) await expectAccessible(op, true);

  // The host sees why on the listing's page, fixes the title and publishes again.
  const hostBrowser = await signedInPage(browser, host, "10.66.20.1");
  const hp = hostBrowser.page;
  await hp.goto(`/host/objects/${listing.id}`);
  await expect(hp.getByTestId("listing-review")).toHaveAttribute("data-state", "rejected");
  await expect(hp.getByTestId("listing-review-reason")).toContainText("Уберите номер телефона из названия");
  if (javaScriptEnabled) await expectAccessible(hp, true);
  await hp.goto(`/host/objects/${listing.id}/title`);
  await hp.locator('[name="title_ru"]').fill(`Дача ${word}`);
  const from = hp.url();
  await hp.locator('[data-testid="step-form"] button[name="intent"][value="save"]').click();
  await expect(hp).not.toHaveURL(from, { timeout: 30_000 });
  await hp.goto(`/host/objects/${listing.id}/preview`);
  await expect(hp.getByTestId("listing-review")).toHaveAttribute("data-state", "rejected");
  await hp.locator('[data-testid="step-form"] button[value="publish"]').click();
  await expect(hp.getByTestId("congrats")).toBeVisible({ timeout: 30_000 });
  await expect(hp.getByTestId("listing-review")).toHaveAttribute("data-state", "pending");
  expect((await api.get(`/api/v1/guest/estate/${listing.id}`)).status()).toBe(404);

  // The operator approves; guests can open it, with the fixed title.
  await op.reload();
  await expect(op.getByTestId("admin-listing")).toHaveAttribute("data-review", "pending");
  await expect(op.getByRole("heading", { level: 1 })).not.toContainText("0555");
  await op.getByTestId("review-section").locator('form:has(input[value="approve"]) button[type="submit"]').click();
  await expect(op.getByTestId("action-done")).toBeVisible();
  await expect(op.getByTestId("admin-listing")).toHaveAttribute("data-status", "published");
  const events = op.getByTestId("listing-events").locator("li");
  await expect(events).toHaveCount(4);
  await expect(events.nth(1)).toHaveAttribute("data-actor", "operator");
  await expect(events.nth(3)).toHaveAttribute("data-status", "published");
  const estate = await api.get(`/api/v1/guest/estate/${listing.id}`);
  expect(estate.status()).toBe(200);
  expect(((await estate.json()) as { data: { estate: { title: string } } }).data.estate.title).toBe(`Дача ${word}`);

  // The host was told of both decisions.
  await hp.goto("/profile/notifications");
  await expect(hp.getByTestId("notification").first()).toContainText(message("ru", "account", "notifications.types.estate_approved.title"));
  await expect(hp.getByTestId("notification-reason").first()).toContainText("Уберите номер телефона из названия");

  await op.goto("/admin/audit");
  await expect(op.locator('[data-testid="audit-entry"][data-action="listing.approve"]')).toHaveCount(1);
  await expect(op.locator('[data-testid="audit-entry"][data-action="listing.reject"]')).toHaveCount(1);
  await hostBrowser.context.close();
  await operator.context.close();
});
