import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../contract/common";
import type { ByIdsResponse, ComplexResponse, EstateDetail } from "../../contract/estate";
import { day, text, setupTestApi } from "./helpers";

const t = setupTestApi({ publicUrl: "https://konok.test/" });
type Detail = { success: true; data: { estate: EstateDetail } };

const detail = async (idOrSlug: string | number, query = "", headers?: Record<string, string>) => {
  const response = await t.get<Detail>(`/api/v1/guest/estate/${idOrSlug}${query}`, headers);
  expect(response.status).toBe(200);
  return response.body.data.estate;
};

describe("GET /api/v1/guest/estate/{id}", () => {
  it("shows everything the estate page needs, by id and by slug", async () => {
    const host = await t.make.user({ mode: "host", firstName: "Айбек", avatarUrl: "/uploads/avatars/1.webp" });
    const type = await t.make.type({ name: text("Дом", "House", "Үй") });
    const wifi = await t.make.parameter({ name: text("Вай-фай", "Wi-Fi", "Вай-фай"), icon: "wifi", group: "internet" });
    const breakfast = await t.make.nutrition({ name: text("Завтрак", "Breakfast", "Эртең мененки тамак") });
    const estate = await t.make.estate({
      hostId: host.id,
      typeId: type.id,
      title: text("Дом у реки", "River house", "Дарыя жээгиндеги үй"),
      description: text("Тихо", "Quiet", "Тынч"),
      houseRules: text("Не курить", "No smoking", "Тамеки чекпөө"),
      parameterIds: [wifi.id],
      nutritionIds: [breakfast.id],
      minNights: 2,
      maxNights: 14,
      checkInTime: "15:00",
      cancellationPolicy: "strict",
      rating: 4.5,
      reviewsCount: 2,
    });
    await t.make.photo(estate.id, { sortOrder: 2 });
    const first = await t.make.photo(estate.id, { sortOrder: 1, alt: text("Фасад", "Front", "") });
    await t.make.review(estate.id, 5);
    await t.make.review(estate.id, 4);

    const byId = await detail(estate.id);
    expect(byId).toMatchObject({
      id: estate.id,
      slug: estate.slug,
      title: "Дом у реки",
      description: "Тихо",
      houseRules: "Не курить",
      type: { id: type.id, name: "Дом" },
      parameters: [{ id: wifi.id, slug: wifi.slug, name: "Вай-фай", icon: "wifi", group: "internet" }],
      nutrition: [{ id: breakfast.id, slug: breakfast.slug, name: "Завтрак" }],
      host: { id: host.id, name: "Айбек", avatar: "/uploads/avatars/1.webp" },
      parent: null,
      children: [],
      checkInTime: "15:00",
      checkOutTime: "12:00",
      minNights: 2,
      maxNights: 14,
      cancellationPolicy: "strict",
      reviews: { rating: 4.5, band: "excellent", count: 2, byStars: { "1": 0, "2": 0, "3": 0, "4": 1, "5": 1 } },
      stay: null,
      stayPrice: null,
    });
    expect(byId.host.since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(byId.photos).toHaveLength(2);
    expect(byId.photos[0]).toEqual({
      id: first.id,
      url: `https://konok.test/uploads/${first.key}-800.webp`,
      srcset: [400, 800, 1200].map((w) => `https://konok.test/uploads/${first.key}-${w}.webp ${w}w`).join(", "),
      width: 1600,
      height: 1200,
      alt: "Фасад",
    });
    // No alt text of its own: the photo is described by the estate's title.
    expect(byId.photos[1].alt).toBe("Дом у реки");

    expect(await detail(estate.slug)).toEqual(byId);
    const inEnglish = await detail(estate.slug, "?locale=en");
    expect(inEnglish).toMatchObject({ title: "River house", description: "Quiet", type: { name: "House" }, parameters: [{ name: "Wi-Fi" }] });
    expect(inEnglish.photos[0].alt).toBe("Front");
    expect((await detail(estate.slug, "?locale=ky")).photos[0].alt).toBe("Фасад");
  });

  it("is 404 for drafts, archived and unknown estates", async () => {
    const draft = await t.make.estate({ status: "draft" });
    const archived = await t.make.estate({ status: "archived" });
    for (const id of [draft.id, draft.slug, archived.slug, 987_654, "12345678901234567890", "nope"]) {
      const { status, body } = await t.get<ErrorBody>(`/api/v1/guest/estate/${id}`);
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, message: "Объект не найден" });
    }
  });

  it("quotes a stay night by night, with the host's per-date prices", async () => {
    const estate = await t.make.estate({ price: 3000 });
    await t.make.prices(estate.id, { [day(101)]: 4500, [day(102)]: 5000, [day(110)]: 1 });
    const found = await detail(estate.id, `?checkInDate=${day(100)}&checkOutDate=${day(103)}&adultCount=2&childrenCount=1`);
    expect(found.stay).toEqual({
      checkInDate: day(100),
      checkOutDate: day(103),
      nights: 3,
      nightly: [
        { date: day(100), price: 3000 },
        { date: day(101), price: 4500 },
        { date: day(102), price: 5000 },
      ],
      total: 12_500,
      // No fees or discounts on this listing: the breakdown is its nights (contract/stay-price.ts).
      breakdown: {
        nightly: [
          { date: day(100), price: 3000 },
          { date: day(101), price: 4500 },
          { date: day(102), price: 5000 },
        ],
        nightsTotal: 12_500,
        extraGuests: null,
        discount: null,
        cleaningFee: 0,
        total: 12_500,
      },
      available: true,
      reason: null,
      minNights: 1,
      minNightsForDate: false,
    });
    expect(found).toMatchObject({ stayPrice: 12_500, nights: 3 });
  });

  it("says why a stay cannot be booked", async () => {
    const estate = await t.make.estate({ capacity: 3, minNights: 2, maxNights: 5 });
    await t.make.booking(estate, day(200), day(203));
    await t.make.booking(estate, day(210), day(212), "cancelled_by_host");
    await t.make.blockedDates(estate.id, [day(220)]);
    const reason = async (checkIn: string, checkOut: string, guests = "") =>
      (await detail(estate.id, `?checkInDate=${checkIn}&checkOutDate=${checkOut}${guests}`)).stay;

    expect(await reason(day(202), day(205))).toMatchObject({ available: false, reason: "booked", nights: 3 });
    expect(await reason(day(203), day(205))).toMatchObject({ available: true, reason: null });
    expect(await reason(day(210), day(212))).toMatchObject({ available: true });
    expect(await reason(day(219), day(221))).toMatchObject({ available: false, reason: "blocked" });
    expect(await reason(day(221), day(223))).toMatchObject({ available: true });
    expect(await reason(day(230), day(231))).toMatchObject({ available: false, reason: "min_nights" });
    expect(await reason(day(230), day(236))).toMatchObject({ available: false, reason: "max_nights" });
    expect(await reason(day(230), day(232), "&adultCount=3&childrenCount=1")).toMatchObject({ available: false, reason: "capacity" });
    // Without a party, the search defaults apply: two adults.
    expect(await reason(day(230), day(232))).toMatchObject({ available: true });
  });

  it("rejects stay dates that do not make a stay", async () => {
    const estate = await t.make.estate();
    const cases: [string, string][] = [
      [`checkInDate=${day(5)}&checkOutDate=${day(5)}`, "checkOutDate"],
      [`checkInDate=${day(5)}&checkOutDate=${day(1)}`, "checkOutDate"],
      [`checkInDate=${day(5)}`, "checkOutDate"],
      [`checkOutDate=${day(5)}`, "checkInDate"],
      [`checkInDate=05.01.2031&checkOutDate=${day(9)}`, "checkInDate"],
      [`checkInDate=${day(0)}&checkOutDate=${day(500)}`, "checkOutDate"],
      [`checkInDate=${day(0)}&checkOutDate=${day(2)}&adultCount=0`, "adultCount"],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await t.get<ErrorBody>(`/api/v1/guest/estate/${estate.id}?${query}`);
      expect(status, query).toBe(422);
      expect(body.errors, query).toHaveProperty([field]);
    }
    // Blank fields (a form submitted without dates) are simply absent.
    expect((await detail(estate.id, "?checkInDate=&checkOutDate=")).stay).toBeNull();
  });
});

