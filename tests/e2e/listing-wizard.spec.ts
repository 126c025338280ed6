/**
 * The listing wizard in a real browser on a phone-size screen: a host creates each of the three
 * kinds from /create to publish, step by step through the plain HTML forms (the `no-js` project
 * runs it without JavaScript), and a guest then finds the listing in /estates by its title. Also
 * the guards, photo reorder and cover, leaving half-way and resuming from /host/objects, and that
 * another host cannot open the listing.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { createUser, expect, signInByPost, test, type TestUser } from "./fixtures";
import { addDays, message, todayInBishkek } from "./support";

const PHONE = { width: 360, height: 800 };
const SHOTS = path.resolve("tests/.artifacts/screenshots/listing");

/** A word no seeded estate has, so the search finds exactly the new listing. */
const uniqueWord = (alphabet: string) => Array.from({ length: 9 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
const LATIN = "bcdfghjklmnpqrstvwxz";
const CYRILLIC = "бвгджзклмнпрстфхцчш";

const photo = (hue: number) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: hue, g: 120, b: 255 - hue } } })
    .jpeg()
    .toBuffer();

const prefixOf = (locale: string) => (locale === "ru" ? "" : `/${locale}`);
const currentStep = (page: Page) => new URL(page.url()).pathname.split("/").at(-1) ?? "";

/** Saves the step and waits until the next one is open (with JavaScript the click returns before the navigation). */
async function save(page: Page, expectMove = true) {
  const from = page.url();
  await page.locator('[data-testid="step-form"] button[name="intent"][value="save"]').click();
  if (expectMove) await expect(page).not.toHaveURL(from, { timeout: 30_000 });
  else await page.waitForLoadState();
}

async function uploadPhotos(page: Page, count: number) {
  const files = await Promise.all(Array.from({ length: count }, async (_, i) => ({ name: `photo-${i + 1}.jpg`, mimeType: "image/jpeg", buffer: await photo(40 + i * 80) })));
  await page.locator('input[type="file"][name="photos"]').setInputFiles(files);
  await page.locator('[data-testid="photo-upload"] button[value="upload"]').click();
  await expect(page.getByTestId("photo-item")).toHaveCount(count, { timeout: 30_000 });
}

type Answers = { title: string; lang: "ru" | "en" | "ky" };

/** Fills whatever step the page is on, as a host would, and saves it. */
async function fillStep(page: Page, step: string, answers: Answers) {
  const field = (name: string) => page.locator(`[name="${name}"]`);
  switch (step) {
    case "type":
      await page.locator('input[name="typeId"]').first().check();
      break;
    case "title":
      await field(`title_${answers.lang}`).fill(answers.title);
      break;
    case "address":
      await field("place").selectOption("cholpon-ata");
      await field("street").fill("Советская");
      await field("house").fill("15");
      break;
    case "capacity":
      await field("guests").fill("4");
      await field("bedrooms").fill("2");
      await field("beds").fill("2");
      await field("baths").fill("1");
      break;
    case "photo":
      await uploadPhotos(page, 1);
      break;
    case "description":
      await field(`description_${answers.lang}`).fill(`${answers.title}: a bright place near the lake, with a garden, a terrace and mountain views.`);
      break;
    case "parameters":
      await page.locator('input[name="parameterIds"]').first().check();
      break;
    case "price":
      await field("price").fill("4500");
      break;
    case "house_rules":
      await field("pets").check();
      break;
    case "booking_rules":
      await page.locator('input[name="confirmation"][value="instant"]').check();
      await page.locator('input[name="cancellation"][value="flexible"]').check();
      break;
    case "start":
      await field("availableFrom").fill(addDays(todayInBishkek(), 1));
      break;
    case "cooperation_format":
      await page.locator('input[name="format"][value="standard"]').check();
      break;
    case "landlord_data":
      await page.locator('input[name="landlordKind"][value="individual"]').check();
      await field("legalName").fill("Асанов Айбек");
      await field("taxId").fill("12345678901234");
      await field("payoutAccount").fill("4169 5851 0000 1234");
      break;
  }
}

/** From the current step to the preview, filling each step; answers the listing id. */
async function walkToPreview(page: Page, answers: Answers, onStep?: (step: string) => Promise<void>): Promise<string> {
  for (let guard = 0; guard < 30; guard++) {
    const step = currentStep(page);
    if (step === "preview") return new URL(page.url()).pathname.split("/").at(-2) ?? "";
    await expect(page.getByTestId("wizard-progress")).toBeVisible();
    await onStep?.(step);
    await fillStep(page, step, answers);
    await save(page);
  }
  throw new Error("The wizard never reached the preview");
}

async function publish(page: Page) {
  await page.locator('[data-testid="step-form"] button[value="publish"]').click();
  await expect(page.getByTestId("congrats")).toBeVisible();
}

