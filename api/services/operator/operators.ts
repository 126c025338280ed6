/**
 * Operator accounts: made, listed and removed only by `npm run operator` on the server (issue 31),
 * never through the web. An operator is an account of its own with the role `operator`; it signs in
 * on the usual page and is sent to /admin.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { passwordSchema, phoneNumberSchema } from "../../../contract/account";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { hashPassword } from "../../lib/password";
import { revokeAllForUser } from "../auth/tokens";
import { newReferralCode } from "../users";
import { recordAudit } from "./audit";

export class OperatorCommandError extends Error {}

export type OperatorSummary = { id: number; phone: string; name: string; createdAt: string };

/** Phone and password checked with the rules of sign-up; a refusal says what is wrong in English (a server command). */
function checked(phone: string, password?: string): { phone: string; password?: string } {
  const p = phoneNumberSchema.safeParse(phone);
  if (!p.success) throw new OperatorCommandError(`--phone ${JSON.stringify(phone)} is not a phone number: give the country code and number, digits only (996700123456)`);
  if (password !== undefined && !passwordSchema.safeParse(password).success) throw new OperatorCommandError("--password must be 8 to 128 characters");
  return { phone: p.data, password };
}

export async function createOperator(db: Db, input: { phone: string; password: string; firstName?: string; lastName?: string }): Promise<OperatorSummary> {
  const { phone } = checked(input.phone, input.password);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.phone, phone)).limit(1);
    // A member's own account never becomes an operator by a typo: operators are accounts of their own.
    if (taken) throw new OperatorCommandError(taken.role === "operator" ? `${phone} is already an operator` : `${phone} belongs to a member's account: an operator needs a number of its own`);
    const [row] = await tx
      .insert(users)
      .values({ phone, passwordHash, role: "operator", firstName: input.firstName?.trim() || "Operator", lastName: input.lastName?.trim() ?? "", referralCode: newReferralCode() })
      .returning();
    await recordAudit(tx, { operatorId: null, action: "operator.create", objectType: "user", objectId: row.id, after: { phone, name: [row.firstName, row.lastName].filter(Boolean).join(" ") } });
    return summary(row);
  });
}

export async function listOperators(db: Db): Promise<OperatorSummary[]> {
  const rows = await db.select().from(users).where(and(eq(users.role, "operator"), isNull(users.deletedAt))).orderBy(asc(users.id));
  return rows.map(summary);
}

/**
 * Removing an operator ends their sessions and erases the account (it existed only to operate);
 * the row stays, so the audit log keeps naming who did what, by id, and this removal says who it was.
 */
export async function removeOperator(db: Db, rawPhone: string): Promise<OperatorSummary> {
  const { phone } = checked(rawPhone);
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(and(eq(users.phone, phone), eq(users.role, "operator"), isNull(users.deletedAt))).limit(1);
    if (!row) throw new OperatorCommandError(`No operator has the phone ${phone}`);
    await tx
      .update(users)
      .set({ phone: null, email: null, passwordHash: null, deletedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, row.id));
    await recordAudit(tx, { operatorId: null, action: "operator.remove", objectType: "user", objectId: row.id, before: { phone, name: [row.firstName, row.lastName].filter(Boolean).join(" ") } });
    return summary(row);
  });
  await revokeAllForUser(db, removed.id);
  return removed;
}

function summary(row: typeof users.$inferSelect): OperatorSummary {
  return { id: row.id, phone: row.phone ?? "", name: [row.firstName, row.lastName].filter(Boolean).join(" "), createdAt: row.createdAt.toISOString() };
}
