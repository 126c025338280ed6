/**
 * Sessions of the API: a short-lived JWT access token and an opaque refresh token that rotates on
 * every use. Refresh tokens are stored hashed; presenting one that was already spent means it
 * leaked, so the whole family (every token descended from the same login) is revoked.
 */
import crypto from "node:crypto";
import { and, eq, exists, isNull, ne, sql } from "drizzle-orm";
import type { AuthTokens } from "../../../contract/account";
import type { Db } from "../../db/client";
import { refreshTokens, users } from "../../db/schema";
import type { UserRow } from "../users";
import { HttpError } from "../../lib/http-errors";
import { signJwt, verifyJwt } from "./jwt";

export type AuthConfig = {
  /** Signs access and verification tokens; at least 32 characters. */
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
};

const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * `sid` is the refresh-token family, the server-side session the token belongs to: requireUser
 * checks the family is still alive, so logout or a password change ends the access token at once
 * instead of 15 minutes later (decision 0015).
 */
export function signAccessToken(userId: number, sessionId: string, config: AuthConfig): string {
  return signJwt({ sub: userId, sid: sessionId, typ: "access" }, config.secret, config.accessTtlSeconds);
}

export type AccessClaims = { userId: number; sessionId: string };

/** Who an access token speaks for, or null when it is forged, expired, another kind or has no session. */
export function claimsFromAccessToken(token: string, config: AuthConfig): AccessClaims | null {
  const claims = verifyJwt(token, config.secret);
  if (!claims || claims.typ !== "access" || typeof claims.sub !== "number" || typeof claims.sid !== "string") return null;
  return { userId: claims.sub, sessionId: claims.sid };
}

/**
 * The user an access token speaks for, while their account exists, is not blocked by an operator
 * and the session lives (its
 * family has a token that is neither revoked nor expired); null otherwise. One query: every
 * authenticated API call asks it, several times per signed-in page.
 */
export async function userOfLiveSession(db: Db, claims: AccessClaims): Promise<UserRow | null> {
  const liveSession = db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, claims.sessionId), eq(refreshTokens.userId, claims.userId), isNull(refreshTokens.revokedAt), sql`${refreshTokens.expiresAt} > now()`));
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, claims.userId), isNull(users.deletedAt), isNull(users.blockedAt), exists(liveSession)))
    .limit(1);
  return user ?? null;
}

export async function issueTokens(db: Db, userId: number, config: AuthConfig, familyId: string = crypto.randomUUID()): Promise<AuthTokens> {
  const refreshToken = crypto.randomBytes(32).toString("base64url");
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hash(refreshToken),
    expiresAt: new Date(Date.now() + config.refreshTtlSeconds * 1000),
  });
  return { token: signAccessToken(userId, familyId, config), refreshToken };
}


export async function rotateRefreshToken(db: Db, refreshToken: string, config: AuthConfig): Promise<AuthTokens> {
  const tokenHash = hash(refreshToken);
  const next = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + config.refreshTtlSeconds * 1000);
  // Spending the token and storing its successor are one statement: a conditional UPDATE feeding
  // the INSERT. Of two racing uses (on one node or two) exactly one wins, and a loser that then
  // revokes the family as reused finds the winner's successor already there and revokes it too.
  const result = await db.execute<{ user_id: number; family_id: string }>(sql`
    WITH spent AS (
      UPDATE ${refreshTokens} SET used_at = now()
      WHERE token_hash = ${tokenHash} AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
      RETURNING user_id, family_id
    )
    INSERT INTO ${refreshTokens} (user_id, family_id, token_hash, expires_at)
    SELECT user_id, family_id, ${hash(next)}, ${expiresAt.toISOString()}::timestamptz FROM spent
    RETURNING user_id, family_id`);
  const [spent] = result.rows;
  if (spent) return { token: signAccessToken(spent.user_id, spent.family_id, config), refreshToken: next };

  const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  if (known && known.usedAt) await revokeFamily(db, known.familyId);
  throw new HttpError(401, "sessionEnded");
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: sql`now()` }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout of the session that holds this refresh token. */
export async function revokeByToken(db: Db, refreshToken: string): Promise<void> {
  const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hash(refreshToken))).limit(1);
  if (row) await revokeFamily(db, row.familyId);
}

/**
 * Sign out everywhere: after a password reset or account deletion; a password change keeps the
 * session that made it (`exceptSessionId`).
 */
export async function revokeAllForUser(db: Db, userId: number, exceptSessionId?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), exceptSessionId ? ne(refreshTokens.familyId, exceptSessionId) : undefined));
}
