/**
 * Decision 0038: the host API refuses an account in guest mode (409 `errors.mode`), and the web app
 * turns that into its "switch to host mode" offer. Here the browser's session still says "host"
 * while the account was switched to guest elsewhere (another device): opening a host page lands on
 * the offer, and switching comes back to the page.
 */
import { expect, test } from "@playwright/test";
import { createUser, signInByPost } from "./fixtures";
import { bearer, tokenOf } from "./host-support";

test("a host page whose account was switched to guest elsewhere offers host mode and comes back", async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = await createUser(request, { mode: "host", firstName: "Айдана" });
  // Signed in by posting the login form (the form has its own specs).
  await signInByPost(page, user);
  const { token } = await tokenOf(request, user);
  // Another device switches the account to guest mode.
  const switched = await request.put("/api/v1/profile/update", { data: { mode: "guest" }, headers: bearer(token) });
  expect(switched.status(), await switched.text()).toBe(200);
  const refused = await request.get("/api/v1/host/objects", { headers: bearer(token) });
  expect(refused.status()).toBe(409);

  await page.goto("/host/objects");
  await expect(page).toHaveURL(/\/host\/switch\?redirectTo=%2Fhost%2Fobjects/);
  await page.locator('main form[action$="/mode"] button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === "/host/objects", { timeout: 30_000 });
  expect((await request.get("/api/v1/host/objects", { headers: bearer(token) })).status()).toBe(200);
});
