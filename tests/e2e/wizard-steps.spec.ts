/**
 * The wizard's steps as issue 27 found them on a phone, each walked through its own form with
 * JavaScript on and off (the `js` and `no-js` projects): a settlement the list does not know
 * (Kaji-Say) with its point, refused in Almaty, then found by its name; the landlord step saved
 * again without retyping the masked numbers; photos that go up without a second tap and a photo
 * too small for the estate page; the subtype list that follows the type; quiet hours that start
 * when they end; a complex with no unit that is not announced as bookable. Then screenshots of
 * those screens at 360 px in ru, en and ky, and axe on each.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import type { EstateType, SubtypesResponse } from "../../contract/directory";
import type { Listing } from "../../contract/listing-steps";
import { LISTING_MESSAGES } from "../../contract/listing-text";
import { axeOn, WCAG_AA } from "./axe";
import { expect, test } from "./fixtures";
import { apiData, hydrated, message } from "./support";
import { CYRILLIC, PHONE, draftAt, hostSignedIn, plainPhoto, prefixOf, publishedComplex, save, uniqueWord, type Host } from "./wizard-support";

const SHOTS = path.resolve("tests/.artifacts/screenshots/wizard-steps");
const KAJI_SAY = { lat: "42.1432", lng: "77.1805" };
const ALMATY = { lat: "43.2389", lng: "76.8897" };

test.use({ viewport: PHONE });
test.beforeEach(() => test.setTimeout(120_000));

const listingOf = async (page: Page, host: Host, id: number) => (await apiData<{ object: Listing }>(await page.request.get(`/api/v1/host/objects/${id}`, { headers: host.headers }))).object;
/** The message under a field: the element its aria-describedby names. */
async function fieldMessage(page: Page, name: string) {
  const field = page.locator(`[name="${name}"]`).first();
  await expect(field).toHaveAttribute("aria-invalid", "true", { timeout: 20_000 });
  const id = (await field.getAttribute("aria-describedby"))?.split(" ").find((d) => d.endsWith("-error")) ?? "";
  return page.locator(`[id="${id}"]`);
}

/** A photo of `width` × `height` pixels, of one colour. */
const photoOf = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 80, g: 140, b: 90 } } }).jpeg().toBuffer();

test("address: a host in Kaji-Say types the village and its point; a point in Almaty is refused by the field, the typing kept; guests find it by the village's name", async ({ page, request }) => {
  const host = await hostSignedIn(page, request);
  const title = `Юрта ${uniqueWord(CYRILLIC)} на берегу`;
  const id = await draftAt(request, host, "simple", { answers: { title, lang: "ru" } });
  await page.goto(`/host/objects/${id}/address`);
  await hydrated(page, 'input[name="place"]');
  const field = (name: string) => page.locator(`[name="${name}"]`);
  await field("place").fill("Кажы-Сай");
  await field("street").fill("ул. Жээк");
  await field("house").fill("7");
  await field("lat").fill(ALMATY.lat);
  await field("lng").fill(ALMATY.lng);
  await save(page, false);
  await expect(await fieldMessage(page, "lat")).toHaveText(LISTING_MESSAGES.outsideKg.ru);
  await expect(field("place")).toHaveValue("Кажы-Сай");
  await expect(field("lat")).toHaveValue(ALMATY.lat);
  await expect(field("street")).toHaveValue("ул. Жээк");

  // Without a point a village the list does not know cannot be placed: the message says what to do.
  await field("lat").fill("");
  await field("lng").fill("");
  await save(page, false);
  await expect(await fieldMessage(page, "place")).toHaveText("Мы пока не знаем, где «Кажы-Сай»: поставьте точку на карте или введите координаты");

  await field("lat").fill(KAJI_SAY.lat);
  await field("lng").fill(KAJI_SAY.lng);
  await save(page);
  await expect(page).toHaveURL(new RegExp(`/host/objects/${id}/capacity$`));
  const listing = await listingOf(page, host, id);
  expect(listing.values.address).toMatchObject({ place: "Кажы-Сай", lat: Number(KAJI_SAY.lat), lng: Number(KAJI_SAY.lng) });

  // Back on the step, the village is there as typed.
  await page.goto(`/host/objects/${id}/address`);
  await expect(field("place")).toHaveValue("Кажы-Сай");

  await apiData(await request.post(`/api/v1/host/objects/${id}/publish`, { headers: host.headers }));
  await page.goto(`/estates?location=${encodeURIComponent("Кажы-Сай")}`);
  const card = page.getByTestId("estate-card").filter({ hasText: title });
  await expect(card).toHaveCount(1, { timeout: 30_000 });
  await expect(card).toContainText("Кажы-Сай");
});

