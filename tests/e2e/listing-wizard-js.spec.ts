/**
 * The listing wizard's JavaScript enhancements in a real browser on a phone-size screen: the
 * address step's draggable pin on the lazily loaded map (tiles fail fast here, as offline), the
 * photo step's per-file upload progress and messages, and photo reordering by drag and drop. Also
 * axe (serious and critical findings) on every wizard page at 360 px, and screenshots of the
 * address and photo steps in ru, en and ky. The plain-form flows without JavaScript are in
 * listing-wizard.spec.ts.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { APIRequestContext, Page } from "@playwright/test";
import { SEQUENCES } from "../../contract/listing-steps";
import { stepTitle } from "../../contract/listing-text";
import { expect, test } from "./fixtures";
import { hydrated, message } from "./support";
import { PHONE, draftAt, fillStep, hostSignedIn, prefixOf, publish, save, uploadByApi } from "./wizard-support";
import { axeOn, WCAG_AA } from "./axe";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "these are the JavaScript enhancements");
test.use({ viewport: PHONE });
test.beforeEach(() => test.setTimeout(300_000));

const SHOTS = path.resolve("tests/.artifacts/screenshots/listing-js");
const CHOLPON_ATA = { lat: 42.649, lng: 77.082 };

/**
 * A JPEG of the smallest size a listing takes (1024 × 683, PHOTO_MIN_SIDES) with a square of noise
 * in its corner (noise does not compress), about `kb` kilobytes: big enough for the upload to take
 * a while when throttled. The rest is one colour, which costs next to nothing.
 */
