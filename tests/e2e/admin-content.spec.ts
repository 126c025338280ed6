/**
 * The operator's content editor (issue 31, "Content and directory"): an operator edits a FAQ answer
 * in Kyrgyz, previews it (drawn by the server: works without JavaScript) and, once saved, sees it
 * on /ky/faq at once, also for a visitor whose page was in the page cache; a save made from a
 * version another save replaced meanwhile is refused with their version shown and the typed text
 * kept; a missing translation is refused beside its field. JavaScript on and off; axe and no
 * sideways scroll at 360 px in ru, en and ky.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, signInByPost, test, type TestUser } from "./fixtures";
import { bearer, expectAccessible } from "./host-support";
import { apiData, message } from "./support";
import { MESSAGES } from "../../contract/messages";
import type { ContentItem } from "../../contract/operator-content";

const OPERATOR: TestUser = { phone: "996700000003", national: "700000003", password: "konok-operator-2026", firstName: "Нурлан", id: 0 };

async function operatorToken(request: APIRequestContext): Promise<string> {
  const data = await apiData<{ token: string }>(await request.post("/api/login", { data: { phoneNumber: OPERATOR.phone, password: OPERATOR.password }, headers: { "X-Forwarded-For": "10.33.250.1" } }));
  return data.token;
}

/** A FAQ question of the test's own (the tests run side by side with JavaScript on and off). */
async function ownQuestion(request: APIRequestContext, token: string, tag: string): Promise<ContentItem> {
  const anchor = `e2e-${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const { item } = await apiData<{ item: ContentItem }>(
    await request.post("/api/v1/operator/content/faq", {
      headers: bearer(token),
      data: {
        audience: "guests",
        anchor,
        sortOrder: 900,
        question: { ru: `Вопрос ${anchor}`, en: `Question ${anchor}`, ky: `Суроо ${anchor}` },
        answer: { ru: "Ответ.", en: "The answer.", ky: "Жооп." },
      },
    }),
  );
  return item;
}

const form = (page: Page) => page.getByTestId("content-form");

test("an operator edits a FAQ answer in Kyrgyz, previews it and sees it live on /ky/faq", async ({ page, request, javaScriptEnabled }) => {
  test.setTimeout(90_000);
  const token = await operatorToken(request);
  const item = await ownQuestion(request, token, "ky");
  const answer = `Жаңы жооп ${Date.now()}: төлөм брондоо тастыкталгандан кийин.`;

  // A visitor's copy of the page goes into the page cache before the edit.
  expect(await (await request.get("/ky/faq")).text()).not.toContain(answer);

  await signInByPost(page, OPERATOR);
  await page.goto("/ky/admin/content");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("ky", "admin", "content.title"));
  await page.getByTestId("content-faq").locator(`[data-label="${item.label}"] a`).click();
  await expect(page.getByTestId("admin-content-item")).toHaveAttribute("data-kind", "faq");

  const ky = page.getByTestId("texts-ky");
  await ky.getByLabel(message("ky", "admin", "content.fields.answer")).fill(answer);
  await page.getByTestId("preview-ky").click();
  const preview = page.getByTestId("content-preview");
  await expect(preview).toHaveAttribute("data-locale", "ky");
  await expect(preview).toContainText(answer);
  await expect(preview).toContainText(`Суроо ${item.label}`);
  // The preview saved nothing, and the form still holds what was typed.
  await expect(ky.getByLabel(message("ky", "admin", "content.fields.answer"))).toHaveValue(answer);
  expect(await (await request.get("/ky/faq")).text()).not.toContain(answer);

  await form(page).getByRole("button", { name: message("ky", "admin", "content.save") }).click();
  await expect(page.getByTestId("action-done")).toHaveText(message("ky", "admin", "content.saved"));
  await expect(page.getByTestId("admin-content-item")).toHaveAttribute("data-version", "2");

  // Live at once: for the operator, and for the visitor whose page was cached.
  await page.goto(`/ky/faq#${item.label}`);
  await expect(page.locator(`details#${item.label}`)).toContainText(answer);
  const visitor = await request.get("/ky/faq");
  expect(await visitor.text()).toContain(answer);

  // In the audit log, and in the item's history.
  await page.goto("/ky/admin/audit?action=faq.update");
  const entry = page.getByTestId("audit-entry").filter({ hasText: answer }).first();
  await expect(entry).toHaveAttribute("data-action", "faq.update");
  await expect(entry).toContainText(message("ky", "admin", "audit.actions.faq.update"));
  if (javaScriptEnabled) await expectAccessible(page, true);
});

