import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../api/db/client";
import { inMemoryDatabase } from "../support/in-memory-database";
import { hashPassword, verifyPassword } from "../../api/lib/password";
import { ESTATE_TYPES } from "../../api/seed/directory";
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from "../../api/seed/demo";
import { estateScore } from "../../api/seed/estates";
import { PHOTO_POOL, PHOTO_VARIANTS, photoVariantPath } from "../../api/seed/photos";
import { Rng } from "../../api/seed/rng";

type Row = Record<string, unknown>;

let database: Database;
let uploadsDir: string;
let firstRun: boolean;
const log: string[] = [];

async function rows<T = Row>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await database.db.execute(query)).rows as T[];
}

beforeAll(async () => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-seed-"));
  database = await inMemoryDatabase();
  firstRun = await seedDemoIfEmpty(database.db, { photos: uploadsDir, log: (line) => log.push(line) });
}, 120_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

describe("seedDemoIfEmpty", () => {
  it("seeds an empty database once and reports it", () => {
    expect(firstRun).toBe(true);
    expect(log.some((l) => l.includes("demo data ready"))).toBe(true);
  });

  it("creates at least 300 published estates, every type used", async () => {
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM estates WHERE status = 'published' AND parent_id IS NULL`);
    expect(n).toBeGreaterThanOrEqual(300);
    const used = await rows<{ slug: string }>(sql`SELECT DISTINCT t.slug FROM estates e JOIN estate_types t ON t.id = e.type_id`);
    expect(used.map((r) => r.slug).sort()).toEqual(ESTATE_TYPES.map((t) => t.slug).sort());
  });

  it("gives every estate 2–6 photos whose files exist", async () => {
    const counts = await rows<{ id: number; n: number }>(sql`SELECT e.id, count(p.id)::int AS n FROM estates e LEFT JOIN estate_photos p ON p.estate_id = e.id GROUP BY e.id`);
    for (const c of counts) expect(c.n, `estate ${c.id}`).toBeGreaterThanOrEqual(2);
    for (const c of counts) expect(c.n, `estate ${c.id}`).toBeLessThanOrEqual(6);
    const photos = await rows<{ key: string; variants: number[]; width: number; height: number }>(sql`SELECT DISTINCT key, variants, width, height FROM estate_photos`);
    for (const p of photos) {
      expect(p.width * 2).toBe(p.height * 3);
      for (const w of p.variants) expect(fs.existsSync(photoVariantPath(uploadsDir, p.key, w)), `${p.key}-${w}`).toBe(true);
    }
    for (const p of PHOTO_POOL) for (const w of PHOTO_VARIANTS) expect(fs.statSync(photoVariantPath(uploadsDir, p.key, w)).size).toBeGreaterThan(1000);
  });

  it("writes titles and descriptions in ru, en and ky", async () => {
    const estates = await rows<{ title: Record<string, string>; description: Record<string, string>; city: Record<string, string>; address: Record<string, string> }>(
      sql`SELECT x.title, x.description, x.city, x.address FROM estates e LEFT JOIN estate_texts x ON x.estate_id = e.id`,
    );
    for (const e of estates) {
      for (const field of [e.title, e.description, e.city, e.address]) {
        for (const l of ["ru", "en", "ky"]) expect(field[l]?.trim(), JSON.stringify(field)).toBeTruthy();
      }
      expect(e.title.ru).not.toBe(e.title.en);
      expect(e.description.ru).not.toBe(e.description.en);
      expect(e.description.ky).not.toBe(e.description.ru);
    }
    const top = await rows<{ n: number; distinct: number }>(sql`SELECT count(*)::int AS n, count(DISTINCT x.title->>'ru')::int AS distinct FROM estates e LEFT JOIN estate_texts x ON x.estate_id = e.id WHERE e.parent_id IS NULL`);
    expect(top[0].distinct).toBe(top[0].n);
  });

  it("places estates inside Kyrgyzstan", async () => {
    const [box] = await rows<{ minlat: number; maxlat: number; minlng: number; maxlng: number }>(
      sql`SELECT min(lat) AS minlat, max(lat) AS maxlat, min(lng) AS minlng, max(lng) AS maxlng FROM estates`,
    );
    expect(box.minlat).toBeGreaterThan(39.2);
    expect(box.maxlat).toBeLessThan(43.3);
    expect(box.minlng).toBeGreaterThan(69.2);
    expect(box.maxlng).toBeLessThan(80.3);
  });

  it("keeps rating and reviews_count consistent with the reviews", async () => {
    const mismatches = await rows(sql`
      SELECT e.id, e.rating, e.reviews_count, r.n, r.avg
      FROM estates e
      LEFT JOIN (SELECT estate_id, count(*)::int AS n, avg(rating)::float8 AS avg FROM reviews GROUP BY estate_id) r ON r.estate_id = e.id
      WHERE e.reviews_count <> coalesce(r.n, 0)
         OR (r.n IS NULL AND e.rating IS NOT NULL)
         OR (r.n IS NOT NULL AND abs(e.rating - r.avg) > 0.006)`);
    expect(mismatches).toEqual([]);
    const [{ reviews }] = await rows<{ reviews: number }>(sql`SELECT count(*)::int AS reviews FROM reviews`);
    expect(reviews).toBeGreaterThan(1000);
    const [{ low }] = await rows<{ low: number }>(sql`SELECT (count(*) FILTER (WHERE rating >= 3))::float8 / count(*) AS low FROM reviews`);
    expect(low).toBeGreaterThan(0.9);
  });

  it("never overlaps active bookings of one estate, and totals match the price lines", async () => {
    const overlaps = await rows(sql`
      SELECT a.id, b.id FROM bookings a JOIN bookings b
        ON a.estate_id = b.estate_id AND a.id < b.id AND a.active AND b.active
       AND daterange(a.check_in, a.check_out) && daterange(b.check_in, b.check_out)`);
    expect(overlaps).toEqual([]);
    const wrongTotals = await rows(sql`
      SELECT id FROM bookings b
      WHERE total_price <> (SELECT coalesce(sum((l->>'price')::int), 0) FROM jsonb_array_elements(b.price_lines) l)
         OR nights <> jsonb_array_length(price_lines) OR nights <> check_out - check_in`);
    expect(wrongTotals).toEqual([]);
    const [{ upcoming }] = await rows<{ upcoming: number }>(sql`SELECT count(*)::int AS upcoming FROM bookings WHERE active AND check_out > current_date`);
    expect(upcoming).toBeGreaterThan(50);
  });

  it("creates the demo accounts with working passwords, and the demo host owns listings", async () => {
    const users = await rows<{ id: number; phone: string; password_hash: string; mode: string; first_name: string }>(
      sql`SELECT id, phone, password_hash, mode, first_name FROM users WHERE phone IN (${DEMO_ACCOUNTS.guest.phone}, ${DEMO_ACCOUNTS.host.phone})`,
    );
    const guest = users.find((u) => u.phone === DEMO_ACCOUNTS.guest.phone)!;
    const host = users.find((u) => u.phone === DEMO_ACCOUNTS.host.phone)!;
    expect(guest.mode).toBe("guest");
    expect(host.mode).toBe("host");
    expect(guest.first_name).toBe("Айгерим");
    expect(await verifyPassword(DEMO_ACCOUNTS.guest.password, guest.password_hash)).toBe(true);
    expect(await verifyPassword(DEMO_ACCOUNTS.host.password, host.password_hash)).toBe(true);
    const [{ owned }] = await rows<{ owned: number }>(sql`SELECT count(*)::int AS owned FROM estates WHERE host_id = ${host.id}`);
    expect(owned).toBeGreaterThan(50);
    const trips = await rows<{ status: string }>(sql`SELECT status FROM bookings WHERE guest_id = ${guest.id}`);
    expect(trips.map((t) => t.status).sort()).toEqual(["cancelled_by_guest", "completed_no_review", "completed_no_review", "completed_no_review", "completed_with_review", "paid_waiting_checkin", "pending_confirmation"]);
  });

  it("creates the demo operator (and only the demo has one), with its README password", async () => {
    const operators = await rows<{ phone: string; password_hash: string; role: string }>(sql`SELECT phone, password_hash, role FROM users WHERE role = 'operator'`);
    expect(operators.map((o) => o.phone)).toEqual([DEMO_ACCOUNTS.operator.phone]);
    expect(await verifyPassword(DEMO_ACCOUNTS.operator.password, operators[0].password_hash)).toBe(true);
  });

  it("sets the complex price to its cheapest unit", async () => {
    const complexes = await rows<{ id: number; price: number; min: number; units: number }>(
      sql`SELECT p.id, p.price, min(u.price)::int AS min, count(u.id)::int AS units FROM estates p JOIN estates u ON u.parent_id = p.id GROUP BY p.id`,
    );
    expect(complexes.length).toBeGreaterThanOrEqual(5);
    for (const c of complexes) {
      expect(c.price).toBe(c.min);
      expect(c.units).toBeGreaterThanOrEqual(3);
      expect(c.units).toBeLessThanOrEqual(6);
    }
  });

  it("fills the directory in three languages", async () => {
    const [kg] = await rows<{ iso: string; phone_code: string; mask: string }>(sql`SELECT iso, phone_code, mask FROM countries ORDER BY sort_order LIMIT 1`);
    expect(kg).toEqual({ iso: "KG", phone_code: "+996", mask: "### ### ###" });
    const [apartment] = await rows<{ name: Record<string, string> }>(sql`SELECT name FROM estate_types WHERE slug = 'apartment'`);
    expect(apartment.name).toEqual({ ru: "Квартира", en: "Apartment", ky: "Батир" });
    for (const table of ["parameters", "nutrition_types", "cancel_reasons", "estate_subtypes"]) {
      const names = await rows<{ name: Record<string, string> }>(sql`SELECT name FROM ${sql.raw(table)}`);
      expect(names.length).toBeGreaterThan(3);
      for (const { name } of names) for (const l of ["ru", "en", "ky"]) expect(name[l], `${table} ${JSON.stringify(name)}`).toBeTruthy();
    }
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM parameters`);
    expect(n).toBe(20);
  });

  it("does nothing the second time", async () => {
    const before = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM estates`);
    expect(await seedDemoIfEmpty(database.db, { photos: uploadsDir })).toBe(false);
    const after = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM estates`);
    expect(after).toEqual(before);
  });
});

