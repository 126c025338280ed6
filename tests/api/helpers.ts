/**
 * A real database per test file (PGlite in memory, or a fresh database on the PostgreSQL server
 * named by TEST_DATABASE_URL), the API over it, and factories that insert exactly the rows a test
 * needs. Tests share a file's database, so each builds its own estates under its own type.
 */
import { afterAll, beforeAll } from "vitest";
import pg from "pg";
import type { Localized } from "../../contract/common";
import { createApi } from "../../api/app";
import { openDatabase, type Database, type Db } from "../../api/db/client";
import { inMemoryDatabase } from "../support/in-memory-database";
import * as schema from "../../api/db/schema";
import type { BookingStatus } from "../../contract/booking-statuses";

export type TestApi = {
  db: Db;
  engine: Database["engine"];
  api: ReturnType<typeof createApi>;
  make: Factory;
  get<T = unknown>(path: string, headers?: Record<string, string>): Promise<ApiResult<T>>;
  /** A body that is a string is sent as is (malformed JSON tests); anything else as JSON. */
  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResult<T>>;
};
export type ApiResult<T> = { status: number; body: T; headers: Headers };

/** Opens the database before the file's tests and drops it after them. */
export function setupTestApi(options: { publicUrl?: string } = {}): TestApi {
  const t = {} as TestApi;
  let database: Database;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const name = `konok_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
      dropDatabase = async () => void (await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      database = await openDatabase({ url: url.toString() });
    } else {
      database = await inMemoryDatabase();
    }
    const api = createApi({ db: database.db, publicUrl: options.publicUrl });
    const call = async <T>(path: string, init: RequestInit): Promise<ApiResult<T>> => {
      const response = await api.fetch(new Request(`http://konok.test${path}`, init));
      return { status: response.status, body: (await response.json()) as T, headers: response.headers };
    };
    Object.assign(t, {
      db: database.db,
      engine: database.engine,
      api,
      make: new Factory(database.db),
      get: (path: string, headers?: Record<string, string>) => call(path, { headers }),
      post: (path: string, body?: unknown, headers?: Record<string, string>) =>
        call(path, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...headers },
          body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
        }),
    });
  });

  afterAll(async () => {
    await database?.close();
    await dropDatabase();
  });

  return t;
}

/** The API's envelope as a test reads it. */
export type Envelope<T> = { success: boolean; data: T; message?: string; errors?: Record<string, string[]> };

/**
 * `call(method, path, token?, body?, locale?)` through the API in process, as JSON, each request
 * from its own address under `ipPrefix` (`10.31.0`) so the per-address limits never join a test's
 * requests together.
 */
