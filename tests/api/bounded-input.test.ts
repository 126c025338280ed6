/**
 * Issue 26, item 7: input the API took or choked on. Dates past year 9999 (a 500 from date
 * arithmetic), avatars with any URL scheme (`javascript:` stored and shown as an image source),
 * bidi override characters in titles and names, and `.part` files a killed upload left behind.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { estateTexts, users } from "../../api/db/schema";
import { hashPassword } from "../../api/lib/password";
import { issueTokens } from "../../api/services/auth/tokens";
import { removeStalePartFiles } from "../../api/services/listing/photo-storage";
import { addDays, todayInBishkek } from "../../contract/dates";
import type { Listing } from "../../contract/listing-steps";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "d".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
let api: ReturnType<typeof createApi>;
beforeAll(async () => {
  api = createApi({ db: t.db, auth: AUTH });
  await t.make.type({ kind: "simple" });
});

type Answer = { status: number; body: { data: never; message?: string; errors?: Record<string, string[]> } };
async function call(method: string, url: string, body?: unknown, token?: string): Promise<Answer> {
  const response = await api.fetch(
    new Request(`http://konok.test${url}`, {
      method,
      headers: { "Content-Type": "application/json", "Accept-Language": "en", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}
const tokenOf = async (userId: number) => (await issueTokens(t.db, userId, AUTH)).token;

describe("dates", () => {
  it("answers 422 for dates past 2199 on the guest calendar and the host's, not a 500", async () => {
    const host = await t.make.user({ mode: "host" });
    const estate = await t.make.estate({ hostId: host.id });
    const token = await tokenOf(host.id);
    for (const [from, to] of [
      ["9999-12-31", "9999-12-31"],
      ["2200-01-01", "2200-01-05"],
      ["1899-12-31", "1900-01-02"],
    ]) {
      const guest = await call("GET", `/api/v1/guest/estate/available_dates/${estate.id}?from=${from}&to=${to}`);
      expect(guest.status, `${from}…${to}`).toBe(422);
      expect(guest.body.errors?.from ?? guest.body.errors?.to).toEqual(["Enter a date between the years 1900 and 2199"]);
      const own = await call("GET", `/api/v1/host/calendar?estateId=${estate.id}&from=${from}&to=${to}`, undefined, token);
      expect(own.status, `${from}…${to}`).toBe(422);
    }
    // The last allowed day still works where a day after it is computed.
    expect((await call("GET", `/api/v1/guest/estate/available_dates/${estate.id}?from=2199-12-30&to=2199-12-31`)).status).toBe(200);
    expect((await call("GET", `/api/v1/host/calendar?estateId=${estate.id}&from=2199-12-01&to=2199-12-31`, undefined, token)).status).toBe(200);
  });
});

describe("birth dates", () => {
  it("takes a real date from 1900 to today in Bishkek, the rule the profile forms check", async () => {
    const user = await t.make.user();
    const token = await tokenOf(user.id);
    const today = todayInBishkek();
    for (const [birthDate, message] of [
      [addDays(today, 1), "The date of birth cannot be in the future"],
      ["1899-12-31", "Enter a date between the years 1900 and 2199"],
      ["1990-02-30", "Not a real date"],
      ["1990-2-3", "Enter a date as yyyy-mm-dd"],
    ]) {
      const refused = await call("PUT", "/api/v1/profile/update", { birthDate }, token);
      expect(refused.status, birthDate).toBe(422);
      expect(refused.body.errors?.birthDate, birthDate).toEqual([message]);
    }
    for (const birthDate of [today, "1900-01-01", "1988-02-29", null]) {
      const saved = await call("PUT", "/api/v1/profile/update", { birthDate }, token);
      expect(saved.status, String(birthDate)).toBe(200);
    }
    const [stored] = await t.db.select({ birthDate: users.birthDate }).from(users).where(eq(users.id, user.id));
    expect(stored.birthDate).toBeNull();
  });
});

describe("avatars", () => {
  it("takes https addresses and our own uploads only", async () => {
    const user = await t.make.user();
    const token = await tokenOf(user.id);
    for (const avatar of ["javascript:alert(document.cookie)", "data:image/svg+xml,<svg onload=alert(1)>", "http://example.com/a.png", "https://user:pw@example.com/a.png", "/uploads/../secret", "//evil.example/a.png", "vbscript:x"]) {
      const refused = await call("PUT", "/api/v1/profile/update", { avatar }, token);
      expect(refused.status, avatar).toBe(422);
      expect(refused.body.errors?.avatar, avatar).toBeTruthy();
    }
    const [stored] = await t.db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, user.id));
    expect(stored.avatarUrl).toBeNull();
    for (const avatar of ["https://cdn.example.com/faces/1.webp", "/uploads/avatars/7.webp", null]) {
      const saved = await call("PUT", "/api/v1/profile/update", { avatar }, token);
      expect(saved.status, String(avatar)).toBe(200);
    }
  });

  it("does not show an unsafe address stored before the rule", async () => {
    const host = await t.make.user({ mode: "host", avatarUrl: "javascript:alert(1)" });
    const estate = await t.make.estate({ hostId: host.id });
    const page = await call("GET", `/api/v1/guest/estate/${estate.id}`);
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).not.toContain("javascript:");
    const me = await call("GET", "/api/v1/profile/user", undefined, await tokenOf(host.id));
    expect((me.body.data as { userData: { avatar: string | null } }).userData.avatar).toBeNull();
  });
});

describe("bidi controls", () => {
  it("are removed from names and listing titles (U+202E shows 'Домexe.jpg' for 'Дом\\u202Egpj.exe')", async () => {
    const host = await t.make.user({ mode: "host" });
    const token = await tokenOf(host.id);
    const named = await call("PUT", "/api/v1/profile/update", { firstName: "Ай\u202Eгуль\u2066", lastName: "\u202AАсанова\u202C" }, token);
    expect(named.status).toBe(200);
    const [row] = await t.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, host.id));
    expect(row).toEqual({ firstName: "Айгуль", lastName: "Асанова" });

    const created = await call("POST", "/api/v1/host/objects", { kind: "simple" }, token);
    const id = (created.body.data as { object: Listing }).object.id;
    const titled = await call("PUT", `/api/v1/host/objects/${id}/steps/title`, { title_ru: "Дом у озера\u202E gpj.exe", title_en: "Lake \u2067house\u2069" }, token);
    expect(titled.status, titled.body.message).toBe(200);
    const [texts] = await t.db.select({ title: estateTexts.title }).from(estateTexts).where(eq(estateTexts.estateId, id));
    expect(texts.title).toMatchObject({ ru: "Дом у озера gpj.exe", en: "Lake house" });
  });

  it("stay in a password, which is never shown and must keep matching", async () => {
    const user = await t.make.user({ passwordHash: await hashPassword("pass\u202Eword 123") });
    const token = await tokenOf(user.id);
    const changed = await call("PUT", "/api/v1/profile/change_password", { currentPassword: "pass\u202Eword 123", newPassword: "new secret 123" }, token);
    expect(changed.status, changed.body.message).toBe(200);
  });
});

describe("half-written uploads", () => {
  it("removes .part files a killed process left, but not one being written now", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "konok-parts-"));
    const folder = path.join(root, "estates", "12");
    fs.mkdirSync(folder, { recursive: true });
    const old = path.join(folder, "abc-800.webp.4242.part");
    const fresh = path.join(folder, "def-800.webp.4343.part");
    const photo = path.join(folder, "abc-400.webp");
    for (const file of [old, fresh, photo]) fs.writeFileSync(file, "x");
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    fs.utimesSync(old, hourAgo, hourAgo);
    fs.utimesSync(photo, hourAgo, hourAgo);
    expect(await removeStalePartFiles(root)).toBe(1);
    expect([fs.existsSync(old), fs.existsSync(fresh), fs.existsSync(photo)]).toEqual([false, true, true]);
    expect(await removeStalePartFiles(path.join(root, "missing"))).toBe(0);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
