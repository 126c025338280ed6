/**
 * The listing wizard in a real browser on a phone-size screen, through the plain HTML forms (the
 * `no-js` project runs it without JavaScript). One test is the host's whole journey: a standalone
 * place from /create to publish, and a guest then finds it in /estates by its title. The complex
 * (in English) and its unit (in Kyrgyz) are walked section by section, each section in a test of
 * its own that resumes a draft made through the API at the section's first step: every step of
 * every kind is still filled through its form, and the two workers share the walk. Also the
 * guards, photo reorder and cover, leaving half-way and resuming from /host/objects, and that
 * another host cannot open the listing.
 */
import fs from "node:fs";
import path from "node:path";
import { SEQUENCES } from "../../contract/listing-steps";
import { createUser, expect, test } from "./fixtures";
import { message } from "./support";
import {
  CYRILLIC,
  LATIN,
  PHONE,
  draftAt,
  hostSignedIn,
  photoFiles,
  prefixOf,
  publish,
  publishedComplex,
  save,
  startByForm,
  uniqueWord,
  uploadPhotos,
  walk,
  type Answers,
} from "./wizard-support";
import type { Page } from "@playwright/test";

const SHOTS = path.resolve("tests/.artifacts/screenshots/listing");

async function findInSearch(page: Page, prefix: string, word: string, title: string) {
  await page.goto(`${prefix}/estates?location=${encodeURIComponent(word)}`);
  const card = page.getByTestId("estate-card").filter({ hasText: title });
  await expect(card).toHaveCount(1, { timeout: 30_000 });
  // The card's link covers the card (a stretched ::after): go where it points.
  await page.goto((await card.getByTestId("estate-card-link").getAttribute("href")) ?? "");
  await expect(page.locator("h1")).toContainText(title);
}

