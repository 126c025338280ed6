/**
 * Sessions of the API: a short-lived JWT access token and an opaque refresh token that rotates on
 * every use. Refresh tokens are stored hashed; presenting one that was already spent means it
 * leaked, so the whole family (every token descended from the same login) is revoked.
 */
import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AuthTokens } from "../../../contract/account";
import type { Db } from "../../db/client";
import { refreshTokens } from "../../db/schema";
import type { Locale } from "../../../contract/common";
import { HttpError } from "../../lib/http-errors";
import { message } from "../../lib/messages";
import { signJwt, verifyJwt } from "./jwt";

export type AuthConfig = {
  /** Signs access and verification tokens; at least 32 characters. */
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
};

const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export function signAccessToken(userId: number, config: AuthConfig): string {
  return signJwt({ sub: userId, typ: "access" }, config.secret, config.accessTtlSeconds);
}

/** The user id an access token speaks for, or null when it is forged, expired or another kind. */
export function userIdFromAccessToken(token: string, config: AuthConfig): number | null {
  const claims = verifyJwt(token, config.secret);
  return claims && claims.typ === "access" && typeof claims.sub === "number" ? claims.sub : null;
}

export async function issueTokens(db: Db, userId: number, config: AuthConfig, familyId: string = crypto.randomUUID()): Promise<AuthTokens> {
  const refreshToken = crypto.randomBytes(32).toString("base64url");
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hash(refreshToken),
    expiresAt: new Date(Date.now() + config.refreshTtlSeconds * 1000),
  });
  return { token: signAccessToken(userId, config), refreshToken };
}


export async function rotateRefreshToken(db: Db, refreshToken: string, config: AuthConfig, locale: Locale): Promise<AuthTokens> {
  const tokenHash = hash(refreshToken);
  // Spending the token is one conditional UPDATE, so two racing refreshes cannot both succeed.
  const [spent] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt), sql`${refreshTokens.expiresAt} > now()`))
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
  if (spent) return issueTokens(db, spent.userId, config, spent.familyId);

  const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  if (known && known.usedAt) await revokeFamily(db, known.familyId);
  throw new HttpError(401, message(locale, "sessionEnded"));
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: sql`now()` }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout of the session that holds this refresh token. */
export async function revokeByToken(db: Db, refreshToken: string): Promise<void> {
  const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hash(refreshToken))).limit(1);
  if (row) await revokeFamily(db, row.familyId);
}

/** Sign out everywhere: after a password reset or account deletion. */
export async function revokeAllForUser(db: Db, userId: number): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: sql`now()` }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
