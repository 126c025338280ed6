/**
 * Who is signed in, and the guards of SPEC section 6 (auth, unauthorized, user-mode), each called
 * by the route module that needs it. Tokens never leave the server: loaders get an API client
 * that carries them, refreshes them when due, and tells the loader when the cookie must change.
 */
import crypto from "node:crypto";
import { redirect, type AppLoadContext, type Session } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { AuthTokens, LoginResponse, UserData } from "../../contract/account";
import { endpoints } from "../../contract/endpoints";
import { localizePath, type Locale } from "~/i18n/config";
import { ApiError, createApiClient, type ApiClient, type ChallengeAnswer } from "./api.server";
import { localeFromParams } from "./request.server";
import { deviceTokenCookie, readDeviceToken } from "./device-cookie.server";
import { readVisitorFavorites, visitorFavoritesCookie } from "./visitor-favorites.server";
import { commitSession, destroySession, getSession, openTokens, sealTokens, secondsLeft, sessionStorageFor, type SessionUser } from "./session.server";

/** Refresh a little before the access token expires, so a request never starts with a dead one. */
const REFRESH_MARGIN_SECONDS = 30;

export function toSessionUser(user: UserData): SessionUser {
  return { id: user.id, name: user.firstName || user.name, mode: user.mode, ...(user.role === "operator" ? { operator: true } : {}) };
}

// ── Sign-in ───────────────────────────────────────────────────────────────────────────────

const authenticators = new WeakMap<object, Authenticator<LoginResponse>>();

/**
 * remix-auth's FormStrategy posts the phone and password to POST /api/login. The caller has
 * validated the form already (on `request.clone()`: the strategy reads the original body).
 */
export function authenticatorFor(context: AppLoadContext): Authenticator<LoginResponse> {
  const storage = sessionStorageFor(context);
  let authenticator = authenticators.get(storage);
  if (!authenticator) {
    authenticator = new Authenticator<LoginResponse>(storage, { throwOnError: true });
    authenticator.use(
      new FormStrategy(async ({ form, context: ctx, request }) => {
        const locale = String(form.get("locale") ?? "ru") as Locale;
        const api = createApiClient(ctx as AppLoadContext, { locale, ip: clientIpOf(ctx as AppLoadContext, request) });
        // By phone, or by the e-mail of an account whose phone was unlinked (issue 27); with the
        // browser's device token, which passes the per-address limit for its account (carrier NAT).
        const account = form.has("email") ? { email: String(form.get("email")) } : { phoneNumber: String(form.get("phoneNumber") ?? "") };
        return api.call(endpoints.login, { body: { ...account, password: String(form.get("password") ?? ""), deviceToken: await readDeviceToken(request) } });
      }),
      "phone-password",
    );
    authenticators.set(storage, authenticator);
  }
  return authenticator;
}

/**
 * Puts a signed-in user into the session and answers with the cookies to set. Every sign-in
 * (login, sign-up, a password reset) comes through here, so this is where a visitor's favorites
 * move into the account and their cookie is cleared.
 */
export async function startSession(request: Request, context: AppLoadContext, login: LoginResponse): Promise<Headers> {
  const session = await getSession(request, context);
  session.set("user", toSessionUser(login.userData));
  session.set("tokens", sealTokens({ token: login.token, refreshToken: login.refreshToken }, context));
  session.unset("pending");
  const headers = new Headers(await commitSession(session, context));
  if (login.deviceToken) headers.append("Set-Cookie", await deviceTokenCookie(login.deviceToken, context));
  const saved = await mergeVisitorFavorites(request, context, login.token);
  if (saved) headers.append("Set-Cookie", saved);
  return headers;
}

/**
 * The visitor's saved ids into the account; answers the Set-Cookie that clears them, or null when
 * there was nothing to move or the API failed (the cookie stays, and the next sign-in tries again).
 */
async function mergeVisitorFavorites(request: Request, context: AppLoadContext, token: string): Promise<string | null> {
  const ids = await readVisitorFavorites(request);
  if (ids.length === 0) return null;
  try {
    await createApiClient(context, { locale: "ru", token }).call(endpoints.favoritesMerge, { body: { ids } });
  } catch (error) {
    console.error("Merging a visitor's favorites failed:", error);
    return null;
  }
  return visitorFavoritesCookie([], context);
}

export async function endSession(request: Request, context: AppLoadContext): Promise<HeadersInit> {
  const session = await getSession(request, context);
  const tokens = openTokens(session.get("tokens"), context);
  if (tokens) {
    await createApiClient(context, { locale: "ru" })
      .call(endpoints.logout, { body: { refreshToken: tokens.refreshToken } })
      .catch(() => undefined);
  }
  return destroySession(session, context);
}

export function clientIpOf(context: AppLoadContext, _request: Request): string {
  return context.clientIp;
}

// ── Token refresh ───────────────────────────────────────────────────────────────────────────

/**
 * One refresh per refresh token, shared by every loader of a navigation: they all read the same
 * cookie, and a second use of a spent token would revoke the session. Results are kept briefly
 * for requests that still carry the old cookie. With several nodes (REDIS_URL) the one refresh is
 * also shared across them (server/single-flight.ts).
 */
const refreshes = new Map<string, { at: number; result: Promise<AuthTokens | null> }>();
const REFRESH_MEMORY_MS = 60_000;

