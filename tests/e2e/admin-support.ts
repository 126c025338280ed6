/** What the operator console's moderation specs share: a new host's finished listing made through the API. */
import sharp from "sharp";
import type { APIRequestContext } from "@playwright/test";
import type { EstateType } from "../../contract/directory";
import type { Listing } from "../../contract/listing-steps";
import { createUser, expect, type TestUser } from "./fixtures";
import { bearer } from "./host-support";
import { addDays, apiData, todayInBishkek } from "./support";

/** A word no other listing has, to find this one by. */
export const uniqueTitleWord = () => `Тест${Array.from({ length: 7 }, () => "бвгджзклмнпрстфхцчш"[Math.floor(Math.random() * 19)]).join("")}`;

/**
 * A new host's simple listing with every step saved and a photo, then published (`publish`):
 * online at once, or waiting for review on a server with LISTING_REVIEW=on.
 */
export async function hostListing(request: APIRequestContext, title: string, options: { publish?: boolean } = {}): Promise<{ host: TestUser; headers: Record<string, string>; listing: Listing }> {
  const host = await createUser(request, { mode: "host", firstName: "Эрмек" });
  const headers = bearer(host.token!);
  const { types } = await apiData<{ types: EstateType[] }>(await request.get("/api/v1/guest/types"));
  const typeId = types.find((t) => t.kind === "simple")!.id;
  const { object } = await apiData<{ object: Listing }>(await request.post("/api/v1/host/objects", { data: { kind: "simple" }, headers }));
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 90, g: 110, b: 40 } } }).jpeg().toBuffer();
  await apiData(await request.post(`/api/v1/host/objects/${object.id}/photos`, { headers, multipart: { photos: { name: "a.jpg", mimeType: "image/jpeg", buffer: photo } } }));
  const steps: Record<string, unknown> = {
    type: { typeId },
    title: { title_ru: title },
    address: { place: "bishkek", street: "ул. Московская", house: "31" },
    capacity: { guests: 2, bedrooms: 1, beds: 1, baths: 1 },
    photo: {},
    description: { description_ru: "Светлая квартира в центре, рядом парк и рынок. Тихие соседи." },
    price: { price: 2500, minNights: 1, maxNights: 30 },
    house_rules: { checkInFrom: "14:00", checkInUntil: "22:00", checkOutFrom: "07:00", checkOutUntil: "12:00" },
    booking_rules: { confirmation: "request", cancellation: "flexible" },
    start: { availableFrom: addDays(todayInBishkek(), 1) },
    cooperation_format: { format: "standard" },
    landlord_data: { landlordKind: "individual", legalName: "Эрмек Тестов", taxId: "12345678901234", payoutAccount: "1234567812345678" },
  };
  for (const [step, body] of Object.entries(steps)) {
    const saved = await request.put(`/api/v1/host/objects/${object.id}/steps/${step}`, { data: body, headers });
    expect(saved.status(), `${step}: ${await saved.text()}`).toBe(200);
  }
  if (!options.publish) return { host, headers, listing: object };
  const published = await apiData<{ object: Listing }>(await request.post(`/api/v1/host/objects/${object.id}/publish`, { headers }));
  return { host, headers, listing: published.object };
}