test.describe("the listing wizard on a phone", () => {
  test.use({ viewport: PHONE });
  // Every step is a page load; on a loaded shared machine a whole wizard takes minutes.
  test.beforeEach(() => test.setTimeout(300_000));

  test("a standalone place, in Russian: every step from /create to publish, then a guest finds it", async ({ page, request }) => {
    await hostSignedIn(page, request);
    const word = uniqueWord(CYRILLIC);
    const title = `Дом ${word} у озера`;
    await startByForm(page, "", "simple");
    expect(await walk(page, { title, lang: "ru" })).toEqual(SEQUENCES.simple.flat().filter((s) => s !== "preview" && s !== "congrats"));
    await page.getByTestId("open-preview").click();
    await expect(page.getByTestId("preview-title")).toHaveText(title);
    await page.goBack();
    await publish(page);
    await findInSearch(page, "", word, title);
    await expect(page.getByText("Можно с животными.")).toBeVisible();
  });

  // The complex, one section per test: the first from the /create form, the others from a draft
  // saved through the API up to the section's intro; the last one publishes.
  const complexSections = SEQUENCES.complex.map((section) => section.filter((s) => s !== "preview" && s !== "congrats"));
  for (const [n, section] of complexSections.entries()) {
    test(`a complex in English, section ${n + 1} through its forms: ${section.join(", ")}`, async ({ page, request }) => {
      const host = await hostSignedIn(page, request);
      const answers: Answers = { title: `Resort ${uniqueWord(LATIN)} Shore`, lang: "en" };
      if (n === 0) await startByForm(page, "/en", "complex");
      else await page.goto(`/en/host/objects/${await draftAt(request, host, "complex", { at: section[0], answers })}/${section[0]}`);
      expect(await walk(page, answers, { more: (step) => section.includes(step as never) })).toEqual(section);
      if (n === complexSections.length - 1) {
        await expect(page).toHaveURL(/\/en\/host\/objects\/\d+\/preview$/);
        await publish(page);
      }
    });
  }

  test("a unit in Kyrgyz, section 1 through its forms: made from the complex's offer, type to capacity", async ({ page, request }) => {
    const host = await hostSignedIn(page, request);
    const complexId = await publishedComplex(request, host, { title: `Resort ${uniqueWord(LATIN)} Shore`, lang: "en" });
    // The congratulations offer a unit of the complex; the unit's wizard runs in Kyrgyz.
    await page.goto(`/ky/create?kind=complex.simple&parentId=${complexId}`);
    await page.locator('[data-testid="create-form"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/ky\/host\/objects\/\d+\/intro1$/, { timeout: 30_000 });
    const section = SEQUENCES["complex.simple"][0];
    expect(await walk(page, { title: `Люкс ${uniqueWord(CYRILLIC)}`, lang: "ky" }, { more: (step) => section.includes(step as never) })).toEqual(section);
    await expect(page).toHaveURL(/\/ky\/host\/objects\/\d+\/intro3$/);
  });

  test("a unit in Kyrgyz, the other sections through their forms, published: the complex is found with the unit", async ({ page, request }) => {
    const host = await hostSignedIn(page, request);
    const word = uniqueWord(LATIN);
    const title = `Resort ${word} Shore`;
    const complexId = await publishedComplex(request, host, { title, lang: "en" });
    const unit: Answers = { title: `Люкс ${uniqueWord(CYRILLIC)}`, lang: "ky" };
    const id = await draftAt(request, host, "complex.simple", { at: "intro3", answers: unit, parentId: complexId });
    await page.goto(`/ky/host/objects/${id}/intro3`);
    const rest = SEQUENCES["complex.simple"].slice(1).flat().filter((s) => s !== "preview" && s !== "congrats");
    expect(rest).toEqual(["intro3", "photo", "description", "parameters", "intro4", "price", "intro5"]);
    expect(await walk(page, unit)).toEqual(rest);
    await publish(page);

    await findInSearch(page, "/en", word, title);
    await expect(page.getByText(unit.title)).toBeVisible();
  });

  test("publishing with steps left lists them as links; bad input is shown again with what was typed", async ({ page, request }) => {
    const host = await hostSignedIn(page, request);
    const id = await draftAt(request, host, "simple", { at: "intro1" });
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
    const host = await hostSignedIn(page, request);
    const id = await draftAt(request, host, "simple", { at: "intro1" });
    await page.goto(`/host/objects/${id}/photo`);
    await uploadPhotos(page, await photoFiles(3));
    const ids = async () => page.getByTestId("photo-item").evaluateAll((items) => items.map((i) => i.getAttribute("data-photo-id")));
    const [first, second, third] = await ids();
    await page.getByTestId("photo-item").nth(2).locator('button[value="cover"]').click();
    await expect.poll(ids, { timeout: 20_000 }).toEqual([third, first, second]);
    await page.getByTestId("photo-item").nth(0).locator('button[value="down"]').click();
    await expect.poll(ids, { timeout: 20_000 }).toEqual([first, third, second]);
    await page.getByTestId("photo-item").nth(1).locator('button[value="delete"]').click();
    await expect.poll(ids, { timeout: 20_000 }).toEqual([first, second]);
    // A file that is not a photo is refused by name; the photos already there stay.
    await uploadPhotos(page, [{ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") }], 2);
    // Without JavaScript the page lists it; with it, the file's own row says why.
    await expect(page.getByTestId("photos-rejected").or(page.locator('[data-testid="upload-item"][data-status="error"]'))).toContainText("notes.jpg", { timeout: 30_000 });
    await expect(page.getByTestId("photo-item")).toHaveCount(2);
  });

  test("leaving half-way and resuming from /host/objects; another host gets 404", async ({ page, request, browser }) => {
    const host = await hostSignedIn(page, request);
    const word = uniqueWord(CYRILLIC);
    // Saved up to the title, as a host who left after it (the steps' forms are walked above).
    const id = await draftAt(request, host, "simple", { at: "address", answers: { title: `Квартира ${word}`, lang: "ru" } });
    await page.goto("/host/objects");
    const card = page.getByTestId("objects-list").getByTestId("listing-card").filter({ hasText: `Квартира ${word}` });
    await expect(card).toContainText("Готово шагов: 2 из");
    await card.getByRole("link", { name: new RegExp(`^${message("ru", "listing", "objects.continue")}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/host/objects/${id}/address$`));
    // Going back to the title step shows the saved title.
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

  // One test per language, so the two workers share the pictures.
  for (const locale of ["ru", "en", "ky"]) {
    // One set of pictures is enough: JavaScript on only.
    test(`screenshots of every step at 360 px (${locale})`, { tag: "@js-only" }, async ({ page, request }) => {
      test.setTimeout(600_000);
      await page.setViewportSize(PHONE);
      fs.mkdirSync(SHOTS, { recursive: true });
      const host = await hostSignedIn(page, request);
      const id = await draftAt(request, host, "simple");
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
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
      expect(errors).toEqual([]);
    });
  }
});