export function refreshOnce(context: AppLoadContext, refreshToken: string): Promise<AuthTokens | null> {
  const key = crypto.createHash("sha256").update(refreshToken).digest("hex");
  const now = Date.now();
  for (const [k, v] of refreshes) if (now - v.at > REFRESH_MEMORY_MS) refreshes.delete(k);
  const known = refreshes.get(key);
  if (known) return known.result;
  const viaApi = () => createApiClient(context, { locale: "ru" }).call(endpoints.refreshToken, { body: { refreshToken } });
  const shared = context.singleFlight;
  // With several nodes the other node's refresh result is shared through Redis, sealed like the cookie.
  const once = shared
    ? shared(`refresh:${key}`, async () => {
        try {
          return sealTokens(await viaApi(), context);
        } catch (error) {
          // A refused token is an answer every node should get, not a failure to retry.
          if (error instanceof ApiError && error.status < 500) return null;
          throw error;
        }
      }).then((sealed) => openTokens(sealed ?? undefined, context))
    : viaApi();
  const result = once
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status < 500) return null;
      refreshes.delete(key);
      throw error;
    });
  refreshes.set(key, { at: now, result });
  return result;
}

// ── Guards ──────────────────────────────────────────────────────────────────────────────────

export type SignedIn = {
  user: SessionUser;
  api: ApiClient;
  /** The same API, the call carrying a challenge the form brought back (code requests, decision 0073). */
  apiWith(options: { challenge?: ChallengeAnswer }): ApiClient;
  locale: Locale;
  session: Session;
  /** The Set-Cookie to send when the tokens were refreshed during this request; empty otherwise. */
  headers(): Promise<HeadersInit>;
};

/** The signed-in user, or null for a visitor. Never redirects. */
export async function getSignedIn(request: Request, context: AppLoadContext, params: Params): Promise<SignedIn | null> {
  const locale = localeFromParams(params);
  const session = await getSession(request, context);
  const user = session.get("user");
  let tokens = openTokens(session.get("tokens"), context);
  if (!user || !tokens) return null;
  const me: SessionUser = user;
  let changed = false;
  const ip = clientIpOf(context, request);

  const loggedOut = async () => redirect(localizePath("/", locale), { headers: await destroySession(session, context) });

  async function refresh() {
    const next = tokens ? await refreshOnce(context, tokens.refreshToken) : null;
    if (!next) throw await loggedOut();
    tokens = next;
    session.set("tokens", sealTokens(next, context));
    changed = true;
  }

  async function call<T>(run: (api: ApiClient) => Promise<T>, challenge?: ChallengeAnswer): Promise<T> {
    if (tokens && secondsLeft(tokens.token) < REFRESH_MARGIN_SECONDS) await refresh();
    const attempt = () => run(createApiClient(context, { locale, token: tokens?.token, ip, challenge }));
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        await refresh();
        return attempt();
      }
      // The API refuses the host endpoints to an account in guest mode (decision 0038), say after a
      // switch from another device: the session learns the mode and the page offers host mode,
      // coming back here afterwards, as requireHostMode does.
      if (error instanceof ApiError && error.status === 409 && error.errors.mode) {
        session.set("user", { ...me, mode: "guest" });
        const url = new URL(request.url);
        throw redirect(`${localizePath("/host/switch", locale)}?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`, {
          headers: await commitSession(session, context),
        });
      }
      // SPEC section 8: a 403 signs the user out and sends them to the site root.
      if (error instanceof ApiError && error.status === 403) throw await loggedOut();
      throw error;
    }
  }

  const apiWith = ({ challenge }: { challenge?: ChallengeAnswer }): ApiClient => ({
    call: (endpoint, ...args) => call((a) => a.call(endpoint, ...args), challenge),
  });
  return {
    user,
    api: apiWith({}),
    apiWith,
    locale,
    session,
    headers: async () => (changed ? commitSession(session, context) : {}),
  };
}

/**
 * `auth`: a visitor goes to the login page and comes back here after signing in. The redirect is
 * what a crawler gets for any private address, so it is the answer that says `noindex`: with it
 * the address is never listed, not even bare, as one robots.txt merely disallowed can be
 * (decision 0060).
 */
export async function requireUser(request: Request, context: AppLoadContext, params: Params): Promise<SignedIn> {
  const signedIn = await getSignedIn(request, context, params);
  if (signedIn) return signedIn;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(`${localizePath("/login", localeFromParams(params))}?redirectTo=${encodeURIComponent(back)}`, { headers: { "X-Robots-Tag": "noindex" } });
}

/** `unauthorized`: pages for visitors only send a signed-in user home. */
export async function requireAnonymous(request: Request, context: AppLoadContext, params: Params): Promise<void> {
  const session = await getSession(request, context);
  if (session.get("user") && session.get("tokens")) throw redirect(localizePath("/", localeFromParams(params)));
}

/**
 * `user-mode` on host pages: a guest is offered the switch to host mode (a page with one button)
 * and returns here afterwards.
 */
export async function requireHostMode(request: Request, context: AppLoadContext, params: Params): Promise<SignedIn> {
  const signedIn = await requireUser(request, context, params);
  if (signedIn.user.mode === "host") return signedIn;
  const url = new URL(request.url);
  throw redirect(`${localizePath("/host/switch", signedIn.locale)}?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}

/** Only our own paths (see safe-redirect.ts); re-exported because routes import it from here. */
export { safeRedirect } from "./safe-redirect";
