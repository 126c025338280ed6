/**
 * Which booking e-mails a person gets (booking-mail.ts): an opt-out row per kind turned off, set
 * from the profile's e-mail page or one mail's unsubscribe link.
 */
import { and, eq, notInArray } from "drizzle-orm";
import { MAILED_KINDS, type MailedKind, type MailSettings } from "../../../contract/mail";
import type { Db } from "../../db/client";
import { mailOptOuts, users } from "../../db/schema";

/** Turns one kind off for a person; false when there is no such person. */
export async function optOut(db: Db, userId: number, kind: MailedKind): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return false;
  await db.insert(mailOptOuts).values({ userId, kind }).onConflictDoNothing();
  return true;
}

/** The person's address and whether each kind is on. */
export async function mailSettingsOf(db: Db, userId: number): Promise<MailSettings> {
  const [user] = await db.select({ email: users.email, verified: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  const off = new Set((await db.select({ kind: mailOptOuts.kind }).from(mailOptOuts).where(eq(mailOptOuts.userId, userId))).map((r) => r.kind));
  return { email: user?.email ?? null, emailConfirmed: Boolean(user?.verified), kinds: MAILED_KINDS.map((kind) => ({ kind, on: !off.has(kind) })) };
}

/** Exactly the kinds listed are on afterwards; every other one is off. */
export async function setMailedKinds(db: Db, userId: number, on: readonly MailedKind[]): Promise<void> {
  const off = MAILED_KINDS.filter((kind) => !on.includes(kind));
  await db.transaction(async (tx) => {
    if (off.length) await tx.insert(mailOptOuts).values(off.map((kind) => ({ userId, kind }))).onConflictDoNothing();
    // The kinds now on lose their opt-out row.
    await tx.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, userId), notInArray(mailOptOuts.kind, off.length ? off : ["-"])));
  });
}
