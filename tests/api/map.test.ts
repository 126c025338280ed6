import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../contract/common";
import type { EstateCard, MapSearchResponse } from "../../contract/estate";
import * as schema from "../../api/db/schema";
import { day, text, setupTestApi } from "./helpers";

const t = setupTestApi();
type MapAnswer = { success: true; data: MapSearchResponse };

/** Each test draws its box around its own spot, far from the others' estates. */
const boxAround = (lat: number, lng: number, half = 0.5) => ({
  topRight: { lat: lat + half, lng: lng + half },
  leftBottom: { lat: lat - half, lng: lng - half },
});

describe("POST /api/v1/guest/estate/map", () => {
  it("returns the matching points inside the box, nearest to its centre first", async () => {
    const type = await t.make.type();
    const [lat, lng] = [10, 10];
    const far = await t.make.estate({ typeId: type.id, lat: lat + 0.4, lng: lng - 0.4, price: 4100 });
    const near = await t.make.estate({ typeId: type.id, lat: lat + 0.01, lng: lng + 0.01 });
    const middle = await t.make.estate({ typeId: type.id, lat: lat - 0.2, lng: lng });
    await t.make.estate({ typeId: type.id, lat: lat + 0.6, lng });
    await t.make.estate({ typeId: type.id, lat, lng, status: "draft" });
    await t.make.estate({ typeId: type.id, lat, lng, price: 100_000, capacity: 1 });

    const { status, body } = await t.post<MapAnswer>("/api/v1/guest/estate/map", { ...boxAround(lat, lng) });
    expect(status).toBe(200);
    expect(body.data.estates.map((p) => p.id)).toEqual([near.id, middle.id, far.id]);
    expect(body.data.estates[2]).toEqual({ id: far.id, slug: far.slug, lat: far.lat, lng: far.lng, price: 4100 });
    expect(body.data.filter).toMatchObject({ ...boxAround(lat, lng), adultCount: 2, orderBy: "score" });
  });

  it("keeps only what lies inside the box, on both axes, edges included; no units, nothing hidden", async () => {
    const type = await t.make.type();
    const [lat, lng] = [14, 14];
    const inside = await t.make.estate({ typeId: type.id, lat: lat + 0.1, lng: lng - 0.1 });
    const onEdge = await t.make.estate({ typeId: type.id, lat: lat + 0.5, lng: lng + 0.5 });
    const complex = await t.make.estate({ typeId: type.id, lat: lat - 0.3, lng: lng + 0.3 });
    await t.make.estate({ typeId: type.id, parentId: complex.id, lat: lat - 0.3, lng: lng + 0.3 });
    await t.make.estate({ typeId: type.id, lat, lng: lng + 0.51 });
    await t.make.estate({ typeId: type.id, lat, lng: lng - 0.6 });
    await t.make.estate({ typeId: type.id, lat: lat - 0.51, lng });
    await t.make.estate({ typeId: type.id, lat: lat + 0.1, lng, status: "archived" });

    const { body } = await t.post<MapAnswer>("/api/v1/guest/estate/map", { ...boxAround(lat, lng), type: type.id });
    expect(body.data.estates.map((p) => p.id)).toEqual([inside.id, complex.id, onEdge.id]);
    for (const p of body.data.estates) {
      expect(p.lat).toBeGreaterThanOrEqual(lat - 0.5);
      expect(p.lat).toBeLessThanOrEqual(lat + 0.5);
      expect(p.lng).toBeGreaterThanOrEqual(lng - 0.5);
      expect(p.lng).toBeLessThanOrEqual(lng + 0.5);
    }

    // A narrower box around one corner finds only what is there; an empty one finds nothing.
    const corner = { topRight: { lat: lat + 0.5, lng: lng + 0.5 }, leftBottom: { lat: lat + 0.4, lng: lng + 0.4 } };
    expect((await t.post<MapAnswer>("/api/v1/guest/estate/map", corner)).body.data.estates.map((p) => p.id)).toEqual([onEdge.id]);
    const empty = { topRight: { lat: lat + 0.45, lng: lng - 0.2 }, leftBottom: { lat: lat + 0.3, lng: lng - 0.4 } };
    expect((await t.post<MapAnswer>("/api/v1/guest/estate/map", empty)).body.data.estates).toEqual([]);
  });

  it("finds the same estates as the list search for the same box", async () => {
    const type = await t.make.type();
    const [lat, lng] = [16, 16];
    for (const [dLat, dLng] of [[0.1, 0.1], [-0.2, 0.45], [0.3, -0.3], [0.6, 0], [0, -0.7]]) {
      await t.make.estate({ typeId: type.id, lat: lat + dLat, lng: lng + dLng });
    }
    const filter = { ...boxAround(lat, lng), type: type.id };
    const map = await t.post<MapAnswer>("/api/v1/guest/estate/map", filter);
    const list = await t.post<{ data: { estates: { id: number }[]; total: number } }>("/api/v1/guest/estate", { ...filter, perPage: 100 });
    expect(map.body.data.estates.map((p) => p.id).sort()).toEqual(list.body.data.estates.map((e) => e.id).sort());
    expect(list.body.data.total).toBe(3);
  });

  it("applies the rest of the filter too", async () => {
    const type = await t.make.type();
    const [lat, lng] = [12, 12];
    const free = await t.make.estate({ typeId: type.id, lat, lng, city: text("Талас", "Talas") });
    const booked = await t.make.estate({ typeId: type.id, lat, lng, city: text("Талас", "Talas") });
    await t.make.booking(booked, day(0), day(2));
    await t.make.estate({ typeId: type.id, lat, lng, city: text("Нарын", "Naryn") });

    const { body } = await t.post<MapAnswer>("/api/v1/guest/estate/map", {
      ...boxAround(lat, lng),
      type: type.id,
      location: "talas",
      checkInDate: day(1),
      checkOutDate: day(3),
    });
    expect(body.data.estates.map((p) => p.id)).toEqual([free.id]);
  });

  it("caps the answer at 500 points and keeps the 500 nearest to the centre", async () => {
    const type = await t.make.type();
    const host = await t.make.user({ mode: "host" });
    const [lat, lng] = [20, 20];
    // 520 points on a line going away from the centre: the 20 farthest are left out.
    const rows = Array.from({ length: 520 }, (_, i) => ({
      slug: `map-cap-${i}`,
      hostId: host.id,
      typeId: type.id,
      status: "published" as const,
      lat: lat + (i + 1) * 0.0009,
      lng,
      capacity: 4,
      bedCount: 2,
      price: 1000 + i,
    }));
    await t.db.insert(schema.estates).values(rows);

    const { body } = await t.post<MapAnswer>("/api/v1/guest/estate/map", boxAround(lat, lng));
    expect(body.data.estates).toHaveLength(500);
    expect(body.data.estates.map((p) => p.price)).toEqual(rows.slice(0, 500).map((r) => r.price));

    // Packed around the centre, with one point far off that must not displace any of them.
    const packed = rows.map((r, i) => ({ ...r, slug: `map-packed-${i}`, lat: lat + 5 + (i + 1) * 0.00001 }));
    await t.db.insert(schema.estates).values([...packed, { ...rows[0], slug: "map-packed-far", lat: lat + 5.4, price: 1 }]);
    const dense = await t.post<MapAnswer>("/api/v1/guest/estate/map", boxAround(lat + 5, lng));
    expect(dense.body.data.estates.map((p) => p.price)).toEqual(packed.slice(0, 500).map((r) => r.price));
  });

  it("looks past the first box when nearer points sit just outside it", async () => {
    const type = await t.make.type();
    const host = await t.make.user({ mode: "host" });
    const [lat, lng] = [40, 40];
    const row = (slug: string, at: { lat: number; lng: number }) => ({
      slug,
      hostId: host.id,
      typeId: type.id,
      status: "published" as const,
      capacity: 4,
      bedCount: 2,
      price: 1000,
      ...at,
    });
    // The first look covers a quarter of the box (±0.125°): 505 points sit in its corner, farther
    // from the centre than three points just beyond its top edge.
    const corner = await t.db
      .insert(schema.estates)
      .values(Array.from({ length: 505 }, (_, i) => row(`ring-corner-${i}`, { lat: lat + 0.12, lng: lng + 0.12 })))
      .returning({ id: schema.estates.id });
    const beyondEdge = await t.db
      .insert(schema.estates)
      .values([0, 1, 2].map((i) => row(`ring-edge-${i}`, { lat: lat + 0.13 + i * 0.001, lng })))
      .returning({ id: schema.estates.id });

    const { body } = await t.post<MapAnswer>("/api/v1/guest/estate/map", boxAround(lat, lng));
    const expected = [...beyondEdge, ...corner.slice(0, 497)].map((r) => r.id);
    expect(body.data.estates.map((p) => p.id)).toEqual(expected);
  });

  it("finds the nearest points when they sit outside the first small box it tries", async () => {
    const type = await t.make.type();
    const [lat, lng] = [30, 30];
    const corner = await t.make.estate({ typeId: type.id, lat: lat + 0.45, lng: lng + 0.45 });
    const edge = await t.make.estate({ typeId: type.id, lat: lat + 0.3, lng });
    const { body } = await t.post<MapAnswer>("/api/v1/guest/estate/map", boxAround(lat, lng));
    expect(body.data.estates.map((p) => p.id)).toEqual([edge.id, corner.id]);
  });

  it("needs both corners, in order", async () => {
    const missing = await t.post<ErrorBody>("/api/v1/guest/estate/map", {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual(["leftBottom", "topRight"]);

    const upsideDown = await t.post<ErrorBody>("/api/v1/guest/estate/map", {
      topRight: { lat: 40, lng: 75 },
      leftBottom: { lat: 43, lng: 74 },
    });
    expect(upsideDown.status).toBe(422);
    expect(upsideDown.body.errors).toHaveProperty(["topRight.lat"]);

    const badNumber = await t.post<ErrorBody>("/api/v1/guest/estate/map", { topRight: { lat: "north", lng: 75 }, leftBottom: { lat: 42, lng: 74 } });
    expect(badNumber.status).toBe(422);
    expect(badNumber.body.errors).toHaveProperty(["topRight.lat"]);
  });
});

describe("GET /api/v1/guest/estate/map/{id}", () => {
  it("gives the card of one point, priced for the dates when asked", async () => {
    const estate = await t.make.estate({ price: 2500 });
    await t.make.photo(estate.id);
    const plain = await t.get<{ success: true; data: { estate: EstateCard } }>(`/api/v1/guest/estate/map/${estate.id}`);
    expect(plain.status).toBe(200);
    expect(plain.body.data.estate).toMatchObject({ id: estate.id, price: 2500, stayPrice: null, nights: null });
    expect(plain.body.data.estate.photos).toHaveLength(1);

    const priced = await t.get<{ success: true; data: { estate: EstateCard } }>(
      `/api/v1/guest/estate/map/${estate.slug}?checkInDate=${day(1)}&checkOutDate=${day(3)}`,
    );
    expect(priced.body.data.estate).toMatchObject({ stayPrice: 5000, nights: 2 });
  });

  it("is 404 for an unknown or draft estate", async () => {
    const draft = await t.make.estate({ status: "draft" });
    for (const id of [draft.id, 99_999_999, "no-such-slug"]) {
      const { status, body } = await t.get<ErrorBody>(`/api/v1/guest/estate/map/${id}`);
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, message: "Объект не найден" });
    }
  });
});
