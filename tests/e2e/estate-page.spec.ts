/**
 * The estate page `/estates/{slug}`: everything a guest does there works with JavaScript on and off.
 * Expectations come from the API the page is built on (demo data), never from hard-coded numbers.
 */
import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { EstateType } from "../../contract/directory";
import type { AvailableDatesResponse, EstateCard, EstateDetail, ReviewsResponse } from "../../contract/estate";
import { message, todayInBishkek, addDays, apiData, holdChunk, hydrated, isHydrated } from "./support";


const SHOTS = path.resolve("tests/.artifacts/screenshots");
const REVIEWS_PER_PAGE = 6;

const digits = (text: string | null) => Number((text ?? "").replace(/\D/g, ""));


async function search(request: APIRequestContext, body: Record<string, unknown>): Promise<EstateCard[]> {
  const data = await apiData<{ estates: EstateCard[] }>(
    await request.post("/api/v1/guest/estate", { data: { priceFrom: 0, priceTo: 10_000_000, adultCount: 1, perPage: 100, ...body } }),
  );
  return data.estates;
}

async function detail(request: APIRequestContext, idOrSlug: string | number, query: Record<string, string | number> = {}, locale = "ru"): Promise<EstateDetail> {
  const response = await request.get(`/api/v1/guest/estate/${idOrSlug}`, { params: query, headers: { "Accept-Language": locale } });
  return (await apiData<{ estate: EstateDetail }>(response)).estate;
}

/** A plain (not complex) estate, instant-booking when `instant` is set, with photos. */
async function plainEstate(request: APIRequestContext, instant: boolean | null = null): Promise<EstateDetail> {
  const cards = await search(request, instant === null ? {} : { isInstantConfirmation: instant });
  for (const card of cards.filter((c) => c.photos.length > 1 && (instant === null || c.isInstantConfirmation === instant))) {
    const estate = await detail(request, card.slug);
    if (estate.children.length === 0) return estate;
  }
  throw new Error("The demo data has no plain estate with photos");
}

async function complexEstate(request: APIRequestContext): Promise<EstateDetail> {
  const { types } = await apiData<{ types: EstateType[] }>(await request.get("/api/v1/guest/types"));
  for (const type of types.filter((t) => t.kind !== "simple")) {
    for (const card of await search(request, { type: type.id, perPage: 20 })) {
      const estate = await detail(request, card.slug);
      if (estate.children.length > 0) return estate;
    }
  }
  throw new Error("The demo data has no complex with units");
}

/** The first free run of nights a stay of this estate may have, starting a few days ahead. */
async function freeStay(request: APIRequestContext, estate: EstateDetail, nights = Math.max(2, estate.minNights)) {
  const from = addDays(todayInBishkek(), 3);
  const to = addDays(from, 180);
  const dates = await apiData<AvailableDatesResponse>(await request.get(`/api/v1/guest/estate/available_dates/${estate.id}`, { params: { from, to } }));
  const taken = new Set(dates.unavailable);
  for (let start = from; start < to; start = addDays(start, 1)) {
    const run = Array.from({ length: nights }, (_, i) => addDays(start, i));
    if (run.every((d) => !taken.has(d))) return { checkInDate: start, checkOutDate: addDays(start, nights) };
  }
  throw new Error(`No ${nights} free nights for ${estate.slug}`);
}

/** A booking form field by its visible label (exact, so calendar day links do not match). */
const field = (scope: Page | Locator, key: string, locale = "ru") => scope.getByLabel(message(locale, "estate", key), { exact: true });

