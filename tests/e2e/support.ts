/**
 * Small helpers the browser specs share: the words a page should show (read from the same
 * dictionaries the app inlines, so no test hard-codes a translation), dates in Bishkek, and the
 * `data` of an API answer; whether a part of a page has hydrated, and holding a lazy chunk back.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIResponse, type Locator, type Page } from "@playwright/test";

type Messages = { [key: string]: string | Messages };

/** The text of `namespace:key` in a language, exactly as the dictionary has it. */
export function message(locale: string, namespace: string, key: string): string {
  const json = JSON.parse(fs.readFileSync(path.resolve("app/locales", locale, `${namespace}.json`), "utf8")) as Messages;
  const found = key.split(".").reduce<string | Messages | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), json);
  if (typeof found !== "string") throw new Error(`No ${locale}/${namespace}:${key}`);
  return found;
}

// The tests count days as the site does.
export { addDays, todayInBishkek } from "../../contract/dates";

/** The `data` of a successful API answer; a failed one fails the test with its status. */
export async function apiData<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

/**
 * With script on, waits until React has hydrated the page: the element `selector` finds carries
 * React's props (its event handlers are attached). Without script there is nothing to wait for.
 */
export async function hydrated(page: Page, selector = "h1") {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await page.waitForFunction((css) => Object.keys(document.querySelector(css) ?? {}).some((k) => k.startsWith("__reactProps")), selector);
}

/**
 * Resolves when the page's realtime connection has joined a channel (the server's
 * `subscription_succeeded` frame): from then on an event reaches the page. Call it before the
 * page loads; pusher-js connects once the page is idle.
 */
export function realtimeSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) =>
      socket.on("framereceived", (frame) => {
        if (String(frame.payload).includes("pusher_internal:subscription_succeeded")) resolve();
      }),
    );
  });
}

/** Whether React has taken this element of the server's HTML over (its props are attached). */
export const isHydrated = (locator: Locator) => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps")));

/**
 * Holds back the lazily loaded chunk `name` (`/build/assets/{name}-….js`) until `release()`, so
 * the part it hydrates stays the server's HTML; `requested` lists the requests for it. Requests
 * made after the release go through.
 */
export async function holdChunk(page: Page, name: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route(new RegExp(`/build/assets/${name}-[\\w-]+\\.js$`), async (route) => {
    requested.push(route.request().url());
    await gate;
    // A full page load meanwhile cancels the request: nothing left to answer.
    await route.continue().catch(() => {});
  });
  return { release, requested };
}

