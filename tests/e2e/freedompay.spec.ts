/**
 * Paying through Freedom Pay in a real browser, with JavaScript on and off: a Konok server of its
 * own (tests/e2e/server-process.ts) configured as an operator would (PAYMENTS_PROVIDER=freedompay,
 * a test merchant) and pointed by FREEDOMPAY_API_URL at the protocol-faithful peer
 * (tests/support/freedompay-peer.ts), whose payment page the browser visits. Pay with success, pay
 * with failure, the result coming late (the page says "being confirmed" and updates itself), and
 * the result never coming (get_status settles it), and the gateway down. The trial banner is
 * payments-trial.spec.ts.
 */
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import type { Booking } from "../../contract/booking";
import type { EstateCard, EstateDetail } from "../../contract/estate";
import { startFreedomPayPeer, type FreedomPayPeer } from "../support/freedompay-peer";
import { expectAccessible } from "./host-support";
import { createUser, expect, test, type TestUser } from "./fixtures";
import { demoDataDir, ServerProcess } from "./server-process";
import { addDays, todayInBishkek } from "./support";

/** A port per worker running at once (TEST_PARALLEL_INDEX): the js and no-js runs of this file may overlap. */
const PORT = Number(process.env.FREEDOMPAY_E2E_PORT ?? 3291) + 10 * Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const SITE = `http://127.0.0.1:${PORT}`;
let peer: FreedomPayPeer;
let server: ServerProcess;
let dataDir: string;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: SITE });

test.beforeAll(async () => {
  test.setTimeout(420_000);
  peer = await startFreedomPayPeer();
  // A copy of the run's seeded demo folder for each project: seeding here (and drawing the demo's
  // photos) was most of this hook's time.
  dataDir = demoDataDir("konok-fp-e2e-");
  server = await ServerProcess.start({
    PORT: String(PORT),
    PUBLIC_URL: SITE,
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    TRUST_PROXY: "loopback",
    MAP_TILE_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png",
    PAYMENTS_PROVIDER: "freedompay",
    FREEDOMPAY_MERCHANT_ID: peer.merchantId,
    FREEDOMPAY_SECRET_KEY: peer.secretKey,
    FREEDOMPAY_API_URL: peer.url,
    FREEDOMPAY_TESTING_MODE: "1",
  });
  await server.answering(360_000);
  // The demo seed runs in the background after the first answer: wait for bookable estates.
  for (let i = 0; i < 120; i++) {
    const response = await fetch(`${SITE}/api/v1/guest/estate`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ isInstantConfirmation: true, perPage: 5 }) });
    if (response.ok && ((await response.json()) as { data: { estates: unknown[] } }).data.estates.length > 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
});

