/**
 * HEIC from an iPhone (HEVC inside, which sharp's libvips cannot decode) through the real upload
 * endpoint: decoded by heic-decode in a worker thread, then the usual pipeline, so the stored
 * photos are WebP without any metadata (the fixture's EXIF has GPS coordinates and an iPhone's
 * make and model). tests/fixtures/phone-with-gps.heic was made with `heif-enc -q 30` (libheif 1.15,
 * x265) from a 1024×768 JPEG (the left half red, the right dark) given that EXIF by `exiftool
 * -ExifByteOrder=II -Make=Apple -Model="iPhone 13" -GPSLatitude=… -GPSLongitude=…`: the smallest
 * photo a listing takes (PHOTO_MIN_SIDES).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { issueTokens } from "../../api/services/auth/tokens";
import { processPhoto } from "../../api/services/listing/photo-processing";
import type { Listing, PhotoUploadResponse } from "../../contract/listing-steps";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "p".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-heic-"));
const HEIC = fs.readFileSync(path.join(__dirname, "../fixtures/phone-with-gps.heic"));
let api: ReturnType<typeof createApi>;

beforeAll(async () => {
  api = createApi({ db: t.db, auth: AUTH, uploadsDir });
  await t.make.type({ kind: "simple" });
});

describe("HEIC photos from phones", () => {
  it("the fixture is what an iPhone sends: HEVC that sharp alone cannot decode, EXIF with GPS", async () => {
    const header = await sharp(HEIC).metadata();
    expect(header).toMatchObject({ format: "heif", compression: "hevc", width: 1024, height: 768 });
    await expect(sharp(HEIC).toBuffer()).rejects.toThrow();
    expect(HEIC.includes(Buffer.from("iPhone 13"))).toBe(true);
    expect(HEIC.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer tag, little-endian
  });

  it("an uploaded HEIC becomes WebP photos without GPS or any metadata", async () => {
    const host = await t.make.user({ mode: "host" });
    const { token } = await issueTokens(t.db, host.id, AUTH);
    const call = async <T>(method: string, url: string, body?: BodyInit, json = false) => {
      const response = await api.fetch(
        new Request(`http://konok.test${url}`, { method, headers: { Authorization: `Bearer ${token}`, ...(json ? { "Content-Type": "application/json" } : {}) }, body }),
      );
      return { status: response.status, body: (await response.json()) as { data: T; message?: string } };
    };
    const id = (await call<{ object: Listing }>("POST", "/api/v1/host/objects", JSON.stringify({ kind: "simple" }), true)).body.data.object.id;
    const form = new FormData();
    // Named .jpg by a browser that knows no better: the type comes from the bytes.
    form.append("photos", new File([new Uint8Array(HEIC)], "IMG_0001.HEIC", { type: "image/heic" }));
    form.append("photos", new File([new Uint8Array(HEIC)], "IMG_0002.jpg", { type: "image/jpeg" }));
    const uploaded = await call<PhotoUploadResponse>("POST", `/api/v1/host/objects/${id}/photos`, form);
    expect(uploaded.status, uploaded.body.message).toBe(200);
    expect(uploaded.body.data.rejected).toEqual([]);
    const photos = uploaded.body.data.object.photos;
    expect(photos).toHaveLength(2);
    expect(photos[0]).toMatchObject({ width: 1024, height: 768 });

    const files = fs.readdirSync(path.join(uploadsDir, "estates", String(id))).sort();
    // Two photos, each 400 and 800 wide (no variant is wider than the photo).
    expect(files.map((f) => f.replace(/^.*-/, "")).sort()).toEqual(["400.webp", "400.webp", "800.webp", "800.webp"]);
    for (const file of files) {
      const stored = fs.readFileSync(path.join(uploadsDir, "estates", String(id), file));
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(Number(/-(\d+)\.webp$/.exec(file)?.[1]));
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(stored.includes(Buffer.from("iPhone"))).toBe(false);
      expect(stored.includes(Buffer.from("Exif"))).toBe(false);
    }
    // The picture survived the trip: the left half red, the right half dark.
    const { data, info } = await sharp(fs.readFileSync(path.join(uploadsDir, "estates", String(id), files.find((f) => f.endsWith("-400.webp"))!))).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels];
    expect(at(50, 150)).toBeGreaterThan(180);
    expect(at(350, 150)).toBeLessThan(80);
  });

  it("decodes off the event loop: timers keep firing while several HEICs are processed", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    await Promise.all([processPhoto(HEIC), processPhoto(HEIC), processPhoto(HEIC)]);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // Not a benchmark: only that the loop was not held for the whole decode.
    expect(ticks).toBeGreaterThan(Math.min(3, elapsed / 50));
  });
});
