/**
 * The console's content editor (issue 31): the FAQ, articles, the terms and privacy policy, promo
 * pages, each text in ru, en and ky (contract/operator-content.ts). A save is one transaction that
 * locks the row, refuses it when the form's edit token is not the row's (another operator saved
 * meanwhile: 409 editedMeanwhile, nothing written), writes the row with the next token and the
 * audit entry with the item before and after.
 *
 * The site reads these tables on each page; the page cache of this process is emptied by the
 * console's POST itself (server/page-cache.ts noteApiCall), other nodes' entries age out
 * (docs/operations.md, "Several nodes").
 */
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Locale, Localized } from "../../../contract/common";
import type { ArticleType, FaqAudience, LegalKind } from "../../../contract/content";
import {
  CONTENT_TEXTS,
  isCreatable,
  type ContentInput,
  type ContentItem,
  type ContentKind,
  type ContentListRow,
} from "../../../contract/operator-content";
import type { Db } from "../../db/client";
import { articles, faqItems, legalDocuments, promos } from "../../db/schema";
import { fieldError, HttpError, notFound } from "../../lib/http-errors";
import { localize } from "../../lib/locale";
import { bishkekMidnight, todayInBishkek } from "../../../contract/dates";
import { recordAudit } from "./audit";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const textsOf = (kind: ContentKind, row: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(CONTENT_TEXTS[kind]).map((name) => [name, row[name] as Localized]));

type FaqRow = typeof faqItems.$inferSelect;
type ArticleRow = typeof articles.$inferSelect;
type LegalRow = typeof legalDocuments.$inferSelect;
type PromoRow = typeof promos.$inferSelect;

const faqItem = (r: FaqRow): ContentItem => ({
  kind: "faq",
  id: r.id,
  editVersion: r.editVersion,
  label: r.anchor,
  fields: { audience: r.audience, anchor: r.anchor, sortOrder: String(r.sortOrder) },
  texts: textsOf("faq", r),
  publicPath: `/faq#${r.anchor}`,
  updatedAt: r.updatedAt.toISOString(),
});
const articleItem = (r: ArticleRow): ContentItem => ({
  kind: "article",
  id: r.id,
  editVersion: r.editVersion,
  label: `${r.type}/${r.slug}`,
  fields: { type: r.type, slug: r.slug, region: r.region ?? "", publishedOn: r.publishedAt ? todayInBishkek(r.publishedAt) : "" },
  texts: textsOf("article", r),
  publicPath: r.publishedAt && r.publishedAt <= new Date() ? `/articles/${r.type}/${r.slug}` : null,
  updatedAt: null,
});
const legalItem = (r: LegalRow): ContentItem => ({
  kind: "legal",
  id: r.id,
  editVersion: r.editVersion,
  label: `${r.kind} ${r.version}`,
  fields: { kind: r.kind, version: r.version, effectiveFrom: r.effectiveFrom },
  texts: textsOf("legal", r),
  publicPath: `/${r.kind as LegalKind}`,
  updatedAt: null,
});
/** Only the "raduga" offer has a page of its own (app/routes/($lang).promo_raduga.tsx). */
const promoItem = (r: PromoRow): ContentItem => ({
  kind: "promo",
  id: r.id,
  editVersion: r.editVersion,
  label: r.slug,
  fields: { slug: r.slug, discountPercent: String(r.discountPercent), startsOn: r.startsOn, endsOn: r.endsOn },
  texts: textsOf("promo", r),
  publicPath: r.slug === "raduga" ? "/promo_raduga" : null,
  updatedAt: null,
});

/** Everything the editor lists, each titled in the operator's language. */
export async function listContent(db: Db, locale: Locale): Promise<ContentListRow[]> {
  const [faq, arts, legal, offers] = await Promise.all([
    db.select().from(faqItems).orderBy(asc(faqItems.audience), asc(faqItems.sortOrder), asc(faqItems.id)),
    db.select().from(articles).orderBy(sql`${articles.publishedAt} DESC NULLS FIRST`, desc(articles.id)),
    db.select().from(legalDocuments).orderBy(asc(legalDocuments.kind), desc(legalDocuments.effectiveFrom), desc(legalDocuments.id)),
    db.select().from(promos).orderBy(desc(promos.startsOn), asc(promos.id)),
  ]);
  const row = (item: ContentItem, title: Localized, draft = false): ContentListRow => ({ kind: item.kind, id: item.id, label: item.label, title: localize(title, locale), publicPath: item.publicPath, draft });
  return [
    ...faq.map((r) => row(faqItem(r), r.question)),
    ...arts.map((r) => row(articleItem(r), r.title, !r.publishedAt || r.publishedAt > new Date())),
    ...legal.map((r) => row(legalItem(r), r.title)),
    ...offers.map((r) => row(promoItem(r), r.title)),
  ];
}