test.afterAll(async () => {
  await server?.stop();
  await peer?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test.beforeEach(() => {
  peer.hold = false;
  peer.down = false;
  peer.processing = false;
});

async function apiData<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

/** A guest's new booking of an instant demo estate on far-away free dates, waiting for payment. */
async function bookingAwaitingPayment(request: APIRequestContext, guest: TestUser): Promise<Booking> {
  const { estates } = await apiData<{ estates: EstateCard[] }>(await request.post("/api/v1/guest/estate", { data: { isInstantConfirmation: true, perPage: 50, adultCount: 1 } }));
  for (const card of estates.sort(() => Math.random() - 0.5)) {
    const { estate } = await apiData<{ estate: EstateDetail }>(await request.get(`/api/v1/guest/estate/${card.id}`));
    if (estate.children.length > 0 || estate.parent || !estate.isInstantConfirmation) continue;
    const nights = Math.max(2, estate.minNights);
    if (nights > estate.maxNights) continue;
    for (let attempt = 0; attempt < 4; attempt++) {
      const checkInDate = addDays(todayInBishkek(), 150 + Math.floor(Math.random() * 330));
      const response = await request.post("/api/v1/booking", {
        data: { estateId: estate.id, checkInDate, checkOutDate: addDays(checkInDate, nights), adultCount: 1, childrenCount: 0 },
        headers: { Authorization: `Bearer ${guest.token}` },
      });
      if (response.status() === 201) return ((await response.json()) as { data: { booking: Booking } }).data.booking;
    }
  }
  throw new Error("No bookable instant estate in the demo data");
}

/** Signs in by posting the login form from the page's own context (the session cookie lands in the browser). */
async function signIn(page: Page, user: TestUser) {
  const response = await page.context().request.post(`${SITE}/login`, { form: { countryCode: "996", phone: user.national, password: user.password }, headers: { Origin: SITE }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
}

/** From the booking's payment page to Freedom Pay's page: returns the peer's payment. */
async function toGateway(page: Page, booking: Booking, prefix = "") {
  await page.goto(`${prefix}/booking/confirm?bookingId=${booking.id}`);
  await page.getByTestId("pay-button").click();
  await expect(page).toHaveURL(new RegExp(`^${peer.url.replace(/[.]/g, "\\.")}/pay\\.html`));
  await expect(page.getByTestId("fp-description")).toContainText(`${booking.id}`);
  await expect(page.getByTestId("fp-amount")).toHaveText(`${booking.totalPrice} KGS`);
  const payment = peer.payments.get(Number(new URL(page.url()).searchParams.get("customer")))!;
  expect(payment.testingMode).toBe("1");
  return payment;
}

test("pays through Freedom Pay: the gateway's page, the signed result, the success page shows it paid", async ({ page, request, javaScriptEnabled }) => {
  const guest = await createUser(request);
  const booking = await bookingAwaitingPayment(request, guest);
  await signIn(page, guest);
  const payment = await toGateway(page, booking, "/en");
  expect(payment.language).toBe("en");
  await page.getByTestId("fp-pay").click();
  await expect(page).toHaveURL(new RegExp(`/en/booking/success\\?bookingId=${booking.id}&pg_order_id=`));
  await expect(page.getByTestId("success-page")).toHaveAttribute("data-status", "paid_waiting_checkin");
  await expect(page.getByTestId("next-steps")).toBeVisible();
  expect(peer.results.filter((r) => r.paymentId === payment.id).map((r) => r.text.includes("<pg_status>ok</pg_status>"))).toEqual([true]);
  await expectAccessible(page, javaScriptEnabled);
});

test("a failed payment: back on the failure page, the booking still payable, paid on the second try", async ({ page, request }) => {
  const guest = await createUser(request);
  const booking = await bookingAwaitingPayment(request, guest);
  await signIn(page, guest);
  await toGateway(page, booking, "/ky");
  await page.getByTestId("fp-decline").click();
  await expect(page).toHaveURL(new RegExp(`/ky/booking/fail\\?bookingId=${booking.id}`));
  await expect(page.getByTestId("fail-page")).toHaveAttribute("data-status", "pending_payment");
  await page.getByTestId("pay-button").click();
  await expect(page).toHaveURL(/\/pay\.html/);
  await page.getByTestId("fp-pay").click();
  await expect(page.getByTestId("success-page")).toHaveAttribute("data-status", "paid_waiting_checkin");
});

test("the result comes late: the page says the payment is being confirmed until it is, then shows it paid", async ({ page, request, javaScriptEnabled }) => {
  const guest = await createUser(request);
  const booking = await bookingAwaitingPayment(request, guest);
  await signIn(page, guest);
  const payment = await toGateway(page, booking);
  peer.processing = true;
  await page.getByTestId("fp-pay").click();
  await expect(page.getByTestId("success-page")).toHaveAttribute("data-status", "pending_payment");
  const ru = JSON.parse(fs.readFileSync(path.resolve("app/locales/ru/booking.json"), "utf8")) as { success: Record<string, string> };
  await expect(page.getByTestId("status-text")).toHaveText(ru.success.confirmingText);
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  await expectAccessible(page, javaScriptEnabled);
  // The bank finishes; Freedom Pay calls the result URL. With JavaScript the page asks again by
  // itself; without, the payer presses "Check again".
  await peer.settle(payment.id);
  if (!javaScriptEnabled) await page.getByTestId("check-again").click();
  await expect(page.getByTestId("success-page")).toHaveAttribute("data-status", "paid_waiting_checkin", { timeout: 15_000 });
  await expect(page.getByTestId("check-again")).toHaveCount(0);
});

test("the result never comes: the return page asks get_status and shows the booking paid", async ({ page, request }) => {
  const guest = await createUser(request);
  const booking = await bookingAwaitingPayment(request, guest);
  await signIn(page, guest);
  const payment = await toGateway(page, booking);
  peer.hold = true;
  await page.getByTestId("fp-pay").click();
  await expect(page.getByTestId("success-page")).toHaveAttribute("data-status", "paid_waiting_checkin");
  expect(peer.results.filter((r) => r.paymentId === payment.id)).toEqual([]);
  expect(peer.requests.some((r) => r.script === "get_status3.php" && r.fields.some(([n, v]) => n === "pg_payment_id" && v === String(payment.id)))).toBe(true);
});

test("the gateway down: the payer stays on the page with a message and can try again", async ({ page, request }) => {
  const guest = await createUser(request);
  const booking = await bookingAwaitingPayment(request, guest);
  await signIn(page, guest);
  await page.goto(`/en/booking/confirm?bookingId=${booking.id}`);
  peer.down = true;
  await page.getByTestId("pay-button").click();
  await expect(page.getByRole("alert")).toContainText("The payment service is not answering right now");
  await expect(page.getByTestId("pay-button")).toBeVisible();
  peer.down = false;
  await page.getByTestId("pay-button").click();
  await expect(page).toHaveURL(/\/pay\.html/);
});
