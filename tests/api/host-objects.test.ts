/**
 * The listing wizard's API through the real API and database: the three sequences against SPEC's
 * lists, every step's validation, ownership on every endpoint, photo uploads (a bad or oversized
 * file refused, the rest kept), publishing refused while steps are missing, and publish /
 * unpublish reaching the search at once.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { issueTokens } from "../../api/services/auth/tokens";
import { addDays, todayInBishkek } from "../../contract/dates";
import type { SearchResponse } from "../../contract/estate";
import { SEQUENCES, requiredStepsOf, stepsOf, type Listing } from "../../contract/listing-steps";
import { eq } from "drizzle-orm";
import { estateTypes } from "../../api/db/schema";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "h".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-host-objects-"));
let api: ReturnType<typeof createApi>;
let types: Record<"simple" | "complex" | "complex.simple", number>;
let param: number;

type Res<T = unknown> = { status: number; body: { success: boolean; data: T; message?: string; errors?: Record<string, string[]> } };
async function call<T = unknown>(token: string | null, method: string, url: string, body?: unknown): Promise<Res<T>> {
  const isForm = body instanceof FormData;
  const response = await api.fetch(
    new Request(`http://konok.test${url}`, {
      method,
      headers: { ...(isForm ? {} : { "Content-Type": "application/json" }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, body: text.startsWith("{") ? JSON.parse(text) : { success: false, data: null as T } };
}

async function person(mode: "guest" | "host" = "host") {
  const user = await t.make.user({ mode });
  return { ...user, token: (await issueTokens(t.db, user.id, AUTH)).token };
}

const jpeg = (width = 1600, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

function photosForm(files: { name: string; data: Buffer | Uint8Array; type?: string }[]) {
  const form = new FormData();
  for (const f of files) form.append("photos", new File([new Uint8Array(f.data)], f.name, { type: f.type ?? "image/jpeg" }));
  return form;
}

const today = todayInBishkek();
const ANSWERS: Record<string, (kind: keyof typeof types) => unknown> = {
  type: (kind) => ({ typeId: types[kind] }),
  title: () => ({ title_ru: "Дом у озера Тест", title_en: "", title_ky: "" }),
  address: () => ({ place: "bishkek", street: "ул. Токтогула", house: "12" }),
  capacity: () => ({ guests: 4, bedrooms: 2, beds: 2, baths: 1 }),
  description: () => ({ description_en: "A quiet house with a garden and a view of the mountains." }),
  parameters: () => ({ parameterIds: [param], nutritionIds: [] }),
  complex_parameters: () => ({ parameterIds: [] }),
  price: () => ({ price: 4200, minNights: 1, maxNights: 30 }),
  house_rules: () => ({ checkInFrom: "14:00", checkInUntil: "22:00", checkOutFrom: "07:00", checkOutUntil: "12:00", pets: true }),
  booking_rules: () => ({ confirmation: "instant", cancellation: "flexible" }),
  start: () => ({ availableFrom: addDays(today, 1) }),
  cooperation_format: () => ({ format: "early_payout" }),
  landlord_data: () => ({ landlordKind: "individual", legalName: "Айбек Асанов", taxId: "12345678901234", payoutAccount: "4169 5851 0000 1234" }),
};

/** Creates a listing of a kind and walks every step of its sequence; answers its id. */
async function walk(token: string, kind: keyof typeof types, parentId?: number, title = "Дом у озера Тест"): Promise<Listing> {
  const created = await call<{ object: Listing }>(token, "POST", "/api/v1/host/objects", { kind, parentId });
  expect(created.status).toBe(201);
  const id = created.body.data.object.id;
  const photo = await call(token, "POST", `/api/v1/host/objects/${id}/photos`, photosForm([{ name: "a.jpg", data: await jpeg() }]));
  expect(photo.status).toBe(200);
  let last: Listing = created.body.data.object;
  for (const step of stepsOf(kind)) {
    if (step === "photo" || step === "congrats" || step === "preview") continue;
    const body = step === "title" ? { title_ru: title } : (ANSWERS[step]?.(kind) ?? {});
    const saved = await call<{ object: Listing }>(token, "PUT", `/api/v1/host/objects/${id}/steps/${step}`, body);
    expect(saved.status, `${kind} ${step}: ${saved.body.message}`).toBe(200);
    last = saved.body.data.object;
  }
  return last;
}

