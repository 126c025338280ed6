/**
 * The reasons a guest (cancelling) or a host (declining or cancelling) chooses from. Each side has
 * its own list; `type` narrows it to one action's reasons.
 */
import { and, asc, eq } from "drizzle-orm";
import type { CancelReasonsResponse } from "../../../contract/booking";
import type { Locale } from "../../../contract/common";
import type { Db } from "../../db/client";
import { cancelReasons } from "../../db/schema";
import { fieldError } from "../../lib/http-errors";
import { localize } from "../../lib/locale";

export type ReasonSide = "guest" | "host";

/** One side's reasons in their set order, in the reader's language. */
export async function cancelReasonList(db: Pick<Db, "select">, side: ReasonSide, type: string | undefined, locale: Locale): Promise<CancelReasonsResponse> {
  const rows = await db
    .select()
    .from(cancelReasons)
    .where(and(eq(cancelReasons.side, side), type ? eq(cancelReasons.type, type) : undefined))
    .orderBy(asc(cancelReasons.sortOrder), asc(cancelReasons.id));
  return { reasons: rows.map((r) => ({ id: r.id, name: localize(r.name, locale) })) };
}

/** The chosen reason, if it is one of this side's; otherwise the form's field says to choose one. */
export async function chosenReason(db: Pick<Db, "select">, side: ReasonSide, reasonId: number): Promise<typeof cancelReasons.$inferSelect> {
  const [reason] = await db.select().from(cancelReasons).where(and(eq(cancelReasons.id, reasonId), eq(cancelReasons.side, side))).limit(1);
  if (!reason) throw fieldError("reasonId", "chooseReason");
  return reason;
}
