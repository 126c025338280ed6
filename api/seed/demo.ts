/**
 * The demo content an empty database gets at start: the directory, demo accounts, 300+ published
 * estates across Kyrgyzstan with photos, prices, bookings and reviews. Idempotent: it runs only
 * while there are no estates, inside one transaction holding an advisory lock, so two processes
 * starting on one PostgreSQL database cannot both seed. The directory may already be there: every
 * start puts it into an empty database, demo or not (seedDirectoryIfEmpty).
 */
import { sql } from "drizzle-orm";
import { dayIndex, todayInBishkek } from "../../contract/dates";
import type { Db } from "../db/client";
import { hashPassword } from "../lib/password";
import { insertDirectory, loadDirectoryIds } from "./directory";
import {
  addBooking,
  DEMO_DENSITY,
  finalizeRatings,
  freeSlot,
  generateComplex,
  generateListing,
  insertBatch,
  isoAt,
  pickPlaceAndType,
  SeedBatch,
  type EstateNode,
  type GenContext,
  type GuestRef,
} from "./estates";
import type { PhotoStorage } from "../services/listing/photo-storage";
import { ensurePhotoPool } from "./photos";
import { placeBySlug } from "./places";
import { Rng } from "./rng";
import type { SeedDb } from "./sql";
import { personAt } from "./texts";
import { insertUsers, seedReferralCode, type UserSeed } from "./users";
import { users } from "../db/schema";

/** Sign-in details of the demo accounts (README, tests, e2e). Phones are country code + number, digits only. */
export const DEMO_ACCOUNTS = {
  guest: { phone: "996700000001", password: "konok-guest-2026", firstName: "Айгерим", lastName: "Токтосунова", mode: "guest" },
  host: { phone: "996700000002", password: "konok-host-2026", firstName: "Бакыт", lastName: "Асанов", mode: "host" },
  /** The demo's operator (issue 31): only the demo has one; a real site makes its own with `npm run operator`. */
  operator: { phone: "996700000003", password: "konok-operator-2026", firstName: "Нурлан", lastName: "Оператор", mode: "guest" },
} as const;

/** Plain (non-complex) demo listings; the complexes and their units come on top. */
export const DEMO_LISTINGS = 310;

/** The complexes of the demo: sanatoriums and resorts on Issyk-Kul and in the mountains. */
const DEMO_COMPLEXES: { place: string; type: "sanatorium" | "resort"; units: number }[] = [
  { place: "cholpon-ata", type: "sanatorium", units: 5 },
  { place: "bosteri", type: "resort", units: 6 },
  { place: "jeti-oguz", type: "sanatorium", units: 4 },
  { place: "cholpon-ata", type: "resort", units: 4 },
  { place: "tamchy", type: "resort", units: 3 },
  { place: "tamchy", type: "sanatorium", units: 3 },
  { place: "bosteri", type: "sanatorium", units: 5 },
  { place: "ala-archa", type: "resort", units: 4 },
  { place: "karakol", type: "resort", units: 3 },
];

const GENERATED_HOSTS = 12;
const GENERATED_GUESTS = 60;
/** Every fourth plain listing (and the first two complexes) belongs to the demo host. */
const DEMO_HOST_SHARE = 4;
const LOCK_KEY = 731_957_001;

/** Where the demo photos go: the photo storage, or an uploads folder by its path. */
export type DemoSeedOptions = { photos: PhotoStorage | string; log?: (line: string) => void };

async function hasEstates(db: SeedDb): Promise<boolean> {
  const result = await db.execute(sql`SELECT EXISTS (SELECT 1 FROM estates) AS seeded`);
  return Boolean((result.rows[0] as { seeded: boolean } | undefined)?.seeded);
}

async function hasDirectory(db: SeedDb): Promise<boolean> {
  const result = await db.execute(sql`SELECT EXISTS (SELECT 1 FROM estate_types) AS seeded`);
  return Boolean((result.rows[0] as { seeded: boolean } | undefined)?.seeded);
}

