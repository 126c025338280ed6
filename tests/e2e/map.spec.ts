/**
 * The map search and the estate page's map, with JavaScript on and off. The e2e server's tile
 * server is unreachable on purpose (playwright.config.ts MAP_TILE_URL): markers, cards and "Search
 * this area" must work without tiles. What the pages should show is asked from the API.
 */
import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { EstateType } from "../../contract/directory";
import type { MapPoint, SearchResponse } from "../../contract/estate";
import { COUNTRY_AREA, type MapArea } from "../../app/lib/search-params";
import { message, todayInBishkek, addDays, apiData, hydrated } from "./support";

const SHOTS = path.resolve("tests/.artifacts/screenshots");




const searchApi = async (request: APIRequestContext, body: Record<string, unknown>) =>
  apiData<SearchResponse>(await request.post("/api/v1/guest/estate", { data: body, headers: { "Accept-Language": "ru" } }));

const mapApi = async (request: APIRequestContext, body: Record<string, unknown>) =>
  (await apiData<{ estates: MapPoint[] }>(await request.post("/api/v1/guest/estate/map", { data: body }))).estates;

/** The map area written in a list URL. */
function areaOf(url: string): MapArea {
  const params = new URL(url).searchParams;
  const corner = (name: string) => {
    const [lat, lng] = (params.get(name) ?? "").split(",").map(Number);
    return { lat, lng };
  };
  return { topRight: corner("topRight"), leftBottom: corner("leftBottom") };
}

/** A box around the demo's Karakol stays (where the API finds some), as the URL writes it. */
async function karakolBox(request: APIRequestContext) {
  const points = await mapApi(request, { ...COUNTRY_AREA, location: "Каракол" });
  expect(points.length, "the demo has stays in Karakol").toBeGreaterThan(3);
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const area: MapArea = {
    topRight: { lat: Math.max(...lats) + 0.01, lng: Math.max(...lngs) + 0.01 },
    leftBottom: { lat: Math.min(...lats) - 0.01, lng: Math.min(...lngs) - 0.01 },
  };
  const round = (n: number) => Number(n.toFixed(5));
  const query = `topRight=${round(area.topRight.lat)},${round(area.topRight.lng)}&leftBottom=${round(area.leftBottom.lat)},${round(area.leftBottom.lng)}`;
  return { area: { topRight: { lat: round(area.topRight.lat), lng: round(area.topRight.lng) }, leftBottom: { lat: round(area.leftBottom.lat), lng: round(area.leftBottom.lng) } }, query };
}

async function visit(page: Page, url: string) {
  const response = await page.goto(url);
  await hydrated(page);
  return response;
}

/**
 * Zooms in one step and waits until the map has stopped moving: a "Search this area" pressed
 * while a zoom still animates searches the box of that moment, and the zoom's end then moves the
 * map again (the button comes back, as it should). Leaflet marks its pane during the animation and
 * ends the move a frame after the mark goes.
 */
async function zoomIn(page: Page) {
  const frames = () => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.locator(".leaflet-control-zoom-in").click();
  await frames();
  await expect(page.locator(".leaflet-zoom-anim")).toHaveCount(0);
  await frames();
}

/** The stays the map shows, sorted: each price pill's and each cluster's (`data-estate-ids`). */
const shownIds = (page: Page) =>
  page
    .locator('[data-testid="map-marker"], [data-testid="map-cluster"]')
    .evaluateAll((els) => els.flatMap((e) => (e as HTMLElement).dataset.estateId ? [Number((e as HTMLElement).dataset.estateId)] : ((e as HTMLElement).dataset.estateIds ?? "").split(",").map(Number)))
    .then((ids) => ids.sort((a, b) => a - b));

/** A price pill to click: where every stay is in a cluster, clusters are opened until one shows. */
async function somePill(page: Page) {
  for (let attempt = 0; attempt < 6; attempt++) {
    const pill = page.getByTestId("map-marker").first();
    if (await pill.count()) return pill;
    await page.getByTestId("map-cluster").first().dispatchEvent("click");
    await expect(page.locator(".leaflet-zoom-anim")).toHaveCount(0);
    await page.waitForTimeout(400);
  }
  throw new Error("No price pill on the map");
}

const shownTotal = async (page: Page) => Number(await page.getByTestId("results-count").getAttribute("data-total"));
const expectTotal = (page: Page, total: number) => expect(page.getByTestId("results-count")).toHaveAttribute("data-total", String(total), { timeout: 20_000 });