test("landlord details: saved again without retyping the masked tax id and account, which stay as they were", async ({ page, request }) => {
  const host = await hostSignedIn(page, request);
  const id = await draftAt(request, host, "simple");
  await page.goto(`/en/host/objects/${id}/landlord_data`);
  await expect(page.locator('[name="taxId"]')).toHaveValue("");
  await expect(page.locator('[name="taxId"]')).toHaveAttribute("placeholder", "••••••••••1234");
  await expect(page.getByText(message("en", "listing", "fields.maskedNote"))).toBeVisible();
  await page.locator('[name="legalName"]').fill("Aibek Asanov LLC");
  await page.locator('input[name="landlordKind"][value="company"]').check();
  await save(page);
  await expect(page).toHaveURL(new RegExp(`/en/host/objects/${id}/preview$`));
  const saved = (await listingOf(page, host, id)).values.landlord_data;
  expect(saved).toMatchObject({ landlordKind: "company", legalName: "Aibek Asanov LLC", taxId: "••••••••••1234", payoutAccount: "••••••••••••1234" });

  // A new account typed replaces the stored one; the tax id left empty stays.
  await page.goto(`/en/host/objects/${id}/landlord_data`);
  await expect(page.locator('[name="legalName"]')).toHaveValue("Aibek Asanov LLC");
  await page.locator('[name="payoutAccount"]').fill("1234 5678 9012 3456 78");
  await save(page);
  expect((await listingOf(page, host, id)).values.landlord_data).toMatchObject({ taxId: "••••••••••1234", payoutAccount: "••••••••••••5678" });
});

test("photos: chosen photos go up without an 'Upload' tap and 'Continue' sends what is chosen; a 300 × 200 photo is refused with the size it needs", async ({ page, request, javaScriptEnabled }) => {
  const host = await hostSignedIn(page, request);
  const id = await draftAt(request, host, "simple", { at: "photo" });
  await page.goto(`/host/objects/${id}/photo`);
  await hydrated(page, 'input[name="photos"]');
  await page.locator('input[name="photos"]').setInputFiles([
    { name: "terrace.jpg", mimeType: "image/jpeg", buffer: await plainPhoto(90) },
    { name: "thumb.jpg", mimeType: "image/jpeg", buffer: await photoOf(300, 200) },
  ]);
  const tooSmall = LISTING_MESSAGES.photoTooSmall.ru.replace("{width}", "300").replace("{height}", "200");
  if (javaScriptEnabled) {
    // Nothing else pressed: the good one is saved, the small one says why it is not.
    await expect(page.getByTestId("photo-item")).toHaveCount(1, { timeout: 30_000 });
    await expect(page.locator('[data-testid="upload-item"][data-status="error"]')).toContainText(tooSmall);
  } else {
    // "Continue" takes the chosen files with it: the good one is kept, the page stays to say why the other is not.
    await save(page, false);
    await expect(page.getByTestId("photos-rejected")).toContainText(`thumb.jpg: ${tooSmall}`, { timeout: 30_000 });
    await expect(page.getByTestId("photo-item")).toHaveCount(1);
  }
  await save(page);
  await expect(page).toHaveURL(new RegExp(`/host/objects/${id}/description$`));
  expect((await listingOf(page, host, id)).photos).toHaveLength(1);
});