export async function seedDemoIfEmpty(db: Db, opts: DemoSeedOptions): Promise<boolean> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  if (await hasEstates(db)) {
    // Already seeded. Redraw demo photos only if their files went missing (a fresh uploads folder or bucket).
    const pool = await ensurePhotoPool(opts.photos, { log });
    if (pool.generated) log(`seed: redrew ${pool.generated} missing demo photos in ${pool.ms} ms`);
    return false;
  }
  const pool = await ensurePhotoPool(opts.photos, { log });
  if (pool.generated) log(`seed: ${pool.generated} demo photos drawn in ${pool.ms} ms`);
  const [guestHash, hostHash, operatorHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.guest.password),
    hashPassword(DEMO_ACCOUNTS.host.password),
    hashPassword(DEMO_ACCOUNTS.operator.password),
  ]);

  const stats = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
    if (await hasEstates(tx)) return null;
    return seedDemo(tx, { guestHash, hostHash, operatorHash });
  });
  if (!stats) return false;
  // PGlite never vacuums or analyzes on its own: give the planner statistics, and mark pages all-visible.
  await db.execute(sql`VACUUM ANALYZE`);
  log(
    `seed: demo data ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${stats.listings} estates (${stats.units} of them units of ${stats.complexes} complexes), ` +
      `${stats.photos} photos, ${stats.bookings} bookings, ${stats.reviews} reviews. Demo guest ${DEMO_ACCOUNTS.guest.phone} / ${DEMO_ACCOUNTS.guest.password}, ` +
      `demo host ${DEMO_ACCOUNTS.host.phone} / ${DEMO_ACCOUNTS.host.password}, demo operator ${DEMO_ACCOUNTS.operator.phone} / ${DEMO_ACCOUNTS.operator.password}`,
  );
  return true;
}

async function seedDemo(db: SeedDb, hashes: { guestHash: string; hostHash: string; operatorHash: string }) {
  const now = new Date();
  const today = dayIndex(todayInBishkek(now));
  const root = new Rng("konok-demo-2026");
  const dir = (await hasDirectory(db)) ? await loadDirectoryIds(db) : await insertDirectory(db, now);

  // Accounts: the two demo ones first, then hosts and guests with names typical for Kyrgyzstan.
  const people = root.fork("people");
  const accountDay = (days: number) => isoAt(today - days, 10);
  const hosts: UserSeed[] = Array.from({ length: GENERATED_HOSTS }, (_, i) => {
    const p = personAt(i < 6 ? i * 10 : i * 10 + 3, (n) => people.int(0, n - 1));
    return { phone: `9967001000${String(i + 1).padStart(2, "0")}`, passwordHash: null, mode: "host", locale: p.locale === "en" ? "ru" : p.locale, firstName: p.first, lastName: p.last, createdAt: accountDay(people.int(400, 900)) };
  });
  const guests: UserSeed[] = Array.from({ length: GENERATED_GUESTS }, (_, i) => {
    const p = personAt(i, (n) => people.int(0, n - 1));
    return { phone: `9967002000${String(i + 1).padStart(2, "0")}`, passwordHash: null, mode: "guest", locale: p.locale, firstName: p.first, lastName: p.last, createdAt: accountDay(people.int(200, 1000)) };
  });
  const demo: UserSeed[] = [
    { phone: DEMO_ACCOUNTS.guest.phone, passwordHash: hashes.guestHash, mode: "guest", locale: "ru", firstName: DEMO_ACCOUNTS.guest.firstName, lastName: DEMO_ACCOUNTS.guest.lastName, createdAt: accountDay(120) },
    { phone: DEMO_ACCOUNTS.host.phone, passwordHash: hashes.hostHash, mode: "host", locale: "ru", firstName: DEMO_ACCOUNTS.host.firstName, lastName: DEMO_ACCOUNTS.host.lastName, createdAt: accountDay(800) },
  ];
  const ids = await insertUsers(db, [...demo, ...hosts, ...guests]);
  const [demoGuestId, demoHostId] = ids;
  const { phone, firstName, lastName } = DEMO_ACCOUNTS.operator;
  await db.insert(users).values({ phone, passwordHash: hashes.operatorHash, role: "operator", firstName, lastName, referralCode: seedReferralCode(0x7fff_0003), createdAt: new Date(accountDay(400)) });
  const hostIds = ids.slice(2, 2 + GENERATED_HOSTS);
  const guestRefs: GuestRef[] = guests.map((g, i) => ({ id: ids[2 + GENERATED_HOSTS + i], first: g.firstName, last: g.lastName, locale: g.locale }));
  const demoGuest: GuestRef = { id: demoGuestId, first: DEMO_ACCOUNTS.guest.firstName, last: DEMO_ACCOUNTS.guest.lastName, locale: "ru" };

  const gen: GenContext = { dir, now, today, density: DEMO_DENSITY, hostFor: (r) => r.pick(hostIds), guests: guestRefs, usedTitles: new Set() };
  const batch = new SeedBatch();
  const hostListings: EstateNode[] = [];
  DEMO_COMPLEXES.forEach((c, i) => {
    const r = root.fork(`complex-${i}`);
    generateComplex(r, gen, batch, placeBySlug(c.place), c.type, c.units, i < 2 ? demoHostId : gen.hostFor(r));
  });
  for (let i = 0; i < DEMO_LISTINGS; i++) {
    const r = root.fork(`listing-${i}`);
    const { place, type } = pickPlaceAndType(r);
    const mine = i % DEMO_HOST_SHARE === 0;
    const node = generateListing(r, gen, batch, place, type, mine ? demoHostId : gen.hostFor(r));
    if (mine) hostListings.push(node);
  }
  addDemoGuestStays(root.fork("demo-guest"), gen, batch, demoGuest, hostListings);
  finalizeRatings(batch, now);
  const inserted = await insertBatch(db, batch, { history: true, now });
  const complexes = batch.estates.filter((e) => e.units.length).length;
  const units = batch.estates.filter((e) => e.parent).length;
  return { ...inserted, listings: inserted.estates, complexes, units };
}

