/**
 * Issue 27: a host reaches every place of host mode from the header's menu in two taps on a phone
 * (the menu, then the place), and finds one listing among many on /host/objects by a word, the
 * status, the kind and the pages, with and without JavaScript.
 */
import { expect, test } from "./fixtures";
import { apiData, message } from "./support";
import { hostSignedIn, PHONE, prefixOf, uniqueWord, CYRILLIC, type Host } from "./wizard-support";
import type { APIRequestContext } from "@playwright/test";
import type { Listing } from "../../contract/listing-steps";
import { expectAccessible } from "./host-support";

test.use({ viewport: PHONE });

const PLACES = [
  ["bookings", "/host/booking"],
  ["calendar", "/host/calendar"],
  ["listings", "/host/objects"],
  ["messages", "/host/chat"],
  ["earnings", "/profile/transactions"],
  ["create", "/create"],
] as const;

/** Drafts with these titles, made through the API (the wizard's forms have their own specs). */
async function drafts(request: APIRequestContext, host: Host, titles: string[], kind: "simple" | "complex" = "simple") {
  const ids: number[] = [];
  for (const title of titles) {
    const { object } = await apiData<{ object: Listing }>(await request.post("/api/v1/host/objects", { data: { kind }, headers: host.headers }));
    await apiData(await request.put(`/api/v1/host/objects/${object.id}/steps/title`, { data: { title_ru: title }, headers: host.headers }));
    ids.push(object.id);
  }
  return ids;
}

test("a host on a phone reaches each place of host mode in two taps: the menu, then the place", async ({ page, request }) => {
  await hostSignedIn(page, request);
  for (const [key, to] of PLACES) {
    await page.goto("/");
    const menu = page.getByTestId("user-menu");
    await menu.locator("summary").click();
    const link = menu.getByTestId(`menu-host-${key}`);
    await expect(link).toContainText(message("ru", "common", `hostMenu.${key}`));
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === to);
    await expect(page.locator("h1")).toBeVisible();
  }
  // Every host page has the same places as a bar, the current one marked.
  for (const [key, to] of PLACES.filter(([k]) => k !== "earnings" && k !== "create")) {
    await page.goto(to);
    await expect(page.getByTestId(`host-nav-${key}`)).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("host-nav-create")).toBeVisible();
  }
});

test("a guest's menu has no host places", async ({ page, signedIn }) => {
  expect(signedIn.id).toBeGreaterThan(0);
  await page.goto("/");
  await page.getByTestId("user-menu").locator("summary").click();
  await expect(page.getByTestId("menu-host-listings")).toHaveCount(0);
  await expect(page.getByTestId("switch-mode")).toBeVisible();
});

test("/host/objects: 25 listings in pages of 20, found by a word or the number, by status and kind", async ({ page, request }) => {
  test.setTimeout(120_000);
  const host = await hostSignedIn(page, request);
  const word = uniqueWord(CYRILLIC);
  const ids = await drafts(request, host, Array.from({ length: 23 }, (_, i) => `Квартира ${i + 1}`));
  const [yurt] = await drafts(request, host, [`Юрта ${word} у озера`]);
  const [complex] = await drafts(request, host, ["База отдыха Бирдик"], "complex");
  await apiData(await request.post(`/api/v1/host/objects/${ids[0]}/duplicate`, { headers: host.headers }));

  await page.goto("/host/objects");
  await expect(page.getByTestId("objects-count")).toHaveText("26 объектов");
  await expect(page.getByTestId("listing-card")).toHaveCount(20);
  await expect(page.getByTestId("objects-status-draft")).toContainText("26");
  await expect(page.getByTestId("objects-status-published")).toContainText("0");
  // Newest change first: the copy, then the complex.
  await expect(page.getByTestId("listing-card").nth(1)).toHaveAttribute("data-listing-id", String(complex));
  await page.getByTestId("pager-next").click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByTestId("listing-card")).toHaveCount(6);
  await expect(page.getByTestId("listing-card").last()).toHaveAttribute("data-listing-id", String(ids[0]));

  // A word of the title, typed in another case.
  await page.getByLabel(message("ru", "listing", "objects.search.label")).fill(word.toUpperCase());
  await page.getByTestId("objects-search-submit").click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(word.toUpperCase())}`));
  await expect(page.getByTestId("listing-card")).toHaveCount(1);
  await expect(page.getByTestId("listing-card")).toHaveAttribute("data-listing-id", String(yurt));
  await expect(page.getByTestId("objects-count")).toHaveText("Найден 1 объект");
  // The same search among the published finds nothing, and says so.
  await page.getByTestId("objects-status-published").click();
  await expect(page.getByTestId("objects-none")).toBeVisible();
  await expect(page.getByLabel(message("ru", "listing", "objects.search.label"))).toHaveValue(word.toUpperCase());
  await page.getByTestId("objects-none").getByRole("link").click();
  await expect(page.getByTestId("listing-card")).toHaveCount(20);

  // The listing's number, and the kind.
  await page.getByLabel(message("ru", "listing", "objects.search.label")).fill(String(complex));
  await page.getByTestId("objects-search-submit").click();
  await expect(page.getByTestId("listing-card").first()).toHaveAttribute("data-listing-id", String(complex));
  await page.getByLabel(message("ru", "listing", "objects.search.label")).fill("");
  await page.getByLabel(message("ru", "listing", "objects.search.kind")).selectOption("complex");
  await page.getByTestId("objects-search-submit").click();
  await expect(page.getByTestId("listing-card")).toHaveCount(1);
  await expect(page.getByTestId("listing-card")).toHaveAttribute("data-listing-id", String(complex));

  // An action keeps the search: deleting the yurt from the found list returns to the same search.
  await page.goto(`/host/objects?q=${encodeURIComponent(word)}`);
  await page.getByTestId("listing-card").getByRole("button", { name: message("ru", "listing", "objects.delete") }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(word)}.*done=deleted`));
  await expect(page.getByTestId("objects-none")).toBeVisible();
});

test("host mode's menu and the listings page at 360 px in ru, en and ky @js-only", async ({ page, request }) => {
  test.skip(test.info().project.name !== "js", "screenshots and axe run with JavaScript");
  const host = await hostSignedIn(page, request);
  await drafts(request, host, ["Квартира в центре", "Дом у озера"]);
  for (const locale of ["ru", "en", "ky"] as const) {
    const prefix = prefixOf(locale);
    await page.goto(`${prefix}/host/objects`);
    await expect(page.getByTestId("objects-count")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, true);
    await page.screenshot({ path: `tests/.artifacts/host-objects-${locale}.png`, fullPage: true });
    await page.getByTestId("user-menu").locator("summary").click();
    await expect(page.getByTestId("menu-host-create")).toHaveText(`+${message(locale, "common", "hostMenu.create")}`);
    await expectAccessible(page, true);
    await page.screenshot({ path: `tests/.artifacts/host-menu-${locale}.png` });
  }
});
