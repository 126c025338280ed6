/**
 * Password hashing with scrypt from node:crypto, no native dependency.
 * Stored as `scrypt$N$r$p$<salt base64>$<hash base64>` so the cost can be raised later: a hash keeps
 * the parameters it was made with and still verifies.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

const N = 16384;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** Refuse stored parameters beyond this so a tampered hash cannot make verification hog memory. */
const MAX_N = 1 << 20;

function scrypt(plain: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(plain.normalize("NFKC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function scryptOptions(n: number, r: number, p: number): ScryptOptions {
  // Node refuses 128 * N * r * p above maxmem (32 MiB by default); leave room for the parameters used.
  return { N: n, r, p, maxmem: 256 * n * r * p + 1024 * 1024 };
}

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(plain, salt, KEY_BYTES, scryptOptions(N, R, P));
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [n, r, p] = parts.slice(1, 4).map((v) => (/^\d+$/.test(v) ? Number(v) : Number.NaN));
  if (![n, r, p].every(Number.isSafeInteger) || n < 2 || n > MAX_N || (n & (n - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(parts[4], "base64");
  const expected = Buffer.from(parts[5], "base64");
  if (salt.length === 0 || expected.length < 16) return false;
  let actual: Buffer;
  try {
    actual = await scrypt(plain, salt, expected.length, scryptOptions(n, r, p));
  } catch {
    return false;
  }
  return timingSafeEqual(actual, expected);
}