const search = async (location: string) => {
  const r = await t.post<{ data: SearchResponse }>("/api/v1/guest/estate", { location });
  expect(r.status).toBe(200);
  return r.body.data.estates.map((e) => e.id);
};

beforeAll(async () => {
  api = createApi({ db: t.db, auth: AUTH, uploadsDir });
  types = {
    simple: (await t.make.type({ kind: "simple", sortOrder: 1 })).id,
    complex: (await t.make.type({ kind: "complex", sortOrder: 2 })).id,
    "complex.simple": (await t.make.type({ kind: "complex.simple", sortOrder: 3 })).id,
  };
  param = (await t.make.parameter()).id;
});

describe("the sequences module", () => {
  it("matches SPEC's three lists: intros, sections, congrats", () => {
    expect(stepsOf("simple")).toEqual([
      "intro1", "intro2", "type", "title", "address", "capacity",
      "intro3", "photo", "description", "parameters", "complex_parameters",
      "intro4", "price", "house_rules", "booking_rules", "start",
      "intro5", "cooperation_format", "landlord_data", "preview", "congrats",
    ]);
    expect(stepsOf("complex")).toEqual(stepsOf("simple").filter((s) => s !== "capacity" && s !== "price"));
    expect(stepsOf("complex.simple")).toEqual([
      "intro1", "intro2", "type", "title", "capacity", "intro3", "photo", "description", "parameters", "intro4", "price", "intro5", "preview", "congrats",
    ]);
    for (const kind of ["simple", "complex", "complex.simple"] as const) {
      expect(SEQUENCES[kind]).toHaveLength(4);
      expect(SEQUENCES[kind].map((s) => s[0])).toEqual(["intro1", "intro3", "intro4", "intro5"]);
      expect(requiredStepsOf(kind)).not.toContain("preview");
    }
  });
});

describe("ownership", () => {
  it("another host, a guest and a visitor get 404, 409 (guest mode, decision 0038) or 401 on every endpoint", async () => {
    const host = await person();
    const other = await person();
    const guest = await person("guest");
    const draft = (await call<{ object: Listing }>(host.token, "POST", "/api/v1/host/objects", { kind: "simple" })).body.data.object;
    const photo = await call<{ object: Listing }>(host.token, "POST", `/api/v1/host/objects/${draft.id}/photos`, photosForm([{ name: "a.jpg", data: await jpeg() }]));
    const photoId = photo.body.data.object.photos[0].id;
    const endpoints: [string, string, unknown?][] = [
      ["GET", `/api/v1/host/objects/${draft.id}`],
      ["GET", `/api/v1/host/objects/${draft.id}/preview`],
      ["PUT", `/api/v1/host/objects/${draft.id}/steps/title`, { title_ru: "Чужой заголовок" }],
      ["POST", `/api/v1/host/objects/${draft.id}/photos/${photoId}/move`, { to: "cover" }],
      ["DELETE", `/api/v1/host/objects/${draft.id}/photos/${photoId}`],
      ["POST", `/api/v1/host/objects/${draft.id}/publish`],
      ["POST", `/api/v1/host/objects/${draft.id}/unpublish`],
      ["POST", `/api/v1/host/objects/${draft.id}/duplicate`],
      ["DELETE", `/api/v1/host/objects/${draft.id}`],
    ];
    for (const [method, url, body] of endpoints) {
      expect((await call(other.token, method, url, body)).status, `${method} ${url} as another host`).toBe(404);
      const asGuest = await call(guest.token, method, url, body);
      expect(asGuest.status, `${method} ${url} as a guest`).toBe(409);
      expect(asGuest.body.errors?.mode).toHaveLength(1);
      expect((await call(null, method, url, body)).status, `${method} ${url} as a visitor`).toBe(401);
    }
    const upload = photosForm([{ name: "b.jpg", data: await jpeg() }]);
    expect((await call(other.token, "POST", `/api/v1/host/objects/${draft.id}/photos`, upload)).status).toBe(404);
    expect((await call(null, "GET", "/api/v1/host/objects")).status).toBe(401);
    expect((await call(null, "POST", "/api/v1/host/objects", { kind: "simple" })).status).toBe(401);
    const theirs = await call<{ drafts: Listing[] }>(other.token, "GET", "/api/v1/host/objects");
    expect(theirs.body.data.drafts.map((d) => d.id)).not.toContain(draft.id);
    // Nothing changed for the owner.
    const mine = await call<{ object: Listing }>(host.token, "GET", `/api/v1/host/objects/${draft.id}`);
    expect(mine.body.data.object.photos).toHaveLength(1);
    expect(mine.body.data.object.values.title).toBeUndefined();
    // A unit cannot be attached to someone else's complex.
    const complex = (await call<{ object: Listing }>(host.token, "POST", "/api/v1/host/objects", { kind: "complex" })).body.data.object;
    expect((await call(other.token, "POST", "/api/v1/host/objects", { kind: "complex.simple", parentId: complex.id })).status).toBe(404);
  });
});