describe("seed helpers", () => {
  it("draws the same numbers from the same seed", () => {
    const a = new Rng("konok");
    const b = new Rng("konok");
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
    expect(new Rng("other").next()).not.toBe(new Rng("konok").next());
  });

  it("ranks well-reviewed and fresh estates higher", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    const old = new Date("2025-01-01T00:00:00Z");
    expect(estateScore(4.9, 30, old, now)).toBeGreaterThan(estateScore(3.5, 30, old, now));
    expect(estateScore(4.5, 10, now, now)).toBeGreaterThan(estateScore(4.5, 10, old, now));
    expect(estateScore(5, 1, old, now)).toBeLessThan(estateScore(4.8, 40, old, now));
  });
});

describe("password hashing", () => {
  it("round-trips and refuses a wrong password", async () => {
    const stored = await hashPassword("konok-secret-1");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("konok-secret-1", stored)).toBe(true);
    expect(await verifyPassword("konok-secret-2", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts every hash and rejects malformed stored values", async () => {
    const [a, b] = await Promise.all([hashPassword("same"), hashPassword("same")]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same", "not-a-hash")).toBe(false);
    expect(await verifyPassword("same", "scrypt$99999999$8$1$AAAA$BBBB")).toBe(false);
    expect(await verifyPassword("same", a.replace(/\$[^$]+$/, "$AAAA"))).toBe(false);
  });
});
