/**
 * What the listing-wizard specs share: a host signed in with an API token, a draft made through the
 * wizard's own API and left at any step (so a test walks through the forms only the steps it is
 * about), filling a step's form as a host would, saving it, and photos to upload.
 *
 * The answers given through the API are the ones `fillStep` types into the forms, so a draft
 * resumed at a step is the draft a host who walked there would have.
 */
import sharp from "sharp";
import type { APIRequestContext, Page } from "@playwright/test";
import type { EstateType } from "../../contract/directory";
import { stepsOf, type Listing, type ListingKind, type StepId } from "../../contract/listing-steps";
import { createUser, expect, signInByPost, test, type TestUser } from "./fixtures";
import { bearer, tokenOf } from "./host-support";
import { addDays, apiData, hydrated, todayInBishkek } from "./support";

export type Lang = "ru" | "en" | "ky";
export type Answers = { title: string; lang: Lang };
export type Host = TestUser & { headers: Record<string, string> };

export const PHONE = { width: 360, height: 800 };
export const prefixOf = (locale: string) => (locale === "ru" ? "" : `/${locale}`);

/** A word no seeded estate has, so a search finds exactly the new listing. */
export const uniqueWord = (alphabet: string) => Array.from({ length: 9 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
export const LATIN = "bcdfghjklmnpqrstvwxz";
export const CYRILLIC = "бвгджзклмнпрстфхцчш";

export const currentStep = (page: Page) => new URL(page.url()).pathname.split("/").at(-1) ?? "";
/** The listing id of a wizard page (/host/objects/{id}/{step}). */
export const listingIdOf = (page: Page) => new URL(page.url()).pathname.split("/").at(-2) ?? "";

/** A plain photo of one colour, a little over the smallest size taken (PHOTO_MIN_SIDES): processed quickly. */
export const plainPhoto = (hue: number) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: hue, g: 120, b: 255 - hue } } })
    .jpeg()
    .toBuffer();

/** A new host signed in by posting the login form (the form has its own specs), with a token for the API. */
export async function hostSignedIn(page: Page, request: APIRequestContext): Promise<Host> {
  const host = await createUser(request, { mode: "host", firstName: "Айбек" });
  await signInByPost(page, host);
  return { ...host, headers: bearer((await tokenOf(request, host)).token) };
}

/** What a host types into each form step; `fillStep` fills the same. */
function apiAnswer(step: StepId, answers: Answers, typeId: number): Record<string, unknown> {
  switch (step) {
    case "type":
      return { typeId };
    case "title":
      return { [`title_${answers.lang}`]: answers.title };
    case "address":
      return { place: "cholpon-ata", street: "Советская", house: "15" };
    case "capacity":
      return { guests: 4, bedrooms: 2, beds: 2, baths: 1 };
    case "description":
      return { [`description_${answers.lang}`]: describe(answers.title) };
    case "price":
      return { price: 4500, minNights: 1, maxNights: 30 };
    case "house_rules":
      return { checkInFrom: "14:00", checkInUntil: "22:00", checkOutFrom: "07:00", checkOutUntil: "12:00", pets: true };
    case "booking_rules":
      return { confirmation: "instant", cancellation: "flexible" };
    case "start":
      return { availableFrom: addDays(todayInBishkek(), 1) };
    case "cooperation_format":
      return { format: "standard" };
    case "landlord_data":
      return { landlordKind: "individual", legalName: "Асанов Айбек", taxId: "12345678901234", payoutAccount: "4169 5851 0000 1234" };
    default:
      // Intros and the amenity lists: seen, nothing chosen.
      return {};
  }
}

const describe = (title: string) => `${title}: a bright place near the lake, with a garden, a terrace and mountain views.`;

/**
 * A draft of `kind` made through the API with every step before `at` saved (a photo included),
 * as if its host had walked there; answers its id. Without `at`, every step up to the preview.
 */
export async function draftAt(request: APIRequestContext, host: Host, kind: ListingKind, options: { at?: StepId; answers?: Answers; parentId?: number } = {}): Promise<number> {
  const answers = options.answers ?? { title: `Дом ${uniqueWord(CYRILLIC)}`, lang: "ru" };
  const { headers } = host;
  const { types } = await apiData<{ types: EstateType[] }>(await request.get("/api/v1/guest/types"));
  const typeId = types.find((t) => t.kind === kind)?.id ?? 0;
  const { object } = await apiData<{ object: Listing }>(await request.post("/api/v1/host/objects", { data: { kind, parentId: options.parentId }, headers }));
  const steps = stepsOf(kind);
  const before = steps.slice(0, steps.indexOf(options.at ?? "preview"));
  for (const step of before) {
    if (step === "photo") await uploadByApi(request, host, object.id, [await plainPhoto(60)]);
    const saved = await request.put(`/api/v1/host/objects/${object.id}/steps/${step}`, { data: apiAnswer(step, answers, typeId), headers });
    expect(saved.status(), `${step}: ${await saved.text()}`).toBe(200);
  }
  return object.id;
}

