/**
 * The operator's directory editor (issue 31) against the real API and database: listing types,
 * subtypes, amenities and meals added, renamed and retired; a retired entry leaves the guest lists
 * (the wizard's and the filter's choices) while a listing that has it keeps showing it and keeps
 * it through the wizard; a stale edit token is refused and changes nothing; every action is in
 * the audit log with the entry before and after; bad input is refused field by field.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/account";
import type { NutritionResponse, ParametersResponse, SubtypesResponse, TypesResponse } from "../../contract/directory";
import type { EstateDetail } from "../../contract/estate";
import type { Listing } from "../../contract/listing-steps";
import { MESSAGES } from "../../contract/messages";
import type { DirectoryAdminResponse, DirectoryEntryResponse, DirectoryRow } from "../../contract/operator-directory";
import { auditLog, estates, estateTypes, nutritionTypes } from "../../api/db/schema";
import { hashPassword } from "../../api/lib/password";
import { loadDirectoryIds, NUTRITION, seedDirectoryIfEmpty } from "../../api/seed/directory";
import { createOperator } from "../../api/services/operator/operators";
import { jsonCaller, setupTestApi } from "./helpers";

const t = setupTestApi();
const PASSWORD = "correct horse battery";

const call = jsonCaller(t, "10.34.0");

let operator: string;
let second: string;
let host: string;
let guest: string;
const L = (ru: string, en: string, ky: string) => ({ ru, en, ky });
const directory = async () => (await call<DirectoryAdminResponse>("GET", "/api/v1/operator/directory", operator)).body.data;
const entriesOf = (type: string, id: number) => t.db.select().from(auditLog).where(and(eq(auditLog.objectType, type), eq(auditLog.objectId, String(id)))).orderBy(auditLog.id);
/** The fields a save sends back: the row as the console read it. */
const formOf = (row: DirectoryRow) => ({ name: row.name, sortOrder: row.sortOrder, icon: row.icon, group: row.group, editVersion: row.editVersion });

beforeAll(async () => {
  await seedDirectoryIfEmpty(t.db);
  await createOperator(t.db, { phone: "996555340001", password: PASSWORD, firstName: "Aida" });
  await createOperator(t.db, { phone: "996555340002", password: PASSWORD, firstName: "Bakyt" });
  const login = async (phone: string) => (await call<LoginResponse>("POST", "/api/login", undefined, { phoneNumber: phone, password: PASSWORD })).body.data.token;
  operator = await login("996555340001");
  second = await login("996555340002");
  host = await login((await t.make.user({ mode: "host", passwordHash: await hashPassword(PASSWORD) })).phone!);
  guest = await login((await t.make.user({ mode: "guest", passwordHash: await hashPassword(PASSWORD) })).phone!);
});

describe("the directory in the console", () => {
  it("lists every type, subtype, amenity and meal with its names in three languages, its token and how many listings have it", async () => {
    const apartment = (await t.db.select().from(estateTypes).where(eq(estateTypes.slug, "apartment")))[0];
    await t.make.estate({ typeId: apartment.id });
    const d = await directory();
    const type = d.types.find((r) => r.slug === "apartment")!;
    expect(type).toMatchObject({ name: L("Квартира", "Apartment", "Батир"), icon: "apartment", kind: "simple", retiredAt: null, editVersion: 1 });
    expect(type.inUse).toBeGreaterThanOrEqual(1);
    expect(d.subtypes.filter((s) => s.typeId === type.id).map((s) => s.slug)).toContain("apartment-studio");
    expect(d.amenities.find((r) => r.slug === "sauna")).toMatchObject({ group: "wellness", icon: "sauna" });
    expect(d.meals.map((m) => m.slug)).toEqual(NUTRITION.map((n) => n.slug));
  });

  it("is not there for a guest or a host: 404 as for an unknown path", async () => {
    for (const token of [guest, host, undefined]) {
      expect((await call("GET", "/api/v1/operator/directory", token)).status).toBe(404);
      expect((await call("POST", "/api/v1/operator/directory/meal", token, { name: L("а", "b", "c") })).status).toBe(404);
    }
    expect((await call("GET", "/api/v1/operator/directory/nonsense", operator)).status).toBe(404);
    expect((await call("POST", "/api/v1/operator/directory/nonsense", operator, {})).status).toBe(404);
  });
});