async function loadItem(db: Db | Tx, kind: ContentKind, id: number, lock = false): Promise<ContentItem | null> {
  const locked = <Q extends { for: (strength: "update") => unknown }>(q: Q) => (lock ? (q.for("update") as Q) : q);
  switch (kind) {
    case "faq": {
      const [r] = await locked(db.select().from(faqItems).where(eq(faqItems.id, id)).$dynamic());
      return r ? faqItem(r) : null;
    }
    case "article": {
      const [r] = await locked(db.select().from(articles).where(eq(articles.id, id)).$dynamic());
      return r ? articleItem(r) : null;
    }
    case "legal": {
      const [r] = await locked(db.select().from(legalDocuments).where(eq(legalDocuments.id, id)).$dynamic());
      return r ? legalItem(r) : null;
    }
    case "promo": {
      const [r] = await locked(db.select().from(promos).where(eq(promos.id, id)).$dynamic());
      return r ? promoItem(r) : null;
    }
  }
}

export async function getContent(db: Db, kind: ContentKind, id: number): Promise<ContentItem> {
  const item = await loadItem(db, kind, id);
  if (!item) throw notFound("contentNotFound");
  return item;
}

/** What the audit entry keeps of an item: its fields and texts, not its token. */
const snapshot = (item: ContentItem) => ({ ...item.fields, ...item.texts });

/** A slug or anchor another item of the kind already has: refused beside its field. */
async function refuseTaken(tx: Tx, kind: ContentKind, input: ContentInput<ContentKind>, id: number | null) {
  const other = id ?? 0;
  if (kind === "faq") {
    const { anchor } = input as ContentInput<"faq">;
    const [taken] = await tx.select({ id: faqItems.id }).from(faqItems).where(and(eq(faqItems.anchor, anchor), ne(faqItems.id, other)));
    if (taken) throw fieldError("anchor", "slugTaken");
  }
  if (kind === "article") {
    const { type, slug } = input as ContentInput<"article">;
    const [taken] = await tx.select({ id: articles.id }).from(articles).where(and(eq(articles.type, type), eq(articles.slug, slug), ne(articles.id, other)));
    if (taken) throw fieldError("slug", "slugTaken");
  }
}

/** The columns a valid input writes (the texts as they are, the plain fields in the table's types). */
function columnsOf(kind: ContentKind, input: ContentInput<ContentKind>, current: ContentItem | null) {
  switch (kind) {
    case "faq": {
      const v = input as ContentInput<"faq">;
      return { audience: v.audience as FaqAudience, anchor: v.anchor, sortOrder: v.sortOrder, question: v.question, answer: v.answer, updatedAt: new Date() };
    }
    case "article": {
      const v = input as ContentInput<"article">;
      // The same day keeps the moment it was published (the list's order among that day's articles).
      const samePublishedDay = current && current.fields.publishedOn === (v.publishedOn ?? "");
      return {
        type: v.type as ArticleType,
        slug: v.slug,
        region: v.region,
        ...(samePublishedDay ? {} : { publishedAt: v.publishedOn ? bishkekMidnight(v.publishedOn) : null }),
        title: v.title,
        summary: v.summary,
        body: v.body,
      };
    }
    case "legal": {
      const v = input as ContentInput<"legal">;
      return { title: v.title, body: v.body };
    }
    case "promo": {
      const v = input as ContentInput<"promo">;
      return { discountPercent: v.discountPercent, startsOn: v.startsOn, endsOn: v.endsOn, title: v.title, summary: v.summary, body: v.body, terms: v.terms };
    }
  }
}

const TABLES = { faq: faqItems, article: articles, legal: legalDocuments, promo: promos } as const;

/**
 * Saves an item: `saved` null adds one (FAQ entries and articles only), otherwise it names the row
 * and the edit token the form was filled from, which must be the row's. The input is the kind's,
 * validated by the route with the kind's schema (contract/operator-content.ts, CONTENT_SCHEMAS).
 */
export async function saveContent(db: Db, operatorId: number, kind: ContentKind, saved: { id: number; editVersion: number } | null, input: ContentInput<ContentKind>): Promise<ContentItem> {
  if (saved === null && !isCreatable(kind)) throw notFound();
  const id = saved?.id ?? null;
  const editVersion = saved?.editVersion ?? 0;
  const table = TABLES[kind];
  return db.transaction(async (tx) => {
    const before = id === null ? null : await loadItem(tx, kind, id, true);
    if (id !== null && !before) throw notFound("contentNotFound");
    if (before && before.editVersion !== editVersion) throw new HttpError(409, "editedMeanwhile");
    await refuseTaken(tx, kind, input, id);
    const columns = columnsOf(kind, input, before);
    let savedId: number;
    if (id === null) {
      const [made] = await tx
        .insert(table)
        .values(columns as never)
        .returning({ id: table.id });
      savedId = made.id;
    } else {
      await tx
        .update(table)
        .set({ ...columns, editVersion: sql`${table.editVersion} + 1` } as never)
        .where(eq(table.id, id));
      savedId = id;
    }
    const after = (await loadItem(tx, kind, savedId))!;
    await recordAudit(tx, {
      operatorId,
      action: `${kind}.${id === null ? "create" : "update"}`,
      objectType: kind,
      objectId: savedId,
      before: before ? snapshot(before) : null,
      after: snapshot(after),
    });
    return after;
  });
}
