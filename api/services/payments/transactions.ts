/** A person's own payments and refunds (GET /api/v1/transactions), with the title of the stay each was for. */
import { count, desc, eq } from "drizzle-orm";
import type { Transaction } from "../../../contract/booking";
import type { Locale } from "../../../contract/common";
import type { Db } from "../../db/client";
import { bookings, estateTexts, transactions } from "../../db/schema";
import { localize } from "../../lib/locale";

/** A page of someone's transactions, newest first, and how many there are. */
export async function transactionPage(db: Db, userId: number, page: number, perPage: number, locale: Locale): Promise<{ items: Transaction[]; total: number }> {
  const mine = eq(transactions.userId, userId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ t: transactions, title: estateTexts.title })
      .from(transactions)
      .innerJoin(bookings, eq(bookings.id, transactions.bookingId))
      .leftJoin(estateTexts, eq(estateTexts.estateId, bookings.estateId))
      .where(mine)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(transactions).where(mine),
  ]);
  const items = rows.map(({ t, title }) => ({
    id: t.id,
    bookingId: t.bookingId,
    estateTitle: title ? localize(title, locale) : "",
    kind: t.kind,
    amount: t.amount,
    status: t.status,
    createdAt: t.createdAt.toISOString(),
  }));
  return { items, total: Number(total) };
}