describe("adding", () => {
  it("adds an amenity with a slug made from its English name, offered to guests and the wizard at once, and in the audit log", async () => {
    const body = { name: L("Вид на море", "Sea view", "Деңизге көрүнүш"), icon: "lake_view", group: "view", sortOrder: 50 };
    const made = await call<DirectoryEntryResponse>("POST", "/api/v1/operator/directory/amenity", operator, body);
    expect(made.status).toBe(200);
    expect(made.body.data.entry).toMatchObject({ slug: "sea-view", name: body.name, icon: "lake_view", group: "view", retiredAt: null, editVersion: 1, inUse: 0 });
    const again = await call<DirectoryEntryResponse>("POST", "/api/v1/operator/directory/amenity", operator, body);
    expect(again.body.data.entry.slug).toBe("sea-view-2");

    const ky = await call<ParametersResponse>("GET", "/api/v1/guest/parameters", undefined, undefined, "ky");
    expect(ky.body.data.subtypes.find((p) => p.id === made.body.data.entry.id)?.name).toBe("Деңизге көрүнүш");

    const [entry] = await entriesOf("amenity", made.body.data.entry.id);
    expect(entry).toMatchObject({ action: "amenity.create", before: null });
    expect(entry.after).toMatchObject({ slug: "sea-view", name: body.name, group: "view", retiredAt: null });
    expect(entry.operatorId).not.toBeNull();
  });

  it("refuses a typed slug another entry has, and bad input, each beside its field in the operator's language", async () => {
    const taken = await call("POST", "/api/v1/operator/directory/meal", operator, { slug: "breakfast", name: L("Завтрак 2", "Breakfast 2", "Эртең мененки тамак 2") }, "ru");
    expect(taken.status).toBe(422);
    expect(taken.body.errors?.slug).toEqual([MESSAGES.directorySlugTaken.ru]);

    const bad = await call("POST", "/api/v1/operator/directory/amenity", operator, { slug: "Not A Slug", name: { ru: "Баня", en: "Banya", ky: " " }, icon: "rocket", group: "space", sortOrder: "x" }, "ky");
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(["group", "icon", "name.ky", "slug", "sortOrder"]);
    expect(bad.body.errors?.["name.ky"]).toEqual([MESSAGES.required.ky]);

    const orphan = await call("POST", "/api/v1/operator/directory/subtype", operator, { name: L("Юрта", "Yurt", "Боз үй"), typeId: 999999 });
    expect(orphan.body.errors?.typeId).toBeTruthy();
  });

  it("adds a subtype under its type, its slug starting with the type's", async () => {
    const yurt = (await t.db.select().from(estateTypes).where(eq(estateTypes.slug, "yurt-camp")))[0];
    const made = await call<DirectoryEntryResponse>("POST", "/api/v1/operator/directory/subtype", operator, { name: L("Юрта-люкс", "Luxury yurt", "Люкс боз үй"), typeId: yurt.id, sortOrder: 9 });
    expect(made.body.data.entry).toMatchObject({ slug: "yurt-camp-luxury-yurt", typeId: yurt.id });
    const listed = await call<SubtypesResponse>("GET", `/api/v1/guest/subtypes/${yurt.id}`);
    expect(listed.body.data.subtypes.at(-1)?.slug).toBe("yurt-camp-luxury-yurt");
  });
});