export function jsonCaller(t: TestApi, ipPrefix: string) {
  let seq = 0;
  return async function call<T = unknown>(method: string, path: string, token?: string, body?: unknown, locale = "en") {
    const response = await t.api.fetch(
      new Request(`http://konok.test${path}`, {
        method,
        headers: {
          "Content-Type": "application/json",
          "Accept-Language": locale,
          "X-Forwarded-For": `${ipPrefix}.${++seq % 250}`,
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

export const text = (ru: string, en = ru, ky = ru): Localized => ({ ru, en, ky });

type NewEstate = typeof schema.estates.$inferInsert;
/** An estate's columns plus its texts, which live in `estate_texts`. */
type NewEstateWithTexts = NewEstate & Partial<Omit<typeof schema.estateTexts.$inferInsert, "estateId">>;
type Estate = typeof schema.estates.$inferSelect;

/** Inserts rows with sensible defaults; every call makes distinct slugs, phones and codes. */
export class Factory {
  private seq = 0;
  private defaultHost: Promise<typeof schema.users.$inferSelect> | null = null;
  constructor(private readonly db: Db) {}

  private next() {
    return ++this.seq;
  }

  async type(overrides: Partial<typeof schema.estateTypes.$inferInsert> = {}) {
    const n = this.next();
    const [row] = await this.db
      .insert(schema.estateTypes)
      .values({ slug: `type-${n}`, name: text(`Тип ${n}`, `Type ${n}`, `Түр ${n}`), icon: "house", ...overrides })
      .returning();
    return row;
  }

  async subtype(typeId: number, overrides: Partial<typeof schema.estateSubtypes.$inferInsert> = {}) {
    const n = this.next();
    const [row] = await this.db
      .insert(schema.estateSubtypes)
      .values({ typeId, slug: `subtype-${n}`, name: text(`Подтип ${n}`, `Subtype ${n}`, `Подтүр ${n}`), ...overrides })
      .returning();
    return row;
  }

  async user(overrides: Partial<typeof schema.users.$inferInsert> = {}) {
    const n = this.next();
    const [row] = await this.db
      .insert(schema.users)
      .values({ phone: `99670${String(n).padStart(7, "0")}`, firstName: `User${n}`, referralCode: `REF${n}`, ...overrides })
      .returning();
    return row;
  }

  private host() {
    this.defaultHost ??= this.user({ mode: "host", firstName: "Aibek", lastName: "Host" });
    return this.defaultHost;
  }

  /** A published estate in Bishkek sleeping 4 for 3000 som a night, unless told otherwise. */
  async estate(overrides: Partial<NewEstateWithTexts> = {}): Promise<Estate> {
    const n = this.next();
    const typeId = overrides.typeId ?? (await this.type()).id;
    const hostId = overrides.hostId ?? (await this.host()).id;
    const {
      title = text(`Дом ${n}`, `House ${n}`, `Үй ${n}`),
      city = text("Бишкек", "Bishkek", "Бишкек"),
      address = text(`ул. Токтогула ${n}`, `${n} Toktogul St`, `Токтогул көч. ${n}`),
      description = text(`Описание ${n}`, `Description ${n}`, `Сүрөттөмө ${n}`),
      houseRules,
      ...columns
    } = overrides;
    const [row] = await this.db
      .insert(schema.estates)
      .values({
        slug: `estate-${n}`,
        hostId,
        typeId,
        status: "published",
        lat: 42.87,
        lng: 74.59,
        capacity: 4,
        bedCount: 2,
        price: 3000,
        ...columns,
      })
      .returning();
    await this.db.insert(schema.estateTexts).values({ estateId: row.id, title, city, address, description, ...(houseRules ? { houseRules } : {}) });
    return row;
  }

  async photo(estateId: number, overrides: Partial<typeof schema.estatePhotos.$inferInsert> = {}) {
    const n = this.next();
    const [row] = await this.db
      .insert(schema.estatePhotos)
      .values({ estateId, key: `estates/${estateId}/p${n}`, width: 1600, height: 1200, variants: [400, 800, 1200], sortOrder: n, ...overrides })
      .returning();
    return row;
  }

  async booking(estate: Estate, checkIn: string, checkOut: string, status: BookingStatus = "paid_waiting_checkin") {
    const guest = await this.user();
    const nights = Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);
    const [row] = await this.db
      .insert(schema.bookings)
      .values({
        estateId: estate.id,
        guestId: guest.id,
        hostId: estate.hostId,
        checkIn,
        checkOut,
        adultCount: 2,
        status,
        nights,
        totalPrice: estate.price * nights,
        priceLines: [],
      })
      .returning();
    return row;
  }

  async blockedDates(estateId: number, dates: string[]) {
    await this.db.insert(schema.estateBlockedDates).values(dates.map((date) => ({ estateId, date })));
  }

  async prices(estateId: number, prices: Record<string, number>) {
    await this.db.insert(schema.estatePrices).values(Object.entries(prices).map(([date, price]) => ({ estateId, date, price })));
  }

  async review(estateId: number, rating: number, overrides: Partial<typeof schema.reviews.$inferInsert> = {}) {
    const n = this.next();
    const [row] = await this.db
      .insert(schema.reviews)
      .values({ estateId, rating, authorName: `Guest ${n}`, text: `Review ${n}`, ...overrides })
      .returning();
    return row;
  }

  async parameter(overrides: Partial<typeof schema.parameters.$inferInsert> = {}) {
    const n = this.next();
    const [row] = await this.db
      .insert(schema.parameters)
      .values({ slug: `param-${n}`, name: text(`Параметр ${n}`, `Parameter ${n}`, `Параметр ${n} ky`), icon: "wifi", ...overrides })
      .returning();
    return row;
  }

  async nutrition(overrides: Partial<typeof schema.nutritionTypes.$inferInsert> = {}) {
    const n = this.next();
    const [row] = await this.db
      .insert(schema.nutritionTypes)
      .values({ slug: `nutrition-${n}`, name: text(`Питание ${n}`, `Meals ${n}`, `Тамак ${n}`), ...overrides })
      .returning();
    return row;
  }
}

/** `yyyy-mm-dd` some days after a fixed future day, so tests never depend on today. */
export const day = (offset: number) => new Date(Date.UTC(2031, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
