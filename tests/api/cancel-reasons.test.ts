/**
 * The guests' cancellation reasons in Russian without a gender (issue 27): migration 0018 rewords
 * the seeded masculine ones in a database made before it, and leaves an operator's own wording.
 */
import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cancelReasons } from "../../api/db/schema";
import { CANCEL_REASONS } from "../../api/seed/directory";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const MIGRATION = "api/db/migrations/0018_neutral_cancel_reasons.sql";

describe("guest cancellation reasons", () => {
  it("are seeded without a masculine past tense", () => {
    const russian = CANCEL_REASONS.filter((r) => r.side === "guest").map((r) => r.name.ru);
    expect(russian).not.toEqual(expect.arrayContaining([expect.stringMatching(/(^|\s)(нашёл|заболел)(\s|$)/i)]));
  });

  it("are reworded by the migration where a database still has the old words", async () => {
    const [found, sick, own] = await t.db
      .insert(cancelReasons)
      .values([
        { side: "guest", type: "cancel", name: { ru: "Нашёл другой вариант", en: "I found another place", ky: "Башка жер таптым" } },
        { side: "guest", type: "cancel", name: { ru: "Заболел", en: "I got sick", ky: "Ооруп калдым" } },
        { side: "guest", type: "cancel", name: { ru: "Заболел ребёнок", en: "A child got sick", ky: "Балам ооруп калды" } },
      ])
      .returning();
    for (const statement of fs.readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint")) await t.db.execute(sql.raw(statement));
    const name = async (id: number) => (await t.db.select().from(cancelReasons).where(eq(cancelReasons.id, id)))[0].name;
    expect(await name(found.id)).toEqual({ ru: "Нашёлся другой вариант", en: "I found another place", ky: "Башка жер таптым" });
    expect(await name(sick.id)).toEqual({ ru: "Болезнь", en: "Illness", ky: "Ооруп калдым" });
    expect(await name(own.id)).toEqual(own.name);
  });
});
