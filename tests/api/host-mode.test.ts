/**
 * SPEC section 6 user-mode on the host API (decision 0038): every host endpoint refuses a user in
 * guest mode with 409 and a translated `errors.mode` (never 403, which signs the user out), whether
 * or not the object is theirs; the same user in host mode is answered.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { users } from "../../api/db/schema";
import { issueTokens } from "../../api/services/auth/tokens";
import { addDays, todayInBishkek } from "../../contract/dates";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "m".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
let api: ReturnType<typeof createApi>;

type Res = { status: number; body: { success: boolean; message?: string; errors?: Record<string, string[]> } };
async function call(token: string, method: string, path: string, body?: unknown, locale = "ru"): Promise<Res> {
  const response = await api.fetch(
    new Request(`http://konok.test${path}`, {
      method,
      headers: { "Content-Type": "application/json", "Accept-Language": locale, Authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Res["body"] };
}

beforeAll(async () => {
  api = createApi({ db: t.db, auth: AUTH });
  await t.make.type({ kind: "simple" });
});

describe("host endpoints in guest mode", () => {
  it("refuses a guest-mode user everywhere with a translated message, even on their own object, and answers once in host mode", async () => {
    const user = await t.make.user({ mode: "guest" });
    const { token } = await issueTokens(t.db, user.id, AUTH);
    const estate = await t.make.estate({ hostId: user.id });
    const from = addDays(todayInBishkek(), 1);
    const endpoints: [string, string, unknown?][] = [
      ["GET", "/api/v1/host/objects"],
      ["POST", "/api/v1/host/objects", { kind: "simple" }],
      ["GET", "/api/v1/host/objects/places"],
      ["GET", `/api/v1/host/objects/${estate.id}`],
      ["PUT", `/api/v1/host/objects/${estate.id}/steps/title`, { title_ru: "Мой дом у реки" }],
      ["POST", `/api/v1/host/objects/${estate.id}/unpublish`],
      ["GET", "/api/v1/host/booking"],
      ["GET", "/api/v1/host/booking/cancel_reason/list?type=cancel"],
      ["GET", "/api/v1/host/calendar/estates"],
      ["GET", `/api/v1/host/calendar?estateId=${estate.id}&from=${from}&to=${addDays(from, 5)}`],
      ["POST", "/api/v1/host/calendar", { estateId: estate.id, from, to: from, action: "block" }],
      ["GET", "/api/v1/host/earnings"],
    ];
    for (const [method, path, body] of endpoints) {
      const refused = await call(token, method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(409);
      expect(refused.body.errors?.mode, `${method} ${path}`).toEqual(["Это раздел хозяина. Переключитесь в режим хозяина, чтобы продолжить"]);
    }
    expect((await call(token, "GET", "/api/v1/host/objects", undefined, "en")).body.message).toBe("This is the host's area. Switch to host mode to continue");
    expect((await call(token, "GET", "/api/v1/host/objects", undefined, "ky")).body.message).toBe("Бул ээсинин бөлүмү. Улантуу үчүн ээ режимине которулуңуз");

    // Nothing was written while refused.
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0].mode).toBe("guest");

    await t.db.update(users).set({ mode: "host" }).where(eq(users.id, user.id));
    for (const [method, path, body] of endpoints) {
      const answered = await call(token, method, path, body);
      expect(answered.status, `${method} ${path} in host mode: ${answered.body.message}`).toBeLessThan(300);
    }
  });
});
