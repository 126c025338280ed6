/**
 * What the embedded SMS and e-mail providers "sent" to one recipient, for GET /api/dev/outbox
 * (never mounted in production): the browser tests read codes there.
 */
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailOutbox, smsOutbox } from "../../db/schema";
import type { DataCipher } from "../../lib/data-cipher";

export type OutboxMessage = { channel: "sms" | "email"; recipient: string; body: string; createdAt: string };

/** The last ten of each channel to a phone number (in any spacing) or an e-mail address, newest first. */
export async function recentOutbox(db: Db, cipher: Pick<DataCipher, "open">, recipient: string): Promise<OutboxMessage[]> {
  const phone = recipient.replace(/[\s()+-]/g, "");
  const [sms, mail] = await Promise.all([
    db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(10),
    db.select().from(emailOutbox).where(eq(emailOutbox.email, recipient.toLowerCase())).orderBy(desc(emailOutbox.id)).limit(10),
  ]);
  return [
    // The text is sealed at rest (and gone once sent, unless the outbox keeps it for this route).
    ...sms.map((m) => ({ channel: "sms" as const, recipient: m.phone, body: m.body === null ? "" : cipher.open(m.body), createdAt: m.createdAt.toISOString() })),
    ...mail.map((m) => ({ channel: "email" as const, recipient: m.email, body: m.body === null ? "" : cipher.open(m.body), createdAt: m.createdAt.toISOString() })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
