/**
 * Home, `/estates`, `/estates/category/{type}` and `/app`, with JavaScript on and off. What the
 * pages should show is asked from the API they are built on (demo data), never hard-coded.
 */
import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { EstateType, MobileApp, Parameter } from "../../contract/directory";
import { SEARCH_TOTAL_CAP, type SearchResponse } from "../../contract/estate";
import { message, todayInBishkek, addDays, apiData, holdChunk, hydrated, isHydrated } from "./support";

const SHOTS = path.resolve("tests/.artifacts/screenshots");




const searchApi = async (request: APIRequestContext, body: Record<string, unknown>, locale = "ru") =>
  apiData<SearchResponse>(await request.post("/api/v1/guest/estate", { data: body, headers: { "Accept-Language": locale } }));

const types = async (request: APIRequestContext) => (await apiData<{ types: EstateType[] }>(await request.get("/api/v1/guest/types"))).types;

/** The total the page says it found. */
const shownTotal = async (page: Page) => Number(await page.getByTestId("results-count").getAttribute("data-total"));

/** Waits until the page says it found exactly `total` (with script, the list updates in place). */
const expectTotal = (page: Page, total: number) => expect(page.getByTestId("results-count")).toHaveAttribute("data-total", String(total), { timeout: 20_000 });