test("a save made from a version replaced meanwhile is refused, showing theirs and keeping what was typed", async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await operatorToken(request);
  const item = await ownQuestion(request, token, "race");
  await signInByPost(page, OPERATOR);
  await page.goto(`/en/admin/content/faq/${item.id}`);
  await expect(page.getByTestId("admin-content-item")).toHaveAttribute("data-version", "1");

  // Another operator saves while this form is open.
  const theirs = "Their answer, saved first.";
  await apiData(
    await request.post(`/api/v1/operator/content/faq/${item.id}`, {
      headers: bearer(token),
      data: { ...item.fields, editVersion: 1, question: item.texts.question, answer: { ...item.texts.answer, en: theirs } },
    }),
  );

  const mine = "My answer, typed meanwhile.";
  const answer = page.getByTestId("texts-en").getByLabel(message("en", "admin", "content.fields.answer"));
  await answer.fill(mine);
  await form(page).getByRole("button", { name: message("en", "admin", "content.save") }).click();
  await expect(page.getByTestId("action-error")).toHaveText(MESSAGES.editedMeanwhile.en);
  await expect(page.getByTestId("their-version")).toContainText(theirs);
  await expect(answer).toHaveValue(mine);

  // Saving again, knowing theirs, replaces it.
  await form(page).getByRole("button", { name: message("en", "admin", "content.save") }).click();
  await expect(page.getByTestId("action-done")).toBeVisible();
  await expect(page.getByTestId("admin-content-item")).toHaveAttribute("data-version", "3");
  await expect(answer).toHaveValue(mine);
});

test("a missing translation is refused beside its field, keeping the rest of what was typed", async ({ page, request }) => {
  const token = await operatorToken(request);
  const item = await ownQuestion(request, token, "empty");
  await signInByPost(page, OPERATOR);
  await page.goto(`/admin/content/faq/${item.id}`);
  const question = page.getByTestId("texts-ky").getByLabel(message("ru", "admin", "content.fields.question"));
  await question.fill("");
  const ru = page.getByTestId("texts-ru").getByLabel(message("ru", "admin", "content.fields.answer"));
  await ru.fill("Новый ответ, который не должен пропасть.");
  await form(page).getByRole("button", { name: message("ru", "admin", "content.save") }).click();
  await expect(page.getByTestId("error-field-question-ky-error")).toHaveText(MESSAGES.required.ru);
  await expect(question).toHaveAttribute("aria-invalid", "true");
  await expect(ru).toHaveValue("Новый ответ, который не должен пропасть.");
  await expect(page.getByTestId("admin-content-item")).toHaveAttribute("data-version", "1");
});

