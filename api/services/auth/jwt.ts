/**
 * Minimal HS256 JSON Web Tokens on node:crypto: access tokens and short-lived verification tokens
 * (a phone proved by a code). Only our own tokens are read, so one algorithm is all we accept.
 */
import crypto from "node:crypto";

const b64url = (input: Buffer | string) => Buffer.from(input).toString("base64url");
const HEADER = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));

export type JwtPayload = Record<string, unknown> & { exp: number; iat: number };

export function signJwt(claims: Record<string, unknown>, secret: string, ttlSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const body = b64url(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds }));
  const signature = crypto.createHmac("sha256", secret).update(`${HEADER}.${body}`).digest("base64url");
  return `${HEADER}.${body}.${signature}`;
}

/** The claims of a token we signed that has not expired; null for anything else. */
export function verifyJwt(token: string, secret: string, now = Date.now()): JwtPayload | null {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = crypto.createHmac("sha256", secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], "base64url");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8")) as JwtPayload;
    if (typeof payload.exp !== "number" || payload.exp * 1000 <= now) return null;
    return payload;
  } catch {
    return null;
  }
}
