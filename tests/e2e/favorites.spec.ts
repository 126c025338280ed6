/**
 * Favorites with JavaScript on and off: a visitor's hearts kept in a cookie and listed on
 * /favorites, moved into the account on sign-in; a signed-in user's hearts kept by the API.
 */
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, signIn, signInByPost, test } from "./fixtures";

type Messages = { [key: string]: string | Messages };
function message(locale: string, key: string): string {
  const json = JSON.parse(fs.readFileSync(path.resolve("app/locales", locale, "common.json"), "utf8")) as Messages;
  const found = key.split(".").reduce<string | Messages | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), json);
  if (typeof found !== "string") throw new Error(`No ${locale}/common:${key}`);
  return found;
}

const SHOTS = path.resolve("tests/.artifacts/screenshots/favorites");

const cards = (page: Page) => page.getByTestId("estate-card");
const heartOf = (card: Locator) => card.getByTestId("favorite-toggle");
const titleOf = async (card: Locator) => (await card.getByTestId("estate-card-link").textContent())?.trim() ?? "";
/** The heart beside the estate page's title (the nearby stays below have their own). */
const pageHeart = (page: Page) => page.getByTestId("estate-page").locator("header").getByTestId("favorite-toggle");

/** Clicks a heart and waits until it is saved (with JavaScript it turns at once, then the post ends). */
async function toggle(heart: Locator, pressed: boolean) {
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", String(pressed));
  await expect(heart).not.toHaveAttribute("aria-busy", "true");
}

test.describe("favorites", () => {
  test.describe.configure({ timeout: 60_000 });

  test("a visitor saves from the list and the estate page, removes one on /favorites, and signing in keeps the rest", async ({ page, user }) => {
    await page.goto("/favorites");
    await expect(page.getByTestId("favorites-empty")).toBeVisible();
    await expect(page.getByTestId("favorites-find")).toHaveAttribute("href", "/estates");

    await page.goto("/estates");
    const first = cards(page).nth(0);
    const firstTitle = await titleOf(first);
    const heart = heartOf(first);
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await expect(heart).toHaveAccessibleName(message("ru", "favorites.save"));
    await toggle(heart, true);
    // Without JavaScript the form came back to the same list, at the heart.
    await expect(page).toHaveURL(/\/estates(#fav-\d+)?$/);
    await expect(page.getByTestId("header-favorites")).toHaveAccessibleName(message("ru", "favorites.linkCount").replace("{{count}}", "1"));

    const second = cards(page).nth(1);
    const secondTitle = await titleOf(second);
    await second.getByTestId("estate-card-link").click();
    await expect(page.getByTestId("estate-title")).toHaveText(secondTitle);
    await expect(pageHeart(page)).toHaveAttribute("aria-pressed", "false");
    await toggle(pageHeart(page), true);
    await page.reload();
    await expect(pageHeart(page)).toHaveAttribute("aria-pressed", "true");

    await page.getByTestId("header-favorites").click();
    await expect(page).toHaveURL(/\/favorites$/);
    // The latest first.
    await expect(cards(page).getByTestId("estate-card-link")).toHaveText([secondTitle, firstTitle]);
    await expect(heartOf(cards(page).nth(0))).toHaveAttribute("aria-pressed", "true");
    await heartOf(cards(page).nth(0)).click();
    await expect(cards(page).getByTestId("estate-card-link")).toHaveText([firstTitle]);

    // Signing in moves the list into the account and empties the visitor's cookie.
    await signIn(page, user, { redirectTo: "/favorites" });
    await expect(page).toHaveURL(/\/profile\/favorites$/);
    await expect(page.getByTestId("profile-nav").locator('a[aria-current="page"]')).toHaveAttribute("href", "/profile/favorites");
    await expect(cards(page).getByTestId("estate-card-link")).toHaveText([firstTitle]);
    expect((await page.context().cookies()).filter((c) => c.name === "konok_fav")).toEqual([]);

    await page.getByTestId("user-menu").locator("summary").click();
    await page.getByTestId("logout").click();
    await expect(page.getByTestId("sign-in")).toBeVisible();
    await page.goto("/favorites");
    await expect(page.getByTestId("favorites-empty")).toBeVisible();
  });

  test("a signed-in user's heart on a card is kept across reloads and listed in the profile", { tag: "@js-only" }, async ({ page, signedIn: _user }) => {
    await page.goto("/en/estates");
    const card = cards(page).nth(2);
    const title = await titleOf(card);
    const heart = heartOf(card);
    await expect(heart).toHaveAccessibleName(message("en", "favorites.save"));
    await toggle(heart, true);
    await page.reload();
    await expect(heartOf(cards(page).nth(2))).toHaveAttribute("aria-pressed", "true");

    await page.goto("/en/favorites");
    await expect(page).toHaveURL(/\/en\/profile\/favorites$/);
    await expect(cards(page).getByTestId("estate-card-link")).toHaveText([title]);

    await page.goto("/en/estates");
    await toggle(heartOf(cards(page).nth(2)), false);
    await page.reload();
    await expect(heartOf(cards(page).nth(2))).toHaveAttribute("aria-pressed", "false");
    await page.goto("/en/profile/favorites");
    await expect(page.getByTestId("favorites-empty")).toBeVisible();
  });

  test("/profile/favorites asks a visitor to sign in", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/ky/profile/favorites");
    await expect(page).toHaveURL(/\/ky\/login\?redirectTo=%2Fky%2Fprofile%2Ffavorites$/);
  });

  test("screenshots: the heart on a card at phone and desktop width, and both lists", { tag: "@js-only" }, async ({ page, user }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "one set of pictures is enough");
    fs.mkdirSync(SHOTS, { recursive: true });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    for (const [name, width] of [["phone", 360], ["desktop", 1280]] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/estates");
      // The header's heart must not push the page wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (name === "phone") await toggle(heartOf(cards(page).nth(0)), true);
      await expect(heartOf(cards(page).nth(0))).toHaveAttribute("aria-pressed", "true");
      await cards(page).nth(0).screenshot({ path: path.join(SHOTS, `card-saved-${name}.png`) });
      await cards(page).nth(1).screenshot({ path: path.join(SHOTS, `card-${name}.png`) });
      await page.screenshot({ path: path.join(SHOTS, `estates-${name}.png`) });
      await cards(page).nth(1).getByTestId("estate-card-link").click();
      await expect(page.getByTestId("estate-page")).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `estate-${name}.png`) });
      await page.goto("/favorites");
      await page.screenshot({ path: path.join(SHOTS, `favorites-${name}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 360, height: 800 });
    await signInByPost(page, user);
    await page.goto("/profile/favorites");
    await expect(cards(page)).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(SHOTS, "profile-favorites-phone.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: path.join(SHOTS, "profile-favorites-desktop.png"), fullPage: true });
    await page.goto("/en/profile/favorites");
    await heartOf(cards(page).nth(0)).click();
    await expect(page.getByTestId("favorites-empty")).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, "profile-favorites-empty-en.png"), fullPage: true });
    expect(errors).toEqual([]);
  });
});
