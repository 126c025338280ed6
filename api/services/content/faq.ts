/** The questions of /faq in the request's language, grouped by audience in the page's order. */
import { asc } from "drizzle-orm";
import type { Locale } from "../../../contract/common";
import { FAQ_AUDIENCES, type FaqResponse } from "../../../contract/content";
import type { Db } from "../../db/client";
import { faqItems } from "../../db/schema";
import { localize } from "../../lib/locale";

export async function faq(db: Db, locale: Locale): Promise<FaqResponse> {
  const rows = await db.select().from(faqItems).orderBy(asc(faqItems.sortOrder), asc(faqItems.id));
  return {
    groups: FAQ_AUDIENCES.map((audience) => ({
      audience,
      items: rows.filter((r) => r.audience === audience).map((r) => ({ anchor: r.anchor, question: localize(r.question, locale), answer: localize(r.answer, locale) })),
    })),
  };
}
