/**
 * The operator's directory editor (issue 31, "Content and directory"): an amenity added in the
 * console is offered in the search filter and the wizard at once; a meal renamed in Kyrgyz reads so
 * on the site at once; a type retired leaves the wizard's and the filter's choices while the listing
 * that has it keeps showing it; a save made from a version another operator replaced is refused
 * with theirs shown and the typed names kept. JavaScript on and off; the forms used from the
 * keyboard; axe and no sideways scroll at 360 px in ru, en and ky.
 *
 * The tests share one server with the rest of the suite: each makes and retires entries of its own,
 * never a seeded one, which other tests choose.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import type { Listing } from "../../contract/listing-steps";
import { MESSAGES } from "../../contract/messages";
import type { DirectoryEntryResponse, DirectoryRow } from "../../contract/operator-directory";
import { hostListing, uniqueTitleWord } from "./admin-support";
import { expect, signInByPost, test, type TestUser } from "./fixtures";
import { bearer, expectAccessible } from "./host-support";
import { apiData, message } from "./support";

const OPERATOR: TestUser = { phone: "996700000003", national: "700000003", password: "konok-operator-2026", firstName: "Нурлан", id: 0 };

async function operatorToken(request: APIRequestContext): Promise<string> {
  const data = await apiData<{ token: string }>(await request.post("/api/login", { data: { phoneNumber: OPERATOR.phone, password: OPERATOR.password }, headers: { "X-Forwarded-For": "10.34.250.1" } }));
  return data.token;
}

/** Latin letters only, for names whose slug is made from them. */
const tag = () => Array.from({ length: 8 }, () => "abcdefghijkmnpqrstuvwxyz"[Math.floor(Math.random() * 24)]).join("");

async function ownEntry(request: APIRequestContext, token: string, kind: "type" | "amenity" | "meal", extra: Record<string, unknown> = {}): Promise<DirectoryRow> {
  const word = tag();
  const { entry } = await apiData<DirectoryEntryResponse>(
    await request.post(`/api/v1/operator/directory/${kind}`, {
      headers: bearer(token),
      data: { name: { ru: `Тест ${word}`, en: `Test ${word}`, ky: `Сыноо ${word}` }, sortOrder: 990, ...extra },
    }),
  );
  return entry;
}

const form = (page: Page) => page.getByTestId("directory-form");
const field = (page: Page, name: string) => form(page).getByLabel(name, { exact: true });

test("an operator adds an amenity from the keyboard; the search filter offers it at once, in Kyrgyz too", async ({ page, request }) => {
  test.setTimeout(90_000);
  const word = tag();
  await signInByPost(page, OPERATOR);
  await page.goto("/en/admin/directory");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "admin", "directory.title"));
  await page.getByTestId("add-amenity").click();
  await expect(form(page)).toContainText(message("en", "admin", "directory.add.amenity"));

  const label = (l: "ru" | "en" | "ky") => `${message("en", "admin", "directory.fields.name")} · ${message("en", "admin", `content.languages.${l}`)}`;
  // A missing Kyrgyz name is refused beside its field; the other names stay typed.
  await field(page, label("ru")).fill(`Вид на реку ${word}`);
  await field(page, label("en")).fill(`River view ${word}`);
  await form(page).getByLabel(message("en", "admin", "directory.fields.group")).selectOption("view");
  await form(page).getByRole("radio", { name: message("en", "admin", "directory.icons.lake_view"), exact: true }).check();
  await field(page, label("en")).press("Enter");
  await expect(page.getByTestId("error-dir-name-ky-error")).toHaveText(MESSAGES.required.en);
  await expect(field(page, label("ru"))).toHaveValue(`Вид на реку ${word}`);
  await expect(form(page).getByRole("radio", { name: message("en", "admin", "directory.icons.lake_view"), exact: true })).toBeChecked();

  await field(page, label("ky")).fill(`Дарыяга көрүнүш ${word}`);
  await field(page, label("ky")).press("Enter");
  await expect(page.getByTestId("action-done")).toHaveText(message("en", "admin", "directory.done.created"));
  const slug = `river-view-${word}`;
  await expect(page.locator(`[data-testid="amenity-row"][data-slug="${slug}"]`)).toContainText(`River view ${word}`);

  // The search filter offers it, in Kyrgyz too, at once.
  const filter = await (await request.get("/ky/estates")).text();
  expect(filter).toContain(`data-testid="parameter-${slug}"`);
  expect(filter).toContain(`Дарыяга көрүнүш ${word}`);

  await page.goto("/en/admin/audit?action=amenity.create");
  await expect(page.getByTestId("audit-entry").filter({ hasText: slug }).first()).toContainText(message("en", "admin", "audit.actions.amenity.create"));
});

