import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { isAllowedAvatarUrl, type UserData } from "../../contract/account";
import type { Db } from "../db/client";
import { estates, favorites, users } from "../db/schema";
import { revokeAllForUser } from "./auth/tokens";

export type UserRow = typeof users.$inferSelect;
/** Columns a change to an account may set (the profile's fields, phone, e-mail, password). */
export type UserChanges = Partial<typeof users.$inferInsert>;

export function presentUser(user: UserRow): UserData {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return {
    id: user.id,
    mode: user.mode,
    locale: user.locale,
    firstName: user.firstName,
    lastName: user.lastName,
    name,
    phoneNumber: user.phone,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    avatar: user.avatarUrl && isAllowedAvatarUrl(user.avatarUrl) ? user.avatarUrl : null,
    birthDate: user.birthDate,
    referralCode: user.referralCode,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Eight characters without look-alikes (0/O, 1/I), easy to read out over the phone. */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export function newReferralCode(): string {
  return Array.from(crypto.randomBytes(8), (b) => ALPHABET[b % ALPHABET.length]).join("");
}

export async function findActiveUser(db: Db, id: number): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user && !user.deletedAt ? user : null;
}

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return user ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

/** Changes an account and returns it as it now is. */
export async function updateUser(db: Db, userId: number, values: UserChanges): Promise<UserRow> {
  const [user] = await db.update(users).set({ ...values, updatedAt: sql`now()` }).where(eq(users.id, userId)).returning();
  return user;
}

/**
 * A new account, or null when its phone number is taken: the unique index on phone settles a race
 * between two sign-ups of one number.
 */
export async function insertUserUnlessTaken(db: Db, values: typeof users.$inferInsert): Promise<UserRow | null> {
  const [user] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return user ?? null;
}

/**
 * Sets a new password only while the one it replaces (`oldHash`) is still in place, so of two
 * racing uses of a single-use reset proof exactly one wins. False when it was not.
 */
export async function replacePasswordIf(db: Db, userId: number, oldHash: string | null, newHash: string): Promise<boolean> {
  const [changed] = await db
    .update(users)
    .set({ passwordHash: newHash, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), oldHash === null ? isNull(users.passwordHash) : eq(users.passwordHash, oldHash)))
    .returning({ id: users.id });
  return Boolean(changed);
}

/**
 * Deleting an account erases what identifies the person and signs them out everywhere. The row
 * stays so their bookings keep a (now anonymous) guest for the host's records.
 */
export async function anonymiseUser(db: Db, userId: number): Promise<void> {
  await db.transaction((tx) => anonymiseIn(tx, userId));
  await revokeAllForUser(db, userId);
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The erasing itself, in the caller's transaction (account deletion cancels the stays in the same one); sign-outs follow it. */
export async function anonymiseIn(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({
      phone: null,
      email: null,
      emailVerifiedAt: null,
      passwordHash: null,
      firstName: "",
      lastName: "",
      avatarUrl: null,
      birthDate: null,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  await tx.delete(favorites).where(eq(favorites.userId, userId));
  await tx.update(estates).set({ status: "archived", updatedAt: sql`now()` }).where(eq(estates.hostId, userId));
}
