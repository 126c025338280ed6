/**
 * The site's own content (articles, the FAQ, terms and privacy, promos, route rules), inserted at every
 * start where missing: a new article or document version in these files reaches a running site
 * with its next deploy, and nothing edited in the database is overwritten. Route rules come from
 * route-rules.json (bundled into the server): a path it adds reaches running sites; changing or
 * removing a rule is done in the operator console (a path the database has seen is left alone);
 * a rule that would loop stops the start with its message.
 */
import { sql } from "drizzle-orm";
import { addDays, DAY_MS, todayInBishkek } from "../../../contract/dates";
import type { Db } from "../../db/client";
import { articles, faqItems, legalDocuments, promos, routeRules } from "../../db/schema";
import { routeRulePathSchema, type RouteRuleInput } from "../../../contract/operator-content";
import { saveRouteRule } from "../../services/route-rules";
import { ARTICLES } from "./articles";
import { FAQ_ITEMS } from "./faq";
import { LEGAL_DOCUMENTS } from "./legal";
import { PROMOS } from "./promos";
import ROUTE_RULES from "./route-rules.json";
import { ESTATE_STATUS } from "../../../contract/estate-statuses";
import { sqlLiteral } from "../../lib/sql";


export async function seedContent(db: Db, options: { now?: Date; routeRules?: RouteRuleInput[] } = {}) {
  const now = options.now ?? new Date();
  const insertedArticles = await db
    .insert(articles)
    .values(ARTICLES.map(({ daysAgo, ...a }) => ({ ...a, publishedAt: new Date(now.getTime() - daysAgo * DAY_MS), createdAt: new Date(now.getTime() - daysAgo * DAY_MS) })))
    .onConflictDoNothing()
    .returning({ id: articles.id });
  // Articles seeded before regions existed get theirs, unless someone set one.
  for (const a of ARTICLES) {
    if (a.region) await db.execute(sql`UPDATE articles SET region = ${a.region} WHERE type = ${a.type} AND slug = ${a.slug} AND region IS NULL`);
  }
  await db.insert(legalDocuments).values(LEGAL_DOCUMENTS).onConflictDoNothing();
  await db
    .insert(faqItems)
    .values(FAQ_ITEMS.map((item, i) => ({ ...item, sortOrder: i })))
    .onConflictDoNothing();

  for (const p of PROMOS) {
    const { rows } = await db.execute<{ id: number }>(sql`
      SELECT e.id FROM estates e JOIN estate_types t ON t.id = e.type_id
      WHERE e.status = ${sqlLiteral(ESTATE_STATUS.published)} AND e.parent_id IS NULL AND e.region = ${p.region} AND t.slug = ANY(${`{${p.estateTypes.join(",")}}`}::text[])
      ORDER BY e.rating DESC NULLS LAST, e.id LIMIT ${p.estateLimit}`);
    const estateIds = rows.map((r) => r.id);
    await db
      .insert(promos)
      .values({
        slug: p.slug,
        title: p.title,
        summary: p.summary,
        body: p.body,
        terms: p.terms,
        coverKey: p.coverKey,
        discountPercent: p.discountPercent,
        startsOn: addDays(todayInBishkek(now), p.startsInDays),
        endsOn: addDays(todayInBishkek(now), p.startsInDays + p.lastsDays),
        estateIds,
      })
      .onConflictDoNothing();
    // A promo seeded into an empty site gets its partners once there are estates.
    if (estateIds.length) await db.execute(sql`UPDATE promos SET estate_ids = ${`{${estateIds.join(",")}}`}::int[] WHERE slug = ${p.slug} AND estate_ids = '{}'`);
  }

  // Only paths never seen: a rule an operator changed or removed in the console (its row stays,
  // marked removed) is left as they made it.
  const wanted = options.routeRules ?? (ROUTE_RULES as RouteRuleInput[]);
  const known = new Set((await db.select({ path: routeRules.path }).from(routeRules)).map((r) => r.path));
  for (const rule of wanted) {
    if (!known.has(routeRulePathSchema.parse(rule.path))) await saveRouteRule(db, rule);
  }
  return { articles: insertedArticles.length };
}
