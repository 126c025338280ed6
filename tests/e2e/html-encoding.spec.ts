/**
 * The HTML the server streams is valid UTF-8 with no NUL byte, on the largest Russian and Kyrgyz
 * pages (issue 10: React's Node renderer put NULs where a Cyrillic letter fell on a 2 KB boundary;
 * tests/unit/render-document.test.tsx compares the stream with a render to a string).
 */
import { expect, test } from "./fixtures";
import type { EstateCard } from "../../contract/estate";
import { apiData } from "./support";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "The server's bytes do not depend on the browser's JavaScript.");

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

test("the largest Russian and Kyrgyz pages are valid UTF-8 without NUL bytes", async ({ request }) => {
  const { estates } = await apiData<{ estates: EstateCard[] }>(await request.post("/api/v1/guest/estate", { data: { perPage: 1 } }));
  const estate = `/estates/${estates[0].slug}`;
  const pages = ["/estates", "/ky/estates", "/ky/host/sms", "/", "/ky", estate, `/ky${estate}`, "/estates/map", "/ky/login"];
  for (const url of pages) {
    const response = await request.get(url, { headers: { "Accept-Encoding": "identity" } });
    expect(response.status(), url).toBe(200);
    const body = await response.body();
    expect(body.indexOf(0), `${url}: NUL at this byte offset`).toBe(-1);
    const text = strictUtf8.decode(body);
    expect(text, url).not.toContain("\uFFFD");
    expect(text, url).toContain("</html>");
  }
});

test("a crawler's page is the same valid UTF-8", async ({ request }) => {
  const response = await request.get("/ky/estates", { headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } });
  const body = await response.body();
  expect(body.indexOf(0)).toBe(-1);
  expect(strictUtf8.decode(body)).toContain("</html>");
});