async function start(page: Page, prefix: string, kind: string) {
  await page.goto(`${prefix}/create`);
  await page.locator(`input[name="kind"][value="${kind}"]`).check();
  await page.locator('[data-testid="create-form"] button[type="submit"]').click();
  await expect(page).toHaveURL(/\/host\/objects\/\d+\/intro1$/, { timeout: 30_000 });
}

async function findInSearch(page: Page, prefix: string, word: string, title: string) {
  await page.goto(`${prefix}/estates?location=${encodeURIComponent(word)}`);
  const card = page.getByTestId("estate-card").filter({ hasText: title });
  await expect(card).toHaveCount(1, { timeout: 30_000 });
  // The card's link covers the card (a stretched ::after): go where it points.
  await page.goto((await card.getByTestId("estate-card-link").getAttribute("href")) ?? "");
  await expect(page.locator("h1")).toContainText(title);
}

/** A new host, signed in by posting the login form (the form has its own specs). */
async function hostSignedIn(page: Page, request: Parameters<typeof createUser>[0]): Promise<TestUser> {
  const host = await createUser(request, { mode: "host", firstName: "Айбек" });
  await signInByPost(page, host);
  return host;
}

test.describe("the listing wizard on a phone", () => {
  test.use({ viewport: PHONE });
  // Every step is a page load; on a loaded shared machine a whole wizard takes minutes.
  test.beforeEach(() => test.setTimeout(300_000));

  test("a standalone place, in Russian: every step to publish, then a guest finds it", async ({ page, request }) => {
    await hostSignedIn(page, request);
    const word = uniqueWord(CYRILLIC);
    const title = `Дом ${word} у озера`;
    await start(page, "", "simple");
    await walkToPreview(page, { title, lang: "ru" });
    await page.getByTestId("open-preview").click();
    await expect(page.getByTestId("preview-title")).toHaveText(title);
    await page.goBack();
    await publish(page);
    await findInSearch(page, "", word, title);
    await expect(page.getByText("Можно с животными.")).toBeVisible();
  });

  test("a complex in English and a unit in Kyrgyz: both published, the complex found at the unit's price", async ({ page, request }) => {
    await hostSignedIn(page, request);
    const word = uniqueWord(LATIN);
    const title = `Resort ${word} Shore`;
    await start(page, "/en", "complex");
    const complexId = await walkToPreview(page, { title, lang: "en" });
    await publish(page);

    // The congratulations offer a unit of this complex; the unit's wizard runs in Kyrgyz.
    await page.goto(`/ky/create?kind=complex.simple&parentId=${complexId}`);
    await page.locator('[data-testid="create-form"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/ky\/host\/objects\/\d+\/intro1$/, { timeout: 30_000 });
    const unitTitle = `Люкс ${uniqueWord(CYRILLIC)}`;
    const steps: string[] = [];
    await walkToPreview(page, { title: unitTitle, lang: "ky" }, async (step) => void steps.push(step));
    expect(steps).toEqual(["intro1", "intro2", "type", "title", "capacity", "intro3", "photo", "description", "parameters", "intro4", "price", "intro5"]);
    await publish(page);

    await findInSearch(page, "/en", word, title);
    await expect(page.getByText(unitTitle)).toBeVisible();
  });

  test("publishing with steps left lists them as links; bad input is shown again with what was typed", async ({ page, request }) => {
    await hostSignedIn(page, request);
    await start(page, "/ky", "simple");
    const id = new URL(page.url()).pathname.split("/").at(-2);
    await page.goto(`/ky/host/objects/${id}/price`);
    await page.locator('[name="price"]').fill("100");
    await page.locator('[name="maxNights"]').fill("12");
    await save(page, false);
    await expect(page.getByText("Кеминде 300")).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[name="maxNights"]')).toHaveValue("12");
    await page.goto(`/ky/host/objects/${id}/preview`);
    await page.locator('[data-testid="step-form"] button[value="publish"]').click();
    const missing = page.getByTestId("publish-missing");
    await expect(missing).toContainText(message("ky", "listing", "preview.missing"));
    await missing.getByRole("link", { name: "Баасы" }).click();
    await expect(page).toHaveURL(new RegExp(`/ky/host/objects/${id}/price$`));
  });
});

test.describe("host pages", () => {
  // Pages without JavaScript load whole, and photos are processed as they arrive: more than the default 30 s.
  test.beforeEach(() => test.setTimeout(180_000));
  test("a visitor signs in and comes back; a guest is offered host mode and comes back", async ({ page, request }) => {
    await page.goto("/host/objects");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fhost%2Fobjects/);
    const guest = await createUser(request, { mode: "guest" });
    await page.locator('input[name="phone"]').fill(guest.national);
    await page.locator('input[name="password"]').fill(guest.password);
    await page.locator('form[method="post"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/host\/switch\?redirectTo=%2Fhost%2Fobjects/);
    await page.locator('main form[action$="/mode"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/host\/objects$/);
    await expect(page.locator("h1")).toHaveText(message("ru", "listing", "objects.title"));
  });

  test("photos: several at once, reorder, make cover, delete", async ({ page, request }) => {
    await hostSignedIn(page, request);
    await start(page, "", "simple");
    const id = new URL(page.url()).pathname.split("/").at(-2);
    await page.goto(`/host/objects/${id}/photo`);
    await uploadPhotos(page, 3);
    const ids = async () => page.getByTestId("photo-item").evaluateAll((items) => items.map((i) => i.getAttribute("data-photo-id")));
    const [first, second, third] = await ids();
    await page.getByTestId("photo-item").nth(2).locator('button[value="cover"]').click();
    await expect.poll(ids).toEqual([third, first, second]);
    await page.getByTestId("photo-item").nth(0).locator('button[value="down"]').click();
    await expect.poll(ids).toEqual([first, third, second]);
    await page.getByTestId("photo-item").nth(1).locator('button[value="delete"]').click();
    await expect.poll(ids).toEqual([first, second]);
    // A file that is not a photo is refused by name; the photos already there stay.
    await page.locator('input[type="file"][name="photos"]').setInputFiles([{ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") }]);
    await page.locator('[data-testid="photo-upload"] button[value="upload"]').click();
    // Without JavaScript the page lists it; with it, the file's own row says why.
    await expect(page.getByTestId("photos-rejected").or(page.locator('[data-testid="upload-item"][data-status="error"]'))).toContainText("notes.jpg", { timeout: 30_000 });
    await expect(page.getByTestId("photo-item")).toHaveCount(2);
  });

  test("leaving half-way and resuming from /host/objects; another host gets 404", async ({ page, request, browser }) => {
    await hostSignedIn(page, request);
    const word = uniqueWord(CYRILLIC);
    await start(page, "", "simple");
    for (const step of ["intro1", "intro2", "type", "title"]) {
      expect(currentStep(page)).toBe(step);
      await fillStep(page, step, { title: `Квартира ${word}`, lang: "ru" });
      await save(page);
    }
    await expect(page).toHaveURL(/\/address$/);
    const id = new URL(page.url()).pathname.split("/").at(-2);
    await page.goto("/host/objects");
    const card = page.getByTestId("group-drafts").getByTestId("listing-card").filter({ hasText: `Квартира ${word}` });
    await expect(card).toContainText("Готово шагов: 2 из");
    await card.getByRole("link", { name: new RegExp(`^${message("ru", "listing", "objects.continue")}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/host/objects/${id}/address$`));
    // "Back" from the title step keeps the saved title.
    await page.goto(`/host/objects/${id}/title`);
    await expect(page.locator('[name="title_ru"]')).toHaveValue(`Квартира ${word}`);

    const other = await browser.newContext({ javaScriptEnabled: test.info().project.name === "js" });
    const otherPage = await other.newPage();
    await hostSignedIn(otherPage, request);
    for (const url of [`/host/objects/${id}`, `/host/objects/${id}/title`, `/host/objects/preview/${id}`, `/create/${id}`]) {
      const response = await otherPage.goto(url);
      expect(response?.status(), url).toBe(404);
    }
    await other.close();
  });

  test("screenshots of every step at 360 px in ru, en and ky", async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "one set of pictures is enough");
    test.setTimeout(900_000);
    await page.setViewportSize(PHONE);
    fs.mkdirSync(SHOTS, { recursive: true });
    await hostSignedIn(page, request);
    await start(page, "", "simple");
    const id = await walkToPreview(page, { title: `Дом ${uniqueWord(CYRILLIC)}`, lang: "ru" });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    for (const locale of ["ru", "en", "ky"]) {
      const prefix = prefixOf(locale);
      for (const url of ["/create", "/host/objects", `/host/objects/${id}`, `/host/objects/preview/${id}`]) {
        await page.goto(`${prefix}${url}`);
        await page.screenshot({ path: path.join(SHOTS, `${locale}${url.replace(/\//g, "_")}.png`), fullPage: true, timeout: 60_000 });
      }
      for (const step of ["intro1", "type", "title", "address", "capacity", "photo", "description", "parameters", "complex_parameters", "price", "house_rules", "booking_rules", "start", "cooperation_format", "landlord_data", "preview"]) {
        await page.goto(`${prefix}/host/objects/${id}/${step}`);
        await page.screenshot({ path: path.join(SHOTS, `${locale}-step-${step}.png`), fullPage: true, timeout: 60_000 });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${locale} ${step}`).toBeLessThanOrEqual(PHONE.width);
      }
    }
    expect(errors).toEqual([]);
  });
});
