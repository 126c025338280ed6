/**
 * The operator's content editor (issue 31) against the real API and database: the FAQ, articles,
 * the legal documents and promos edited in three languages; a save naming an old edit token is
 * refused and changes nothing; every save is in the audit log with the item before and after;
 * the site's own endpoints show an edit at once; bad input is refused field by field.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/account";
import type { ArticleListResponse, FaqResponse, LegalDocumentResponse, PromoResponse } from "../../contract/content";
import type { ContactsAdminResponse, ContentItemResponse, ContentListResponse, RouteRuleListResponse, RouteRuleRow } from "../../contract/operator-content";
import type { ContactsResponse } from "../../contract/directory";
import type { RouteRulesResponse } from "../../contract/content";
import { MESSAGES } from "../../contract/messages";
import { auditLog, faqItems, legalDocuments, promos, routeRules } from "../../api/db/schema";
import { hashPassword } from "../../api/lib/password";
import { seedContent } from "../../api/seed/content";
import { FAQ_ITEMS } from "../../api/seed/content/faq";
import { createOperator } from "../../api/services/operator/operators";
import { jsonCaller, setupTestApi } from "./helpers";

const t = setupTestApi();
const PASSWORD = "correct horse battery";

const call = jsonCaller(t, "10.33.0");

let operator: string;
let second: string;
let guest: string;
const faqEntries = (id: number) => and(eq(auditLog.objectType, "faq"), eq(auditLog.objectId, String(id)));
const L = (ru: string, en: string, ky: string) => ({ ru, en, ky });

beforeAll(async () => {
  await seedContent(t.db);
  await createOperator(t.db, { phone: "996555330001", password: PASSWORD, firstName: "Aida" });
  await createOperator(t.db, { phone: "996555330002", password: PASSWORD, firstName: "Bakyt" });
  const login = async (phone: string) => (await call<LoginResponse>("POST", "/api/login", undefined, { phoneNumber: phone, password: PASSWORD })).body.data.token;
  operator = await login("996555330001");
  second = await login("996555330002");
  const member = await t.make.user({ mode: "guest", passwordHash: await hashPassword(PASSWORD) });
  guest = await login(member.phone!);
});

describe("the FAQ", () => {
  it("is seeded once from the files, and the public endpoint gives it by audience in each language", async () => {
    await seedContent(t.db);
    expect(await t.db.select().from(faqItems)).toHaveLength(FAQ_ITEMS.length);
    const ky = await call<FaqResponse>("GET", "/api/v1/guest/faq", undefined, undefined, "ky");
    expect(ky.body.data.groups.map((g) => g.audience)).toEqual(["guests", "hosts"]);
    const cancel = ky.body.data.groups[0].items.find((i) => i.anchor === "cancel")!;
    expect(cancel.answer).toBe(FAQ_ITEMS.find((i) => i.anchor === "cancel")!.answer.ky);
  });

  it("edited in Kyrgyz shows on the public endpoint at once, is in the audit log, and a start does not undo it", async () => {
    const [row] = await t.db.select().from(faqItems).where(eq(faqItems.anchor, "calendar"));
    const item = (await call<ContentItemResponse>("GET", `/api/v1/operator/content/faq/${row.id}`, operator)).body.data.item;
    expect(item.editVersion).toBe(1);
    const answer = "Календарь бөлүмүндө объектти тандап, бош эмес күндөрдү белгилеңиз — жаңы жооп.";
    const saved = await call<ContentItemResponse>("POST", `/api/v1/operator/content/faq/${row.id}`, operator, {
      ...item.fields,
      editVersion: item.editVersion,
      question: item.texts.question,
      answer: { ...item.texts.answer, ky: answer },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.item.editVersion).toBe(2);
    const ky = await call<FaqResponse>("GET", "/api/v1/guest/faq", undefined, undefined, "ky");
    expect(ky.body.data.groups[1].items.find((i) => i.anchor === "calendar")!.answer).toBe(answer);

    const [entry] = await t.db.select().from(auditLog).where(faqEntries(row.id));
    expect(entry.action).toBe("faq.update");
    expect(entry.objectType).toBe("faq");
    expect((entry.before as { answer: { ky: string } }).answer.ky).toBe(FAQ_ITEMS.find((i) => i.anchor === "calendar")!.answer.ky);
    expect((entry.after as { answer: { ky: string } }).answer.ky).toBe(answer);

    await seedContent(t.db);
    const [after] = await t.db.select().from(faqItems).where(eq(faqItems.anchor, "calendar"));
    expect(after.answer.ky).toBe(answer);
  });

  it("refuses the second of two saves made from the same version, keeping the first", async () => {
    const [row] = await t.db.select().from(faqItems).where(eq(faqItems.anchor, "pay"));
    const base = { ...(await call<ContentItemResponse>("GET", `/api/v1/operator/content/faq/${row.id}`, operator)).body.data.item };
    const body = (question: string) => ({ ...base.fields, editVersion: base.editVersion, question: { ...base.texts.question, en: question }, answer: base.texts.answer });
    expect((await call("POST", `/api/v1/operator/content/faq/${row.id}`, operator, body("How do I pay? (Aida)"))).status).toBe(200);
    const late = await call("POST", `/api/v1/operator/content/faq/${row.id}`, second, body("How do I pay? (Bakyt)"), "ru");
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MESSAGES.editedMeanwhile.ru);
    const [now] = await t.db.select().from(faqItems).where(eq(faqItems.id, row.id));
    expect(now.question.en).toBe("How do I pay? (Aida)");
    expect(now.editVersion).toBe(base.editVersion + 1);
    expect((await t.db.select().from(auditLog).where(faqEntries(row.id))).map((e) => e.action)).toEqual(["faq.update"]);
    // Saving again with the token now current replaces it: a choice made knowing the other version.
    expect((await call("POST", `/api/v1/operator/content/faq/${row.id}`, second, { ...body("How do I pay? (Bakyt)"), editVersion: now.editVersion })).status).toBe(200);
  });

  it("adds a question; refuses a missing translation, a bad or taken anchor and no token, each beside its field", async () => {
    const good = { audience: "hosts", anchor: "payouts-when", sortOrder: 50, question: L("Когда выплата?", "When am I paid?", "Качан төлөнөт?"), answer: L("Через сутки после заезда.", "A day after check-in.", "Келгенден бир күн өткөндөн кийин.") };
    const missing = await call("POST", "/api/v1/operator/content/faq", operator, { ...good, answer: { ...good.answer, ky: "  " }, anchor: "Bad anchor!" }, "ky");
    expect(missing.status).toBe(422);
    expect(missing.body.errors!["answer.ky"]).toEqual([MESSAGES.required.ky]);
    expect(missing.body.errors!.anchor).toEqual([MESSAGES.slugFormat.ky.replace("{n}", "40")]);
    const made = await call<ContentItemResponse>("POST", "/api/v1/operator/content/faq", operator, good);
    expect(made.status).toBe(200);
    expect(made.body.data.item.publicPath).toBe("/faq#payouts-when");
    const taken = await call("POST", "/api/v1/operator/content/faq", operator, good);
    expect(taken.status).toBe(422);
    expect(taken.body.errors!.anchor).toEqual([MESSAGES.slugTaken.en]);
    const noToken = await call("POST", `/api/v1/operator/content/faq/${made.body.data.item.id}`, operator, good);
    expect(noToken.status).toBe(422);
    expect(Object.keys(noToken.body.errors!)).toEqual(["editVersion"]);
    const hosts = (await call<FaqResponse>("GET", "/api/v1/guest/faq")).body.data.groups[1].items;
    expect(hosts.at(-1)).toEqual({ anchor: "payouts-when", question: "When am I paid?", answer: "A day after check-in." });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "faq.create"));
    expect(entry.before).toBeNull();
    expect(entry.objectId).toBe(String(made.body.data.item.id));
  });
});

describe("articles, legal documents and promos", () => {
  it("an article added as a draft is not on the site; given a day it is, and a taken address is refused", async () => {
    const article = {
      type: "tips",
      slug: "winter-in-karakol",
      region: "",
      publishedOn: "",
      title: L("Зима в Караколе", "Winter in Karakol", "Караколдо кыш"),
      summary: L("Лыжи и горячие источники.", "Skiing and hot springs.", "Лыжа жана ысык булактар."),
      body: L("Текст статьи.", "The article's text.", "Макаланын тексти."),
    };
    const made = await call<ContentItemResponse>("POST", "/api/v1/operator/content/article", operator, article);
    expect(made.status).toBe(200);
    expect(made.body.data.item.publicPath).toBeNull();
    expect((await call("GET", "/api/v1/guest/articles/tips/winter-in-karakol")).status).toBe(404);
    const list = (await call<ContentListResponse>("GET", "/api/v1/operator/content", operator)).body.data.items;
    expect(list.find((i) => i.kind === "article" && i.id === made.body.data.item.id)).toMatchObject({ draft: true, title: "Winter in Karakol" });

    const published = await call<ContentItemResponse>("POST", `/api/v1/operator/content/article/${made.body.data.item.id}`, operator, { ...article, publishedOn: "2026-01-05", editVersion: 1 });
    expect(published.status).toBe(200);
    expect(published.body.data.item.fields.publishedOn).toBe("2026-01-05");
    expect((await call("GET", "/api/v1/guest/articles/tips/winter-in-karakol")).status).toBe(200);
    const tips = (await call<ArticleListResponse>("GET", "/api/v1/guest/articles?type=tips&perPage=100")).body.data.items;
    expect(tips.map((a) => a.slug)).toContain("winter-in-karakol");

    const taken = await call("POST", "/api/v1/operator/content/article", operator, { ...article, publishedOn: "2026-02-30" });
    expect(taken.status).toBe(422);
    expect(taken.body.errors!.publishedOn).toEqual([MESSAGES.dateNotReal.en]);
    const again = await call("POST", "/api/v1/operator/content/article", operator, article);
    expect(again.body.errors!.slug).toEqual([MESSAGES.slugTaken.en]);
  });

  it("the terms are edited in place and shown at once; a legal document or promo cannot be added from the console", async () => {
    const [terms] = await t.db.select().from(legalDocuments).where(eq(legalDocuments.kind, "terms"));
    const item = (await call<ContentItemResponse>("GET", `/api/v1/operator/content/legal/${terms.id}`, operator)).body.data.item;
    const body = `${item.texts.body.ru}\n\nИсправлена опечатка.`;
    const saved = await call("POST", `/api/v1/operator/content/legal/${terms.id}`, operator, { editVersion: item.editVersion, title: item.texts.title, body: { ...item.texts.body, ru: body } });
    expect(saved.status).toBe(200);
    const page = await call<LegalDocumentResponse>("GET", "/api/v1/guest/legal/terms", undefined, undefined, "ru");
    if (page.body.data.document.version === terms.version) expect(page.body.data.document.body).toBe(body);
    expect((await call("POST", "/api/v1/operator/content/legal", operator, {})).status).toBe(404);
    expect((await call("POST", "/api/v1/operator/content/promo", operator, {})).status).toBe(404);
    expect((await call("GET", "/api/v1/operator/content/poem/1", operator)).status).toBe(404);
    expect((await call("GET", "/api/v1/operator/content/faq/999999", operator)).status).toBe(404);
  });

  it("a promo's dates and texts are edited; an end before the start is refused beside the end", async () => {
    const [raduga] = await t.db.select().from(promos).where(eq(promos.slug, "raduga"));
    const item = (await call<ContentItemResponse>("GET", `/api/v1/operator/content/promo/${raduga.id}`, operator)).body.data.item;
    const body = { ...item.fields, ...item.texts, editVersion: item.editVersion, discountPercent: "25", title: { ...item.texts.title, en: "Raduga: a quarter off" } };
    const wrong = await call("POST", `/api/v1/operator/content/promo/${raduga.id}`, operator, { ...body, endsOn: "2020-01-01", startsOn: "2020-02-01" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors!.endsOn).toEqual([MESSAGES.endBeforeStart.en]);
    expect((await call("POST", `/api/v1/operator/content/promo/${raduga.id}`, operator, body)).status).toBe(200);
    const page = (await call<PromoResponse>("GET", "/api/v1/guest/promo/raduga")).body.data.promo;
    expect(page.title).toBe("Raduga: a quarter off");
    expect(page.discountPercent).toBe(25);
  });

  it("answers 404 to a member, as for a path that does not exist", async () => {
    const answer = await call("GET", "/api/v1/operator/content", guest);
    expect(answer.status).toBe(404);
    expect((await call("POST", "/api/v1/operator/content/faq/1", guest, { editVersion: 1 })).status).toBe(404);
  });
});

describe("route rules", () => {
  const live = async () => (await call<RouteRulesResponse>("GET", "/api/v1/guest/route_rules")).body.data.rules;
  const rows = async () => (await call<RouteRuleListResponse>("GET", "/api/v1/operator/route-rules", operator)).body.data.rules;

  it("are added, changed and removed by an operator, each in the audit log; a loop, a taken path and an old token are refused", async () => {
    const made = await call<{ rule: RouteRuleRow }>("POST", "/api/v1/operator/route-rules", operator, { path: "/old-pay/", target: "/privacy", status: 302 });
    expect(made.status).toBe(200);
    expect(made.body.data.rule).toMatchObject({ path: "/old-pay", target: "/privacy", status: 302, editVersion: 1 });
    expect(await live()).toContainEqual({ path: "/old-pay", target: "/privacy", status: 302 });

    const loop = await call("POST", "/api/v1/operator/route-rules", operator, { path: "/faq", target: "/help" });
    expect(loop.status).toBe(422);
    expect(loop.body.errors!.target).toEqual([MESSAGES.redirectLoop.en.replace("{path}", "/faq → /help → /faq")]);
    const taken = await call("POST", "/api/v1/operator/route-rules", operator, { path: "/old-pay", target: "/articles" });
    expect(taken.body.errors!.path).toEqual([MESSAGES.slugTaken.en]);
    const bad = await call("POST", "/api/v1/operator/route-rules", operator, { path: "/ky/x", target: "javascript:alert(1)" });
    expect(Object.keys(bad.body.errors!).sort()).toEqual(["path", "target"]);

    const id = made.body.data.rule.id;
    expect((await call("POST", `/api/v1/operator/route-rules/${id}`, operator, { path: "/old-pay", target: "/faq", status: 301, editVersion: 1 })).status).toBe(200);
    const stale = await call("POST", `/api/v1/operator/route-rules/${id}`, second, { path: "/old-pay", target: "/terms", status: 301, editVersion: 1 });
    expect(stale.status).toBe(409);
    expect(await live()).toContainEqual({ path: "/old-pay", target: "/faq", status: 301 });
    expect((await call("POST", `/api/v1/operator/route-rules/${id}/delete`, operator, { editVersion: 1 })).status).toBe(409);
    expect((await call("POST", `/api/v1/operator/route-rules/${id}/delete`, operator, { editVersion: 2 })).status).toBe(200);
    expect((await live()).map((r) => r.path)).not.toContain("/old-pay");

    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.objectType, "route_rule"), eq(auditLog.objectId, String(id))));
    expect(entries.map((e) => e.action)).toEqual(["route_rule.create", "route_rule.update", "route_rule.delete"]);
    expect(entries[1].before).toEqual({ path: "/old-pay", target: "/privacy", status: 302 });
    expect(entries[2].after).toBeNull();

    // The removed path can be given a new rule.
    expect((await call("POST", "/api/v1/operator/route-rules", operator, { path: "/old-pay", target: "/articles" })).status).toBe(200);
  });

  it("a seeded rule changed or removed in the console stays so after the next start", async () => {
    const seeded = await rows();
    const help = seeded.find((r) => r.path === "/help")!;
    const blog = seeded.find((r) => r.path === "/blog")!;
    expect((await call("POST", `/api/v1/operator/route-rules/${help.id}`, operator, { path: "/help", target: "/profile/support", editVersion: help.editVersion })).status).toBe(200);
    expect((await call("POST", `/api/v1/operator/route-rules/${blog.id}/delete`, operator, { editVersion: blog.editVersion })).status).toBe(200);
    await seedContent(t.db);
    const after = await live();
    expect(after).toContainEqual({ path: "/help", target: "/profile/support", status: 301 });
    expect(after.map((r) => r.path)).not.toContain("/blog");
    expect((await t.db.select().from(routeRules).where(eq(routeRules.path, "/blog")))[0].deletedAt).not.toBeNull();
  });
});

describe("the footer's contacts, social links and app links", () => {
  it("are added, changed with the row's token and removed, each audited; a wrong phone, e-mail or link is refused beside it", async () => {
    const footer = async (locale = "en") => (await call<ContactsResponse>("GET", "/api/v1/guest/contacts", undefined, undefined, locale)).body.data;
    const phone = { kind: "phone", value: "+996 312 000 111", label: L("Офис", "Office", "Кеңсе"), sortOrder: 5 };
    const wrong = await call("POST", "/api/v1/operator/contacts/contact", operator, { ...phone, value: "call us", label: { ...phone.label, ky: "" } }, "ky");
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors!.value).toEqual([MESSAGES.phoneDigits.ky]);
    expect(wrong.body.errors!["label.ky"]).toEqual([MESSAGES.required.ky]);
    expect((await call("POST", "/api/v1/operator/contacts/contact", operator, { ...phone, kind: "email", value: "not-mail" })).body.errors!.value).toEqual([MESSAGES.emailInvalid.en]);
    expect((await call("POST", "/api/v1/operator/contacts/social", operator, { kind: "telegram", url: "http://t.me/konok" })).body.errors!.url).toEqual([MESSAGES.httpsUrl.en]);
    expect((await call("POST", "/api/v1/operator/contacts/fax", operator, phone)).status).toBe(404);

    const made = await call<{ id: number; editVersion: number }>("POST", "/api/v1/operator/contacts/contact", operator, phone);
    expect(made.status).toBe(200);
    expect((await footer("ky")).contacts).toContainEqual({ id: made.body.data.id, kind: "phone", value: "+996 312 000 111", label: "Кеңсе" });

    const id = made.body.data.id;
    expect((await call("POST", `/api/v1/operator/contacts/contact/${id}`, operator, { ...phone, value: "+996 312 000 222", editVersion: 1 })).status).toBe(200);
    expect((await call("POST", `/api/v1/operator/contacts/contact/${id}`, second, { ...phone, value: "+996 312 000 333", editVersion: 1 })).status).toBe(409);
    expect((await footer()).contacts.find((c) => c.id === id)!.value).toBe("+996 312 000 222");

    const app = await call<{ id: number }>("POST", "/api/v1/operator/contacts/app", operator, { platform: "android", name: "Konok", url: "https://play.google.com/store/apps/details?id=kg.konok" });
    expect(app.status).toBe(200);
    const lists = (await call<ContactsAdminResponse>("GET", "/api/v1/operator/contacts", operator)).body.data;
    expect(lists.apps.map((a) => a.id)).toContain(app.body.data.id);

    expect((await call("POST", `/api/v1/operator/contacts/contact/${id}/delete`, operator, { editVersion: 2 })).status).toBe(200);
    expect((await footer()).contacts.map((c) => c.id)).not.toContain(id);
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.objectType, "contact"), eq(auditLog.objectId, String(id))));
    expect(entries.map((e) => e.action)).toEqual(["contact.create", "contact.update", "contact.delete"]);
    expect((entries[1].before as { value: string }).value).toBe("+996 312 000 111");
    expect((entries[1].after as { value: string }).value).toBe("+996 312 000 222");
  });
});