/** Photos added to a listing through the API, in order (one request each: a multipart body here holds one file per name). */
export async function uploadByApi(request: APIRequestContext, host: Host, id: number, photos: Buffer[]) {
  for (const [i, buffer] of photos.entries()) {
    const multipart = { photos: { name: `photo-${i + 1}.jpg`, mimeType: "image/jpeg", buffer } };
    await apiData(await request.post(`/api/v1/host/objects/${id}/photos`, { headers: host.headers, multipart }));
  }
}

/** A complex made and published through the API; answers its id. */
export async function publishedComplex(request: APIRequestContext, host: Host, answers: Answers): Promise<number> {
  const id = await draftAt(request, host, "complex", { answers });
  await apiData(await request.post(`/api/v1/host/objects/${id}/publish`, { headers: host.headers }));
  return id;
}

/** Saves the step and waits until the next one is open (with JavaScript the click returns before the navigation). */
export async function save(page: Page, expectMove = true) {
  const from = page.url();
  await page.locator('[data-testid="step-form"] button[name="intent"][value="save"]').click();
  if (expectMove) await expect(page).not.toHaveURL(from, { timeout: 30_000 });
  else await page.waitForLoadState();
}

/**
 * Chooses photos: with JavaScript they go up at once, each in a request of its own; without it the
 * host presses "Upload". Waits until the page lists `expect` photos.
 */
export async function uploadPhotos(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[], expectCount = files.length) {
  await hydrated(page, 'input[type="file"][name="photos"]');
  await page.locator('input[type="file"][name="photos"]').setInputFiles(files);
  if (test.info().project.use.javaScriptEnabled === false) await page.locator('[data-testid="photo-upload"] button[value="upload"]').click();
  await expect(page.getByTestId("photo-item")).toHaveCount(expectCount, { timeout: 30_000 });
}

export const photoFiles = async (count: number) =>
  Promise.all(Array.from({ length: count }, async (_, i) => ({ name: `photo-${i + 1}.jpg`, mimeType: "image/jpeg", buffer: await plainPhoto(40 + i * 80) })));

/** Fills whatever step the page is on, as a host would (intros have nothing to fill). */
export async function fillStep(page: Page, step: string, answers: Answers) {
  const field = (name: string) => page.locator(`[name="${name}"]`);
  switch (step) {
    case "type":
      await page.locator('input[name="typeId"]').first().check();
      break;
    case "title":
      await field(`title_${answers.lang}`).fill(answers.title);
      break;
    case "address":
      await field("place").fill("Чолпон-Ата");
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
      await uploadPhotos(page, await photoFiles(1));
      break;
    case "description":
      await field(`description_${answers.lang}`).fill(describe(answers.title));
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

/**
 * From the current step, fills and saves each step through its form while `more(step)` holds
 * (by default, until the preview); answers the steps walked, in order.
 */
export async function walk(page: Page, answers: Answers, options: { more?: (step: string) => boolean; onStep?: (step: string) => Promise<void> } = {}): Promise<string[]> {
  const more = options.more ?? ((step: string) => step !== "preview");
  const walked: string[] = [];
  for (let guard = 0; guard < 30; guard++) {
    const step = currentStep(page);
    if (!more(step)) return walked;
    await expect(page.getByTestId("wizard-progress")).toBeVisible();
    await options.onStep?.(step);
    walked.push(step);
    await fillStep(page, step, answers);
    await save(page);
  }
  throw new Error(`The wizard never got past ${walked.at(-1)}`);
}

/** Publishes from the preview step through its form. */
export async function publish(page: Page) {
  await page.locator('[data-testid="step-form"] button[value="publish"]').click();
  await expect(page.getByTestId("congrats")).toBeVisible({ timeout: 30_000 });
}

/** Starts a new listing of a kind through the /create form; answers its id. */
export async function startByForm(page: Page, prefix: string, kind: ListingKind): Promise<string> {
  await page.goto(`${prefix}/create`);
  await page.locator(`input[name="kind"][value="${kind}"]`).check();
  await page.locator('[data-testid="create-form"] button[type="submit"]').click();
  await expect(page).toHaveURL(/\/host\/objects\/\d+\/intro1$/, { timeout: 30_000 });
  return listingIdOf(page);
}