/** The slugs of the cards on the page, in order. */
async function cardSlugs(page: Page): Promise<string[]> {
  const hrefs = await page.getByTestId("estate-card-link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => href.split("?")[0].split("/").pop() ?? "");
}

/**
 * The filter form; on a phone it sits in a closed "Filters" box, which opens without script. With
 * script, waits for the form to hydrate (lazily: once it is shown).
 */
async function openFilters(page: Page): Promise<Locator> {
  const form = page.getByTestId("filter-form");
  if (!(await form.isVisible())) await page.getByTestId("filters-toggle").click();
  await expect(form).toBeVisible();
  await hydrated(page, '[data-testid="filter-form"]');
  return form;
}

/** Opens a page and, with script on, waits for it to come alive. */
async function visit(page: Page, url: string) {
  const response = await page.goto(url);
  await hydrated(page);
  return response;
}

/** Waits for a navigation to `/estates…` to finish, by form or link, with or without script. */
async function settle(page: Page) {
  await page.waitForLoadState("load");
  // Generous: a search under a busy test machine can take a while.
  await expect(page.getByTestId("results-count")).toBeVisible({ timeout: 20_000 });
  await hydrated(page);
}

test.describe("home page", () => {
  test("shows the search, categories with counts, featured stays and destinations", async ({ page, request }) => {
    const response = await visit(page, "/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(message("ru", "home", "meta.title"));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", message("ru", "home", "meta.description"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("ru", "home", "hero.title"));

    const search = page.getByTestId("hero-search");
    for (const name of ["location", "checkInDate", "checkOutDate", "adultCount", "childrenCount"]) {
      const input = search.locator(`[name="${name}"]`);
      await expect(input).toHaveCount(1);
      // Every field has a label.
      const id = await input.getAttribute("id");
      await expect(page.locator(`label[for="${id}"]`)).toHaveCount(1);
    }
    await expect(search.locator('[name="checkInDate"]')).toHaveAttribute("min", todayInBishkek());

    const withStays = (await types(request)).filter((t) => t.estatesCount > 0);
    const links = page.getByTestId("category-link");
    await expect(links).toHaveCount(withStays.length);
    for (const [i, type] of withStays.entries()) {
      await expect(links.nth(i)).toHaveAttribute("href", `/estates/category/${type.slug}`);
      await expect(links.nth(i)).toHaveAttribute("data-count", String(type.estatesCount));
    }

    const top = await searchApi(request, { orderBy: "score", perPage: 8 });
    await expect(page.getByTestId("featured").getByTestId("estate-card")).toHaveCount(top.estates.length);
    expect(await page.getByTestId("featured").getByTestId("estate-card-link").evaluateAll((as) => as.map((a) => a.textContent?.trim()))).toEqual(
      top.estates.map((e) => e.title),
    );
    await expect(page.getByTestId("destination-link").first()).toHaveAttribute("href", `/estates?location=${encodeURIComponent("Бишкек")}`);
  });

  test("speaks English and Kyrgyz under /en and /ky", async ({ page }) => {
    for (const lng of ["en", "ky"]) {
      await visit(page, `/${lng}`);
      await expect(page.locator("html")).toHaveAttribute("lang", lng);
      await expect(page).toHaveTitle(message(lng, "home", "meta.title"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(message(lng, "home", "hero.title"));
      await expect(page.getByTestId("hero-search")).toHaveAttribute("action", `/${lng}/estates`);
    }
  });

  test("the lower parts (places, reasons, apps) are not in the first load: their code comes when they near the screen, and their links work before it", { tag: "@js-only" }, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const chunk = await holdChunk(page, "lower-sections");
    await page.goto("/en");
    await hydrated(page);
    await expect(page.locator('link[rel="modulepreload"][href*="lower-sections"]')).toHaveCount(0);
    await expect(page.getByTestId("destination-link").first()).toBeAttached();
    expect(chunk.requested).toHaveLength(0);
    // Scrolled to, the part asks for its code; until it is in, the server's links are there.
    await page.getByTestId("destinations").scrollIntoViewIfNeeded();
    await expect.poll(() => chunk.requested.length).toBe(1);
    expect(await isHydrated(page.getByTestId("destination-link").first())).toBe(false);
    chunk.release();
    await expect.poll(() => isHydrated(page.getByTestId("destination-link").first())).toBe(true);
    await expect(page.getByRole("link", { name: message("en", "home", "appPromo.cta"), exact: false })).toBeVisible();
  });

  test("a destination link searches that place", async ({ page }) => {
    await visit(page, "/");
    await page.getByTestId("destination-link").filter({ hasText: "Каракол" }).click();
    await settle(page);
    expect(new URL(page.url()).searchParams.get("location")).toBe("Каракол");
    expect(await shownTotal(page)).toBeGreaterThan(0);
    for (const city of await page.getByTestId("estate-card").locator("div > span.shrink-0").allTextContents()) expect(city).toBe("Каракол");
  });
});

test.describe("search", () => {
  // Several searches per test; the shared test machine can be slow.
  test.describe.configure({ timeout: 90_000 });

  test("home → search with place, dates, an amenity and a sort → the results are the API's → an estate page", async ({ page, request, javaScriptEnabled }) => {
    const checkIn = addDays(todayInBishkek(), 40);
    const checkOut = addDays(checkIn, 3);
    await visit(page, "/");
    const hero = page.getByTestId("hero-search");
    await hero.locator('[name="location"]').fill("Бишкек");
    await hero.locator('[name="checkInDate"]').fill(checkIn);
    await hero.locator('[name="checkOutDate"]').fill(checkOut);
    await hero.locator('[name="adultCount"]').fill("2");
    await hero.getByTestId("hero-submit").click();
    await page.waitForURL(/\/estates\?/);
    await settle(page);

    let url = new URL(page.url());
    expect(url.pathname).toBe("/estates");
    expect(url.searchParams.get("location")).toBe("Бишкек");
    expect(url.searchParams.get("checkInDate")).toBe(checkIn);
    expect(url.searchParams.get("checkOutDate")).toBe(checkOut);
    const base = { location: "Бишкек", checkInDate: checkIn, checkOutDate: checkOut, adultCount: 2 };
    const before = await searchApi(request, base);
    expect(before.total).toBeGreaterThan(0);
    await expectTotal(page, before.total);
    // Fewer than the cap are counted exactly: "26 stays found", not "26+", even with more pages.
    expect(before.totalExact).toBe(before.total < SEARCH_TOTAL_CAP);
    await expect(page.getByTestId("results-count")).toHaveText(before.totalExact ? /^[^+]+$/ : /\+/);
    for (const city of await page.getByTestId("estate-card").locator("div > span.shrink-0").allTextContents()) expect(city).toBe("Бишкек");
    await expect(page.getByTestId("stay-summary")).not.toContainText(message("ru", "estates", "summary.anyDates"));

    // Add an amenity and sort by price, through the filter form.
    const parameters = (await apiData<{ subtypes: Parameter[] }>(await request.get("/api/v1/guest/parameters"))).subtypes;
    const wifi = parameters.find((p) => p.slug === "wifi") ?? parameters[0];
    const form = await openFilters(page);
    await form.getByTestId(`parameter-${wifi.slug}`).check();
    // With script a new sort reloads the list at once (the ticked amenity goes along);
    // without it the sort waits for the form to be sent.
    await page.locator("#sort").selectOption("price_asc");
    if (!javaScriptEnabled) await form.getByTestId("apply-filters").click();
    await page.waitForURL((u) => u.searchParams.get("orderBy") === "price_asc" && u.searchParams.getAll("parameters").includes(String(wifi.id)));
    await settle(page);

    url = new URL(page.url());
    expect(url.searchParams.get("location")).toBe("Бишкек");
    const after = await searchApi(request, { ...base, parameters: [wifi.id], orderBy: "price_asc" });
    await expectTotal(page, after.total);
    expect(after.total).toBeLessThanOrEqual(before.total);
    await expect.poll(() => cardSlugs(page)).toEqual(after.estates.map((e) => e.slug));
    // With dates, cheapest first is by what the cards show, the stay's price (issue 27, decision 0069).
    const stays = after.estates.map((e) => e.stayPrice ?? 0);
    expect(stays).toEqual([...stays].sort((a, b) => a - b));
    await expect(page.getByTestId("parameter-" + wifi.slug)).toBeChecked();

    // The card carries the stay to the estate page.
    const href = await page.getByTestId("estate-card-link").first().getAttribute("href");
    expect(href).toBe(`/estates/${after.estates[0].slug}?checkInDate=${checkIn}&checkOutDate=${checkOut}&adultCount=2&childrenCount=0`);
    const estate = await page.goto(href!);
    expect(estate?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the first card image loads at once, the others lazily", { tag: "@js-only" }, async ({ page }) => {
    await visit(page, "/estates");
    const images = page.getByTestId("results").locator("img");
    await expect(images.first()).toHaveAttribute("loading", "eager");
    await expect(images.nth(1)).toHaveAttribute("loading", "lazy");
  });

  test("reset filters keeps where, when and who", async ({ page }) => {
    const checkIn = addDays(todayInBishkek(), 50);
    const checkOut = addDays(checkIn, 2);
    await visit(page, `/estates?location=Ош&checkInDate=${checkIn}&checkOutDate=${checkOut}&adultCount=3&priceTo=50000&star=4&rate=good&orderBy=newest`);
    const form = await openFilters(page);
    await expect(form.getByTestId("star-4")).toBeChecked();
    await form.getByTestId("reset-filters").click();
    await page.waitForURL((u) => !u.searchParams.has("priceTo"));
    await settle(page);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ location: "Ош", checkInDate: checkIn, checkOutDate: checkOut, adultCount: "3" });
    await expect((await openFilters(page)).getByTestId("star-4")).not.toBeChecked();
  });

  test("page links keep the filter and move through the results", async ({ page, request }) => {
    const all = await searchApi(request, { perPage: 16 });
    test.skip(all.total <= 16, "the demo data fits on one page");
    await visit(page, "/estates?orderBy=price_asc");
    const first = await cardSlugs(page);
    await page.getByTestId("pagination").getByTestId("page-2").click();
    await page.waitForURL(/page=2/);
    await settle(page);
    const url = new URL(page.url());
    expect(url.searchParams.get("orderBy")).toBe("price_asc");
    const expected = (await searchApi(request, { orderBy: "price_asc", page: 2 })).estates.map((e) => e.slug);
    await expect.poll(() => cardSlugs(page)).toEqual(expected);
    const second = await cardSlugs(page);
    expect(second.filter((s) => first.includes(s))).toEqual([]);
    await expect(page.getByTestId("page-prev")).toHaveAttribute("href", "/estates?orderBy=price_asc");
    await expect(page.getByTestId("pagination").locator('[aria-current="page"]')).toContainText("2");
  });

  test("with script, Show more appends the next page and the address keeps it for a reload", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without script the page links are the way on");
    const all = await searchApi(request, { orderBy: "price_asc", perPage: 16 });
    test.skip(!all.hasMore, "the demo data fits on one page");
    await visit(page, "/estates?orderBy=price_asc");
    const first = await cardSlugs(page);
    expect(first).toEqual(all.estates.map((e) => e.slug));
    await page.getByTestId("show-more").click();
    const second = (await searchApi(request, { orderBy: "price_asc", page: 2 })).estates.map((e) => e.slug);
    await expect.poll(() => cardSlugs(page)).toEqual([...first, ...second.filter((s) => !first.includes(s))]);
    await expect(page).toHaveURL(/[?&]page=2/);
    expect(new URL(page.url()).searchParams.get("orderBy")).toBe("price_asc");
    await expect(page.getByTestId("pagination").locator('[aria-current="page"]')).toContainText("2");
    // The first new card takes the focus, so the keyboard carries on from there.
    await expect(page.getByTestId("estate-card-link").nth(first.length)).toBeFocused();
    await page.reload();
    await settle(page);
    expect(await cardSlugs(page)).toEqual(second);
  });

  test("the last filter is remembered: a bare /estates brings it back, in any language, until cleared", async ({ page }) => {
    await visit(page, "/estates?location=Ош&priceTo=50000&star=3");
    await visit(page, "/");
    await visit(page, "/estates");
    await settle(page);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ location: "Ош", priceTo: "50000", star: "3" });
    await expect((await openFilters(page)).locator('[name="location"]')).toHaveValue("Ош");
    await visit(page, "/en/estates");
    expect(new URL(page.url()).pathname).toBe("/en/estates");
    expect(new URL(page.url()).searchParams.get("location")).toBe("Ош");
    // Back to Russian (which also makes it the preferred language again).
    await visit(page, "/ru/estates");
    expect(new URL(page.url()).pathname).toBe("/estates");
    expect(new URL(page.url()).searchParams.get("location")).toBe("Ош");

    // "Reset filters" keeps where, when and who; that is what comes back next time.
    await (await openFilters(page)).getByTestId("reset-filters").click();
    await page.waitForURL((u) => !u.searchParams.has("priceTo"));
    await settle(page);
    await visit(page, "/estates");
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ location: "Ош" });

    // Clearing everything is remembered too: the bare list stays bare.
    await visit(page, "/estates?location=Ош&priceFrom=300&priceTo=301");
    await page.getByTestId("empty-reset").click();
    await page.waitForURL((u) => u.pathname === "/estates" && u.search === "");
    await settle(page);
    await visit(page, "/estates");
    expect(new URL(page.url()).search).toBe("");
  });

  test("nothing found suggests what to relax, and the suggestion works", async ({ page }) => {
    await visit(page, "/estates?location=Бишкек&priceFrom=300&priceTo=301");
    await expect(page.getByTestId("empty-state")).toBeVisible();
    await expectTotal(page, 0);
    await page.getByTestId("relax-price").click();
    await page.waitForURL((u) => !u.searchParams.has("priceTo"));
    await expect(page.getByTestId("empty-state")).toHaveCount(0);
    await settle(page);
    expect(new URL(page.url()).searchParams.get("location")).toBe("Бишкек");
    expect(await shownTotal(page)).toBeGreaterThan(0);
  });

  test("a refused field shows its error beside it, keeps what was typed, and the rest still searches", async ({ page, request }) => {
    await visit(page, "/estates?location=Бишкек");
    const form = await openFilters(page);
    await form.locator('[name="priceFrom"]').fill("abc");
    await form.getByTestId("apply-filters").click();
    await page.waitForURL(/priceFrom=abc/);
    await settle(page);
    const again = await openFilters(page);
    await expect(again.locator('[name="priceFrom"]')).toHaveValue("abc");
    await expect(again.locator('[name="priceFrom"]')).toHaveAttribute("aria-invalid", "true");
    const error = again.locator('[data-testid="field-error"][data-field="priceFrom"]');
    await expect(error).toHaveText(message("ru", "estates", "errors.price"));
    await expect(again.locator('[name="priceFrom"]')).toHaveAttribute("aria-describedby", (await error.getAttribute("id"))!);
    await expect(page.getByTestId("errors-banner")).toBeVisible();
    await expectTotal(page, (await searchApi(request, { location: "Бишкек" })).total);
    await expect(again.locator('[name="location"]')).toHaveValue("Бишкек");

    // Dates in the wrong order: the error sits by check-out, both dates stay as typed.
    const checkIn = addDays(todayInBishkek(), 20);
    const checkOut = addDays(checkIn, -3);
    await visit(page, `/en/estates?checkInDate=${checkIn}&checkOutDate=${checkOut}&adultCount=2`);
    const en = await openFilters(page);
    await expect(en.locator('[data-field="checkOutDate"]')).toHaveText(message("en", "estates", "errors.checkOutAfterCheckIn"));
    await expect(en.locator('[name="checkInDate"]')).toHaveValue(checkIn);
    await expect(en.locator('[name="checkOutDate"]')).toHaveValue(checkOut);
    expect(await shownTotal(page)).toBeGreaterThan(0);
  });

  test("the subtype list follows the chosen type", async ({ page, request }) => {
    const type = (await types(request)).find((t) => t.estatesCount > 0)!;
    const subtypes = (await apiData<{ subtypes: { id: number; name: string }[] }>(await request.get(`/api/v1/guest/subtypes/${type.id}`))).subtypes;
    await visit(page, `/estates?type=${type.id}`);
    const form = await openFilters(page);
    await expect(form.locator('[name="subtype"] option')).toHaveCount(subtypes.length + 1);
    await expect(form.locator('[name="subtype"] option').nth(1)).toHaveText(subtypes[0].name);
  });

  test("the type list offers only types that have stays", async ({ page, request }) => {
    const all = await types(request);
    const empty = all.filter((t) => t.estatesCount === 0);
    await visit(page, "/estates");
    const form = await openFilters(page);
    const offered = await form.locator('[name="type"] option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(offered).toEqual(all.filter((t) => t.estatesCount > 0).map((t) => String(t.id)));
    for (const type of empty) expect(offered).not.toContain(String(type.id));
  });

  test("on a phone the filter's code loads when Filters is opened; a date chosen before it hydrates is followed", { tag: "@js-only" }, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const chunk = await holdChunk(page, "filter-form");
    await visit(page, "/estates");
    await page.waitForLoadState("networkidle");
    // Neither part of the first load nor fetched while the box is closed.
    await expect(page.locator('link[rel="modulepreload"][href*="filter-form"]')).toHaveCount(0);
    expect(chunk.requested).toEqual([]);
    await page.getByTestId("filters-toggle").click();
    await expect.poll(() => chunk.requested.length).toBe(1);

    const checkIn = addDays(todayInBishkek(), 30);
    await page.locator("#f-checkInDate").fill(checkIn);
    await expect(page.locator("#f-checkOutDate")).toHaveValue("");
    chunk.release();
    const form = page.getByTestId("filter-form");
    await expect.poll(() => isHydrated(form)).toBe(true);
    // Hydrated, the form does what it does when the date is chosen after: check-out follows, in words too.
    await expect(page.locator("#f-checkOutDate")).toHaveValue(addDays(checkIn, 1));
    await expect(page.locator("#f-checkInDate-words")).toHaveCount(1);
    await expect(page.locator("#f-checkOutDate-words")).toHaveCount(1);
    // And it is sent without a page load, blank fields left out of the address.
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(r.url());
    });
    await form.getByTestId("apply-filters").click();
    await page.waitForURL((u) => u.searchParams.get("checkInDate") === checkIn);
    const sent = new URL(page.url()).searchParams;
    expect(sent.get("checkOutDate")).toBe(addDays(checkIn, 1));
    for (const [name, value] of sent) expect(value, name).not.toBe("");
    await settle(page);
    expect(documents).toEqual([]);
  });

  test("with script, changing the type fetches its subtypes", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "fetching on change needs JavaScript; without it the list follows after sending the form");
    const [first, second] = (await types(request)).filter((t) => t.estatesCount > 0);
    const subtypes = (await apiData<{ subtypes: { id: number; name: string }[] }>(await request.get(`/api/v1/guest/subtypes/${second.id}`))).subtypes;
    await visit(page, `/estates?type=${first.id}`);
    const form = await openFilters(page);
    await form.locator('[name="type"]').selectOption(String(second.id));
    await expect(form.locator('[name="subtype"] option')).toHaveCount(subtypes.length + 1);
    await expect(form.locator('[name="subtype"] option').nth(1)).toHaveText(subtypes[0].name);
  });
});

