/**
 * Favorites through the real API and database: add, remove and merge are idempotent, only
 * published estates can be saved or are shown, lists come newest first, and a user only ever sees
 * and changes their own.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { FavoriteIdsResponse, FavoritesMergeResponse, FavoritesResponse, FavoriteToggleResponse } from "../../contract/favorites";
import { createApi } from "../../api/app";
import { estates, favorites } from "../../api/db/schema";
import { issueTokens } from "../../api/services/auth/tokens";
import { setupTestApi, text } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "f".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
let api: ReturnType<typeof createApi>;

beforeAll(() => {
  api = createApi({ db: t.db, auth: AUTH });
});

type Res<T> = { status: number; body: { success: boolean; data: T; message?: string; errors?: Record<string, string[]> } };
async function call<T = unknown>(token: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res<T>> {
  const response = await api.fetch(
    new Request(`http://konok.test${path}`, {
      method,
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Res<T>["body"] };
}

async function person() {
  const user = await t.make.user();
  const { token } = await issueTokens(t.db, user.id, AUTH);
  return { ...user, token };
}

const idsOf = async (token: string) => (await call<FavoriteIdsResponse>(token, "GET", "/api/v1/favorites/ids")).body.data.ids;

describe("without a token", () => {
  it.each([
    ["GET", "/api/v1/favorites"],
    ["GET", "/api/v1/favorites/ids"],
    ["POST", "/api/v1/favorites/1"],
    ["DELETE", "/api/v1/favorites/1"],
    ["POST", "/api/v1/favorites/merge"],
  ])("%s %s is 401", async (method, path) => {
    const res = await call(null, method, path, method === "POST" ? { ids: [1] } : undefined);
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it("a forged token is 401 too", async () => {
    const res = await call("not.a.token", "GET", "/api/v1/favorites");
    expect(res.status).toBe(401);
  });
});

describe("add and remove", () => {
  it("adds once: the second add changes nothing and keeps the first date", async () => {
    const me = await person();
    const estate = await t.make.estate();
    const first = await call<FavoriteToggleResponse>(me.token, "POST", `/api/v1/favorites/${estate.id}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, data: { estateId: estate.id, favorite: true, changed: true } });
    const [row] = await t.db.select().from(favorites).where(eq(favorites.userId, me.id));

    const again = await call<FavoriteToggleResponse>(me.token, "POST", `/api/v1/favorites/${estate.id}`);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ estateId: estate.id, favorite: true, changed: false });
    const rows = await t.db.select().from(favorites).where(eq(favorites.userId, me.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].createdAt).toEqual(row.createdAt);
    expect(await idsOf(me.token)).toEqual([estate.id]);
  });

  it("removes once: removing again, or an estate never saved, is still 200", async () => {
    const me = await person();
    const estate = await t.make.estate();
    await call(me.token, "POST", `/api/v1/favorites/${estate.id}`);
    const removed = await call<FavoriteToggleResponse>(me.token, "DELETE", `/api/v1/favorites/${estate.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ estateId: estate.id, favorite: false, changed: true });
    const again = await call<FavoriteToggleResponse>(me.token, "DELETE", `/api/v1/favorites/${estate.id}`);
    expect(again.body.data).toEqual({ estateId: estate.id, favorite: false, changed: false });
    const unknown = await call<FavoriteToggleResponse>(me.token, "DELETE", "/api/v1/favorites/999999");
    expect(unknown.status).toBe(200);
    expect(unknown.body.data.changed).toBe(false);
    expect(await idsOf(me.token)).toEqual([]);
  });

  it("refuses an unknown, draft or archived estate with 404 and saves nothing", async () => {
    const me = await person();
    const draft = await t.make.estate({ status: "draft" });
    const archived = await t.make.estate({ status: "archived" });
    for (const id of [draft.id, archived.id, 999_999]) {
      const res = await call(me.token, "POST", `/api/v1/favorites/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: "Объект не найден" });
    }
    expect(await t.db.select().from(favorites).where(eq(favorites.userId, me.id))).toEqual([]);
  });

  it("answers 422 with errors.estateId for an id that is not a positive integer", async () => {
    const me = await person();
    for (const bad of ["abc", "0", "-3", "1.5", "99999999999"]) {
      const res = await call(me.token, "POST", `/api/v1/favorites/${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.errors?.estateId?.[0]).toBeTruthy();
    }
    expect((await call(me.token, "DELETE", "/api/v1/favorites/abc")).status).toBe(422);
  });
});

describe("the list", () => {
  it("gives cards newest first, paginated, with the total, and hides estates unpublished later", async () => {
    const me = await person();
    const made = [];
    const titleOf = (i: number) => text(`Избранное ${i}`, `Favourite ${i}`, `Тандалган ${i}`);
    for (let i = 0; i < 5; i++) made.push(await t.make.estate({ title: titleOf(i) }));
    for (const estate of made) {
      await call(me.token, "POST", `/api/v1/favorites/${estate.id}`);
      // Distinct dates, whatever the clock's resolution.
      await t.db
        .update(favorites)
        .set({ createdAt: new Date(Date.UTC(2020, 0, 1 + made.indexOf(estate))) })
        .where(and(eq(favorites.userId, me.id), eq(favorites.estateId, estate.id)));
    }
    const newest = [...made].reverse().map((e) => e.id);

    const first = await call<FavoritesResponse>(me.token, "GET", "/api/v1/favorites?perPage=2");
    expect(first.status).toBe(200);
    expect(first.body.data.items.map((c) => c.id)).toEqual(newest.slice(0, 2));
    expect(first.body.data).toMatchObject({ page: 1, perPage: 2, total: 5, hasMore: true });
    expect(first.body.data.items[0]).toMatchObject({ slug: made[4].slug, title: titleOf(4).ru, price: 3000 });

    const english = await call<FavoritesResponse>(me.token, "GET", "/api/v1/favorites?perPage=2", undefined, { "Accept-Language": "en" });
    expect(english.body.data.items[0].title).toBe(titleOf(4).en);

    const last = await call<FavoritesResponse>(me.token, "GET", "/api/v1/favorites?perPage=2&page=3");
    expect(last.body.data.items.map((c) => c.id)).toEqual(newest.slice(4));
    expect(last.body.data.hasMore).toBe(false);

    await t.db.update(estates).set({ status: "archived" }).where(eq(estates.id, made[4].id));
    const after = await call<FavoritesResponse>(me.token, "GET", "/api/v1/favorites");
    expect(after.body.data.items.map((c) => c.id)).toEqual(newest.slice(1));
    expect(after.body.data.total).toBe(4);
    expect(await idsOf(me.token)).toEqual(newest.slice(1));
  });

  it("is empty for someone who saved nothing, and refuses a bad page with 422", async () => {
    const me = await person();
    const res = await call<FavoritesResponse>(me.token, "GET", "/api/v1/favorites");
    expect(res.body.data).toEqual({ items: [], page: 1, perPage: 16, total: 0, hasMore: false });
    const bad = await call(me.token, "GET", "/api/v1/favorites?page=0");
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.page).toBeTruthy();
  });
});

describe("merge", () => {
  it("adds a visitor's ids in their order, skips unknown, hidden and repeated ones, and keeps saved ones", async () => {
    const me = await person();
    const [a, b, c, kept] = [await t.make.estate(), await t.make.estate(), await t.make.estate(), await t.make.estate()];
    const draft = await t.make.estate({ status: "draft" });
    await call(me.token, "POST", `/api/v1/favorites/${kept.id}`);
    await t.db.update(favorites).set({ createdAt: new Date(Date.UTC(2020, 0, 1)) }).where(eq(favorites.userId, me.id));

    const merged = await call<FavoritesMergeResponse>(me.token, "POST", "/api/v1/favorites/merge", { ids: [c.id, 999_999, a.id, draft.id, kept.id, c.id, b.id] });
    expect(merged.status).toBe(200);
    expect(merged.body.data).toEqual({ added: 3, ids: [c.id, a.id, b.id, kept.id] });

    const again = await call<FavoritesMergeResponse>(me.token, "POST", "/api/v1/favorites/merge", { ids: [a.id, b.id] });
    expect(again.body.data).toEqual({ added: 0, ids: [c.id, a.id, b.id, kept.id] });
    const empty = await call<FavoritesMergeResponse>(me.token, "POST", "/api/v1/favorites/merge", { ids: [] });
    expect(empty.body.data.added).toBe(0);
  });

  it("refuses more than 100 ids, a missing list, bad ids and malformed JSON with 422", async () => {
    const me = await person();
    const tooMany = await call(me.token, "POST", "/api/v1/favorites/merge", { ids: Array.from({ length: 101 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors?.ids).toBeTruthy();
    const missing = await call(me.token, "POST", "/api/v1/favorites/merge", {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.ids).toBeTruthy();
    const bad = await call(me.token, "POST", "/api/v1/favorites/merge", { ids: [1, "two", -3] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(["ids.1", "ids.2"]);
    const malformed = await call(me.token, "POST", "/api/v1/favorites/merge", "{ids:");
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors?.body).toBeTruthy();
    expect(await idsOf(me.token)).toEqual([]);
  });
});

describe("each user's own", () => {
  it("one user's saves, removals and merges never show in or touch another's", async () => {
    const alice = await person();
    const bob = await person();
    const [x, y] = [await t.make.estate(), await t.make.estate()];
    await call(alice.token, "POST", `/api/v1/favorites/${x.id}`);
    await call(bob.token, "POST", `/api/v1/favorites/${y.id}`);
    await call(bob.token, "POST", "/api/v1/favorites/merge", { ids: [x.id] });

    // Bob removing x removes his own row only.
    await call(bob.token, "DELETE", `/api/v1/favorites/${x.id}`);
    expect(await idsOf(alice.token)).toEqual([x.id]);
    expect(await idsOf(bob.token)).toEqual([y.id]);
    const list = await call<FavoritesResponse>(alice.token, "GET", "/api/v1/favorites");
    expect(list.body.data.items.map((c) => c.id)).toEqual([x.id]);

    // A user id in the query or body is not a way into someone else's list.
    const sneaky = await call<FavoritesResponse>(bob.token, "GET", `/api/v1/favorites?userId=${alice.id}`);
    expect(sneaky.body.data.items.map((c) => c.id)).toEqual([y.id]);
  });
});
