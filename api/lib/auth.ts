/**
 * Who is calling: the bearer token's user, checked on every request that needs one. Routes read
 * `c.get("user")` and never take a user id from the request for authorization.
 */
import type { MiddlewareHandler } from "hono";
import type { Context } from "hono";
import type { ApiEnv } from "./context";
import { HttpError } from "./http-errors";
import { handleNotFound } from "./error-handler";
import type { InProcessBindings } from "./session-memo";
import { claimsFromAccessToken, userOfLiveSession, type AuthConfig } from "../services/auth/tokens";
import type { UserRow } from "../services/users";
import type { Db } from "../db/client";
import { keptWhileUnwritten } from "./kept-while-unwritten";

/** How long a live session's lookup may be reused between writes (its refresh tokens expire with the clock). */
const SESSION_KEPT_MS = 10_000;

export type AuthedEnv = ApiEnv & { Variables: ApiEnv["Variables"] & { user: UserRow; sessionId: string } };

export function requireUser(db: Db, auth: AuthConfig): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const header = c.req.header("Authorization") ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    const claims = token ? claimsFromAccessToken(token, auth) : null;
    // A signed token is not enough: its session must not have been ended (logout, password change).
    // A read within one web page asks once per token (session-memo.ts); on PGlite a read's answer
    // is also kept until the next write (an ended session or a blocked account is a write), and
    // for at most SESSION_KEPT_MS, as the session's end is also a time.
    if (!claims) throw new HttpError(401, "sessionEnded");
    const read = c.req.method === "GET";
    const memo = read ? (c.env as InProcessBindings | undefined)?.sessionMemo : undefined;
    const lookup = () =>
      read ? keptWhileUnwritten(db, `session:${claims.userId}:${claims.sessionId}`, () => userOfLiveSession(db, claims), SESSION_KEPT_MS) : userOfLiveSession(db, claims);
    const user = memo ? await memo.lookup(token, lookup) : await lookup();
    if (!user) throw new HttpError(401, "sessionEnded");
    c.set("user", user);
    c.set("sessionId", claims.sessionId);
    await next();
  };
}

/**
 * SPEC section 6 user-mode, on every host endpoint (after `requireUser`): a user in guest mode is
 * refused with 409 and `errors.mode`, which the web app turns into its "switch to host mode" offer.
 * Not 403: SPEC section 8 signs a user out on a 403. Decision 0038.
 */
export function requireHostMode(): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    if (c.get("user").mode !== "host") {
      throw new HttpError(409, "hostModeRequired", { mode: ["hostModeRequired"] });
    }
    await next();
  };
}

/**
 * The operator API (/api/v1/operator/*, issue 31): to anyone but an operator it does not exist.
 * A guest's or host's token, or none, gets the same 404 as an unknown path; only a token that is
 * no longer valid gets the usual 401, so an operator's web session can refresh it.
 */
export function requireOperator(db: Db, auth: AuthConfig): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const header = c.req.header("Authorization") ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    if (!token) return handleNotFound(c);
    const claims = claimsFromAccessToken(token, auth);
    const user = claims ? await userOfLiveSession(db, claims) : null;
    if (!user || !claims) throw new HttpError(401, "sessionEnded");
    if (user.role !== "operator") return handleNotFound(c);
    c.set("user", user);
    c.set("sessionId", claims.sessionId);
    await next();
  };
}

/**
 * The caller's address for rate limits. The web app forwards its visitor's address; Express puts
 * the socket's address there for direct calls, so a client cannot choose its own.
 */
export function clientIp(c: Context): string {
  return c.req.header("X-Forwarded-For")?.split(",")[0]?.trim() || "unknown";
}
