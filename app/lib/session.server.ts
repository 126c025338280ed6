/**
 * The session cookie: httpOnly, SameSite=Lax, Secure in production, 30 days (SPEC section 3).
 * A signed cookie is only base64, so the API tokens inside are also sealed (AES-256-GCM,
 * app/lib/seal.server.ts): whoever reads the cookie jar cannot lift a bearer token out of it.
 */
import { createCookieSessionStorage, type AppLoadContext, type Session, type SessionStorage } from "@remix-run/node";
import type { AuthTokens, UserMode } from "../../contract/account";
import { createSealer } from "./seal.server";

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

/** The API's tokens, sealed into the cookie (and into Redis when nodes share a refresh). */
const tokensSealer = createSealer<AuthTokens>("session-tokens", {
  accept: (value): value is AuthTokens =>
    typeof value === "object" && value !== null && typeof (value as AuthTokens).token === "string" && typeof (value as AuthTokens).refreshToken === "string",
});

export const sealTokens = (tokens: AuthTokens, context: AppLoadContext): string => tokensSealer.seal(tokens, context.config.sessionSecret);

export const openTokens = (sealed: string | undefined, context: AppLoadContext): AuthTokens | null => tokensSealer.open(sealed, context.config.sessionSecret);

/** Seconds until a JWT expires (its `exp` claim), without verifying it: the API does that. */
export function secondsLeft(token: string, now = Date.now()): number {
  try {
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { exp?: number };
    return typeof claims.exp === "number" ? claims.exp - Math.floor(now / 1000) : 0;
  } catch {
    return 0;
  }
}
