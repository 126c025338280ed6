import { beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "../../contract/common";
import type { ArticleListResponse, ArticleResponse, LegalDocumentResponse, PromoResponse, RouteRulesResponse, SitemapResponse } from "../../contract/content";
import * as schema from "../../api/db/schema";
import { seedContent } from "../../api/seed/content";
import { ARTICLES } from "../../api/seed/content/articles";
import { findLoop, saveRouteRule } from "../../api/services/route-rules";
import { text, setupTestApi } from "./helpers";

const t = setupTestApi({ publicUrl: "https://konok.test" });
type Ok<T> = { success: true; data: T };

describe("content endpoints", () => {
  beforeAll(async () => {
    await seedContent(t.db);
  });

  it("seeds at least twelve articles, each written in ru, en and ky, and a second start adds none", async () => {
    expect(ARTICLES.length).toBeGreaterThanOrEqual(12);
    for (const a of ARTICLES) {
      for (const l of ["ru", "en", "ky"] as const) {
        expect(a.title[l].length, `${a.slug} title ${l}`).toBeGreaterThan(5);
        expect(a.body[l].length, `${a.slug} body ${l}`).toBeGreaterThan(300);
      }
      // Not English copied into Kyrgyz.
      expect(a.body.ky).not.toBe(a.body.en);
      expect(a.body.ky).toMatch(/[өүң]/);
    }
    expect((await seedContent(t.db)).articles).toBe(0);
  });

  it("GET /api/v1/guest/articles pages newest first and filters by type", async () => {
    const first = await t.get<Ok<ArticleListResponse>>("/api/v1/guest/articles?perPage=5&locale=en");
    expect(first.status).toBe(200);
    expect(first.body.data.items).toHaveLength(5);
    expect(first.body.data.total).toBe(ARTICLES.length);
    expect(first.body.data.hasMore).toBe(true);
    const dates = first.body.data.items.map((a) => a.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(first.body.data.items[0].language).toBe("en");
    expect(first.body.data.items[0].cover?.url).toMatch(/^https:\/\/konok\.test\/uploads\/demo\/.+-800\.webp$/);

    const last = await t.get<Ok<ArticleListResponse>>(`/api/v1/guest/articles?perPage=5&page=${Math.ceil(ARTICLES.length / 5)}`);
    expect(last.body.data.hasMore).toBe(false);

    const tips = await t.get<Ok<ArticleListResponse>>("/api/v1/guest/articles?type=tips");
    expect(tips.body.data.items.length).toBe(ARTICLES.filter((a) => a.type === "tips").length);
    expect(tips.body.data.items.every((a) => a.type === "tips")).toBe(true);

    const bad = await t.get<ErrorBody>("/api/v1/guest/articles?type=ads");
    expect(bad.status).toBe(422);
  });

  it("GET /api/v1/guest/articles/{type}/{slug} gives the body, estates of its region and related articles", async () => {
    const type = await t.make.type();
    const near = await t.make.estate({ typeId: type.id, region: "naryn" });
    await t.make.estate({ typeId: type.id, region: "osh" });
    const { status, body } = await t.get<Ok<ArticleResponse>>("/api/v1/guest/articles/guide/song-kul-night-in-a-yurt?locale=ky");
    expect(status).toBe(200);
    expect(body.data.article.title).toContain("Соң-Көл");
    expect(body.data.article.language).toBe("ky");
    expect(body.data.article.readingMinutes).toBeGreaterThanOrEqual(1);
    expect(body.data.relatedEstates.map((e) => e.id)).toEqual([near.id]);
    expect(body.data.relatedArticles).toHaveLength(3);
    // Same region first.
    expect(body.data.relatedArticles[0].slug).toBe("tash-rabat-caravanserai");

    const wrongType = await t.get<ErrorBody>("/api/v1/guest/articles/news/song-kul-night-in-a-yurt?locale=en");
    expect(wrongType.status).toBe(404);
    expect(wrongType.body.message).toBe("Article not found");
  });

  it("falls back to another language when a translation is missing, and hides unpublished articles", async () => {
    await t.db.insert(schema.articles).values([
      { type: "news", slug: "only-russian", title: { ru: "Только по-русски", en: "", ky: "" }, summary: text("Кратко"), body: { ru: "Текст статьи.", en: "", ky: "" }, publishedAt: new Date() },
      { type: "news", slug: "draft", title: text("Черновик"), summary: text("Кратко"), body: text("Текст"), publishedAt: null },
    ]);
    const { body } = await t.get<Ok<ArticleResponse>>("/api/v1/guest/articles/news/only-russian?locale=en");
    expect(body.data.article.language).toBe("ru");
    expect(body.data.article.title).toBe("Только по-русски");
    expect((await t.get("/api/v1/guest/articles/news/draft")).status).toBe(404);
  });

  it("GET /api/v1/guest/legal/{kind} gives the newest version in effect", async () => {
    await t.db.insert(schema.legalDocuments).values([
      { kind: "terms", version: "0.9", effectiveFrom: "2025-01-01", title: text("Старые"), body: text("Старый текст") },
      { kind: "terms", version: "9.0", effectiveFrom: "2999-01-01", title: text("Будущие"), body: text("Будущий текст") },
    ]);
    const { status, body } = await t.get<Ok<LegalDocumentResponse>>("/api/v1/guest/legal/terms?locale=en");
    expect(status).toBe(200);
    expect(body.data.document).toMatchObject({ version: "1.0", effectiveFrom: "2026-01-15", title: "Terms of use" });
    expect(body.data.versions.map((v) => v.version)).toEqual(["1.0", "0.9"]);
    const privacy = await t.get<Ok<LegalDocumentResponse>>("/api/v1/guest/legal/privacy?locale=ru");
    for (const word of ["телефон", "Имя", "Бронирования", "Сообщения", "Фотографии", "Удалить аккаунт"]) expect(privacy.body.data.document.body).toContain(word);
    expect((await t.get("/api/v1/guest/legal/cookies")).status).toBe(422);
  });

  it("GET /api/v1/guest/promo/{slug} says whether the offer runs, and lists no estates once it is over", async () => {
    const running = await t.get<Ok<PromoResponse>>("/api/v1/guest/promo/raduga?locale=en");
    expect(running.status).toBe(200);
    expect(running.body.data.promo.status).toBe("running");
    expect(running.body.data.promo.discountPercent).toBe(15);

    const type = await t.make.type();
    const partner = await t.make.estate({ typeId: type.id });
    await t.db.insert(schema.promos).values([
      { slug: "over", title: text("Прошло"), summary: text("s"), body: text("b"), terms: text("t"), startsOn: "2020-01-01", endsOn: "2020-02-01", estateIds: [partner.id] },
      { slug: "soon", title: text("Скоро"), summary: text("s"), body: text("b"), terms: text("t"), startsOn: "2999-01-01", endsOn: "2999-02-01", estateIds: [partner.id] },
    ]);
    const over = await t.get<Ok<PromoResponse>>("/api/v1/guest/promo/over");
    expect(over.body.data.promo.status).toBe("over");
    expect(over.body.data.estates).toEqual([]);
    const soon = await t.get<Ok<PromoResponse>>("/api/v1/guest/promo/soon");
    expect(soon.body.data.promo.status).toBe("upcoming");
    expect(soon.body.data.estates.map((e) => e.id)).toEqual([partner.id]);
    expect((await t.get("/api/v1/guest/promo/nope")).status).toBe(404);
  });

  it("route rules: seeded from the file, a loop or a foreign target is refused when saved", async () => {
    const { body } = await t.get<Ok<RouteRulesResponse>>("/api/v1/guest/route_rules");
    expect(body.data.rules).toContainEqual({ path: "/help", target: "/faq", status: 301 });

    await expect(saveRouteRule(t.db, { path: "/faq", target: "/help" })).rejects.toThrow(/loop/);
    await expect(saveRouteRule(t.db, { path: "/a", target: "/a?x=1" })).rejects.toThrow(/loop/);
    await expect(saveRouteRule(t.db, { path: "/x", target: "//evil.example" })).rejects.toThrow(/https:\/\/ URL/);
    await expect(saveRouteRule(t.db, { path: "/x", target: "http://evil.example" })).rejects.toThrow(/https:\/\/ URL/);
    await expect(saveRouteRule(t.db, { path: "/en/x", target: "/faq" })).rejects.toThrow(/language/);
    await saveRouteRule(t.db, { path: "/partners/", target: "https://partners.example/konok", status: 302 });
    const after = await t.get<Ok<RouteRulesResponse>>("/api/v1/guest/route_rules");
    expect(after.body.data.rules).toContainEqual({ path: "/partners", target: "https://partners.example/konok", status: 302 });
    expect(findLoop([{ path: "/a", target: "/b" }, { path: "/b", target: "/c" }, { path: "/c", target: "/a" }], "/a")).toEqual(["/a", "/b", "/c", "/a"]);
  });

  it("GET /api/v1/guest/sitemap/{kind} lists every published estate and article in one answer", async () => {
    const type = await t.make.type();
    const complex = await t.make.estate({ typeId: type.id });
    const unit = await t.make.estate({ typeId: type.id, parentId: complex.id });
    const draft = await t.make.estate({ typeId: type.id, status: "draft" });
    const estates = await t.get<Ok<SitemapResponse>>("/api/v1/guest/sitemap/estates");
    const paths = estates.body.data.entries.map((e) => e.path);
    expect(paths).toContain(`/estates/${complex.slug}`);
    expect(paths).toContain(`/estates/${unit.slug}`);
    expect(paths).not.toContain(`/estates/${draft.slug}`);
    expect(estates.body.data.pages).toBe(1);
    const articles = await t.get<Ok<SitemapResponse>>("/api/v1/guest/sitemap/articles");
    expect(articles.body.data.entries.map((e) => e.path)).toContain("/articles/guide/karakol-weekend");
    expect(articles.body.data.entries.map((e) => e.path)).not.toContain("/articles/news/draft");
  });
});