test("an operator renames a meal in Kyrgyz; the site reads the new name at once, the audit log has both", async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await operatorToken(request);
  const meal = await ownEntry(request, token, "meal");
  // A visitor's page is in the page cache before the change.
  expect(await (await request.get("/ky/estates")).text()).toContain(meal.name.ky);

  await signInByPost(page, OPERATOR);
  await page.goto("/ky/admin/directory");
  await page.locator(`[data-testid="meal-row"][data-slug="${meal.slug}"]`).getByRole("link", { name: `${message("ky", "admin", "directory.edit")}: ${meal.name.ky}` }).click();
  const kyName = `${message("ky", "admin", "directory.fields.name")} · ${message("ky", "admin", "content.languages.ky")}`;
  const renamed = `Үй тамагы ${tag()}`;
  await field(page, kyName).fill(renamed);
  await form(page).getByRole("button", { name: message("ky", "admin", "directory.save") }).click();
  await expect(page.getByTestId("action-done")).toHaveText(message("ky", "admin", "directory.done.saved"));
  await expect(page.locator(`[data-testid="meal-row"][data-slug="${meal.slug}"]`)).toContainText(renamed);

  const filter = await (await request.get("/ky/estates")).text();
  expect(filter).toContain(renamed);
  expect(filter).not.toContain(meal.name.ky);

  await page.goto("/ky/admin/audit?action=meal.update");
  const entry = page.getByTestId("audit-entry").filter({ hasText: renamed }).first();
  await expect(entry).toContainText(meal.name.ky);
  await expect(entry).toContainText(message("ky", "admin", "audit.actions.meal.update"));
});

test("a retired type leaves the wizard and the filter, the listing that has it keeps it; brought back, it is offered again", async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await operatorToken(request);
  const type = await ownEntry(request, token, "type", { kind: "simple", icon: "villa" });
  // A published listing of that type, and another draft of the same host.
  const { host, headers, listing } = await hostListing(request, uniqueTitleWord());
  expect((await request.put(`/api/v1/host/objects/${listing.id}/steps/type`, { data: { typeId: type.id }, headers })).status()).toBe(200);
  const { object: published } = await apiData<{ object: Listing }>(await request.post(`/api/v1/host/objects/${listing.id}/publish`, { headers }));
  const { object: draft } = await apiData<{ object: Listing }>(await request.post("/api/v1/host/objects", { data: { kind: "simple" }, headers }));
  const option = `<option value="${type.id}">`;
  expect(await (await request.get("/en/estates")).text()).toContain(option);

  await signInByPost(page, OPERATOR);
  await page.goto(`/en/admin/directory?edit=type-${type.id}`);
  await expect(page.getByTestId("retire-form")).toContainText(message("en", "admin", "directory.retireNote_one").replace("{{count}}", "1"));
  const retire = page.getByTestId("retire-form").getByRole("button", { name: message("en", "admin", "directory.retire") });
  await retire.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("action-done")).toHaveText(message("en", "admin", "directory.done.retired"));
  await expect(page.locator(`[data-testid="type-row"][data-slug="${type.slug}"]`)).toHaveAttribute("data-retired", "true");

  // Gone from the search filter and from the wizard of a new listing…
  expect(await (await request.get("/en/estates")).text()).not.toContain(option);
  const hostPage = await page.context().browser()!.newPage({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  await signInByPost(hostPage, host);
  await hostPage.goto(`/en/host/objects/${draft.id}/type`);
  await expect(hostPage.getByRole("radio").first()).toBeVisible();
  await expect(hostPage.getByRole("radio", { name: type.name.en, exact: true })).toHaveCount(0);
  // …while the listing of that type still shows it, to its host's wizard and on its page.
  await hostPage.goto(`/en/host/objects/${published.id}/type`);
  await expect(hostPage.getByRole("radio", { name: type.name.en, exact: true })).toBeChecked();
  await hostPage.goto(`/ky/estates/${published.slug}`);
  await expect(hostPage.locator("main")).toContainText(type.name.ky);
  await hostPage.close();

  // Brought back: offered again.
  await page.getByTestId("retire-form").getByRole("button", { name: message("en", "admin", "directory.restore") }).click();
  await expect(page.getByTestId("action-done")).toHaveText(message("en", "admin", "directory.done.restored"));
  expect(await (await request.get("/en/estates")).text()).toContain(option);
});

