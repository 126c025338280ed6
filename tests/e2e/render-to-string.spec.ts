/**
 * Every page renders to one string on the server (docs/decisions/0088-pages-render-to-a-string.md):
 * nothing on them waits. A page that starts to (a loader returning a promise, a part that suspends
 * on the server) is still right, streamed as before, but costs the main thread 15–24 % more; the
 * entry says so in `Server-Timing`, and this test fails for it.
 */
import { expect, test, createUser, freshPhone } from "./fixtures";
import type { EstateCard } from "../../contract/estate";
import { apiData } from "./support";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "The server's rendering does not depend on the browser's JavaScript.");

const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const CRAWLER = "Googlebot/2.1 (+http://www.google.com/bot.html)";

test("the main pages, signed out and signed in, render to a string for people and crawlers", async ({ playwright, baseURL }) => {
  const signedOut = await playwright.request.newContext({ baseURL });
  const { estates } = await apiData<{ estates: EstateCard[] }>(await signedOut.post("/api/v1/guest/estate", { data: { perPage: 1 } }));
  const estate = `/estates/${estates[0].slug}`;
  const stay = "checkInDate=2027-03-11&checkOutDate=2027-03-14";
  const pages = ["/", "/en", "/ky/estates", `/en/estates?priceFrom=1000&v=${freshPhone()}`, "/estates/map", `${estate}?${stay}`, `/ky${estate}`, "/en/login", "/en/no-such-page"];
  const host = await createUser(signedOut, { mode: "host" });
  const signedIn = await playwright.request.newContext({ baseURL });
  const login = await signedIn.post("/login", { form: { countryCode: "996", phone: host.national, password: host.password }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  for (const [context, urls] of [[signedOut, pages], [signedIn, ["/profile/booking", "/en/host/booking", "/ky/favorites"]]] as const) {
    for (const url of urls) {
      for (const userAgent of [PERSON, CRAWLER]) {
        const response = await context.get(url, { headers: { "User-Agent": userAgent }, maxRedirects: 0 });
        expect(response.status(), url).toBeLessThan(500);
        expect(response.headers()["server-timing"], `${url} (${userAgent}) was streamed`).toBeUndefined();
      }
    }
  }
  await signedOut.dispose();
  await signedIn.dispose();
});