async function expectNoHorizontalOverflow(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test.describe("estate page", () => {
  test("shows the estate with a gallery that needs no script", async ({ page, request }) => {
    const estate = await plainEstate(request);
    const response = await page.goto(`/estates/${estate.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("estate-title")).toHaveText(estate.title);
    await expect(page.getByTestId("estate-type")).toContainText(estate.type.name);

    const images = page.getByTestId("gallery").locator("img");
    await expect(images).toHaveCount(estate.photos.length);
    await expect(images.first()).toHaveAttribute("loading", "eager");
    for (let i = 0; i < estate.photos.length; i++) {
      const img = images.nth(i);
      await expect(img).toHaveAttribute("srcset", /\d+w/);
      await expect(img).toHaveAttribute("sizes", /.+/);
      await expect(img).toHaveAttribute("width", String(estate.photos[i].width));
      await expect(img).toHaveAttribute("height", String(estate.photos[i].height));
      if (i > 0) await expect(img).toHaveAttribute("loading", "lazy");
    }
    // The first photo is really shown, not just in the markup.
    await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Rules, cancellation and location are stated.
    await expect(page.getByTestId("rules")).toContainText(estate.checkInTime);
    await expect(page.getByTestId("rules")).toContainText(estate.checkOutTime);
    await expect(page.getByTestId("cancellation")).toHaveAttribute("data-policy", estate.cancellationPolicy);
    const osm = page.getByTestId("osm-link");
    const [lat, lng] = [estate.lat.toFixed(5), estate.lng.toFixed(5)];
    await expect(osm).toHaveAttribute("href", `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=15/${lat}/${lng}`);
    await expect(page.getByTestId("host-name")).toContainText(estate.host.name);
    if (estate.parameters.length) await expect(page.getByTestId("parameter")).toHaveCount(estate.parameters.length);
  });

  test("head carries localized title, canonical, hreflang alternates and an absolute og:image", { tag: "@js-only" }, async ({ page, request, baseURL }) => {
    const estate = await plainEstate(request);
    await page.goto(`/en/estates/${estate.slug}?adultCount=3`);
    const enTitle = (await detail(request, estate.slug, {}, "en")).title;
    expect(await page.title()).toContain(enTitle);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/en/estates/${estate.slug}`);
    await expect(page.locator('link[rel="alternate"][hreflang="ru"]')).toHaveAttribute("href", `${baseURL}/estates/${estate.slug}`);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${baseURL}/en/estates/${estate.slug}`);
    await expect(page.locator('link[rel="alternate"][hreflang="ky"]')).toHaveAttribute("href", `${baseURL}/ky/estates/${estate.slug}`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\/.+/);
    // Search engines may index it: only error pages, the sign-up steps and lists like favorites say noindex.
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    // Sharing offers the canonical address (the phone's share sheet replaces this where it exists).
    if (await page.getByTestId("share-url").count()) await expect(page.getByTestId("share-url")).toHaveValue(`${baseURL}/en/estates/${estate.slug}`);
  });

  test("a numeric id redirects to the slug address", { tag: "@js-only" }, async ({ page, request }) => {
    const estate = await plainEstate(request);
    await page.goto(`/estates/${estate.id}?adultCount=1`);
    await expect(page).toHaveURL(new RegExp(`/estates/${estate.slug}\\?adultCount=1$`));
    await expect(page.getByTestId("estate-title")).toHaveText(estate.title);
  });

  test("choosing dates and guests shows the nights, their prices and the total, and a booking link", async ({ page, request }) => {
    const estate = await plainEstate(request, true);
    const stay = await freeStay(request, estate);
    const guests = { adultCount: Math.min(2, estate.capacity), childrenCount: 0 };
    const quote = (await detail(request, estate.slug, { ...stay, ...guests })).stay!;
    expect(quote.available).toBe(true);
    const expected = quote.nightly.reduce((sum, n) => sum + n.price, 0);

    await page.goto(`/estates/${estate.slug}`);
    await expect(page.getByTestId("booking-mode")).toContainText(message("ru", "estate", "booking.instantTitle"));
    const form = page.getByTestId("booking-panel");
    await field(form, "booking.checkIn").fill(stay.checkInDate);
    await field(form, "booking.checkOut").fill(stay.checkOutDate);
    await field(form, "booking.adults").fill(String(guests.adultCount));
    await field(form, "booking.children").fill(String(guests.childrenCount));
    await form.getByTestId("check-price").click();

    await expect(page).toHaveURL(new RegExp(`checkInDate=${stay.checkInDate}.*checkOutDate=${stay.checkOutDate}`));
    const total = page.getByTestId("stay-total");
    await expect(total).toBeVisible();
    expect(digits(await total.textContent())).toBe(expected);
    // Each price line is "n nights × price" and the lines add up to the total.
    const lines = page.getByTestId("price-lines").locator("li");
    expect(await lines.count()).toBeGreaterThan(0);
    await expect(lines.first()).toContainText("×");

    const book = page.getByTestId("book-link");
    await expect(book).toHaveAttribute("href", new RegExp(`^/booking\\?estateId=${estate.id}&checkInDate=${stay.checkInDate}&checkOutDate=${stay.checkOutDate}&adultCount=${guests.adultCount}`));
    // The form keeps what was chosen.
    await expect(field(form, "booking.checkIn")).toHaveValue(stay.checkInDate);
  });

  test("the booking panel hydrates after the page: a plain form until its code is in, then a form that needs no page load", { tag: "@js-only" }, async ({ page, request }) => {
    // A wide screen: the panel is in view, so its code is asked for right after the page's.
    await page.setViewportSize({ width: 1280, height: 900 });
    const estate = await plainEstate(request, true);
    const stay = await freeStay(request, estate);
    const chunk = await holdChunk(page, "booking-panel");
    await page.goto(`/estates/${estate.slug}`);
    await hydrated(page);
    // Not part of the first load (no modulepreload of it), fetched once the page runs.
    await expect(page.locator('link[rel="modulepreload"][href*="booking-panel"]')).toHaveCount(0);
    await expect.poll(() => chunk.requested.length).toBe(1);
    const form = page.getByTestId("booking-panel");
    expect(await isHydrated(form.locator("form"))).toBe(false);

    // Before it: the form is sent by the browser, a page load with the price.
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(r.url());
    });
    await field(form, "booking.checkIn").fill(stay.checkInDate);
    await field(form, "booking.checkOut").fill(stay.checkOutDate);
    await field(form, "booking.adults").fill("1");
    await form.getByTestId("check-price").click();
    await expect(page).toHaveURL(new RegExp(`checkInDate=${stay.checkInDate}.*checkOutDate=${stay.checkOutDate}`));
    await expect(page.getByTestId("stay-total")).toBeVisible();
    expect(documents).toHaveLength(1);

    // Once hydrated, the same form changes the page without a load.
    chunk.release();
    await expect.poll(() => isHydrated(form.locator("form"))).toBe(true);
    const adults = Math.min(2, estate.capacity);
    await field(form, "booking.adults").fill(String(adults));
    await form.getByTestId("check-price").click();
    await expect(page).toHaveURL(new RegExp(`adultCount=${adults}`));
    await expect(page.getByTestId("stay-total")).toBeVisible();
    await expect(field(form, "booking.checkIn")).toHaveValue(stay.checkInDate);
    expect(documents).toHaveLength(1);
  });

  test("nights the host priced differently are priced at that price, each price on its own line", { tag: "@js-only" }, async ({ page, request }) => {
    // The demo data gives many estates their own weekend or season prices (the calendar's `prices`).
    // Find a free stay with nights at the estate's price and nights at a host's price.
    const from = addDays(todayInBishkek(), 3);
    const to = addDays(from, 120);
    let found: { estate: EstateDetail; checkInDate: string; checkOutDate: string; nightly: { date: string; price: number }[] } | null = null;
    for (const card of await search(request, {})) {
      if (found) break;
      const estate = await detail(request, card.slug);
      if (estate.children.length > 0) continue;
      const dates = await apiData<AvailableDatesResponse>(await request.get(`/api/v1/guest/estate/available_dates/${estate.id}`, { params: { from, to } }));
      const own = new Map(dates.prices.filter((p) => p.price !== estate.price).map((p) => [p.date, p.price]));
      if (own.size === 0) continue;
      const taken = new Set(dates.unavailable);
      const nights = Math.min(Math.max(4, estate.minNights), estate.maxNights);
      for (let start = from; start < addDays(to, -nights); start = addDays(start, 1)) {
        const run = Array.from({ length: nights }, (_, i) => addDays(start, i));
        if (run.some((d) => taken.has(d)) || run.every((d) => own.has(d)) || !run.some((d) => own.has(d))) continue;
        found = { estate, checkInDate: start, checkOutDate: addDays(start, nights), nightly: run.map((date) => ({ date, price: own.get(date) ?? estate.price })) };
        break;
      }
    }
    expect(found, "the demo data has a free stay mixing the estate's price and a host's price").not.toBeNull();
    const { estate, checkInDate, checkOutDate, nightly } = found!;
    const byPrice = new Map<number, string[]>();
    for (const night of nightly) byPrice.set(night.price, [...(byPrice.get(night.price) ?? []), night.date]);

    await page.goto(`/estates/${estate.slug}`);
    const form = page.getByTestId("booking-panel");
    await field(form, "booking.checkIn").fill(checkInDate);
    await field(form, "booking.checkOut").fill(checkOutDate);
    await field(form, "booking.adults").fill("1");
    await form.getByTestId("check-price").click();

    await expect(page.getByTestId("stay-total")).toBeVisible();
    expect(digits(await page.getByTestId("stay-total").textContent())).toBe(nightly.reduce((sum, n) => sum + n.price, 0));
    const lines = page.getByTestId("price-line");
    await expect(lines).toHaveCount(byPrice.size);
    // The estate's own price first, then the host's prices, each "n nights × price" with its sum.
    await expect(lines.first()).toHaveAttribute("data-price", String(estate.price));
    for (const [price, dates] of byPrice) {
      const line = page.locator(`[data-testid="price-line"][data-price="${price}"]`);
      await expect(line).toHaveAttribute("data-nights", String(dates.length));
      await expect(line).toContainText("×");
      expect(digits(await line.getByTestId("price-line-amount").textContent())).toBe(price * dates.length);
      if (price === estate.price) {
        await expect(line.getByTestId("host-price-dates")).toHaveCount(0);
      } else {
        // The nights at a host's price are named: "27 нояб., 28 нояб.".
        const named = await line.getByTestId("host-price-dates").textContent();
        for (const date of dates) expect(named).toContain(String(Number(date.slice(8))));
      }
    }
  });

  test("a request-to-book estate says the host confirms within 24 hours", { tag: "@js-only" }, async ({ page, request }) => {
    const estate = await plainEstate(request, false);
    await page.goto(`/en/estates/${estate.slug}`);
    await expect(page.getByTestId("booking-mode")).toContainText(message("en", "estate", "booking.requestText"));
  });

  test("an unavailable stay is explained in words", { tag: "@js-only" }, async ({ page, request }) => {
    const estate = await plainEstate(request);
    const stay = await freeStay(request, estate);
    // More guests than the estate sleeps.
    const adults = Math.min(estate.capacity + 1, 30);
    await page.goto(`/estates/${estate.slug}?checkInDate=${stay.checkInDate}&checkOutDate=${stay.checkOutDate}&adultCount=${adults}&childrenCount=0`);
    const quote = (await detail(request, estate.slug, { ...stay, adultCount: adults, childrenCount: 0 })).stay!;
    expect(quote.available).toBe(false);
    await expect(page.getByTestId("stay-unavailable")).toHaveAttribute("data-reason", quote.reason!);
    await expect(page.getByTestId("book-link")).toHaveCount(0);
  });

  test("bad dates get a message next to the fields, keep their values, and the page still renders", async ({ page, request }) => {
    const estate = await plainEstate(request);
    const checkIn = addDays(todayInBishkek(), 10);
    const checkOut = addDays(todayInBishkek(), 7);
    const response = await page.goto(`/estates/${estate.slug}?checkInDate=${checkIn}&checkOutDate=${checkOut}&adultCount=2`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("error-checkOutDate-error")).toHaveText(message("ru", "estate", "booking.errors.checkOutBeforeCheckIn"));
    await expect(field(page, "booking.checkIn")).toHaveValue(checkIn);
    await expect(field(page, "booking.checkOut")).toHaveValue(checkOut);
    await expect(field(page, "booking.checkOut")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("stay-total")).toHaveCount(0);
    await expect(page.getByTestId("estate-title")).toHaveText(estate.title);

    await page.goto(`/en/estates/${estate.slug}?checkInDate=2020-01-01&checkOutDate=2020-01-05`);
    await expect(page.getByTestId("error-checkInDate-error")).toHaveText(message("en", "estate", "booking.errors.pastDate"));

    await page.goto(`/en/estates/${estate.slug}?checkInDate=not-a-date&checkOutDate=2020-02-31`);
    await expect(page.getByTestId("error-checkInDate-error")).toHaveText(message("en", "estate", "booking.errors.invalidDate"));
    await expect(page.getByTestId("error-checkOutDate-error")).toHaveText(message("en", "estate", "booking.errors.invalidDate"));
  });

  test("the calendar pages by month with links that keep the other parameters, and picks dates with buttons", async ({ page, request }) => {
    const estate = await plainEstate(request);
    const month = todayInBishkek().slice(0, 7);
    const next = addDays(`${month}-28`, 7).slice(0, 7);
    await page.goto(`/estates/${estate.slug}?adultCount=3`);
    const calendar = page.getByTestId("calendar");
    await expect(calendar).toHaveAttribute("data-month", month);
    await expect(page.getByTestId("calendar-prev")).toHaveCount(0);

    await page.getByTestId("calendar-next").click();
    await expect(page).toHaveURL(new RegExp(`month=${next}`));
    await expect(page).toHaveURL(/adultCount=3/);
    await expect(calendar).toHaveAttribute("data-month", next);
    await page.getByTestId("calendar-prev").click();
    await expect(calendar).toHaveAttribute("data-month", month);

    // Taken nights of the shown months are struck out, as the API says.
    const dates = await apiData<AvailableDatesResponse>(
      await request.get(`/api/v1/guest/estate/available_dates/${estate.id}`, { params: { from: `${month}-01`, to: addDays(`${next}-01`, 27) } }),
    );
    const today = todayInBishkek();
    for (const taken of dates.unavailable.filter((d) => d >= today).slice(0, 5)) {
      await expect(calendar.locator(`td[data-date="${taken}"]`)).toHaveAttribute("data-state", "taken");
    }

    // A free day is a button choosing it as check-in; a later one then as check-out. Both keep the
    // page's other parameters (the form carries them, once, instead of a link per day).
    const free = calendar.getByTestId("calendar-month").first().locator('td[data-state="free"] button[name="checkInDate"]').first();
    const day = await free.getAttribute("value");
    await expect(free).toHaveAccessibleName(new RegExp(message("ru", "estate", "calendar.asCheckIn")));
    await free.click();
    await expect(page).toHaveURL(new RegExp(`checkInDate=${day}`));
    await expect(page).toHaveURL(/adultCount=3/);
    await expect(field(page, "booking.checkIn")).toHaveValue(day!);
    await expect(page.getByTestId("awaiting-check-out")).toBeVisible();

    const checkOut = calendar.locator('button[name="checkOutDate"]').first();
    const out = await checkOut.getAttribute("value");
    expect(out! > day!).toBe(true);
    await expect(checkOut).toHaveAccessibleName(new RegExp(message("ru", "estate", "calendar.asCheckOut")));
    await checkOut.click();
    await expect(page).toHaveURL(new RegExp(`checkInDate=${day}&checkOutDate=${out}`));
    await expect(page).toHaveURL(/adultCount=3/);
    await expect(field(page, "booking.checkOut")).toHaveValue(out!);
    await expect(calendar.locator(`td[data-date="${day}"] button`)).toHaveAttribute("aria-current", "date");
    await expect(calendar.locator(`td[data-date="${out}"] button`)).toHaveAttribute("aria-current", "date");
  });

  test("a day picked with the keyboard keeps the focus once the calendar is hydrated", { tag: "@js-only" }, async ({ page, request }) => {
    // The days are HTML the calendar replaces whole on each pick (decision 0089): the new button
    // of the picked day takes the focus back, as React's own cells kept it.
    const estate = await plainEstate(request);
    await page.goto(`/en/estates/${estate.slug}`);
    await hydrated(page);
    const calendar = page.getByTestId("calendar");
    await calendar.scrollIntoViewIfNeeded();
    await expect.poll(() => isHydrated(calendar.locator("form").last())).toBe(true);
    const free = calendar.getByTestId("calendar-month").first().locator('td[data-state="free"] button[name="checkInDate"]').first();
    const day = await free.getAttribute("value");
    await free.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`checkInDate=${day}`));
    await expect(page.getByTestId("awaiting-check-out")).toBeVisible();
    await expect(calendar.locator(`td[data-date="${day}"] button`)).toBeFocused();
  });

  test("reviews show counts per star and page with links", { tag: "@js-only" }, async ({ page, request }) => {
    const cards = (await search(request, { orderBy: "rating" })).filter((c) => c.reviewsCount > REVIEWS_PER_PAGE);
    test.skip(cards.length === 0, "The demo data has no estate with more than one page of reviews");
    const estate = await detail(request, cards[0].slug);
    const second = await apiData<ReviewsResponse>(await request.get(`/api/v1/guest/estate/review/${estate.id}`, { params: { page: 2, perPage: REVIEWS_PER_PAGE } }));

    await page.goto(`/estates/${estate.slug}`);
    const reviews = page.getByTestId("reviews");
    for (const star of ["1", "2", "3", "4", "5"] as const) {
      await expect(reviews.getByTestId(`reviews-stars-${star}`)).toHaveText(String(estate.reviews.byStars[star]));
    }
    if (estate.reviews.band) await expect(reviews.getByTestId("reviews-band")).toHaveText(message("ru", "estate", `bands.${estate.reviews.band}`));
    await expect(reviews.getByTestId("review")).toHaveCount(REVIEWS_PER_PAGE);

    await reviews.getByTestId("reviews-next").click();
    await expect(page).toHaveURL(/reviewsPage=2/);
    await expect(page.getByTestId("reviews-list")).toHaveAttribute("data-page", "2");
    await expect(page.getByTestId("review")).toHaveCount(second.items.length);
    await expect(page.getByTestId("review").first()).toContainText(second.items[0].authorName);
    await page.getByTestId("reviews-prev").click();
    await expect(page.getByTestId("reviews-list")).toHaveAttribute("data-page", "1");
  });

  test("a complex lists its units with price and capacity, and a unit links back to its complex", { tag: "@js-only" }, async ({ page, request }) => {
    const complex = await complexEstate(request);
    await page.goto(`/estates/${complex.slug}`);
    const units = page.getByTestId("units").getByTestId("unit-card");
    await expect(units).toHaveCount(complex.children.length);
    const first = complex.children[0];
    await expect(units.first()).toContainText(first.title);
    await expect(units.first().getByTestId("unit-capacity")).toContainText(String(first.capacity));
    expect(digits(await units.first().getByTestId("unit-amount").textContent())).toBe(first.price);
    // Each unit says how it books; the complex itself does not (its units may differ).
    for (let i = 0; i < complex.children.length; i++) {
      const key = complex.children[i].isInstantConfirmation ? "booking.instantTitle" : "booking.requestTitle";
      await expect(units.nth(i).getByTestId("unit-mode")).toHaveText(message("ru", "estate", key));
    }
    await expect(page.getByTestId("booking-mode-chip")).toHaveCount(0);

    // With dates, each unit shows its price for the stay, as the API computes it.
    const stay = { checkInDate: addDays(todayInBishkek(), 20), checkOutDate: addDays(todayInBishkek(), 22), adultCount: 1, childrenCount: 0 };
    const priced = await detail(request, complex.slug, stay);
    await page.goto(`/estates/${complex.slug}?${new URLSearchParams(Object.entries(stay).map(([k, v]) => [k, String(v)]))}`);
    expect(digits(await units.first().getByTestId("unit-amount").textContent())).toBe(priced.children[0].stayPrice);
    await page.goto(`/estates/${complex.slug}`);

    await units.first().getByTestId("unit-link").click();
    await expect(page).toHaveURL(new RegExp(`/estates/${first.slug}$`));
    const back = page.getByTestId("parent-link");
    await expect(back).toContainText(complex.title);
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/estates/${complex.slug}$`));
    await expect(page.getByTestId("estate-title")).toHaveText(complex.title);
  });

  test("stays nearby load in place near the screen with JavaScript, and are a page of their own without", async ({ page, request, javaScriptEnabled }) => {
    const estate = await plainEstate(request);
    const stay = await freeStay(request, estate);
    const query = new URLSearchParams({ ...stay, adultCount: "1", childrenCount: "0" }).toString();
    // The list's own page, as the API's search around the estate fills it (nearest first).
    const listed = await request.get(`/estates/${estate.slug}/nearby?${query}`);
    expect(listed.status()).toBe(200);
    const slugs = [...(await listed.text()).matchAll(/data-testid="estate-card-link"[^>]*href="\/estates\/([^"?]+)/g)].map((m) => m[1]);
    expect(slugs.length).toBeGreaterThan(0);
    expect(slugs).not.toContain(estate.slug);
    const neighbour = await detail(request, slugs[0]);
    expect(Math.abs(neighbour.lat - estate.lat)).toBeLessThanOrEqual(0.25);

    await page.goto(`/estates/${estate.slug}?${query}`);
    const section = page.getByTestId("nearby");
    await expect(section).toContainText(message("ru", "estate", "nearby.title"));
    const cards = section.getByTestId("estate-card-link");
    if (javaScriptEnabled) {
      // Not in the page's first answer, nor asked for at the top of the page: loaded once the
      // section nears the screen, with cards' outlines meanwhile.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const asked: string[] = [];
      await page.route(/\/nearby\.data\?/, async (route) => {
        asked.push(route.request().url());
        await gate;
        await route.continue();
      });
      await hydrated(page);
      await page.waitForTimeout(500);
      expect(asked).toEqual([]);
      await section.scrollIntoViewIfNeeded();
      await expect(section.getByTestId("nearby-loading")).toBeVisible();
      await expect.poll(() => asked.length).toBe(1);
      release();
      await expect(cards.first()).toBeVisible();
      await expect(section.getByTestId("nearby-loading")).toHaveCount(0);
      await expect(cards).toHaveCount(Math.min(4, slugs.length));
      for (let i = 0; i < Math.min(4, slugs.length); i++) await expect(cards.nth(i)).toHaveAttribute("href", new RegExp(`/estates/${slugs[i]}\\?checkInDate=${stay.checkInDate}`));
      await expect(section.getByTestId("nearby-link")).toHaveCount(0);
      // Their hearts work as anywhere else.
      const heart = section.getByTestId("favorite-toggle").first();
      await heart.click();
      await expect(heart).toHaveAttribute("aria-pressed", "true");
    } else {
      await expect(cards).toHaveCount(0);
      await section.getByTestId("nearby-link").click();
      await expect(page).toHaveURL(new RegExp(`/estates/${estate.slug}/nearby\\?checkInDate=${stay.checkInDate}&checkOutDate=${stay.checkOutDate}`));
      await expect(page.locator("h1")).toContainText(estate.title);
      await expect(page.getByTestId("nearby-list").getByTestId("estate-card-link")).toHaveCount(slugs.length);
      await page.getByTestId("nearby-back").click();
      await expect(page).toHaveURL(new RegExp(`/estates/${estate.slug}\\?checkInDate=${stay.checkInDate}`));
      await expect(page.getByTestId("estate-title")).toHaveText(estate.title);
    }
  });

  test("the stays nearby page of an unknown estate is a 404 page; an id leads to its slug", { tag: "@js-only" }, async ({ page, request }) => {
    const response = await page.goto("/en/estates/no-such-stay-0/nearby");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-page")).toBeVisible();
    const estate = await plainEstate(request);
    await page.goto(`/en/estates/${estate.id}/nearby`);
    await expect(page).toHaveURL(new RegExp(`/en/estates/${estate.slug}/nearby$`));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  });

  test("an unknown estate is a 404 page in the page's language", { tag: "@js-only" }, async ({ page }) => {
    const ru = await page.goto("/estates/no-such-estate-anywhere");
    expect(ru?.status()).toBe(404);
    await expect(page.getByTestId("error-page")).toContainText(message("ru", "errors", "notFound.title"));
    const en = await page.goto("/en/estates/no-such-estate-anywhere");
    expect(en?.status()).toBe(404);
    await expect(page.getByTestId("error-page")).toContainText("Page Not Found");
  });

  test("fits a 360 px phone without sideways scrolling", { tag: "@js-only" }, async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const estate = await plainEstate(request);
    const stay = await freeStay(request, estate);
    await page.goto(`/estates/${estate.slug}?checkInDate=${stay.checkInDate}&checkOutDate=${stay.checkOutDate}`);
    await expect(page.getByTestId("stay-total")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.goto(`/ky/estates/${estate.slug}`);
    await expectNoHorizontalOverflow(page);
    const complex = await complexEstate(request);
    await page.goto(`/en/estates/${complex.slug}`);
    await expectNoHorizontalOverflow(page);
  });

  test("the sitemap lists every language variant of an estate", { tag: "@js-only" }, async ({ request, baseURL }) => {
    const estate = await plainEstate(request);
    // /sitemap.xml is an index; the estates and the static pages are in its per-kind files.
    const index = await request.get("/sitemap.xml");
    expect(index.status()).toBe(200);
    expect(index.headers()["content-type"]).toContain("application/xml");
    const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const texts = await Promise.all(
      files.map(async (file) => {
        const response = await request.get(file);
        expect(response.status(), file).toBe(200);
        expect(response.headers()["cache-control"]).toContain("max-age=3600");
        return response.text();
      }),
    );
    const xml = texts.join("\n");
    for (const prefix of ["", "/en", "/ky"]) expect(xml).toContain(`<loc>${baseURL}${prefix}/estates/${estate.slug}</loc>`);
    expect(xml).toContain(`hreflang="ky" href="${baseURL}/ky/estates/${estate.slug}"`);
    expect(xml).toContain(`<loc>${baseURL}/</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/en/estates</loc>`);
    const complex = await complexEstate(request);
    expect(xml).toContain(`<loc>${baseURL}/estates/${complex.children[0].slug}</loc>`);
  });

  test("screenshots in every language at phone and desktop width", { tag: "@js-only" }, async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const estate = await plainEstate(request, true);
    const stay = await freeStay(request, estate);
    const complex = await complexEstate(request);
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const [width, height] of [
      [360, 800],
      [1280, 800],
    ]) {
      await page.setViewportSize({ width, height });
      for (const prefix of ["", "/en", "/ky"]) {
        const locale = prefix ? prefix.slice(1) : "ru";
        // A visit to /en or /ky remembers the language; the unprefixed page would follow it.
        await page.context().clearCookies();
        await page.goto(`${prefix}/estates/${estate.slug}?checkInDate=${stay.checkInDate}&checkOutDate=${stay.checkOutDate}&adultCount=2`);
        await expect(page.getByTestId("stay-total")).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `estate-${testInfo.project.name}-${locale}-${width}.png`), fullPage: true });
        await expectNoHorizontalOverflow(page);
      }
      await page.context().clearCookies();
      await page.goto(`/estates/${complex.slug}`);
      await page.screenshot({ path: path.join(SHOTS, `complex-${testInfo.project.name}-ru-${width}.png`), fullPage: true });
    }
  });
});
