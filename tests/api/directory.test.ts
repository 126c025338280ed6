import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../contract/common";
import type {
  ContactsResponse,
  MobileAppsResponse,
  NutritionResponse,
  ParametersResponse,
  PhoneDataResponse,
  SubtypesResponse,
  TypesResponse,
} from "../../contract/directory";
import * as schema from "../../api/db/schema";
import { text, setupTestApi } from "./helpers";

const t = setupTestApi();
type Ok<T> = { success: true; data: T };

describe("guest directory endpoints", () => {
  it("GET /api/v1/guest/types counts each type's published top-level estates", async () => {
    const second = await t.make.type({ slug: "yurt", name: text("Юрта", "Yurt", "Боз үй"), sortOrder: 2, kind: "complex" });
    const first = await t.make.type({ slug: "flat", name: text("Квартира", "Flat", "Батир"), icon: "flat", sortOrder: 1 });
    const complex = await t.make.estate({ typeId: second.id });
    await t.make.estate({ typeId: second.id, parentId: complex.id });
    await t.make.estate({ typeId: second.id });
    await t.make.estate({ typeId: second.id, status: "draft" });

    const { status, body } = await t.get<Ok<TypesResponse>>("/api/v1/guest/types");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const types = body.data.types.filter((type) => [first.id, second.id].includes(type.id));
    expect(types).toEqual([
      { id: first.id, slug: "flat", name: "Квартира", icon: "flat", kind: "simple", estatesCount: 0 },
      // The complex with a unit counts; the one without any is not shown to guests (decision 0037).
      { id: second.id, slug: "yurt", name: "Юрта", icon: "house", kind: "complex", estatesCount: 1 },
    ]);
  });

  it("GET /api/v1/guest/subtypes/{typeId} lists the type's subtypes", async () => {
    const type = await t.make.type();
    const b = await t.make.subtype(type.id, { sortOrder: 2 });
    const a = await t.make.subtype(type.id, { sortOrder: 1, name: text("Студия", "Studio", "Студия") });
    await t.make.subtype((await t.make.type()).id);

    const { body } = await t.get<Ok<SubtypesResponse>>(`/api/v1/guest/subtypes/${type.id}?locale=en`);
    expect(body.data.subtypes).toEqual([
      { id: a.id, typeId: type.id, slug: a.slug, name: "Studio" },
      { id: b.id, typeId: type.id, slug: b.slug, name: b.name.en },
    ]);
    expect((await t.get<ErrorBody>("/api/v1/guest/subtypes/999999")).status).toBe(404);
    const bad = await t.get<ErrorBody>("/api/v1/guest/subtypes/abc");
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty("id");
  });

  it("GET /api/v1/guest/parameters answers under data.subtypes, as the spec reads it", async () => {
    const parameter = await t.make.parameter({ name: text("Парковка", "Parking", "Унаа токтотуучу жай"), icon: "car", group: "outside" });
    const { body } = await t.get<Ok<ParametersResponse>>("/api/v1/guest/parameters", { "Accept-Language": "ky" });
    expect(body.data.subtypes).toContainEqual({ id: parameter.id, slug: parameter.slug, name: "Унаа токтотуучу жай", icon: "car", group: "outside" });
  });

  it("GET /api/v1/guest/nutrition_data answers under data.types, as the spec reads it", async () => {
    const nutrition = await t.make.nutrition({ name: text("Завтрак", "Breakfast", "") });
    const { body } = await t.get<Ok<NutritionResponse>>("/api/v1/guest/nutrition_data?locale=ky");
    expect(body.data.types).toContainEqual({ id: nutrition.id, slug: nutrition.slug, name: "Завтрак" });
  });

  it("answers a change to a type, subtype, amenity or meal at once, though the lists are kept between writes on PGlite", async () => {
    const type = await t.make.type({ slug: "kept-type", name: text("До", "Before", "Мурун") });
    const [subtype] = await t.db.insert(schema.estateSubtypes).values({ typeId: type.id, slug: "kept-sub", name: text("До", "Before", "Мурун") }).returning();
    const [parameter] = await t.db.insert(schema.parameters).values({ slug: "kept-param", name: text("До", "Before", "Мурун"), icon: "wifi", group: "main" }).returning();
    const [meal] = await t.db.insert(schema.nutritionTypes).values({ slug: "kept-meal", name: text("До", "Before", "Мурун") }).returning();
    const names = async () => {
      const types = (await t.get<Ok<TypesResponse>>("/api/v1/guest/types", { "Accept-Language": "en" })).body.data.types;
      const subtypes = (await t.get<Ok<SubtypesResponse>>(`/api/v1/guest/subtypes/${type.id}`, { "Accept-Language": "en" })).body.data.subtypes;
      const parameters = (await t.get<Ok<ParametersResponse>>("/api/v1/guest/parameters", { "Accept-Language": "en" })).body.data.subtypes;
      const meals = (await t.get<Ok<NutritionResponse>>("/api/v1/guest/nutrition_data", { "Accept-Language": "en" })).body.data.types;
      return [types.find((x) => x.id === type.id)?.name, subtypes.find((x) => x.id === subtype.id)?.name, parameters.find((x) => x.id === parameter.id)?.name, meals.find((x) => x.id === meal.id)?.name];
    };
    expect(await names()).toEqual(["Before", "Before", "Before", "Before"]);
    // Asked again with nothing written between: the same answer.
    expect(await names()).toEqual(["Before", "Before", "Before", "Before"]);
    const after = text("После", "After", "Кийин");
    await t.db.update(schema.estateTypes).set({ name: after }).where(eq(schema.estateTypes.id, type.id));
    await t.db.update(schema.estateSubtypes).set({ name: after }).where(eq(schema.estateSubtypes.id, subtype.id));
    await t.db.update(schema.parameters).set({ name: after }).where(eq(schema.parameters.id, parameter.id));
    await t.db.update(schema.nutritionTypes).set({ name: after }).where(eq(schema.nutritionTypes.id, meal.id));
    expect(await names()).toEqual(["After", "After", "After", "After"]);
  });

  it("GET /api/v1/guest/mobile-app and /contacts list apps, contacts and socials in order", async () => {
    await t.db.insert(schema.mobileApps).values([
      { platform: "android", name: "Konok for Android", url: "https://play.example/konok", sortOrder: 2 },
      { platform: "ios", name: "Konok for iPhone", url: "https://apps.example/konok", sortOrder: 1 },
    ]);
    await t.db.insert(schema.contacts).values([{ kind: "phone", value: "+996 555 000 000", label: text("Поддержка", "Support", "Колдоо") }]);
    await t.db.insert(schema.socials).values([{ kind: "instagram", url: "https://instagram.example/konok" }]);

    const apps = await t.get<Ok<MobileAppsResponse>>("/api/v1/guest/mobile-app");
    expect(apps.body.data.mobileAppDatas.map((a) => a.platform)).toEqual(["ios", "android"]);
    expect(apps.body.data.mobileAppDatas[0]).toEqual({ id: expect.any(Number), platform: "ios", name: "Konok for iPhone", url: "https://apps.example/konok" });

    const contacts = await t.get<Ok<ContactsResponse>>("/api/v1/guest/contacts?locale=en");
    expect(contacts.body.data).toEqual({
      contacts: [{ id: expect.any(Number), kind: "phone", value: "+996 555 000 000", label: "Support" }],
      socials: [{ id: expect.any(Number), kind: "instagram", url: "https://instagram.example/konok" }],
    });
  });

  it("GET /api/v1/country/phone_number_data puts Kyrgyzstan first, then by sort order", async () => {
    await t.db.insert(schema.countries).values([
      { iso: "KZ", name: text("Казахстан", "Kazakhstan", "Казакстан"), phoneCode: "+7", mask: "### ### ## ##", flag: "🇰🇿", sortOrder: 2 },
      { iso: "RU", name: text("Россия", "Russia", "Россия"), phoneCode: "+7", mask: "### ### ## ##", flag: "🇷🇺", sortOrder: 1 },
      { iso: "KG", name: text("Кыргызстан", "Kyrgyzstan", "Кыргызстан"), phoneCode: "+996", mask: "### ### ###", flag: "🇰🇬", sortOrder: 50 },
    ]);
    const { body } = await t.get<Ok<PhoneDataResponse>>("/api/v1/country/phone_number_data?locale=en");
    expect(body.data.countryCodes.map((c) => c.iso)).toEqual(["KG", "RU", "KZ"]);
    expect(body.data.countryCodes[0]).toEqual({ id: expect.any(Number), iso: "KG", name: "Kyrgyzstan", phoneCode: "+996", mask: "### ### ###", flag: "🇰🇬" });
  });
});