test.describe("category page", () => {
  test("lists one type under its name; an unknown one is a 404", async ({ page, request }) => {
    const type = (await types(request)).find((t) => t.estatesCount > 0)!;
    await visit(page, "/");
    await page.getByTestId("category-link").filter({ hasText: type.name }).click();
    await page.waitForURL(`**/estates/category/${type.slug}`);
    await settle(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(type.name);
    await expectTotal(page, (await searchApi(request, { type: type.id })).total);
    const typeNames = await page.getByTestId("estate-card").locator("div > span.truncate").allTextContents();
    expect(typeNames.length).toBeGreaterThan(0);
    for (const name of typeNames) expect(name.startsWith(type.name)).toBe(true);
    await expect(page).toHaveTitle(new RegExp(type.name));

    const missing = await page.goto("/estates/category/no-such-type");
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId("error-page")).toBeVisible();
  });
});

test.describe("apps page", () => {
  test("links to every app the API lists", { tag: "@js-only" }, async ({ page, request }) => {
    const apps = (await apiData<{ mobileAppDatas: MobileApp[] }>(await request.get("/api/v1/guest/mobile-app"))).mobileAppDatas;
    const response = await visit(page, "/app");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(message("ru", "home", "app.meta.title"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("ru", "home", "app.title"));
    const links = page.getByTestId("store-link");
    await expect(links).toHaveCount(apps.length);
    for (const [i, app] of apps.entries()) await expect(links.nth(i)).toHaveAttribute("href", app.url);
  });
});

test.describe("screenshots", () => {
  for (const lng of ["ru", "en", "ky"]) {
    test(`home and /estates in ${lng}, phone and desktop`, { tag: "@js-only" }, async ({ page, javaScriptEnabled }) => {
      test.setTimeout(120_000);
      const prefix = lng === "ru" ? "" : `/${lng}`;
      const mode = javaScriptEnabled ? "js" : "nojs";
      fs.mkdirSync(SHOTS, { recursive: true });
      for (const [width, height] of [
        [360, 800],
        [1280, 800],
      ]) {
        await page.setViewportSize({ width, height });
        await visit(page, prefix || "/");
        await page.screenshot({ path: path.join(SHOTS, `home-${lng}-${width}-${mode}.png`), fullPage: true });
        await visit(page, `${prefix}/estates?location=${encodeURIComponent(lng === "en" ? "Karakol" : "Каракол")}`);
        await page.screenshot({ path: path.join(SHOTS, `estates-${lng}-${width}-${mode}.png`), fullPage: width > 400 });
        // No part of the page is wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    });
  }
});