async function photo(seed: number, kb = 40): Promise<Buffer> {
  const side = Math.min(683, Math.round(Math.sqrt(kb * 1024) * 1.1));
  const [width, height] = [1024, 683];
  const raw = Buffer.alloc(width * height * 3, 90 + seed);
  let x = seed * 7919 + 1;
  for (let row = 0; row < side; row++) for (let i = row * width * 3; i < (row * width + side) * 3; i++) raw[i] = (x = (x * 1103515245 + 12345) & 0x7fffffff) >> 16;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A new host signed in, with a draft of a standalone place made through the API; answers its id. */
async function hostWithDraft(page: Page, request: APIRequestContext): Promise<number> {
  return draftAt(request, await hostSignedIn(page, request), "simple", { at: "intro1" });
}

/** Chooses files; with JavaScript each goes up at once, in a request of its own. */
async function upload(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  // They go up as soon as they are chosen (issue 27), once the page has hydrated.
  await hydrated(page, 'input[type="file"][name="photos"]');
  await page.locator('input[type="file"][name="photos"]').setInputFiles(files);
  await expect(page.getByTestId("upload-item")).toHaveCount(files.length);
}

/** axe's serious and critical findings on the page as it is now, each as "where rule: element". */
async function axeFindings(page: Page, where: string): Promise<string[]> {
  const { violations } = await axeOn(page).withTags(WCAG_AA).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const pinCentre = async (page: Page) => {
  await page.getByTestId("address-map").scrollIntoViewIfNeeded();
  const box = await page.locator('[data-testid="address-pin"] svg').boundingBox();
  if (!box) throw new Error("No pin on the map");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};
const coords = async (page: Page) => ({ lat: Number(await page.locator('[name="lat"]').inputValue()), lng: Number(await page.locator('[name="lng"]').inputValue()) });

test("address: choosing a city places the pin, dragging it and the arrow keys fill the coordinates, the point is saved", async ({ page, request }) => {
  const id = await hostWithDraft(page, request);
  await page.goto(`/host/objects/${id}/address`);
  await expect(page.locator('[data-testid="address-map"][data-ready="true"]')).toBeVisible({ timeout: 20_000 });
  // The tile server is unreachable in the tests: the map says so and works all the same.
  await expect(page.getByTestId("map-tiles-failed")).toBeVisible();
  await expect(page.getByTestId("address-pin")).toHaveCount(0);

  await page.locator('[name="place"]').fill("Чолпон-Ата");
  await expect(page.getByTestId("address-pin")).toHaveCount(1);
  expect(await coords(page)).toEqual(CHOLPON_ATA);

  // Drag the pin right and down: east and south.
  const from = await pinCentre(page);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 60, from.y + 40, { steps: 12 });
  await page.mouse.up();
  await expect.poll(async () => (await coords(page)).lng).toBeGreaterThan(CHOLPON_ATA.lng);
  const dragged = await coords(page);
  expect(dragged.lat).toBeLessThan(CHOLPON_ATA.lat);

  // The focused pin moves with the arrow keys.
  await page.getByTestId("address-pin").focus();
  await page.keyboard.press("ArrowUp");
  await expect.poll(async () => (await coords(page)).lat).toBeGreaterThan(dragged.lat);
  const moved = await coords(page);
  expect(moved.lng).toBe(dragged.lng);

  // Typed coordinates move the pin.
  const before = await pinCentre(page);
  await page.locator('[name="lng"]').fill(String(moved.lng + 0.002));
  await expect.poll(async () => (await pinCentre(page)).x).toBeGreaterThan(before.x + 5);
  await page.locator('[name="lng"]').fill(String(moved.lng));

  // Saving without a street fails and shows the form again, pin and coordinates kept; the pin still writes the fields.
  await page.locator('[data-testid="step-form"] button[name="intent"][value="save"]').click();
  await expect(page.locator('[name="street"][aria-invalid="true"]')).toBeVisible({ timeout: 20_000 });
  expect(await coords(page)).toEqual(moved);
  await page.getByTestId("address-pin").focus();
  await page.keyboard.press("ArrowDown");
  await expect.poll(async () => (await coords(page)).lat).toBeLessThan(moved.lat);
  await page.keyboard.press("ArrowUp");
  await expect.poll(async () => (await coords(page)).lat).toBeCloseTo(moved.lat, 5);

  await page.locator('[name="street"]').fill("Советская");
  await page.locator('[name="house"]').fill("15");
  await save(page);
  await expect(page).toHaveURL(/\/capacity$/);

  // The saved point is the pin's: back on the address step, the fields and the pin say so.
  await page.goto(`/host/objects/${id}/address`);
  expect(await coords(page)).toEqual(moved);
  await expect(page.getByTestId("address-pin")).toHaveCount(1);
});

test("photos: two good files and a bad one, each with its own progress and message; the good ones are saved", async ({ page, request }) => {
  const id = await hostWithDraft(page, request);
  await page.goto(`/host/objects/${id}/photo`);
  // A slow upload (as on a phone), so the progress is seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 40, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
  // Everything each row showed, as it changed.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => {
      document.querySelectorAll<HTMLElement>('[data-testid="upload-item"]').forEach((item, i) => {
        const bar = item.querySelector('[role="progressbar"]');
        seen.push(`${i}:${item.dataset.status}:${bar?.getAttribute("aria-valuenow") ?? "-"}`);
      });
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });

  await upload(page, [
    { name: "lake.jpg", mimeType: "image/jpeg", buffer: await photo(2, 500) },
    { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("a text file that says it is a photo") },
    { name: "yard.jpg", mimeType: "image/jpeg", buffer: await photo(3, 500) },
    { name: "readme.txt", mimeType: "text/plain", buffer: Buffer.from("plainly not a photo") },
  ]);
  const items = page.getByTestId("upload-item");
  // The plain text file is refused before it travels.
  await expect(items.nth(3)).toHaveAttribute("data-status", "error");
  await expect(items.nth(0)).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  await expect(items.nth(1)).toHaveAttribute("data-status", "error", { timeout: 60_000 });
  await expect(items.nth(2)).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  await expect(items.nth(1).getByTestId("upload-status")).toHaveText("Это не фотография JPEG, PNG, WebP или HEIC");
  await expect(items.nth(3).getByTestId("upload-status")).toHaveText("Это не фотография JPEG, PNG, WebP или HEIC");
  await expect(items.nth(0).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByTestId("upload-summary")).toHaveText("Загружено: 2. Не добавлено: 2.");
  await expect(page.getByTestId("photo-item")).toHaveCount(2, { timeout: 30_000 });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // Each good file was seen part-way, then processing, then done; the bad one never showed a bar.
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  for (const i of [0, 2]) {
    const partWay = seen.filter((s) => s.startsWith(`${i}:uploading:`)).map((s) => Number(s.split(":")[2]));
    expect(partWay.some((p) => p > 0 && p < 100), `file ${i}: ${seen.filter((s) => s.startsWith(`${i}:`)).join(" ")}`).toBe(true);
    expect(seen).toContain(`${i}:processing:100`);
  }
  expect(seen.filter((s) => s.startsWith("1:") && !s.endsWith(":-") && !s.startsWith("1:uploading") && !s.startsWith("1:processing"))).toEqual([]);

  await page.reload();
  await expect(page.getByTestId("photo-item")).toHaveCount(2);
  await expect(page.getByTestId("photo-count")).toHaveText(message("ru", "listing", "photos.count").replace("{{n}}", "2"));
});