/**
 * The demo guest's own trips, all at the demo host's listings so both demo accounts see them: one
 * upcoming and paid, one awaiting the host's confirmation, one reviewed, three to review (by
 * either side), one cancelled; and a few favorites.
 */
function addDemoGuestStays(rng: Rng, gen: GenContext, batch: SeedBatch, guest: GuestRef, listings: EstateNode[]) {
  const { today } = gen;
  const instant = listings.filter((e) => e.row.is_instant_confirmation);
  const request = listings.filter((e) => !e.row.is_instant_confirmation);
  const stay = (estate: EstateNode | undefined, from: number, nights: number, status: Parameters<typeof addBooking>[3], direction: 1 | -1, created: number) => {
    if (!estate) return null;
    const n = Math.max(nights, estate.row.min_nights);
    const checkIn = freeSlot(estate, from, n, direction);
    if (direction < 0 && checkIn + n > today - 1) return null;
    return addBooking(batch, estate, guest, status, checkIn, checkIn + n, isoAt(Math.min(created, checkIn - 1), 11), { adults: Math.min(2, estate.row.capacity), children: 0 });
  };
  stay(instant[0], today + 12, 3, "paid_waiting_checkin", 1, today - 5);
  stay(request[0], today + 25, 2, "pending_confirmation", 1, today - 1);
  const reviewed = stay(instant[1] ?? listings[2], today - 48, 4, "completed_with_review", -1, today - 70);
  if (reviewed) {
    reviewed.review = {
      estate: reviewed.estate,
      booking: reviewed,
      guest,
      rating: 5,
      locale: "ru",
      text: "Прекрасное место! Хозяин встретил нас лично, всё показал и посоветовал, куда съездить. Чисто, тепло и очень уютно. Обязательно вернёмся.",
      createdAt: isoAt(reviewed.checkOut + 1, 19),
    };
    batch.reviews.push(reviewed.review);
    reviewed.estate.reviewRatings.push(5);
  }
  stay(listings[3], today - 9, 2, "completed_no_review", -1, today - 30);
  // Two more finished stays nobody has reviewed yet, so both sides' review forms can be tried (issue 32).
  stay(listings[5] ?? listings[0], today - 4, 2, "completed_no_review", -1, today - 20);
  stay(listings[6] ?? listings[1], today - 6, 2, "completed_no_review", -1, today - 25);
  const cancelled = stay(request[1] ?? listings[4], today + 40, 3, "cancelled_by_guest", 1, today - 8);
  if (cancelled) {
    cancelled.cancelReasonId = gen.dir.guestCancelReasonIds[0] ?? null;
    cancelled.refund = 0;
  }
  for (const estate of rng.sample(listings.length > 12 ? listings.slice(4) : listings, 6)) {
    batch.favorites.push({ userId: guest.id, estate, createdAt: isoAt(today - rng.int(1, 60), 20) });
  }
}
