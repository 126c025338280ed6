/**
 * Booking e-mails' pages (issue 30): /profile/mail turns kinds on and off with a plain form, and
 * /mail/unsubscribe (the link in every booking e-mail, no sign-in) asks before changing anything
 * and says plainly when a link is damaged. JavaScript on and off.
 */
import { axeOn } from "./axe";
import { expect, test } from "./fixtures";
import { message } from "./support";

test("a signed-in person turns a kind of booking e-mail off and on again on /profile/mail", async ({ page, signedIn }) => {
  void signedIn;
  await page.goto("/en/profile/mail");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "account", "mail.settings.title"));
  const request = page.getByLabel(message("en", "account", "notifications.types.booking_requested.title"));
  await expect(request).toBeChecked();
  // axe runs in the page's JavaScript: checked in the js project.
  if (test.info().project.name !== "no-js") expect((await axeOn(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await request.press("Space");
  await page.getByRole("button", { name: message("en", "account", "mail.settings.save") }).click();
  await expect(page.getByTestId("mail-saved")).toHaveText(message("en", "account", "mail.settings.saved"));
  await expect(page.getByLabel(message("en", "account", "notifications.types.booking_requested.title"))).not.toBeChecked();
  await expect(page.getByLabel(message("en", "account", "notifications.types.booking_paid.title"))).toBeChecked();
  await page.getByLabel(message("en", "account", "notifications.types.booking_requested.title")).check();
  await page.getByRole("button", { name: message("en", "account", "mail.settings.save") }).click();
  await expect(page.getByTestId("mail-saved")).toBeVisible();
  await expect(page.getByLabel(message("en", "account", "notifications.types.booking_requested.title"))).toBeChecked();
});

test("an unsubscribe link asks first, in the page's language, and a damaged one says so and points to the settings", async ({ page }) => {
  await page.goto("/ky/mail/unsubscribe?u=1&k=booking_requested&s=damaged-signature-000");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("ky", "account", "mail.unsubscribe.title"));
  // axe runs in the page's JavaScript: checked in the js project.
  if (test.info().project.name !== "no-js") expect((await axeOn(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await page.getByRole("button", { name: message("ky", "account", "mail.unsubscribe.confirm") }).click();
  await expect(page.getByRole("alert")).toHaveText(message("ky", "account", "mail.unsubscribe.invalid"));
  await expect(page.getByRole("link", { name: message("ky", "account", "mail.unsubscribe.settings") })).toHaveAttribute("href", "/ky/profile/mail");
});