describe("validation of every step", () => {
  const bad: Record<string, [unknown, string][]> = {
    type: [[{}, "typeId"], [{ typeId: 999999 }, "typeId"]],
    title: [[{ title_ru: "", title_en: "", title_ky: "" }, "title_en"], [{ title_en: "abc" }, "title_en"], [{ title_ru: "x".repeat(121) }, "title_ru"]],
    address: [[{ place: "atlantis", street: "Main", house: "1" }, "place"], [{ place: "bishkek", street: "", house: "1" }, "street"], [{ place: "bishkek", street: "Main", house: "1", lat: 10, lng: 74 }, "lat"], [{ place: "Toktogul", street: "Main", house: "1", lat: 43.24, lng: 76.89 }, "lat"], [{ place: "Toktogul", street: "Main", house: "1", lat: 41.87 }, "lng"]],
    capacity: [[{ guests: 0, bedrooms: 1, beds: 1, baths: 1 }, "guests"], [{ guests: 20, bedrooms: 1, beds: 1, baths: 1 }, "beds"], [{ guests: 2, bedrooms: 1, beds: 1.5, baths: 1 }, "beds"]],
    description: [[{}, "description_en"], [{ description_ky: "коротко" }, "description_ky"]],
    parameters: [[{ parameterIds: [999999] }, "parameterIds"]],
    price: [[{ price: 100, minNights: 1, maxNights: 2 }, "price"], [{ price: 200000, minNights: 1, maxNights: 2 }, "price"], [{ price: 1000, minNights: 5, maxNights: 2 }, "maxNights"]],
    house_rules: [[{ checkInFrom: "25:00", checkInUntil: "22:00", checkOutFrom: "07:00", checkOutUntil: "12:00" }, "checkInFrom"], [{ checkInFrom: "20:00", checkInUntil: "14:00", checkOutFrom: "07:00", checkOutUntil: "12:00" }, "checkInUntil"], [{ checkInFrom: "14:00", checkInUntil: "22:00", checkOutFrom: "07:00", checkOutUntil: "12:00", quietFrom: "23:00" }, "quietUntil"], [{ checkInFrom: "14:00", checkInUntil: "22:00", checkOutFrom: "07:00", checkOutUntil: "12:00", quietFrom: "06:00", quietUntil: "06:00" }, "quietUntil"]],
    booking_rules: [[{ confirmation: "maybe", cancellation: "flexible" }, "confirmation"], [{ confirmation: "instant" }, "cancellation"]],
    start: [[{ availableFrom: "2020-01-01" }, "availableFrom"], [{ availableFrom: "2031-02-30" }, "availableFrom"]],
    cooperation_format: [[{ format: "free" }, "format"]],
    landlord_data: [[{ landlordKind: "individual", legalName: "Ай", taxId: "123", payoutAccount: "4169585100001234" }, "taxId"], [{ landlordKind: "individual", legalName: "Айбек", taxId: "12345678901234", payoutAccount: "12" }, "payoutAccount"], [{ landlordKind: "ngo", legalName: "Айбек", taxId: "12345678901234", payoutAccount: "4169585100001234" }, "landlordKind"], [{ landlordKind: "individual", legalName: "Айбек", taxId: "", payoutAccount: "4169585100001234" }, "taxId"]],
  };

  it("refuses bad input with a message next to the field, in the request's language, and saves nothing", async () => {
    const host = await person();
    const id = (await call<{ object: Listing }>(host.token, "POST", "/api/v1/host/objects", { kind: "simple" })).body.data.object.id;
    for (const [step, cases] of Object.entries(bad)) {
      for (const [body, field] of cases) {
        const r = await call(host.token, "PUT", `/api/v1/host/objects/${id}/steps/${step}?locale=en`, body);
        expect(r.status, `${step} ${JSON.stringify(body)}`).toBe(422);
        expect(Object.keys(r.body.errors ?? {}), `${step} ${JSON.stringify(body)}`).toContain(field);
      }
    }
    const ky = await call(host.token, "PUT", `/api/v1/host/objects/${id}/steps/price?locale=ky`, { price: 100, minNights: 1, maxNights: 2 });
    expect(ky.body.errors?.price?.[0]).toBe("Кеминде 300");
    const photoStep = await call(host.token, "PUT", `/api/v1/host/objects/${id}/steps/photo`, {});
    expect(photoStep.status).toBe(422);
    const fresh = await call<{ object: Listing }>(host.token, "GET", `/api/v1/host/objects/${id}`);
    expect(fresh.body.data.object.steps.filter((s) => s.done)).toEqual([]);
    // A step another kind has is not this one's.
    const unit = await call(host.token, "PUT", `/api/v1/host/objects/${id}/steps/nonsense`, {});
    expect(unit.status).toBe(404);
  });

  it("a subtype of another type is refused by name (issue 27), one of the chosen type is saved", async () => {
    const host = await person();
    const id = (await call<{ object: Listing }>(host.token, "POST", "/api/v1/host/objects", { kind: "simple" })).body.data.object.id;
    const other = await t.make.type({ kind: "simple", name: { ru: "Юрта", en: "Yurt", ky: "Боз үй" } });
    const ofOther = await t.make.subtype(other.id, { name: { ru: "Гостевая юрта", en: "Guest yurt", ky: "Конок боз үйү" } });
    const own = await t.make.subtype(types.simple);
    const [ownType] = await t.db.select().from(estateTypes).where(eq(estateTypes.id, types.simple));
    for (const locale of ["ru", "en", "ky"] as const) {
      const r = await call(host.token, "PUT", `/api/v1/host/objects/${id}/steps/type?locale=${locale}`, { typeId: types.simple, subtypeId: ofOther.id });
      expect(r.status).toBe(422);
      const expected = { ru: `Подтип «Гостевая юрта» не относится к типу «${ownType.name.ru}»`, en: `The subtype “Guest yurt” does not belong to the type “${ownType.name.en}”`, ky: `«Конок боз үйү» түрчөсү «${ownType.name.ky}» түрүнө кирбейт` }[locale];
      expect(r.body.errors).toEqual({ subtypeId: [expected] });
    }
    expect((await call(host.token, "PUT", `/api/v1/host/objects/${id}/steps/type`, { typeId: types.simple, subtypeId: own.id })).status).toBe(200);
  });

  it("keeps what was saved: reopening a step shows its values, landlord details masked", async () => {
    const host = await person();
    const id = (await call<{ object: Listing }>(host.token, "POST", "/api/v1/host/objects", { kind: "simple" })).body.data.object.id;
    await call(host.token, "PUT", `/api/v1/host/objects/${id}/steps/landlord_data`, ANSWERS.landlord_data("simple"));
    await call(host.token, "PUT", `/api/v1/host/objects/${id}/steps/price`, { price: 5000, weekendPrice: 6000, minNights: 2, maxNights: 14 });
    const r = await call<{ object: Listing }>(host.token, "GET", `/api/v1/host/objects/${id}`);
    expect(r.body.data.object.values.price).toEqual({ price: 5000, weekendPrice: 6000, minNights: 2, maxNights: 14 });
    expect(r.body.data.object.values.landlord_data?.payoutAccount).toBe("••••••••••••1234");
    expect(JSON.stringify(r.body.data.object)).not.toContain("12345678901234");
    expect(r.body.data.object.resumeStep).toBe("intro1");
    // Saved again with the masked fields left empty (issue 27): the stored numbers stay, the name changes.
    const again = await call<{ object: Listing }>(host.token, "PUT", `/api/v1/host/objects/${id}/steps/landlord_data`, { landlordKind: "company", legalName: "ОсОО Айбек", taxId: "", payoutAccount: "" });
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data.object.values.landlord_data).toMatchObject({ landlordKind: "company", legalName: "ОсОО Айбек", taxId: "••••••••••1234", payoutAccount: "••••••••••••1234" });
    const changed = await call<{ object: Listing }>(host.token, "PUT", `/api/v1/host/objects/${id}/steps/landlord_data`, { landlordKind: "company", legalName: "ОсОО Айбек", payoutAccount: "1234 5678 9012 3456 78" });
    expect(changed.body.data.object.values.landlord_data).toMatchObject({ taxId: "••••••••••1234", payoutAccount: "••••••••••••5678" });
  });
});