test("photos: dragging the second photo before the first makes it the cover, and the order stays after a reload", async ({ page, request }) => {
  const host = await hostSignedIn(page, request);
  const id = await draftAt(request, host, "simple", { at: "intro1" });
  // The photos come through the API: the upload has its own test above.
  await uploadByApi(request, host, id, await Promise.all([1, 2, 3].map((n) => photo(10 + n))));
  await page.goto(`/host/objects/${id}/photo`);
  await expect(page.getByTestId("photo-item")).toHaveCount(3);
  const ids = async () => page.getByTestId("photo-item").evaluateAll((items) => items.map((i) => i.getAttribute("data-photo-id")));
  const [first, second, third] = await ids();

  await dragOnto(page, 1, 0);
  await expect.poll(ids).toEqual([second, first, third]);
  await page.mouse.up();
  await expect(page.getByTestId("photo-order-status")).toHaveText("", { timeout: 20_000 });

  await page.reload();
  await expect.poll(ids).toEqual([second, first, third]);
  await expect(page.getByTestId("photo-item").nth(0)).toContainText(message("ru", "listing", "photos.cover"));

  // And down: the cover dragged onto the last photo goes last (the dragged element itself moves in the list).
  await dragOnto(page, 0, 2);
  await expect.poll(ids).toEqual([first, third, second]);
  await page.mouse.up();
  await expect(page.getByTestId("photo-order-status")).toHaveText("", { timeout: 20_000 });
  await page.reload();
  await expect.poll(ids).toEqual([first, third, second]);
});

/** Presses the drag handle of photo `from` and moves the pointer onto photo `onto`'s image, keeping the button down. */
async function dragOnto(page: Page, from: number, onto: number) {
  const handle = page.getByTestId("photo-item").nth(from).getByTestId("photo-drag");
  await handle.scrollIntoViewIfNeeded();
  const start = await handle.boundingBox();
  if (!start) throw new Error("No photo to drag");
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  // The page scrolls near the screen's edges while dragging; move in steps, reading the target as it comes.
  for (let i = 0; i < 40; i++) {
    const target = await page.getByTestId("photo-item").nth(onto).locator("img").boundingBox();
    if (!target) throw new Error("No photo to drag onto");
    const [x, y] = [target.x + target.width / 2, target.y + target.height / 2];
    const inView = y > 80 && y < 720;
    await page.mouse.move(x, inView ? y : y > 720 ? 760 : 40, { steps: 5 });
    if (inView) return;
  }
}

