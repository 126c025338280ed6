/**
 * The web app's session against the real API (in-process, PGlite): tokens near expiry are
 * refreshed before use, parallel loaders of one navigation share one refresh, and a refused
 * refresh signs the user out to the site root.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import type { Database } from "../../api/db/client";
import { inMemoryDatabase } from "../support/in-memory-database";
import { getSignedIn } from "../../app/lib/auth.server";
import { openTokens, getSession } from "../../app/lib/session.server";
import { signedUp, webContext } from "./web-session";
import { endpoints } from "../../contract/endpoints";

let database: Database;
let api: ReturnType<typeof createApi>;
const calls: string[] = [];

const context = webContext(async (path, init) => {
  calls.push(`${init.method} ${path}`);
  return api.fetch(new Request(new URL(path, "http://konok.internal"), init));
}, "s".repeat(40));

beforeAll(async () => {
  database = await inMemoryDatabase();
  // Access tokens that are always inside the refresh margin: every use needs a fresh one.
  api = createApi({ db: database.db, auth: { secret: "t".repeat(40), accessTtlSeconds: 5, refreshTtlSeconds: 3600 } });
});
afterAll(() => database.close());

async function signedInCookie(phone: string): Promise<string> {
  return (await signedUp(api, database, context, phone)).cookie;
}

describe("session refresh", () => {
  it("makes one refresh call for several parallel API calls with an expiring token", async () => {
    const cookie = await signedInCookie("996555100001");
    const request = new Request("http://localhost/profile", { headers: { Cookie: cookie } });
    const signedIn = await getSignedIn(request, context, {});
    expect(signedIn?.user.name).toBe("Азамат");
    calls.length = 0;
    const results = await Promise.all([0, 1, 2, 3].map(() => signedIn!.api.call(endpoints.profileUser)));
    expect(new Set(results.map((r) => r.userData.id)).size).toBe(1);
    expect(calls.filter((c) => c.includes("/api/refresh/token"))).toHaveLength(1);
    expect(calls.filter((c) => c.includes("/api/v1/profile/user"))).toHaveLength(4);

    // The new tokens go back into the cookie.
    const setCookie = new Headers(await signedIn!.headers()).get("Set-Cookie");
    expect(setCookie).toBeTruthy();
    const next = await getSession(new Request("http://localhost", { headers: { Cookie: setCookie!.split(";")[0] } }), context);
    const before = await getSession(request, context);
    expect(openTokens(next.get("tokens"), context)?.refreshToken).not.toBe(openTokens(before.get("tokens"), context)?.refreshToken);
  });

  it("a second request still carrying the old cookie reuses the refresh instead of tripping reuse detection", async () => {
    const cookie = await signedInCookie("996555100002");
    const first = await getSignedIn(new Request("http://localhost/a", { headers: { Cookie: cookie } }), context, {});
    const second = await getSignedIn(new Request("http://localhost/b", { headers: { Cookie: cookie } }), context, {});
    await first!.api.call(endpoints.profileUser);
    await expect(second!.api.call(endpoints.profileUser)).resolves.toBeTruthy();
  });

  it("signs the user out to the site root when the refresh token is refused", async () => {
    const cookie = await signedInCookie("996555100003");
    const session = await getSession(new Request("http://localhost", { headers: { Cookie: cookie } }), context);
    const tokens = openTokens(session.get("tokens"), context)!;
    await api.fetch(new Request("http://x/api/logout", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ refreshToken: tokens.refreshToken }) }));
    const signedIn = await getSignedIn(new Request("http://localhost/en/profile", { headers: { Cookie: cookie } }), context, { lang: "en" });
    const refusal = await signedIn!.api.call(endpoints.profileUser).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(302);
    expect((refusal as Response).headers.get("Location")).toBe("/en");
    expect((refusal as Response).headers.get("Set-Cookie")).toMatch(/__konok=;|Expires=Thu, 01 Jan 1970/);
  });
});