describe("editing", () => {
  it("renames a meal in Kyrgyz: guests read it at once, the audit log has before and after", async () => {
    const meal = (await directory()).meals.find((m) => m.slug === "half-board")!;
    const saved = await call<DirectoryEntryResponse>("POST", `/api/v1/operator/directory/meal/${meal.id}`, operator, { ...formOf(meal), name: { ...meal.name, ky: "Жарым пансион (эртең менен жана кечинде)" } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.entry.editVersion).toBe(meal.editVersion + 1);
    const ky = await call<NutritionResponse>("GET", "/api/v1/guest/nutrition_data", undefined, undefined, "ky");
    expect(ky.body.data.types.find((m) => m.id === meal.id)?.name).toBe("Жарым пансион (эртең менен жана кечинде)");
    const [entry] = await entriesOf("meal", meal.id);
    expect(entry.action).toBe("meal.update");
    expect((entry.before as { name: { ky: string } }).name.ky).toBe("Жарым пансион");
    expect((entry.after as { name: { ky: string } }).name.ky).toBe("Жарым пансион (эртең менен жана кечинде)");
  });

  it("refuses a save made from an old token: another operator's change stays, nothing is written, the message says why", async () => {
    const meal = (await directory()).meals.find((m) => m.slug === "full-board")!;
    const first = await call("POST", `/api/v1/operator/directory/meal/${meal.id}`, second, { ...formOf(meal), name: { ...meal.name, en: "Full board (three meals)" } });
    expect(first.status).toBe(200);
    const stale = await call("POST", `/api/v1/operator/directory/meal/${meal.id}`, operator, { ...formOf(meal), name: { ...meal.name, en: "Full board, mine" } }, "ky");
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(MESSAGES.editedMeanwhile.ky);
    const [row] = await t.db.select().from(nutritionTypes).where(eq(nutritionTypes.id, meal.id));
    expect(row.name.en).toBe("Full board (three meals)");
    expect(row.editVersion).toBe(meal.editVersion + 1);
    expect((await entriesOf("meal", meal.id)).map((e) => e.action)).toEqual(["meal.update"]);
    // A retirement from the old token is refused the same way.
    expect((await call("POST", `/api/v1/operator/directory/meal/${meal.id}/retire`, operator, { editVersion: meal.editVersion })).status).toBe(409);
    expect((await t.db.select().from(nutritionTypes).where(eq(nutritionTypes.id, meal.id)))[0].retiredAt).toBeNull();
  });

  it("keeps a type's kind and every slug: a save changes names, order and icon only", async () => {
    const type = (await directory()).types.find((r) => r.slug === "hostel")!;
    const saved = await call<DirectoryEntryResponse>("POST", `/api/v1/operator/directory/type/${type.id}`, operator, { ...formOf(type), kind: "complex", slug: "dorms", icon: "camping", sortOrder: 3 });
    expect(saved.body.data.entry).toMatchObject({ slug: "hostel", kind: "simple", icon: "camping", sortOrder: 3 });
    expect((await call("POST", `/api/v1/operator/directory/type/${type.id}`, operator, { ...formOf(saved.body.data.entry), icon: "spaceship" })).body.errors?.icon).toBeTruthy();
  });
});

describe("retiring", () => {
  it("takes a type out of the guest lists and the wizard while a listing of that type keeps it; it can be brought back", async () => {
    const cottage = (await directory()).types.find((r) => r.slug === "cottage")!;
    const listing = await t.make.estate({ typeId: cottage.id });
    const retired = await call<DirectoryEntryResponse>("POST", `/api/v1/operator/directory/type/${cottage.id}/retire`, operator, { editVersion: cottage.editVersion });
    expect(retired.status).toBe(200);
    expect(retired.body.data.entry.retiredAt).not.toBeNull();

    const types = (await call<TypesResponse>("GET", "/api/v1/guest/types")).body.data.types;
    expect(types.map((ty) => ty.slug)).not.toContain("cottage");
    // The wizard of a listing that has it asks for its own ids as well.
    expect((await call<TypesResponse>("GET", `/api/v1/guest/types?keep=${cottage.id}`)).body.data.types.map((ty) => ty.slug)).toContain("cottage");
    // The listing's page still names it.
    const page = await call<{ estate: EstateDetail }>("GET", `/api/v1/guest/estate/${listing.id}`, undefined, undefined, "ky");
    expect(page.body.data.estate.type.name).toBe("Коттедж");

    // A host's draft cannot take the retired type; the estate that has it may keep it.
    const draft = (await call<{ object: Listing }>("POST", "/api/v1/host/objects", host, { kind: "simple" })).body.data.object;
    const refused = await call("PUT", `/api/v1/host/objects/${draft.id}/steps/type`, host, { typeId: cottage.id }, "ru");
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.typeId).toEqual([MESSAGES.retiredChoice.ru]);

    expect((await call("POST", `/api/v1/operator/directory/type/${cottage.id}/retire`, operator, { editVersion: retired.body.data.entry.editVersion })).body.message).toBe(MESSAGES.alreadyRetired.en);
    const back = await call<DirectoryEntryResponse>("POST", `/api/v1/operator/directory/type/${cottage.id}/restore`, operator, { editVersion: retired.body.data.entry.editVersion });
    expect(back.body.data.entry.retiredAt).toBeNull();
    expect((await call<TypesResponse>("GET", "/api/v1/guest/types")).body.data.types.map((ty) => ty.slug)).toContain("cottage");
    expect((await entriesOf("estate_type", cottage.id)).map((e) => e.action)).toEqual(["estate_type.retire", "estate_type.restore"]);
    const [retire] = await entriesOf("estate_type", cottage.id);
    expect(retire.before).toMatchObject({ retiredAt: null });
    expect((retire.after as { retiredAt: string | null }).retiredAt).toBeTruthy();
  });

  it("keeps a retired amenity on the listing that has it, through its page and its wizard, and refuses it to others", async () => {
    const d = await directory();
    const sauna = d.amenities.find((r) => r.slug === "sauna")!;
    const wifi = d.amenities.find((r) => r.slug === "wifi")!;
    const mine = (await call<{ object: Listing }>("POST", "/api/v1/host/objects", host, { kind: "simple" })).body.data.object;
    expect((await call("PUT", `/api/v1/host/objects/${mine.id}/steps/parameters`, host, { parameterIds: [sauna.id], nutritionIds: [] })).status).toBe(200);
    expect((await call("POST", `/api/v1/operator/directory/amenity/${sauna.id}/retire`, operator, { editVersion: sauna.editVersion })).status).toBe(200);

    expect((await call<ParametersResponse>("GET", "/api/v1/guest/parameters")).body.data.subtypes.map((p) => p.slug)).not.toContain("sauna");
    // Saving the step again with it (the wizard shows it to this listing) keeps it.
    const kept = await call<{ object: Listing }>("PUT", `/api/v1/host/objects/${mine.id}/steps/parameters`, host, { parameterIds: [sauna.id, wifi.id], nutritionIds: [] });
    expect(kept.status).toBe(200);
    const [row] = await t.db.select({ ids: estates.parameterIds }).from(estates).where(eq(estates.id, mine.id));
    expect(row.ids).toEqual([sauna.id, wifi.id].sort((a, b) => a - b));

    const other = (await call<{ object: Listing }>("POST", "/api/v1/host/objects", host, { kind: "simple" })).body.data.object;
    const refused = await call("PUT", `/api/v1/host/objects/${other.id}/steps/parameters`, host, { parameterIds: [sauna.id], nutritionIds: [] }, "ky");
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.parameterIds).toEqual([MESSAGES.retiredChoice.ky]);
  });

  it("shows a retired amenity on a published listing's page", async () => {
    const pool = (await directory()).amenities.find((r) => r.slug === "pool")!;
    const listing = await t.make.estate({ parameterIds: [pool.id] });
    expect((await call("POST", `/api/v1/operator/directory/amenity/${pool.id}/retire`, operator, { editVersion: pool.editVersion })).status).toBe(200);
    const page = await call<{ estate: EstateDetail }>("GET", `/api/v1/guest/estate/${listing.id}`, undefined, undefined, "ru");
    expect(page.status).toBe(200);
    expect(page.body.data.estate.parameters.find((p) => p.slug === "pool")?.name).toBe("Бассейн");
  });

  it("refuses to retire the last offered type of a kind: no new listing of it could be made", async () => {
    const complexes = (await directory()).types.filter((r) => r.kind === "complex" && !r.retiredAt);
    expect(complexes.length).toBeGreaterThanOrEqual(2);
    for (const type of complexes.slice(0, -1)) expect((await call("POST", `/api/v1/operator/directory/type/${type.id}/retire`, operator, { editVersion: type.editVersion })).status).toBe(200);
    const last = complexes.at(-1)!;
    const refused = await call("POST", `/api/v1/operator/directory/type/${last.id}/retire`, operator, { editVersion: last.editVersion }, "ru");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MESSAGES.lastTypeOfKind.ru);
    // A new complex takes the type still offered.
    const draft = await call<{ object: Listing }>("POST", "/api/v1/host/objects", host, { kind: "complex" });
    expect(draft.body.data.object.typeId).toBe(last.id);
  });

  it("never deletes a seeded row: the seed still finds every slug it knows", async () => {
    await expect(loadDirectoryIds(t.db)).resolves.toBeTruthy();
    const retired = await t.db.select().from(estateTypes).where(isNotNull(estateTypes.retiredAt));
    expect(retired.length).toBeGreaterThanOrEqual(1);
  });
});