/** Opens the map from the list and waits for its markers (or its "nothing here"). */
async function openMap(page: Page) {
  await page.getByTestId("map-button").click();
  await expect(page.getByTestId("map-panel")).toBeVisible();
  await expect(page.getByTestId("map-loading")).toBeHidden({ timeout: 20_000 });
}

test.describe("map search with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the map needs JavaScript");
  test.describe.configure({ timeout: 90_000 });

  test("opens in place, loading Leaflet only then; price markers; a marker's card links to the estate with the dates", async ({ page, request }) => {
    const checkIn = addDays(todayInBishkek(), 20);
    const checkOut = addDays(checkIn, 3);
    const filter = { location: "Каракол", checkInDate: checkIn, checkOutDate: checkOut };
    const expected = await mapApi(request, { ...COUNTRY_AREA, ...filter });
    expect(expected.length).toBeGreaterThan(0);

    const lazyRequests: string[] = [];
    page.on("request", (r) => {
      if (/maps\.client|leaflet/.test(r.url())) lazyRequests.push(r.url());
    });
    await visit(page, `/estates?${new URLSearchParams(filter)}`);
    expect(lazyRequests, "no map code on the list's first load").toEqual([]);
    expect(await page.evaluate(() => "L" in window)).toBe(false);

    await openMap(page);
    expect(lazyRequests.some((u) => /maps\.client.*\.js/.test(u))).toBe(true);
    expect(lazyRequests.some((u) => /leaflet.*\.css/.test(u))).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/estates");

    // Every stay the API finds for the filter, as a price pill or in a cluster of pills too close to read.
    await expect.poll(() => shownIds(page)).toEqual(expected.map((p) => p.id).sort((a, b) => a - b));
    // The tiles cannot load here: the map says so, and still names where they would come from.
    await expect(page.getByTestId("map-tiles-failed")).toBeVisible();
    await expect(page.locator(".leaflet-control-attribution")).toContainText("OpenStreetMap");
    await expect(page.getByTestId("map-search-area")).toHaveCount(0);

    // A marker's card: the estate of that marker, priced for the stay, linking on with the dates.
    const marker = await somePill(page);
    await expect(marker).toContainText("сом");
    const id = Number(await marker.getAttribute("data-estate-id"));
    const point = expected.find((p) => p.id === id)!;
    await marker.dispatchEvent("click");
    const card = page.getByTestId("map-card");
    await expect(card.getByTestId("map-card-link")).toBeVisible();
    const href = await card.getByTestId("map-card-link").getAttribute("href");
    expect(href).toContain(`/estates/${point.slug}?`);
    expect(href).toContain(`checkInDate=${checkIn}`);
    expect(href).toContain(`checkOutDate=${checkOut}`);
    await expect(card).toContainText("сом");
    await card.getByTestId("map-card-link").click();
    await expect(page.getByTestId("estate-page")).toHaveAttribute("data-estate-id", String(id));
    expect(new URL(page.url()).searchParams.get("checkInDate")).toBe(checkIn);
  });

  test("stays too close to tell apart are one cluster with their number; its click zooms in and splits it", async ({ page, request }) => {
    const expected = await mapApi(request, { ...COUNTRY_AREA, location: "Бишкек" });
    expect(expected.length).toBeGreaterThan(10);
    await visit(page, `/estates?${new URLSearchParams({ location: "Бишкек" })}`);
    await openMap(page);
    // Every stay is on the map, each once, and the piles are clusters.
    await expect.poll(() => shownIds(page)).toEqual(expected.map((p) => p.id).sort((a, b) => a - b));
    const clusters = page.getByTestId("map-cluster");
    expect(await clusters.count()).toBeGreaterThan(0);
    const biggest = await clusters.evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.count)).reduce((a, b) => Math.max(a, b), 0));
    expect(biggest).toBeGreaterThan(1);
    const cluster = page.locator(`[data-testid="map-cluster"][data-count="${biggest}"]`).first();
    await expect(cluster).toHaveText(String(biggest));
    // Named for a screen reader and a pointer's tooltip by the marker's title.
    await expect(cluster.locator("xpath=ancestor::*[contains(@class,'leaflet-marker-icon')][1]")).toHaveAttribute("title", new RegExp(`^${biggest} вариант`));
    const inside = ((await cluster.getAttribute("data-estate-ids")) ?? "").split(",").map(Number);
    const markersBefore = await page.locator('[data-testid="map-marker"], [data-testid="map-cluster"]').count();
    const zoomBefore = await page.evaluate(() => document.querySelector(".leaflet-proxy")?.getAttribute("style") ?? "");
    await cluster.dispatchEvent("click");
    await expect(page.locator(".leaflet-zoom-anim")).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.querySelector(".leaflet-proxy")?.getAttribute("style") ?? "")).not.toBe(zoomBefore);
    // Closer in, the cluster's stays are shown apart: more markers for them than the one.
    await expect
      .poll(async () => {
        const shown = await page.locator('[data-testid="map-marker"], [data-testid="map-cluster"]').evaluateAll((els) =>
          els.map((e) => ((e as HTMLElement).dataset.estateId ?? (e as HTMLElement).dataset.estateIds ?? "").split(",").map(Number)),
        );
        return shown.filter((ids) => ids.some((id) => inside.includes(id))).length;
      })
      .toBeGreaterThan(1);
    expect(markersBefore).toBeLessThan(expected.length);
  });

  test("moving the map offers 'Search this area': the list, its count, the URL and the markers follow the box", async ({ page, request }) => {
    await visit(page, "/estates");
    const before = await shownTotal(page);
    await openMap(page);
    await expect(page.getByTestId("map-search-area")).toHaveCount(0);
    await expect(page.getByTestId("map-count")).toHaveText((await page.getByTestId("results-count").textContent()) ?? "");

    // Zooming in shows a smaller box: the guest may search it.
    await zoomIn(page);
    await zoomIn(page);
    await page.getByTestId("map-search-area").click();

    // Generous: under a busy test machine a search can take a while.
    await expect(page).toHaveURL(/topRight=/, { timeout: 20_000 });
    const url = new URL(page.url());
    expect(url.pathname).toBe("/estates");
    expect(url.searchParams.get("page")).toBeNull();
    const area = areaOf(page.url());
    expect(area.topRight.lat).toBeGreaterThan(area.leftBottom.lat);
    expect(area.topRight.lng).toBeGreaterThan(area.leftBottom.lng);

    const inBox = await searchApi(request, { ...area, perPage: 16 });
    await expectTotal(page, inBox.total);
    // The box bounds the list. (Its count may equal the whole list's: both are capped at 100, a
    // lower bound, once the suite's own estates fill the demo city.)
    expect(inBox.estates.length).toBeGreaterThan(0);
    for (const estate of inBox.estates) {
      expect(estate.lat).toBeGreaterThanOrEqual(area.leftBottom.lat);
      expect(estate.lat).toBeLessThanOrEqual(area.topRight.lat);
      expect(estate.lng).toBeGreaterThanOrEqual(area.leftBottom.lng);
      expect(estate.lng).toBeLessThanOrEqual(area.topRight.lng);
    }
    await expect(page.getByTestId("map-count")).toHaveAttribute("data-total", String(inBox.total));
    // The map says what the list says: "100+" when the count is a lower bound.
    await expect(page.getByTestId("map-count")).toHaveText((await page.getByTestId("results-count").textContent()) ?? "");
    await expect(page.getByTestId("area-chip")).toBeVisible();
    await expect(page.getByTestId("map-search-area")).toHaveCount(0);
    const points = await mapApi(request, area);
    await expect.poll(async () => (await shownIds(page)).length).toBe(points.length);
    const shown = await page.getByTestId("estate-card-link").evaluateAll((links) => links.map((a) => (a.getAttribute("href") ?? "").split("?")[0].split("/").pop()));
    expect(shown).toEqual(inBox.estates.map((e) => e.slug));

    // Closing the map leaves the list of the box; the chip takes the box away again.
    await page.getByTestId("map-close").click();
    await expect(page.getByTestId("map-panel")).toHaveCount(0);
    await page.getByTestId("area-chip").click();
    await expect(page).not.toHaveURL(/topRight=/, { timeout: 20_000 });
    await expectTotal(page, before);
  });

  test("opens on the list's own area, and on a category page searches the area there", async ({ page, request }) => {
    const { area, query } = await karakolBox(request);
    await visit(page, `/estates?${query}`);
    await openMap(page);
    const inArea = (await mapApi(request, area)).length;
    await expect.poll(async () => (await shownIds(page)).length).toBe(inArea);

    const { types } = await apiData<{ types: EstateType[] }>(await request.get("/api/v1/guest/types"));
    const type = types.find((t) => t.estatesCount > 5)!;
    await visit(page, `/estates/category/${type.slug}`);
    await openMap(page);
    await zoomIn(page);
    await page.getByTestId("map-search-area").click();
    await expect(page).toHaveURL(/topRight=/, { timeout: 20_000 });
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/estates/category/${type.slug}`);
    expect(url.searchParams.get("type")).toBeNull();
    const inBox = await searchApi(request, { ...areaOf(page.url()), type: type.id });
    await expectTotal(page, inBox.total);
  });

  test("/estates/map with script goes on to the list and opens the map there", async ({ page }) => {
    await page.goto("/estates/map?location=%D0%9A%D0%B0%D1%80%D0%B0%D0%BA%D0%BE%D0%BB");
    // A redirect, then the map's code on demand: longer than one page.
    await expect(page.getByTestId("map-panel")).toBeVisible({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe("/estates");
    expect(new URL(page.url()).searchParams.get("location")).toBe("Каракол");
  });
});

test.describe("'Search this area' keeps the typed place and the filter", () => {
  test.describe.configure({ timeout: 90_000 });

  test("with JavaScript: the URL and the form keep the place, dates, guests, price and sort; the area bounds the list", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the map needs JavaScript");
    const checkIn = addDays(todayInBishkek(), 30);
    const checkOut = addDays(checkIn, 2);
    const filter = { location: "Каракол", checkInDate: checkIn, checkOutDate: checkOut, adultCount: "3", childrenCount: "1", priceFrom: "500", priceTo: "90000", orderBy: "price_asc", isInstantConfirmation: "1" };
    await visit(page, `/estates?${new URLSearchParams(filter)}`);
    await openMap(page);
    await page.locator(".leaflet-control-zoom-out").click();
    await page.getByTestId("map-search-area").click();
    await expect(page).toHaveURL(/topRight=/, { timeout: 20_000 });

    const params = new URL(page.url()).searchParams;
    for (const [name, value] of Object.entries(filter)) expect(params.get(name), name).toBe(value);
    const area = areaOf(page.url());
    // The area bounds the list; the place stays written, but does not narrow what the map shows.
    const body = { ...area, checkInDate: checkIn, checkOutDate: checkOut, adultCount: 3, childrenCount: 1, priceFrom: 500, priceTo: 90000, orderBy: "price_asc", isInstantConfirmation: true };
    const inBox = await searchApi(request, body);
    await expectTotal(page, inBox.total);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("ru", "estates", "headingArea"));

    // The form shows the same filter again.
    await page.getByTestId("map-close").click();
    const form = page.getByTestId("filter-form");
    await expect(form.locator("#f-location")).toHaveValue("Каракол");
    await expect(form.locator("#f-checkInDate")).toHaveValue(checkIn);
    await expect(form.locator("#f-checkOutDate")).toHaveValue(checkOut);
    await expect(form.locator("#f-adultCount")).toHaveValue("3");
    await expect(form.locator("#f-childrenCount")).toHaveValue("1");
    await expect(form.locator("#f-priceTo")).toHaveValue(/^90\s?000$|^90000$/);
    await expect(form.locator('input[name="isInstantConfirmation"]')).toBeChecked();

    // A place typed afterwards is a new "where": the area gives way to it.
    await page.evaluate(() => (document.querySelector("details") as HTMLDetailsElement | null)?.setAttribute("open", ""));
    await form.locator("#f-location").fill("Бишкек", { force: true });
    await form.locator("#f-location").press("Enter");
    await expect(page).not.toHaveURL(/topRight=/, { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get("location")).toBe("Бишкек");
    expect(new URL(page.url()).searchParams.get("areaPlace")).toBeNull();
    expect(new URL(page.url()).searchParams.get("priceTo")).toBe("90000");
  });

  test("without JavaScript the list of an area keeps the place in its form; the same place keeps the area, a new one replaces it", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!!javaScriptEnabled, "the plain form");
    const { area, query } = await karakolBox(request);
    await page.goto(`/estates?location=%D0%9E%D1%88&adultCount=3&priceTo=90000&${query}`);
    const inBox = await searchApi(request, { ...area, adultCount: 3, priceTo: 90000 });
    await expectTotal(page, inBox.total);
    const form = page.getByTestId("filter-form");
    await expect(form.locator("#f-location")).toHaveValue("Ош");
    await expect(form.locator('input[type="hidden"][name="areaPlace"]')).toHaveValue("Ош");

    // Submitting with the same place: the area stays.
    await form.getByTestId("apply-filters").click({ force: true });
    await expect(page).toHaveURL(/topRight=/);
    await expectTotal(page, inBox.total);
    // A new place: the list searches it, without the area.
    await form.locator("#f-location").fill("Каракол", { force: true });
    await form.getByTestId("apply-filters").click({ force: true });
    expect(new URL(page.url()).searchParams.get("location")).toBe("Каракол");
    await expectTotal(page, (await searchApi(request, { location: "Каракол", adultCount: 3, priceTo: 90000 })).total);
    // The form's URL still names the old corners, but they no longer apply, nor are they carried on.
    await expect(page.getByTestId("area-chip")).toHaveCount(0);
    await expect(form.locator('input[type="hidden"][name="topRight"]')).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("ru", "estates", "headingIn").replace("{{location}}", "Каракол"));
  });
});

test.describe("a failing connection while the map loads its points", () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 360, height: 740 } });

  for (const locale of ["ru", "en", "ky"] as const) {
    test(`says so in the map with a Retry button that works (${locale})`, async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "the map needs JavaScript");
      let failed = 0;
      await page.route("**/estates/map/points?*", (route) => {
        if (failed++ === 0) return route.abort("internetdisconnected");
        return route.continue();
      });
      const prefix = locale === "ru" ? "" : `/${locale}`;
      await page.context().clearCookies();
      await visit(page, `${prefix}/estates?location=%D0%9A%D0%B0%D1%80%D0%B0%D0%BA%D0%BE%D0%BB`);
      await page.getByTestId("map-button").click();
      const notice = page.getByTestId("map-points-failed");
      await expect(notice).toBeVisible({ timeout: 20_000 });
      await expect(notice).toContainText(message(locale, "estates", "map.failed"));
      const retry = page.getByTestId("map-retry");
      await expect(retry).toHaveText(message(locale, "estates", "map.retry"));
      // Still the list with its map, not the error page.
      await expect(page.getByTestId("results-count")).toBeAttached();
      await expect(page.getByTestId("map-panel")).toBeVisible();
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `map-points-failed-${locale}-360.png`) });

      await retry.click();
      await expect(notice).toHaveCount(0);
      await expect(page.locator('[data-testid="map-marker"], [data-testid="map-cluster"]').first()).toBeVisible({ timeout: 20_000 });
      expect(failed).toBe(2);
    });
  }
});

test.describe("map search without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the plain pages");

  test("the map link says the map needs JavaScript and leads back to the same list", async ({ page, request }) => {
    const filter = { location: "Каракол", priceTo: "20000" };
    await visit(page, `/estates?${new URLSearchParams(filter)}`);
    const total = await shownTotal(page);
    expect(total).toBe((await searchApi(request, { ...filter, priceTo: 20000 })).total);

    await page.getByTestId("map-button").click();
    await expect(page).toHaveURL(/\/estates\/map\?/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("ru", "map", "noScript.title"));
    await expect(page.getByTestId("map-page")).toContainText(message("ru", "map", "noScript.text"));
    await page.getByTestId("map-back").click();
    expect(new URL(page.url()).pathname).toBe("/estates");
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual(filter);
    await expectTotal(page, total);
    await expect(page.getByTestId("estate-card").first()).toBeVisible();

    // From a category page, back to that category page.
    const { types } = await apiData<{ types: EstateType[] }>(await request.get("/api/v1/guest/types"));
    const type = types.find((t) => t.estatesCount > 5)!;
    await visit(page, `/en/estates/category/${type.slug}`);
    await page.getByTestId("map-button").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "map", "noScript.title"));
    await page.getByTestId("map-back").click();
    expect(new URL(page.url()).pathname).toBe(`/en/estates/category/${type.slug}`);
  });
});

test.describe("the map area in the list's URL", () => {
  test("filters the list, stays on page links and the reset, and the chip removes it", async ({ page, request }) => {
    const { area, query } = await karakolBox(request);
    const everywhere = await searchApi(request, {});
    const inBox = await searchApi(request, { ...area });
    expect(inBox.total).toBeLessThan(everywhere.total);

    await visit(page, `/estates?${query}`);
    await expectTotal(page, inBox.total);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("ru", "estates", "headingArea"));
    for (const card of inBox.estates) {
      expect(card.lat).toBeGreaterThanOrEqual(area.leftBottom.lat);
      expect(card.lng).toBeLessThanOrEqual(area.topRight.lng);
    }
    const chip = page.getByTestId("area-chip");
    await expect(chip).toHaveText(new RegExp(message("ru", "estates", "map.inArea")));
    // The reset of filters keeps where, when and who: the area too.
    expect(await page.locator('[data-testid="filter-form"] a[href*="topRight="]').count()).toBeGreaterThan(0);
    // The filter form carries it on.
    await expect(page.locator('[data-testid="filter-form"] input[type="hidden"][name="topRight"]')).toHaveCount(1);
    if (inBox.hasMore) await expect(page.getByTestId("page-2")).toHaveAttribute("href", /topRight=/);

    await chip.click();
    await expect(page).not.toHaveURL(/topRight=/, { timeout: 20_000 });
    await expectTotal(page, everywhere.total);
    await expect(page.getByTestId("area-chip")).toHaveCount(0);
  });

  test("corners that cannot be read are left out with a message, never an error", async ({ page, request }) => {
    const everywhere = await searchApi(request, {});
    for (const query of ["topRight=north,east&leftBottom=42,74", "topRight=40,75&leftBottom=43,74", "topRight=42.5,78.5"]) {
      const response = await visit(page, `/estates?${query}`);
      expect(response?.status(), query).toBe(200);
      await expect(page.getByTestId("area-invalid")).toHaveText(message("ru", "estates", "map.areaInvalid"));
      await expectTotal(page, everywhere.total);
      await expect(page.getByTestId("area-chip")).toHaveCount(0);
    }
  });
});

test.describe("the estate page's map", () => {
  test("is the address and an OpenStreetMap link at first; with script, Leaflet comes with 'Show on map'", async ({ page, request, javaScriptEnabled }) => {
    const [estate] = (await searchApi(request, { location: "Каракол" })).estates;
    const lazyRequests: string[] = [];
    page.on("request", (r) => {
      if (/maps\.client|leaflet/.test(r.url())) lazyRequests.push(r.url());
    });
    await visit(page, `/estates/${estate.slug}`);
    const location = page.getByTestId("location");
    await expect(location.getByTestId("osm-link")).toHaveAttribute("href", /openstreetmap\.org/);
    expect(lazyRequests).toEqual([]);
    if (!javaScriptEnabled) {
      await expect(location.getByTestId("show-map")).toHaveCount(0);
      return;
    }
    await location.getByTestId("show-map").click();
    const map = location.getByTestId("location-map");
    await expect(map.locator(".leaflet-marker-icon")).toHaveCount(1);
    await expect(map.locator(".leaflet-control-attribution")).toContainText("OpenStreetMap");
    await expect(map.getByTestId("map-tiles-failed")).toBeVisible();
    expect(lazyRequests.some((u) => /maps\.client.*\.js/.test(u))).toBe(true);
    await location.getByTestId("show-map").click();
    await expect(map).toHaveCount(0);
  });
});

test.describe("map screenshots", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the map needs JavaScript");

  test("the list with the map open and the estate page's map, phone and desktop", { tag: "@js-only" }, async ({ page, request }) => {
    test.setTimeout(150_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const [estate] = (await searchApi(request, { location: "Каракол" })).estates;
    for (const [prefix, width, height] of [
      ["", 360, 780],
      ["/ky", 360, 780],
      ["", 1280, 860],
    ] as const) {
      const name = `${prefix.slice(1) || "ru"}-${width}`;
      // A visit to /ky remembers the language: forget it, so the unprefixed page stays Russian.
      await page.context().clearCookies();
      await page.setViewportSize({ width, height });
      await visit(page, `${prefix}/estates?location=%D0%9A%D0%B0%D1%80%D0%B0%D0%BA%D0%BE%D0%BB`);
      await openMap(page);
      await (await somePill(page)).dispatchEvent("click");
      await expect(page.getByTestId("map-card-link")).toBeVisible();
      // Dragging the map (away from the markers) offers to search the new area.
      const box = (await page.getByTestId("map").boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.3);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.35, { steps: 8 });
      await page.mouse.up();
      await expect(page.getByTestId("map-search-area")).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `map-list-${name}.png`) });
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await visit(page, `${prefix}/estates/${estate.slug}`);
      await page.getByTestId("show-map").click();
      await expect(page.getByTestId("location-map").locator(".leaflet-marker-icon")).toHaveCount(1);
      await page.getByTestId("location").evaluate((el) => el.scrollIntoView({ block: "center" }));
      await page.getByTestId("location").screenshot({ path: path.join(SHOTS, `map-estate-${name}.png`) });
    }
  });
});