test("a wizard step describes itself in the page's language and asks nothing of robots: its sign-in redirect says noindex", async ({ page, request, playwright, baseURL }) => {
  const id = await draftAt(request, await hostSignedIn(page, request), "simple");
  for (const locale of ["ru", "en", "ky"] as const) {
    await page.goto(`${locale === "ru" ? "" : `/${locale}`}/host/objects/${id}/title`);
    const description = message(locale, "listing", "wizard.metaDescription").replace("{{step}}", stepTitle("title", locale));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", description);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  }
  // Signed out (a crawler), the same address is the sign-in, marked noindex.
  const anonymous = await playwright.request.newContext({ baseURL });
  const response = await anonymous.get(`/en/host/objects/${id}/title`, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe(`/en/login?redirectTo=${encodeURIComponent(`/en/host/objects/${id}/title`)}`);
  expect(response.headers()["x-robots-tag"]).toBe("noindex");
  await anonymous.dispose();
});

/**
 * axe on every wizard page in Russian, in two halves so the two workers share them: each opens the
 * pages of a draft made through the API (the forms themselves are walked in listing-wizard.spec.ts).
 */
test.describe("axe on the wizard at 360 px", () => {
  test.describe.configure({ timeout: 300_000 });

  test("the empty list, /create and sections 1 and 2, the address and photo steps also filled in", async ({ page, request }) => {
    const host = await hostSignedIn(page, request);
    const found: string[] = [];
    await page.goto("/host/objects");
    found.push(...(await axeFindings(page, "/host/objects (empty)")));
    await page.goto("/create");
    found.push(...(await axeFindings(page, "/create")));
    const id = await draftAt(request, host, "simple");
    for (const step of [...SEQUENCES.simple[0], ...SEQUENCES.simple[1]]) {
      await page.goto(`/host/objects/${id}/${step}`);
      if (step === "address") await expect(page.locator('[data-testid="address-map"][data-ready="true"]')).toBeVisible({ timeout: 20_000 });
      found.push(...(await axeFindings(page, step)));
      // The steps whose JavaScript adds something: checked again once filled in.
      if (step === "address" || step === "photo") {
        await fillStep(page, step, { title: "Дом у озера", lang: "ru" });
        found.push(...(await axeFindings(page, `${step} (filled)`)));
      }
    }
    expect(found).toEqual([]);
  });

  test("sections 3 and 4, a step that failed validation, the overview pages, publishing and the published list", async ({ page, request }) => {
    const host = await hostSignedIn(page, request);
    const found: string[] = [];
    const id = await draftAt(request, host, "simple");
    for (const step of [...SEQUENCES.simple[2], ...SEQUENCES.simple[3]].filter((s) => s !== "congrats")) {
      await page.goto(`/host/objects/${id}/${step}`);
      found.push(...(await axeFindings(page, step)));
    }
    // A step that failed validation: its messages next to the fields.
    await page.goto(`/host/objects/${id}/price`);
    await page.locator('[name="price"]').fill("100");
    await page.locator('[data-testid="step-form"] button[name="intent"][value="save"]').click();
    await expect(page.locator('[name="price"][aria-invalid="true"]')).toBeVisible({ timeout: 20_000 });
    found.push(...(await axeFindings(page, "price (invalid)")));
    for (const url of [`/host/objects/${id}`, `/host/objects/preview/${id}`, `/create/preview/${id}`, "/host/objects"]) {
      await page.goto(url);
      found.push(...(await axeFindings(page, url)));
    }
    await page.goto(`/host/objects/${id}/preview`);
    await publish(page);
    found.push(...(await axeFindings(page, "congrats")));
    await page.goto("/host/objects");
    found.push(...(await axeFindings(page, "/host/objects (published)")));
    expect(found).toEqual([]);
  });

  test("the address and photo steps in English and Kyrgyz", async ({ page, request }) => {
    const host = await hostSignedIn(page, request);
    const id = await draftAt(request, host, "simple");
    const found: string[] = [];
    for (const prefix of ["/en", "/ky"]) {
      for (const step of ["address", "photo"]) {
        await page.goto(`${prefix}/host/objects/${id}/${step}`);
        if (step === "address") await expect(page.locator('[data-testid="address-map"][data-ready="true"]')).toBeVisible({ timeout: 20_000 });
        found.push(...(await axeFindings(page, `${prefix} ${step}`)));
      }
    }
    expect(found).toEqual([]);
  });
});

test("screenshots of the address and photo steps at 360 px in ru, en and ky, with the pin and the uploads", async ({ page, request }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const id = await hostWithDraft(page, request);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  for (const locale of ["ru", "en", "ky"]) {
    const prefix = prefixOf(locale);
    await page.goto(`${prefix}/host/objects/${id}/address`);
    await expect(page.locator('[data-testid="address-map"][data-ready="true"]')).toBeVisible({ timeout: 20_000 });
    await page.locator('[name="place"]').fill("Чолпон-Ата");
    await expect(page.getByTestId("address-pin")).toHaveCount(1);
    await page.screenshot({ path: path.join(SHOTS, `${locale}-address.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${locale} address`).toBeLessThanOrEqual(360);

    await page.goto(`${prefix}/host/objects/${id}/photo`);
    await upload(page, [
      { name: `terrace-${locale}.jpg`, mimeType: "image/jpeg", buffer: await photo(20) },
      { name: "a-very-long-file-name-from-a-phone-camera-IMG_20260514_183012.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo") },
    ]);
    await expect(page.getByTestId("upload-item").nth(1)).toHaveAttribute("data-status", "error", { timeout: 60_000 });
    await expect(page.getByTestId("upload-summary")).not.toHaveText("");
    await page.screenshot({ path: path.join(SHOTS, `${locale}-photo.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${locale} photo`).toBeLessThanOrEqual(360);
  }
  expect(errors).toEqual([]);
});
