/**
 * Device tokens: a browser that has signed in to an account keeps a signed token for it (the web
 * app's `konok_device` cookie), and a later sign-in to that account from that browser passes the
 * per-address limit of failed sign-ins. Behind carrier NAT a stranger's guessing can fill an
 * address's limit; the owner on their own phone still gets in. The per account-and-address limit
 * (10 wrong passwords) applies to everyone, token or not, so a token does not help guessing.
 *
 * `v1.{userId}.{random}.{HMAC-SHA256(secret, "device:v1.{userId}.{random}")}` in base64url: it names
 * the account it is for, and only the API's secret makes one.
 */
import crypto from "node:crypto";

const sign = (secret: string, body: string) => crypto.createHmac("sha256", secret).update(`device:${body}`).digest("base64url");

export function issueDeviceToken(secret: string, userId: number): string {
  const body = `v1.${userId}.${crypto.randomBytes(12).toString("base64url")}`;
  return `${body}.${sign(secret, body)}`;
}

/** Whether the token was made by us for this account. */
export function deviceTokenFor(secret: string, token: string | undefined, userId: number): boolean {
  if (!token) return false;
  const parts = token.split(".");
  if (parts.length !== 4 || parts[0] !== "v1" || parts[1] !== String(userId)) return false;
  const body = parts.slice(0, 3).join(".");
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(parts[3]);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
