/**
 * The root loader's personal data (app/lib/favorites.server.ts) against the real API in-process:
 * a signed-in page makes one API call for the saved ids and the unread counts, and an API without
 * that call (an older one behind API_BASE_URL) still gives both through the two calls it replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import type { Database } from "../../api/db/client";
import { inMemoryDatabase } from "../support/in-memory-database";
import { estates, estateTypes, favorites, notifications, users } from "../../api/db/schema";
import { personalDataFor } from "../../app/lib/favorites.server";
import { visitorFavoritesCookie } from "../../app/lib/visitor-favorites.server";
import { signedUp, webContext } from "./web-session";

let database: Database;
let api: ReturnType<typeof createApi>;
const calls: string[] = [];
let withoutPageData = false;

const context = webContext(async (path, init) => {
  calls.push(path.replace(/\?.*$/, ""));
  if (withoutPageData && path.startsWith("/api/v1/page_data")) {
    return new Response(JSON.stringify({ success: false, message: `Not Found: ${path}` }), { status: 404, headers: { "Content-Type": "application/json" } });
  }
  return api.fetch(new Request(new URL(path, "http://konok.internal"), init));
}, "p".repeat(40));

beforeAll(async () => {
  database = await inMemoryDatabase();
  api = createApi({ db: database.db, auth: { secret: "u".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 } });
});
afterAll(() => database.close());

async function signedIn(phone: string): Promise<{ cookie: string; userId: number }> {
  const { cookie, login } = await signedUp(api, database, context, phone);
  return { cookie, userId: login.userData.id };
}

describe("a signed-in page's saved ids and unread counts", () => {
  it("come in one API call, or in the two older ones from an API without it", async () => {
    const { cookie, userId } = await signedIn("996555200001");
    const [host] = await database.db.insert(users).values({ phone: "996555200002", firstName: "Host", referralCode: "PDHOST" }).returning();
    const [type] = await database.db.insert(estateTypes).values({ slug: "pd-type", name: { ru: "Дом", en: "House", ky: "Үй" }, icon: "house" }).returning();
    const [estate] = await database.db
      .insert(estates)
      .values({ slug: "pd-estate", hostId: host.id, typeId: type.id, status: "published", lat: 42.87, lng: 74.59, capacity: 2, bedCount: 1, price: 2000 })
      .returning();
    await database.db.insert(favorites).values({ userId, estateId: estate.id });
    await database.db.insert(notifications).values({ userId, type: "booking_paid" });
    const request = () => new Request("http://localhost/en/profile", { headers: { Cookie: cookie } });
    const expected = { favorites: [estate.id], unread: { notifications: 1, messages: 0 } };

    calls.length = 0;
    const one = await personalDataFor(request(), context, { lang: "en" });
    expect({ favorites: one.favorites, unread: one.unread }).toEqual(expected);
    expect(one.signedIn?.user.name).toBe("Азамат");
    expect(calls).toEqual(["/api/v1/page_data"]);

    withoutPageData = true;
    calls.length = 0;
    const older = await personalDataFor(request(), context, { lang: "en" });
    withoutPageData = false;
    expect({ favorites: older.favorites, unread: older.unread }).toEqual(expected);
    expect(calls.sort()).toEqual(["/api/v1/favorites/ids", "/api/v1/page_data", "/api/v1/unread_data"]);
  });

  it("are the cookie's ids and no counts for a visitor, without any API call", async () => {
    const cookie = (await visitorFavoritesCookie([7, 3], context)).split(";")[0];
    calls.length = 0;
    const visitor = await personalDataFor(new Request("http://localhost/en", { headers: { Cookie: cookie } }), context, { lang: "en" });
    expect(visitor).toEqual({ favorites: [7, 3], unread: null, signedIn: null });
    expect(calls).toEqual([]);
  });
});
