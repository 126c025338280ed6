/**
 * The session cookie: httpOnly, SameSite=Lax, Secure in production, 30 days (SPEC section 3).
 * A signed cookie is only base64, so the API tokens inside are also encrypted (AES-256-GCM):
 * whoever reads the cookie jar cannot lift a bearer token out of it.
 */
import crypto from "node:crypto";
import { createCookieSessionStorage, type AppLoadContext, type Session, type SessionStorage } from "@remix-run/node";
import type { AuthTokens, UserMode } from "../../contract/account";

export const SESSION_MAX_AGE = 30 * 24 * 60 * 60;

/** What the session remembers about the signed-in person, for the header and guards. */
/** `operator`: the account may open the console at /admin (issue 31); the API checks it again on every call. */
export type SessionUser = { id: number; name: string; mode: UserMode; operator?: boolean };

type SessionData = {
  user: SessionUser;
  tokens: string;
  /** Sign-up and reset in progress: the phone being proved and, once proved, the API's token. */
  pending: string;
};

const storages = new Map<string, SessionStorage<SessionData>>();

export function sessionStorageFor(context: AppLoadContext): SessionStorage<SessionData> {
  const { sessionSecret, production } = context.config;
  let storage = storages.get(sessionSecret);
  if (!storage) {
    storage = createCookieSessionStorage<SessionData>({
      cookie: { name: "__konok", httpOnly: true, sameSite: "lax", secure: production, path: "/", maxAge: SESSION_MAX_AGE, secrets: [sessionSecret] },
    });
    storages.set(sessionSecret, storage);
  }
  return storage;
}

export function getSession(request: Request, context: AppLoadContext) {
  return sessionStorageFor(context).getSession(request.headers.get("Cookie"));
}

export async function commitSession(session: Session<SessionData>, context: AppLoadContext): Promise<HeadersInit> {
  return { "Set-Cookie": await sessionStorageFor(context).commitSession(session) };
}

export async function destroySession(session: Session<SessionData>, context: AppLoadContext): Promise<HeadersInit> {
  return { "Set-Cookie": await sessionStorageFor(context).destroySession(session) };
}

const keyFor = (secret: string) => crypto.createHash("sha256").update(`konok-session-tokens:${secret}`).digest();

export function sealTokens(tokens: AuthTokens, context: AppLoadContext): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFor(context.config.sessionSecret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(tokens), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

export function openTokens(sealed: string | undefined, context: AppLoadContext): AuthTokens | null {
  if (!sealed) return null;
  try {
    const raw = Buffer.from(sealed, "base64url");
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyFor(context.config.sessionSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    return JSON.parse(json) as AuthTokens;
  } catch {
    return null;
  }
}

/** Seconds until a JWT expires (its `exp` claim), without verifying it: the API does that. */
export function secondsLeft(token: string, now = Date.now()): number {
  try {
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { exp?: number };
    return typeof claims.exp === "number" ? claims.exp - Math.floor(now / 1000) : 0;
  } catch {
    return 0;
  }
}