describe("GET /api/v1/guest/estate/complex/{id}", () => {
  it("gives the complex and its published units, cheapest first, priced for the dates", async () => {
    const complex = await t.make.estate({ title: text("Комплекс"), price: 2000 });
    const dear = await t.make.estate({ parentId: complex.id, price: 5000 });
    const cheap = await t.make.estate({ parentId: complex.id, price: 2000 });
    await t.make.estate({ parentId: complex.id, status: "draft" });

    const { status, body } = await t.get<{ success: true; data: ComplexResponse }>(
      `/api/v1/guest/estate/complex/${complex.slug}?checkInDate=${day(1)}&checkOutDate=${day(3)}`,
    );
    expect(status).toBe(200);
    expect(body.data.estate.id).toBe(complex.id);
    expect(body.data.children.map((c) => [c.id, c.stayPrice])).toEqual([
      [cheap.id, 4000],
      [dear.id, 10_000],
    ]);
    expect(body.data.estate.children).toEqual(body.data.children);

    const unit = await detail(cheap.id);
    expect(unit.parent).toEqual({ id: complex.id, slug: complex.slug, title: "Комплекс" });
  });

  it("is 404 for a complex guests cannot see", async () => {
    const draft = await t.make.estate({ status: "draft" });
    expect((await t.get(`/api/v1/guest/estate/complex/${draft.id}`)).status).toBe(404);
  });
});

describe("POST /api/v1/guest/estate/by_ids", () => {
  it("gives published cards in the order asked, skipping the rest", async () => {
    const [a, b, c] = [await t.make.estate(), await t.make.estate(), await t.make.estate()];
    const draft = await t.make.estate({ status: "draft" });
    const { status, body } = await t.post<{ success: true; data: ByIdsResponse }>("/api/v1/guest/estate/by_ids", {
      ids: [c.id, draft.id, a.id, 999_999, c.id, b.id],
    });
    expect(status).toBe(200);
    expect(body.data.items.map((i) => i.id)).toEqual([c.id, a.id, b.id]);
    expect((await t.post<{ data: ByIdsResponse }>("/api/v1/guest/estate/by_ids", { ids: [] })).body.data.items).toEqual([]);
  });

  it("needs a list of ids", async () => {
    for (const body of [{}, { ids: "1,2" }, { ids: [-1] }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      const response = await t.post<ErrorBody>("/api/v1/guest/estate/by_ids", body);
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors ?? {})[0]).toMatch(/^ids/);
    }
  });
});
