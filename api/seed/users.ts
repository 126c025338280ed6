/**
 * Seeded accounts: demo guest and host (with passwords), generated hosts and guests (without: they
 * exist to own listings and write reviews, and cannot sign in).
 */
import { allocateIds, COLUMNS, insertJson, type SeedDb } from "./sql";

export type UserSeed = {
  phone: string | ((id: number) => string);
  passwordHash: string | null;
  mode: "guest" | "host";
  locale: "ru" | "en" | "ky";
  firstName: string;
  lastName: string;
  createdAt: string;
};

/** A unique, random-looking referral code derived from the user id (a bijection on 32 bits). */
export function seedReferralCode(id: number): string {
  const mixed = Number((BigInt(id) * 2654435761n) % 4294967296n);
  return `K${mixed.toString(36).toUpperCase().padStart(7, "0")}`;
}

/** Inserts users with pre-allocated ids and returns the ids in order. */
export async function insertUsers(db: SeedDb, users: UserSeed[]): Promise<number[]> {
  const ids = await allocateIds(db, "users", users.length);
  await insertJson(
    db,
    "users",
    COLUMNS.users,
    users.map((u, i) => ({
      id: ids[i],
      phone: typeof u.phone === "function" ? u.phone(ids[i]) : u.phone,
      password_hash: u.passwordHash,
      mode: u.mode,
      locale: u.locale,
      first_name: u.firstName,
      last_name: u.lastName,
      referral_code: seedReferralCode(ids[i]),
      created_at: u.createdAt,
      updated_at: u.createdAt,
    })),
    2000,
  );
  return ids;
}