test("photos: 'Continue' pressed while a photo is still going up waits for it, then moves on @js-only", async ({ page, request }) => {
  const host = await hostSignedIn(page, request);
  const id = await draftAt(request, host, "simple", { at: "photo" });
  await page.goto(`/host/objects/${id}/photo`);
  await hydrated(page, 'input[name="photos"]');
  // A slow phone connection, so the upload is still under way when "Continue" is pressed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 40, downloadThroughput: -1, uploadThroughput: 60 * 1024 });
  const noisy = await sharp(Buffer.from(Array.from({ length: 1024 * 683 * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: 1024, height: 683, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  await page.locator('input[name="photos"]').setInputFiles([{ name: "lake.jpg", mimeType: "image/jpeg", buffer: noisy }]);
  await expect(page.locator('[data-testid="upload-item"][data-status="uploading"]')).toHaveCount(1);
  await page.locator('[data-testid="step-form"] button[value="save"], button[form="photo-upload-form"][value="save"]').first().click();
  await expect(page).toHaveURL(new RegExp(`/host/objects/${id}/description$`), { timeout: 60_000 });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  expect((await listingOf(page, host, id)).photos).toHaveLength(1);
});

async function typesWithSubtypes(page: Page) {
  const { types } = await apiData<{ types: EstateType[] }>(await page.request.get("/api/v1/guest/types?locale=ru"));
  const simple = types.filter((t) => t.kind === "simple");
  const withSubtypes = await Promise.all(simple.map(async (t) => ({ ...t, subtypes: (await apiData<SubtypesResponse>(await page.request.get(`/api/v1/guest/subtypes/${t.id}?locale=ru`))).subtypes })));
  return withSubtypes.filter((t) => t.subtypes.length >= 2);
}

test("type: the subtype list follows the chosen type; a subtype of another type is refused by name", async ({ page, request, javaScriptEnabled }) => {
  const host = await hostSignedIn(page, request);
  const id = await draftAt(request, host, "simple", { at: "type" });
  const [first, second] = await typesWithSubtypes(page);
  await page.goto(`/host/objects/${id}/type`);
  await hydrated(page, 'input[name="typeId"]');
  const options = () => page.locator('select[name="subtypeId"] option').evaluateAll((list) => list.map((o) => o.textContent ?? ""));
  await page.locator(`input[name="typeId"][value="${first.id}"]`).check();
  if (javaScriptEnabled) {
    await expect.poll(options).toEqual([message("ru", "listing", "fields.noSubtype"), ...first.subtypes.map((s) => s.name)]);
    await page.locator(`input[name="typeId"][value="${second.id}"]`).check();
    await expect.poll(options).toEqual([message("ru", "listing", "fields.noSubtype"), ...second.subtypes.map((s) => s.name)]);
    await page.locator('select[name="subtypeId"]').selectOption(String(second.subtypes[1].id));
    await save(page);
    expect((await listingOf(page, host, id)).values.type).toEqual({ typeId: second.id, subtypeId: second.subtypes[1].id });
    return;
  }
  // Without JavaScript every type's subtypes are listed: one of another type is refused, saying which.
  await page.locator('select[name="subtypeId"]').selectOption(String(second.subtypes[0].id));
  await save(page, false);
  await expect(await fieldMessage(page, "subtypeId")).toHaveText(`Подтип «${second.subtypes[0].name}» не относится к типу «${first.name}»`);
  await expect(page.locator(`input[name="typeId"][value="${first.id}"]`)).toBeChecked();
  await page.locator('select[name="subtypeId"]').selectOption(String(first.subtypes[0].id));
  await save(page);
  expect((await listingOf(page, host, id)).values.type).toEqual({ typeId: first.id, subtypeId: first.subtypes[0].id });
});

test("house rules: quiet hours from 06:00 to 06:00 are refused with a clear message, the rest kept", async ({ page, request }) => {
  const host = await hostSignedIn(page, request);
  const id = await draftAt(request, host, "simple", { at: "house_rules" });
  await page.goto(`/ky/host/objects/${id}/house_rules`);
  await page.locator('[name="pets"]').check();
  await page.locator('select[name="quietFrom"]').selectOption("06:00");
  await page.locator('select[name="quietUntil"]').selectOption("06:00");
  await save(page, false);
  await expect(await fieldMessage(page, "quietUntil")).toHaveText(LISTING_MESSAGES.quietSame.ky);
  await expect(page.locator('[name="pets"]')).toBeChecked();
  await page.locator('select[name="quietUntil"]').selectOption("08:00");
  await save(page);
  expect((await listingOf(page, host, id)).values.house_rules).toMatchObject({ quietFrom: "06:00", quietUntil: "08:00", pets: true });
});

test("a complex published without a unit says guests cannot book it yet and offers a unit first; with a published unit it is bookable", async ({ page, request }) => {
  const host = await hostSignedIn(page, request);
  const complex = await publishedComplex(request, host, { title: `Complex ${uniqueWord(CYRILLIC)}`, lang: "en" });
  await page.goto(`/en/host/objects/${complex}/congrats`);
  await expect(page.getByTestId("congrats-text")).toHaveText(message("en", "listing", "congrats.complexWithoutUnits"));
  await expect(page.getByTestId("congrats").getByRole("link").first()).toHaveText(message("en", "listing", "congrats.addUnit"));
  const unit = await draftAt(request, host, "complex.simple", { parentId: complex });
  await apiData(await request.post(`/api/v1/host/objects/${unit}/publish`, { headers: host.headers }));
  await page.reload();
  await expect(page.getByTestId("congrats-text")).toHaveText(message("en", "listing", "congrats.text"));
});

test("publishing a complex without a unit from the listings page says guests cannot find it yet, not that they can", async ({ page, request }) => {
  const host = await hostSignedIn(page, request);
  const complex = await draftAt(request, host, "complex", { answers: { title: `Complex ${uniqueWord(CYRILLIC)}`, lang: "en" } });
  await page.goto(`/en/host/objects?q=${complex}`);
  await page.locator(`[data-testid="listing-card"][data-listing-id="${complex}"] button[value="publish"]`).click();
  await expect(page.getByText(message("en", "listing", "objects.flash.publishedWithoutUnits"))).toBeVisible();
  await expect(page.getByText(message("en", "listing", "objects.flash.published"))).toHaveCount(0);
  const unit = await draftAt(request, host, "complex.simple", { parentId: complex });
  await page.goto(`/en/host/objects?q=${unit}`);
  await page.locator(`[data-testid="listing-card"][data-listing-id="${unit}"] button[value="publish"]`).click();
  await expect(page.getByText(message("en", "listing", "objects.flash.published"))).toBeVisible();
});

test("screenshots at 360 px in ru, en and ky of the steps changed, with their messages; axe finds nothing serious", { tag: "@js-only" }, async ({ page, request }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const host = await hostSignedIn(page, request);
  const id = await draftAt(request, host, "simple");
  const complex = await publishedComplex(request, host, { title: `Комплекс ${uniqueWord(CYRILLIC)}`, lang: "ru" });
  const findings: string[] = [];
  const check = async (locale: string, name: string) => {
    await page.screenshot({ path: path.join(SHOTS, `${locale}-${name}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${locale} ${name}`).toBeLessThanOrEqual(360);
    const { violations } = await axeOn(page).withTags(WCAG_AA).analyze();
    findings.push(...violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${locale} ${name} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));
  };
  for (const locale of ["ru", "en", "ky"]) {
    const prefix = prefixOf(locale);
    await page.goto(`${prefix}/host/objects/${id}/address`);
    await hydrated(page, 'input[name="place"]');
    await page.locator('[name="place"]').fill("Кажы-Сай");
    await page.locator('[name="lat"]').fill(ALMATY.lat);
    await page.locator('[name="lng"]').fill(ALMATY.lng);
    await save(page, false);
    await expect(page.locator('[name="lat"][aria-invalid="true"]')).toBeVisible({ timeout: 20_000 });
    await check(locale, "address-outside");

    await page.goto(`${prefix}/host/objects/${id}/landlord_data`);
    await check(locale, "landlord");

    await page.goto(`${prefix}/host/objects/${id}/photo`);
    await hydrated(page, 'input[name="photos"]');
    await page.locator('input[name="photos"]').setInputFiles([{ name: "IMG_20260514_183012-small.jpg", mimeType: "image/jpeg", buffer: await photoOf(300, 200) }]);
    await expect(page.locator('[data-testid="upload-item"][data-status="error"]')).toHaveCount(1, { timeout: 30_000 });
    await check(locale, "photo-too-small");

    await page.goto(`${prefix}/host/objects/${id}/type`);
    await hydrated(page, 'input[name="typeId"]');
    await page.locator('input[name="typeId"]').nth(1).check();
    await check(locale, "type");

    await page.goto(`${prefix}/host/objects/${id}/house_rules`);
    await page.locator('select[name="quietFrom"]').selectOption("06:00");
    await page.locator('select[name="quietUntil"]').selectOption("06:00");
    await save(page, false);
    await expect(page.locator('[name="quietUntil"][aria-invalid="true"]')).toBeVisible({ timeout: 20_000 });
    await check(locale, "quiet-hours");

    await page.goto(`${prefix}/host/objects/${complex}/congrats`);
    await check(locale, "complex-congrats");
  }
  expect(findings).toEqual([]);
});