test("a save made from a version another operator replaced is refused, showing theirs and keeping what was typed", async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await operatorToken(request);
  const amenity = await ownEntry(request, token, "amenity", { icon: "check", group: "general" });
  await signInByPost(page, OPERATOR);
  await page.goto(`/admin/directory?edit=amenity-${amenity.id}`);
  const ruName = `${message("ru", "admin", "directory.fields.name")} · ${message("ru", "admin", "content.languages.ru")}`;
  await expect(field(page, ruName)).toHaveValue(amenity.name.ru);

  // Another operator saves while this form is open.
  const theirs = `Их название ${tag()}`;
  await apiData(await request.post(`/api/v1/operator/directory/amenity/${amenity.id}`, { headers: bearer(token), data: { name: { ...amenity.name, ru: theirs }, sortOrder: 990, icon: "check", group: "general", editVersion: amenity.editVersion } }));

  const mine = `Моё название ${tag()}`;
  await field(page, ruName).fill(mine);
  await form(page).getByRole("button", { name: message("ru", "admin", "directory.save") }).click();
  await expect(page.getByTestId("action-error")).toHaveText(MESSAGES.editedMeanwhile.ru);
  await expect(page.getByTestId("their-version")).toContainText(theirs);
  await expect(field(page, ruName)).toHaveValue(mine);

  // Saving again, knowing theirs, replaces it.
  await form(page).getByRole("button", { name: message("ru", "admin", "directory.save") }).click();
  await expect(page.getByTestId("action-done")).toHaveText(message("ru", "admin", "directory.done.saved"));
  await expect(page.locator(`[data-testid="amenity-row"][data-slug="${amenity.slug}"]`)).toContainText(mine);
});

test("the directory pages are accessible and fit a 360 px phone in ru, en and ky", { tag: "@js-only" }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await operatorToken(request);
  const amenity = await ownEntry(request, token, "amenity", { icon: "sauna", group: "wellness" });
  await page.setViewportSize({ width: 360, height: 780 });
  await signInByPost(page, OPERATOR);
  for (const prefix of ["", "/en", "/ky"]) {
    for (const url of ["/admin/directory", `/admin/directory?edit=amenity-${amenity.id}`, "/admin/directory?add=type"]) {
      const response = await page.goto(`${prefix}${url}`);
      expect(response?.status(), `${prefix}${url}`).toBe(200);
      await page.waitForFunction(() => Object.keys(document.querySelector("h1") ?? {}).some((k) => k.startsWith("__reactProps")));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${prefix}${url} scrolls sideways`).toBeLessThanOrEqual(0);
      await expectAccessible(page, true);
      await page.screenshot({ path: `tests/.artifacts/screens/admin-directory${prefix.replace("/", "-") || "-ru"}${url.replace(/[/?=]/g, "-")}.png`, fullPage: true });
    }
  }
});
