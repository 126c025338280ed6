/**
 * The page cache for signed-out visitors (server/page-cache.ts), over real HTTP: a page is
 * reused byte for byte with its scripts allowed by hash, runs them in a browser, revalidates to 304, is never kept for a signed-in user nor
 * shown to anyone else, and a booking made through the API is visible on the very next request.
 * These talk HTTP only, so they run once (in the `js` project).
 */
import type { APIRequestContext, APIResponse } from "@playwright/test";
import type { EstateCard, EstateDetail } from "../../contract/estate";
import { createUser, expect, test } from "./fixtures";
import { addDays, apiData, hydrated, todayInBishkek } from "./support";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP only: once is enough");

const nonceOfHeader = (response: APIResponse) => response.headers()["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
const noncesInBody = (html: string) => [...new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))];

/** Asks until the answer comes from the cache (the first may set the language cookie, which is part of the key). */
async function getCached(request: APIRequestContext, url: string, headers: Record<string, string> = {}): Promise<APIResponse> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const response = await request.get(url, { headers });
    expect(response.status()).toBe(200);
    if (response.headers()["x-page-cache"] === "hit") return response;
  }
  throw new Error(`${url} never came from the page cache`);
}

test("a first visit without cookies is served from the cache too, with its language cookie", async ({ playwright, baseURL }) => {
  // Each request is a new visitor: no cookie jar is kept between them.
  const url = `${baseURL}/en/estates?location=first-visit-${Date.now()}`;
  // A write through the API while the page renders (another test's, on the other worker) keeps
  // that render out of the cache, so a visitor or two more may come before one is answered from it.
  const answers: APIResponse[] = [];
  for (let i = 0; i < 6 && answers.at(-1)?.headers()["x-page-cache"] !== "hit"; i++) {
    const visitor = await playwright.request.newContext();
    answers.push(await visitor.get(url, { headers: { Cookie: "" } }));
    await answers[i].text();
    await visitor.dispose();
  }
  expect(answers[0].headers()["x-page-cache"]).toBe("miss");
  expect(answers.at(-1)?.headers()["x-page-cache"]).toBe("hit");
  for (const answer of answers) {
    expect(answer.headers()["set-cookie"]).toMatch(/^lng=/);
    expect(answer.headers()["cache-control"] ?? "").not.toMatch(/private|no-store/);
  }
});

test("a signed-out page is reused byte for byte, its scripts allowed by hash, and revalidates to 304", async ({ playwright, baseURL }) => {
  const visitor = await playwright.request.newContext({ baseURL });
  const url = `/en/estates?location=${Date.now()}`;
  const first = await visitor.get(url);
  expect(first.headers()["x-page-cache"]).toBe("miss");
  expect(nonceOfHeader(first)).toBeTruthy();
  const hit = await getCached(visitor, url);
  const again = await getCached(visitor, url);
  const html = await hit.text();
  // The same bytes for every hit (so they are compressed once), the render's nonce inert in them.
  expect(await again.text()).toBe(html);
  const scriptSrc = hit.headers()["content-security-policy"].split("; ").find((d) => d.startsWith("script-src"))!;
  expect(scriptSrc).not.toContain("'nonce-");
  expect(scriptSrc).toMatch(/'sha256-[\w+/=]+'/);
  expect(noncesInBody(html)).toHaveLength(1);
  const etag = hit.headers()["etag"];
  expect(etag).toMatch(/^W\/"/);
  const revalidated = await visitor.get(url, { headers: { "If-None-Match": etag } });
  expect(revalidated.status()).toBe(304);
  await visitor.dispose();
});

test("a page from the cache runs its scripts under the hashed policy: it hydrates, and nothing is refused", async ({ page }) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const url = `/en/estates?location=hydrates-${Date.now()}`;
  let from = "";
  // Any write (another test's booking, say) starts the cache's data version again, so under the
  // suite's load a page may need a few renders before two requests fall between writes.
  for (let attempt = 0; attempt < 20 && from !== "hit"; attempt++) from = (await page.goto(url))?.headers()["x-page-cache"] ?? "";
  expect(from).toBe("hit");
  // The inline module script that imports the app is allowed by its hash, or React never hydrates.
  await hydrated(page);
  expect(refused).toEqual([]);
});

test("a signed-in user's pages are never cached nor shown to a visitor", async ({ page, playwright, baseURL, request }) => {
  const user = await createUser(request, { firstName: `Айбек${Date.now() % 100000}` });
  const login = await page.context().request.post("/login", {
    form: { countryCode: "996", phone: user.national, password: user.password },
    headers: { Origin: baseURL ?? "" },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  for (let i = 0; i < 2; i++) {
    const signedIn = await page.context().request.get("/en/estates");
    expect(signedIn.headers()["x-page-cache"]).toBeUndefined();
    expect(await signedIn.text()).toContain(user.firstName);
  }
  const visitor = await playwright.request.newContext({ baseURL });
  const seen = await getCached(visitor, "/en/estates");
  expect(await seen.text()).not.toContain(user.firstName);
  await visitor.dispose();
});

test("a booking made through the API shows on the very next signed-out request", async ({ playwright, baseURL, request }) => {
  const { estates } = await apiData<{ estates: EstateCard[] }>(
    await request.post("/api/v1/guest/estate", { data: { isInstantConfirmation: true, perPage: 50, priceFrom: 0, priceTo: 10_000_000, adultCount: 1 } }),
  );
  let stay: { estate: EstateDetail; checkInDate: string; checkOutDate: string } | undefined;
  for (const card of estates.sort(() => Math.random() - 0.5)) {
    const { estate } = await apiData<{ estate: EstateDetail }>(await request.get(`/api/v1/guest/estate/${card.id}`));
    if (estate.children.length > 0 || estate.parent || estate.minNights > 2 || estate.maxNights < 2) continue;
    const checkInDate = addDays(todayInBishkek(), 150 + Math.floor(Math.random() * 330));
    const checkOutDate = addDays(checkInDate, 2);
    const { estate: quoted } = await apiData<{ estate: EstateDetail }>(
      await request.get(`/api/v1/guest/estate/${estate.id}`, { params: { checkInDate, checkOutDate, adultCount: 1, childrenCount: 0 } }),
    );
    if (quoted.stay?.available) {
      stay = { estate, checkInDate, checkOutDate };
      break;
    }
  }
  if (!stay) throw new Error("No free instant stay in the demo data");

  const url = `/en/estates/${stay.estate.slug}?${new URLSearchParams({ checkInDate: stay.checkInDate, checkOutDate: stay.checkOutDate, adultCount: "1", childrenCount: "0" })}`;
  const visitor = await playwright.request.newContext({ baseURL });
  const before = await getCached(visitor, url);
  expect(await before.text()).toContain('data-testid="book-link"');

  const guest = await createUser(request);
  const { token } = await apiData<{ token: string }>(
    await request.post("/api/login", { data: { phoneNumber: guest.phone, password: guest.password }, headers: { "X-Forwarded-For": `10.77.${Date.now() % 250}.9` } }),
  );
  const booked = await request.post("/api/v1/booking", {
    data: { estateId: stay.estate.id, checkInDate: stay.checkInDate, checkOutDate: stay.checkOutDate, adultCount: 1, childrenCount: 0 },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  const after = await visitor.get(url);
  expect(after.headers()["x-page-cache"]).toBe("miss");
  const html = await after.text();
  expect(html).toContain('data-testid="stay-unavailable"');
  expect(html).not.toContain('data-testid="book-link"');
  await visitor.dispose();
});
