/** What the host specs share: the demo host, signing in on a busy machine, a free stay at the demo host, axe. */
import type { APIRequestContext, Page } from "@playwright/test";
import type { EstateCard, EstateDetail } from "../../contract/estate";
import type { HostEstateOption } from "../../contract/host";
import { expect, signInByPost, type TestUser } from "./fixtures";
import { addDays, apiData, todayInBishkek } from "./support";
import { axeOn } from "./axe";

const someIp = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export const DEMO_HOST: TestUser = { phone: "996700000002", national: "700000002", password: "konok-host-2026", firstName: "Бакыт", id: 0 };

/** The user's API token: the one its sign-up answered with, or a new sign-in's (the demo accounts). */
export async function tokenOf(request: APIRequestContext, user: Pick<TestUser, "phone" | "password"> & Partial<Pick<TestUser, "id" | "token">>) {
  if (user.token && user.id) return { token: user.token, userData: { id: user.id } };
  const data = await apiData<{ token: string; userData: { id: number } }>(
    await request.post("/api/login", { data: { phoneNumber: user.phone, password: user.password }, headers: { "X-Forwarded-For": someIp() } }),
  );
  return data;
}

/** Signs in by posting the login form over HTTP (the form has its own specs). */
export async function signInPatiently(page: Page, user: TestUser) {
  await signInByPost(page, user);
}

/** The demo host signed in in the browser. */
export const signInAsHost = (page: Page) => signInPatiently(page, DEMO_HOST);

/** Opens a host page, passing the host-mode switch if the demo host happens to be in guest mode. */
export async function openHostPage(page: Page, url: string) {
  await page.goto(url);
  if (/\/host\/switch/.test(page.url())) {
    await page.locator('form[action$="/mode"] button[type="submit"]').first().click();
    await page.waitForURL((u) => !u.pathname.endsWith("/host/switch"));
  }
}

/** A free stay of `nights` nights on one of the demo host's request-to-book objects, 150–480 days ahead. */
export async function demoHostRequestStay(request: APIRequestContext, hostToken: string, nights = 2) {
  const { items } = await apiData<{ items: HostEstateOption[] }>(await request.get("/api/v1/host/calendar/estates", { headers: bearer(hostToken) }));
  const mine = new Set(items.map((e) => e.id));
  const { estates } = await apiData<{ estates: EstateCard[] }>(
    await request.post("/api/v1/guest/estate", { data: { isInstantConfirmation: false, perPage: 100, priceFrom: 0, priceTo: 10_000_000, adultCount: 1 } }),
  );
  for (const card of estates.filter((e) => mine.has(e.id) && !e.isInstantConfirmation).sort(() => Math.random() - 0.5)) {
    const { estate } = await apiData<{ estate: EstateDetail }>(await request.get(`/api/v1/guest/estate/${card.id}`));
    if (estate.children.length || estate.minNights > nights || estate.maxNights < nights) continue;
    for (let attempt = 0; attempt < 5; attempt++) {
      const checkInDate = addDays(todayInBishkek(), 150 + Math.floor(Math.random() * 330));
      const checkOutDate = addDays(checkInDate, nights);
      const { estate: quoted } = await apiData<{ estate: EstateDetail }>(await request.get(`/api/v1/guest/estate/${estate.id}`, { params: { checkInDate, checkOutDate, adultCount: 1 } }));
      if (quoted.stay?.available) return { estate, checkInDate, checkOutDate };
    }
  }
  throw new Error("No free request-to-book stay at the demo host");
}

/** No serious or critical axe finding; axe runs in the page, so only with JavaScript on. */
export async function expectAccessible(page: Page, js: boolean) {
  if (!js) return;
  const { violations } = await axeOn(page).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

