/**
 * One web page's in-process API calls ask once who their token speaks for (server/in-process-api.ts,
 * api/lib/session-memo.ts), and a write in between is never answered from what was remembered.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { SessionMemo } from "../../api/lib/session-memo";
import { issueTokens } from "../../api/services/auth/tokens";
import { refreshTokens } from "../../api/db/schema";
import { inProcessApi } from "../../server/in-process-api";
import { eq } from "drizzle-orm";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "m".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
let bridge: ReturnType<typeof inProcessApi>;

beforeAll(() => {
  bridge = inProcessApi(createApi({ db: t.db, auth: AUTH }));
});

async function signedInUser() {
  const user = await t.make.user();
  return { user, ...(await issueTokens(t.db, user.id, AUTH)) };
}

const profile = (fetch: ReturnType<typeof bridge.fetchFor>, token: string) => fetch("/api/v1/profile/user", { headers: { Authorization: `Bearer ${token}` } });
const endSession = (userId: number) => t.db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.userId, userId));

describe("the session memo of one web request", () => {
  it("answers a page's later reads from the first lookup, while a new request looks again", async () => {
    const { user, token } = await signedInUser();
    const page = bridge.fetchFor(new SessionMemo());
    expect((await profile(page, token)).status).toBe(200);
    await endSession(user.id);
    // The same page's next read: the session was live when the page began.
    expect((await profile(page, token)).status).toBe(200);
    // The next page, and a call outside any page, see the ended session.
    expect((await profile(bridge.fetchFor(new SessionMemo()), token)).status).toBe(401);
    expect((await profile(bridge.fetchFor(null), token)).status).toBe(401);
  });

  it("forgets everything around a write: a logout is seen by the reads that follow it in the same request", async () => {
    const { token, refreshToken } = await signedInUser();
    const page = bridge.fetchFor(new SessionMemo());
    expect((await profile(page, token)).status).toBe(200);
    const logout = await page("/api/logout", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ refreshToken }) });
    expect(logout.status).toBe(200);
    expect((await profile(page, token)).status).toBe(401);
  });

  it("never answers one token's read with another token's user", async () => {
    const first = await signedInUser();
    const second = await signedInUser();
    const page = bridge.fetchFor(new SessionMemo());
    const [a, b] = await Promise.all([profile(page, first.token), profile(page, second.token)]);
    const idOf = async (response: Response) => ((await response.json()) as { data: { userData: { id: number } } }).data.userData.id;
    expect(await idOf(a)).toBe(first.user.id);
    expect(await idOf(b)).toBe(second.user.id);
  });
});