describe("photos", () => {
  it("stores WebP variants without metadata, refuses a renamed file and an oversized one, keeps the rest", async () => {
    const host = await person();
    const id = (await call<{ object: Listing }>(host.token, "POST", "/api/v1/host/objects", { kind: "simple" })).body.data.object.id;
    // Exactly the smallest size taken (PHOTO_MIN_SIDES), and one as small as issue 27's.
    const png = await sharp({ create: { width: 1024, height: 683, channels: 3, background: "#a33" } }).png().toBuffer();
    const tiny = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#3a3" } }).png().toBuffer();
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    big.set(await jpeg(), 0);
    const r = await call<{ object: Listing; rejected: { name: string; message: string }[] }>(
      host.token,
      "POST",
      `/api/v1/host/objects/${id}/photos?locale=en`,
      photosForm([
        { name: "camera.jpg", data: await jpeg() },
        { name: "notes.jpg", data: Buffer.from("%PDF-1.4 not a photo") },
        { name: "huge.jpg", data: big },
        { name: "screen.png", data: png, type: "image/png" },
        { name: "thumb.png", data: tiny, type: "image/png" },
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.rejected).toEqual([
      { name: "notes.jpg", message: "This is not a JPEG, PNG, WebP or HEIC photo" },
      { name: "huge.jpg", message: "The file is over 20 MB" },
      { name: "thumb.png", message: "The photo is too small (300 × 200): it needs at least 1024 × 683 pixels, or it looks blurred on the listing's page" },
    ]);
    const photos = r.body.data.object.photos;
    expect(photos).toHaveLength(2);
    // The JPEG said "rotate 90°": stored upright, 1000 wide and 1600 high.
    expect([photos[0].width, photos[0].height]).toEqual([1000, 1600]);
    const file = path.join(uploadsDir, photos[0].url.replace(/^\/uploads\//, ""));
    const meta = await sharp(fs.readFileSync(file)).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(photos[0].srcset).toContain("400w");

    // The second becomes the cover, then moves back down; deleting removes its files.
    const cover = await call<{ object: Listing }>(host.token, "POST", `/api/v1/host/objects/${id}/photos/${photos[1].id}/move`, { to: "cover" });
    expect(cover.body.data.object.photos.map((p) => p.id)).toEqual([photos[1].id, photos[0].id]);
    const down = await call<{ object: Listing }>(host.token, "POST", `/api/v1/host/objects/${id}/photos/${photos[1].id}/move`, { to: "down" });
    expect(down.body.data.object.photos.map((p) => p.id)).toEqual([photos[0].id, photos[1].id]);
    // Drag and drop sends a position (from 0); past the end means last; outside 0–49 is refused.
    const moveTo = (photoId: number, to: unknown) => call<{ object: Listing }>(host.token, "POST", `/api/v1/host/objects/${id}/photos/${photoId}/move`, { to });
    expect((await moveTo(photos[1].id, 0)).body.data.object.photos.map((p) => p.id)).toEqual([photos[1].id, photos[0].id]);
    expect((await moveTo(photos[1].id, 7)).body.data.object.photos.map((p) => p.id)).toEqual([photos[0].id, photos[1].id]);
    for (const bad of [-1, 50, 1.5, "2"]) expect((await moveTo(photos[1].id, bad)).status, String(bad)).toBe(422);
    const removed = await call<{ object: Listing }>(host.token, "DELETE", `/api/v1/host/objects/${id}/photos/${photos[0].id}`);
    expect(removed.body.data.object.photos.map((p) => p.id)).toEqual([photos[1].id]);
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe("publishing", () => {
  it("is refused with the unfinished required steps", async () => {
    const host = await person();
    const id = (await call<{ object: Listing }>(host.token, "POST", "/api/v1/host/objects", { kind: "simple" })).body.data.object.id;
    await call(host.token, "PUT", `/api/v1/host/objects/${id}/steps/title`, { title_ru: "Незаконченный дом" });
    const r = await call(host.token, "POST", `/api/v1/host/objects/${id}/publish?locale=en`);
    expect(r.status).toBe(422);
    expect(r.body.errors?.steps).toEqual(requiredStepsOf("simple").filter((s) => s !== "title"));
    expect(r.body.message).toMatch(/^To publish, finish these steps: Type of place, Address/);
  });

  it("a published listing is found by the next search, an unpublished one is gone", async () => {
    const host = await person();
    const listing = await walk(host.token, "simple", undefined, "Зелёная усадьба Кобальт");
    expect(listing.missing).toEqual([]);
    expect(await search("Кобальт")).toEqual([]);
    const published = await call<{ object: Listing }>(host.token, "POST", `/api/v1/host/objects/${listing.id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.data.object.status).toBe("published");
    expect(await search("Кобальт")).toEqual([listing.id]);
    const detail = await t.get<{ data: { estate: { title: string; price: number; houseRules: string } } }>(`/api/v1/guest/estate/${published.body.data.object.slug}?locale=en`);
    expect(detail.body.data.estate.title).toBe("Зелёная усадьба Кобальт");
    expect(detail.body.data.estate.price).toBe(4200);
    expect(detail.body.data.estate.houseRules).toContain("Pets allowed.");
    await call(host.token, "POST", `/api/v1/host/objects/${listing.id}/unpublish`);
    expect(await search("Кобальт")).toEqual([]);
    const list = await call<{ unpublished: Listing[] }>(host.token, "GET", "/api/v1/host/objects");
    expect(list.body.data.unpublished.map((l) => l.id)).toContain(listing.id);
    // Only drafts can be deleted; a duplicate is a new draft with the same answers.
    expect((await call(host.token, "DELETE", `/api/v1/host/objects/${listing.id}`)).status).toBe(409);
    const copy = await call<{ object: Listing }>(host.token, "POST", `/api/v1/host/objects/${listing.id}/duplicate`);
    expect(copy.body.data.object.status).toBe("draft");
    expect(copy.body.data.object.photos).toHaveLength(1);
    expect(copy.body.data.object.values.price).toEqual(listing.values.price);
    expect((await call(host.token, "DELETE", `/api/v1/host/objects/${copy.body.data.object.id}`)).status).toBe(200);
    expect((await call(host.token, "GET", `/api/v1/host/objects/${copy.body.data.object.id}`)).status).toBe(404);
  });

  it("a settlement of any name (issue 27) is saved as typed with its point, and a search by that name finds the listing", async () => {
    const host = await person();
    const listing = await walk(host.token, "simple", undefined, "Юрта у берега Ыссык-Куля");
    const address = `/api/v1/host/objects/${listing.id}/steps/address`;
    // A name the list does not know needs its point; a point outside the country is refused.
    const noPoint = await call(host.token, "PUT", `${address}?locale=en`, { place: "Кажы-Сай", street: "ул. Озёрная", house: "7" });
    expect(noPoint.body.errors).toEqual({ place: ["We do not know where Кажы-Сай is yet: put the pin on the map or type the coordinates"] });
    const almaty = await call(host.token, "PUT", address, { place: "Кажы-Сай", street: "ул. Озёрная", house: "7", lat: 43.24, lng: 76.89 });
    expect(Object.keys(almaty.body.errors ?? {})).toEqual(["lat"]);
    const saved = await call<{ object: Listing }>(host.token, "PUT", address, { place: "  Кажы-Сай ", street: "ул. Озёрная", house: "7", lat: 42.1432, lng: 77.1805 });
    expect(saved.status).toBe(200);
    expect(saved.body.data.object.values.address).toEqual({ place: "Кажы-Сай", street: "ул. Озёрная", house: "7", lat: 42.1432, lng: 77.1805 });
    await call(host.token, "POST", `/api/v1/host/objects/${listing.id}/publish`);
    expect(await search("Кажы-Сай")).toContain(listing.id);
    const detail = await t.get<{ data: { estate: { city: string; lat: number; lng: number } } }>(`/api/v1/guest/estate/${listing.id}?locale=en`);
    expect(detail.body.data.estate).toMatchObject({ city: "Кажы-Сай", lat: 42.1432, lng: 77.1805 });
    // A town the list knows, typed in any of its languages, keeps its names and its centre.
    const karakol = await call<{ object: Listing }>(host.token, "PUT", address, { place: "каракол", street: "ул. Озёрная", house: "7" });
    expect(karakol.body.data.object.values.address?.place).toBe("karakol");
  });

  it("a complex is found only with a published unit, from its cheapest unit's price", async () => {
    const host = await person();
    const complex = await walk(host.token, "complex", undefined, "Курорт Аквамарин Тест");
    const early = await call(host.token, "POST", "/api/v1/host/objects", { kind: "complex.simple", parentId: complex.id });
    const earlyId = (early.body.data as { object: Listing }).object.id;
    expect((await call(host.token, "POST", `/api/v1/host/objects/${complex.id}/publish`)).status).toBe(200);
    // Published without a unit: nothing to book or price, so no search shows it, even from 0 som (decision 0037).
    const anyPrice = async () => {
      const r = await t.post<{ data: SearchResponse }>("/api/v1/guest/estate", { location: "Аквамарин", priceFrom: 0 });
      return r.body.data.estates.map((e) => [e.id, e.price]);
    };
    expect(await anyPrice()).toEqual([]);
    const unit = await walk(host.token, "complex.simple", complex.id, "Номер люкс Аквамарин");
    expect(unit.parentTitle).toBe("Курорт Аквамарин Тест");
    expect(await anyPrice()).toEqual([]);
    expect((await call(host.token, "POST", `/api/v1/host/objects/${unit.id}/publish`)).status).toBe(200);
    expect(await search("Аквамарин")).toEqual([complex.id]);
    // Listed from its cheapest published unit's price.
    expect(await anyPrice()).toEqual([[complex.id, 4200]]);
    const detail = await t.get<{ data: { estate: { price: number; children: { id: number }[] } } }>(`/api/v1/guest/estate/${complex.id}`);
    expect(detail.body.data.estate.price).toBe(4200);
    expect(detail.body.data.estate.children.map((c) => c.id)).toEqual([unit.id]);
    expect(earlyId).toBeGreaterThan(0);
    // A cheaper unit lowers the complex's price; the last unit taken down takes the complex out of the search.
    const cheap = await walk(host.token, "complex.simple", complex.id, "Номер эконом Аквамарин");
    expect((await call(host.token, "PUT", `/api/v1/host/objects/${cheap.id}/steps/price`, { price: 1500, minNights: 1, maxNights: 30 })).status).toBe(200);
    expect((await call(host.token, "POST", `/api/v1/host/objects/${cheap.id}/publish`)).status).toBe(200);
    expect(await anyPrice()).toEqual([[complex.id, 1500]]);
    expect((await call(host.token, "POST", `/api/v1/host/objects/${cheap.id}/unpublish`)).status).toBe(200);
    expect(await anyPrice()).toEqual([[complex.id, 4200]]);
    expect((await call(host.token, "POST", `/api/v1/host/objects/${unit.id}/unpublish`)).status).toBe(200);
    expect(await anyPrice()).toEqual([]);
  });
});

describe("GET /api/v1/host/objects/search (issue 27: a host with many listings finds one)", () => {
  type Page = { items: Listing[]; page: number; perPage: number; total: number; lastPage: number; counts: Record<string, number> };
  it("pages the host's own listings, finds them by a word of the title (any case) or the number, filters by status and kind", async () => {
    const host = await person();
    const other = await person();
    const made: number[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await call<{ object: Listing }>(host.token, "POST", "/api/v1/host/objects", { kind: "simple" });
      const id = created.body.data.object.id;
      made.push(id);
      const title = i === 2 ? "Юрта Сусамыр" : `Квартира номер ${i} 50%_off`;
      expect((await call(host.token, "PUT", `/api/v1/host/objects/${id}/steps/title`, { title_ru: title })).status).toBe(200);
    }
    const complex = (await call<{ object: Listing }>(host.token, "POST", "/api/v1/host/objects", { kind: "complex" })).body.data.object;
    const theirs = (await call<{ object: Listing }>(other.token, "POST", "/api/v1/host/objects", { kind: "simple" })).body.data.object;
    await call(other.token, "PUT", `/api/v1/host/objects/${theirs.id}/steps/title`, { title_ru: "Юрта Сусамыр другого" });
    const published = await walk(host.token, "simple", undefined, "Дом Сусамыр у реки");
    expect((await call(host.token, "POST", `/api/v1/host/objects/${published.id}/publish`)).status).toBe(200);

    const get = async (query: string) => {
      const r = await call<Page>(host.token, "GET", `/api/v1/host/objects/search${query}`);
      expect(r.status, r.body.message).toBe(200);
      return r.body.data;
    };
    const all = await get("?perPage=3");
    expect(all.total).toBe(7);
    expect(all.counts).toEqual({ all: 7, draft: 6, published: 1, unpublished: 0 });
    expect(all.lastPage).toBe(3);
    // Newest change first, three a page, every listing once.
    expect(all.items.map((l) => l.id)).toEqual([published.id, complex.id, made[4]]);
    const pages = [...all.items, ...(await get("?perPage=3&page=2")).items, ...(await get("?perPage=3&page=3")).items].map((l) => l.id);
    expect(new Set(pages)).toEqual(new Set([...made, complex.id, published.id]));
    // A word of the title, in any case; never another host's listing.
    const susamyr = await get("?q=%D1%81%D0%A3%D1%81%D0%B0%D0%BC%D1%8B%D1%80"); // "сУсамыр"
    expect(susamyr.items.map((l) => l.id).sort()).toEqual([made[2], published.id].sort());
    expect(susamyr.counts).toEqual({ all: 2, draft: 1, published: 1, unpublished: 0 });
    expect((await get("?q=%D1%81%D1%83%D1%81%D0%B0%D0%BC%D1%8B%D1%80&status=published")).items.map((l) => l.id)).toEqual([published.id]);
    // LIKE's wildcards are plain characters; a number finds the listing with that id.
    expect((await get("?q=50%25_off")).total).toBe(4);
    expect((await get(`?q=${encodeURIComponent("кв_ртира")}`)).total).toBe(0);
    expect((await get(`?q=${encodeURIComponent("кв%ра")}`)).total).toBe(0);
    expect((await get(`?q=${made[1]}`)).items.map((l) => l.id)).toContain(made[1]);
    expect((await get("?kind=complex")).items.map((l) => l.id)).toEqual([complex.id]);
    expect((await get("?status=unpublished")).items).toEqual([]);
    // Unknown values are refused, not ignored.
    expect((await call(host.token, "GET", "/api/v1/host/objects/search?status=gone")).status).toBe(422);
    expect((await call(host.token, "GET", "/api/v1/host/objects/search?page=0")).status).toBe(422);
    expect((await call(null, "GET", "/api/v1/host/objects/search")).status).toBe(401);
  });
});