test("a redirect added in the console works at once in every language; a bad target is refused beside it; removed, the path is free again", async ({ page, request }) => {
  test.setTimeout(90_000);
  const from = `/e2e-old-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  expect((await request.get(`/en${from}`, { maxRedirects: 0 })).status()).toBe(404);
  await signInByPost(page, OPERATOR);
  await page.goto("/en/admin/routes");
  const rule = page.getByTestId("rule-form");
  await rule.getByLabel(message("en", "admin", "routes.path")).fill(from);
  await rule.getByLabel(message("en", "admin", "routes.target")).fill("ftp://elsewhere");
  await rule.getByRole("button", { name: message("en", "admin", "routes.save") }).click();
  await expect(page.getByTestId("error-rule-target-error")).toHaveText(MESSAGES.routeTargetInvalid.en);
  await expect(rule.getByLabel(message("en", "admin", "routes.path"))).toHaveValue(from);

  await rule.getByLabel(message("en", "admin", "routes.target")).fill("/faq");
  await rule.getByRole("button", { name: message("en", "admin", "routes.save") }).click();
  await expect(page.getByTestId("action-done")).toHaveText(message("en", "admin", "routes.done.created"));
  await expect(page.locator(`[data-testid="rule-row"][data-path="${from}"]`)).toContainText("/faq");

  // At once, on this node, in each language.
  const ky = await request.get(`/ky${from}`, { maxRedirects: 0 });
  expect(ky.status()).toBe(301);
  expect(ky.headers().location).toBe("/ky/faq");

  await page.locator(`[data-testid="rule-row"][data-path="${from}"]`).getByRole("link").click();
  await expect(page.getByTestId("rule-form")).toContainText(from);
  await page.getByTestId("rule-delete").getByRole("button").click();
  await expect(page.getByTestId("action-done")).toHaveText(message("en", "admin", "routes.done.deleted"));
  expect((await request.get(`/en${from}`, { maxRedirects: 0 })).status()).toBe(404);

  await page.goto("/en/admin/audit?action=route_rule.delete");
  await expect(page.getByTestId("audit-entry").filter({ hasText: from }).first()).toHaveAttribute("data-action", "route_rule.delete");
});

test("a support phone added in the console is in every page's footer at once; a wrong number is refused beside it; removed, it is gone", async ({ page, request }) => {
  test.setTimeout(90_000);
  const digits = String(Date.now()).slice(-6);
  const phone = `+996 312 ${digits}`;
  // A visitor's page, footer and all, is kept before the change (page cache, footer memory).
  for (const url of ["/en/faq", "/ky/faq"]) expect(await (await request.get(url)).text()).not.toContain(phone);

  await signInByPost(page, OPERATOR);
  await page.goto("/en/admin/contacts");
  const add = page.getByTestId("contact-form");
  await add.getByLabel(message("en", "admin", "contacts.fields.value")).fill("call the office");
  for (const [l, text] of [["ru", "Ночная линия"], ["en", "Night line"], ["ky", "Түнкү линия"]] as const) {
    await add.getByLabel(`${message("en", "admin", "contacts.fields.label")} · ${message("en", "admin", `content.languages.${l}`)}`).fill(text);
  }
  await add.getByRole("button", { name: message("en", "admin", "contacts.save") }).click();
  await expect(page.getByTestId("error-contact-value-error")).toHaveText(MESSAGES.phoneDigits.en);
  await expect(page.getByTestId("contact-form").getByLabel(`${message("en", "admin", "contacts.fields.label")} · Кыргызча`)).toHaveValue("Түнкү линия");

  await page.getByTestId("contact-form").getByLabel(message("en", "admin", "contacts.fields.value")).fill(phone);
  await page.getByTestId("contact-form").getByRole("button", { name: message("en", "admin", "contacts.save") }).click();
  await expect(page.getByTestId("action-done")).toHaveText(message("en", "admin", "contacts.done.created"));

  const footer = await (await request.get("/ky/faq")).text();
  expect(footer).toContain(phone);
  expect(footer).toContain("Түнкү линия");

  const row = page.getByTestId("contact-row").filter({ hasText: phone });
  await row.getByRole("link").click();
  await page.getByTestId("contact-form").getByRole("button", { name: message("en", "admin", "contacts.delete") }).click();
  await expect(page.getByTestId("action-done")).toHaveText(message("en", "admin", "contacts.done.deleted"));
  expect(await (await request.get("/en/faq")).text()).not.toContain(phone);
});

test("a contact saved from a version replaced meanwhile is refused, keeping what was typed, and saving again replaces theirs", async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await operatorToken(request);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const label = { ru: `Линия ${tag}`, en: `Line ${tag}`, ky: `Линия ${tag}` };
  const { id } = await apiData<{ id: number }>(
    await request.post("/api/v1/operator/contacts/contact", { headers: bearer(token), data: { kind: "email", value: `line-${tag}@konok.test`, label, sortOrder: 900 } }),
  );
  await signInByPost(page, OPERATOR);
  await page.goto(`/en/admin/contacts?edit=contact-${id}`);
  const contactForm = page.getByTestId("contact-form");
  await expect(contactForm.getByLabel(message("en", "admin", "contacts.fields.value"))).toHaveValue(`line-${tag}@konok.test`);

  // Another operator saves while this form is open.
  await apiData(
    await request.post(`/api/v1/operator/contacts/contact/${id}`, {
      headers: bearer(token),
      data: { kind: "email", value: `theirs-${tag}@konok.test`, label, sortOrder: 900, editVersion: 1 },
    }),
  );

  const english = contactForm.getByLabel(`${message("en", "admin", "contacts.fields.label")} · ${message("en", "admin", "content.languages.en")}`);
  await english.fill(`Mine ${tag}`);
  await contactForm.getByRole("button", { name: message("en", "admin", "contacts.save") }).click();
  await expect(page.getByTestId("action-error")).toHaveText(MESSAGES.editedMeanwhile.en);
  await expect(english).toHaveValue(`Mine ${tag}`);

  // Saving again, knowing theirs, replaces it.
  await contactForm.getByRole("button", { name: message("en", "admin", "contacts.save") }).click();
  await expect(page.getByTestId("action-done")).toHaveText(message("en", "admin", "contacts.done.saved"));
  expect(await (await request.get("/en/faq")).text()).toContain(`Mine ${tag}`);
});

test("the content pages are accessible and fit a 360 px phone in ru, en and ky", { tag: "@js-only" }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await operatorToken(request);
  const item = await ownQuestion(request, token, "axe");
  await page.setViewportSize({ width: 360, height: 780 });
  await signInByPost(page, OPERATOR);
  for (const prefix of ["", "/en", "/ky"]) {
    for (const url of ["/admin/content", `/admin/content/faq/${item.id}`, "/admin/content/article/new", "/admin/routes", "/admin/contacts"]) {
      const response = await page.goto(`${prefix}${url}`);
      expect(response?.status(), `${prefix}${url}`).toBe(200);
      await page.waitForFunction(() => Object.keys(document.querySelector("h1") ?? {}).some((k) => k.startsWith("__reactProps")));
      if (url.includes("/faq/")) {
        await page.getByTestId(`preview-${prefix ? prefix.slice(1) : "ru"}`).click();
        await expect(page.getByTestId("content-preview")).toBeVisible();
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${prefix}${url} scrolls sideways`).toBeLessThanOrEqual(0);
      await expectAccessible(page, true);
      await page.screenshot({ path: `tests/.artifacts/screens/admin-content${prefix.replace("/", "-") || "-ru"}${url.replace(/\//g, "-")}.png`, fullPage: true });
    }
  }
});
