/**
 * Photos on S3-compatible object storage (issue 33), against a real S3-protocol server on
 * 127.0.0.1 (s3rver, tests/support/s3-peer.ts): the settings and their refusals, the bucket
 * storage itself (whole objects with the photos' cache header, listing, deletion), uploads and
 * deletions through the API, the server's /uploads route streaming objects on (ETag, 304, 404,
 * HEAD), the demo photo pool drawn into the bucket, and `npm run photos:to-s3` copying a folder
 * once and only once. Two server processes sharing the bucket: tests/e2e/photo-storage.spec.ts.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { issueTokens } from "../../api/services/auth/tokens";
import { PHOTO_CACHE_CONTROL, copyFolderTo, folderStorage, type StoredFile } from "../../api/services/listing/photo-storage";
import { s3SettingsFrom, s3Storage, type S3PhotoStorage } from "../../api/services/listing/s3-storage";
import { PHOTO_POOL, PHOTO_VARIANTS, ensurePhotoPool, photoVariantKey } from "../../api/seed/photos";
import type { Listing } from "../../contract/listing-steps";
import { ConfigError, loadConfig } from "../../server/config";
import { securityHeaders } from "../../server/http";
import { photoFiles } from "../../server/photo-files";
import { startS3Peer, type S3Peer } from "../support/s3-peer";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "s".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
let peer: S3Peer;
let bucket: S3PhotoStorage;
let server: ReturnType<ReturnType<typeof express>["listen"]>;
let site: string;

/** console.error's lines while a test runs (the failures it logs on purpose), restored after. */
function captureConsoleErrors() {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void lines.push(args.map((a) => (a instanceof Error ? `${a.message} ${String(a.cause)}` : String(a))).join(" "));
  return { lines, restore: () => void (console.error = original) };
}

async function keys(prefix: string): Promise<string[]> {
  const found: StoredFile[] = [];
  for await (const file of bucket.list(prefix)) found.push(file);
  return found.map((f) => f.key).sort();
}

beforeAll(async () => {
  await t.make.type({ kind: "simple", sortOrder: 1 });
  peer = await startS3Peer();
  bucket = await s3Storage(s3SettingsFrom(peer.env)!);
  // The server's /uploads route over the bucket, on a port of its own.
  const app = express().use("/uploads", photoFiles(bucket, "/nonexistent"));
  server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  bucket?.close();
  await peer?.close();
});

describe("the settings", () => {
  it("keep the local folder by default and read a bucket's settings with PHOTO_STORAGE=s3", () => {
    expect(s3SettingsFrom({})).toBeNull();
    expect(s3SettingsFrom({ PHOTO_STORAGE: "local", S3_BUCKET: "ignored" })).toBeNull();
    expect(s3SettingsFrom({ PHOTO_STORAGE: "s3", S3_BUCKET: "konok", S3_ENDPOINT: "https://storage.yandexcloud.net", S3_REGION: "ru-central1", S3_PUBLIC_URL: "https://photos.konok.kg/" })).toEqual({
      endpoint: "https://storage.yandexcloud.net",
      bucket: "konok",
      region: "ru-central1",
      accessKeyId: undefined,
      secretAccessKey: undefined,
      publicUrl: "https://photos.konok.kg",
      forcePathStyle: true,
    });
  });

  it("refuse a missing or malformed setting at start, naming it", () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ SESSION_SECRET: "x".repeat(40), DATA_DIR: os.tmpdir(), ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(env)}`);
    };
    expect(refusal({ PHOTO_STORAGE: "s4" })).toMatch(/^Invalid configuration: PHOTO_STORAGE must be local or s3/);
    expect(refusal({ PHOTO_STORAGE: "s3" })).toMatch(/S3_BUCKET is required with PHOTO_STORAGE=s3/);
    expect(refusal({ PHOTO_STORAGE: "s3", S3_BUCKET: "Konok_Photos" })).toMatch(/S3_BUCKET must be a bucket name/);
    expect(refusal({ PHOTO_STORAGE: "s3", S3_BUCKET: "konok", S3_ENDPOINT: "storage.yandexcloud.net" })).toMatch(/S3_ENDPOINT must be a URL/);
    expect(refusal({ PHOTO_STORAGE: "s3", S3_BUCKET: "konok", S3_PUBLIC_URL: "ftp://x" })).toMatch(/S3_PUBLIC_URL must be a URL/);
    expect(refusal({ PHOTO_STORAGE: "s3", S3_BUCKET: "konok", S3_ACCESS_KEY_ID: "AKIA" })).toMatch(/S3_SECRET_ACCESS_KEY is required with S3_ACCESS_KEY_ID/);
    expect(loadConfig({ SESSION_SECRET: "x".repeat(40), DATA_DIR: os.tmpdir(), ...peer.env }).photoBucket?.bucket).toBe(peer.bucket);
  });

  it("let pages load images from the bucket's public address (CSP img-src), and only from there", () => {
    const csp = (photoUrl?: string) => {
      const headers: Record<string, string> = {};
      securityHeaders({ mapTileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", production: true, photoUrl })(
        {} as never,
        { locals: {}, setHeader: (name: string, value: string) => void (headers[name] = value) } as never,
        () => {},
      );
      return headers["Content-Security-Policy"].split("; ").find((d) => d.startsWith("img-src"));
    };
    expect(csp()).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org");
    expect(csp("https://konok-photos.storage.yandexcloud.net/listing")).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org https://konok-photos.storage.yandexcloud.net");
  });
});

describe("the bucket storage", () => {
  it("stores whole objects with the photos' type and cache header, lists them by prefix, removes them", async () => {
    const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a7" } }).webp().toBuffer();
    await bucket.put("estates/900/aaa-400.webp", data);
    await bucket.put("estates/900/aaa-800.webp", data);
    await bucket.put("estates/901/bbb-400.webp", data);
    expect(await keys("estates/900/")).toEqual(["estates/900/aaa-400.webp", "estates/900/aaa-800.webp"]);
    const direct = await fetch(`${peer.publicUrl}/estates/900/aaa-400.webp`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("content-type")).toBe("image/webp");
    expect(direct.headers.get("cache-control")).toBe(PHOTO_CACHE_CONTROL);
    expect(Buffer.from(await direct.arrayBuffer()).equals(data)).toBe(true);
    // Removing a key that is already gone is not an error (a retried delete, a file shared by a duplicate).
    await bucket.remove(["estates/900/aaa-400.webp", "estates/900/aaa-800.webp", "estates/900/never-there.webp"]);
    expect(await keys("estates/900/")).toEqual([]);
    expect(await keys("estates/901/")).toEqual(["estates/901/bbb-400.webp"]);
  });
});

describe("uploads through the API", () => {
  async function host() {
    const user = await t.make.user({ mode: "host" });
    return (await issueTokens(t.db, user.id, AUTH)).token;
  }
  const call = async <T>(api: ReturnType<typeof createApi>, token: string, method: string, url: string, body?: FormData | object) => {
    const response = await api.fetch(
      new Request(`http://konok.test${url}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body instanceof FormData || !body ? {} : { "Content-Type": "application/json" }) },
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
      }),
    );
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return ((await response.json()) as { data: T }).data;
  };
  const photoForm = async () => {
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 1300, height: 900, channels: 3, background: "#c84" } }).jpeg().toBuffer();
    form.append("photos", new File([new Uint8Array(jpeg)], "yard.jpg", { type: "image/jpeg" }));
    return form;
  };

  it("puts every derived size in the bucket, serves them through /uploads, and deletes them with the photo", async () => {
    const api = createApi({ db: t.db, auth: AUTH, photos: bucket });
    const token = await host();
    const { object } = await call<{ object: Listing }>(api, token, "POST", "/api/v1/host/objects", { kind: "simple" });
    const uploaded = await call<{ object: Listing }>(api, token, "POST", `/api/v1/host/objects/${object.id}/photos`, await photoForm());
    const [photo] = uploaded.object.photos;
    expect(photo.url).toMatch(new RegExp(`^/uploads/estates/${object.id}/[0-9a-f]{16}-800\\.webp$`));
    const stored = await keys(`estates/${object.id}/`);
    expect(stored.map((k) => k.replace(/^.*-/, ""))).toEqual(["1200.webp", "400.webp", "800.webp"]);
    expect(stored.map((k) => `/uploads/${k}`)).toContain(photo.url);

    // The server's /uploads streams the object on, with the photos' cache header and the bucket's ETag.
    const served = await fetch(`${site}${photo.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe(PHOTO_CACHE_CONTROL);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(Number(served.headers.get("content-length")));
    expect((await sharp(bytes).metadata()).width).toBe(800);
    const etag = served.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${site}${photo.url}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const head = await fetch(`${site}${photo.url}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(bytes.length));

    await call(api, token, "DELETE", `/api/v1/host/objects/${object.id}/photos/${photo.id}`);
    expect(await keys(`estates/${object.id}/`)).toEqual([]);
    expect((await fetch(`${site}${photo.url}`)).status).toBe(404);
  });

  it("points photo URLs at S3_PUBLIC_URL when set, where browsers fetch the objects directly", async () => {
    const direct = await s3Storage(s3SettingsFrom({ ...peer.env, S3_PUBLIC_URL: peer.publicUrl })!);
    try {
      const api = createApi({ db: t.db, auth: AUTH, photos: direct, publicUrl: "https://konok.test" });
      const token = await host();
      const { object } = await call<{ object: Listing }>(api, token, "POST", "/api/v1/host/objects", { kind: "simple" });
      const uploaded = await call<{ object: Listing }>(api, token, "POST", `/api/v1/host/objects/${object.id}/photos`, await photoForm());
      const [photo] = uploaded.object.photos;
      expect(photo.url.startsWith(`${peer.publicUrl}/estates/${object.id}/`)).toBe(true);
      for (const candidate of photo.srcset.split(", ").map((s) => s.split(" ")[0])) {
        const response = await fetch(candidate);
        expect(response.status, candidate).toBe(200);
        expect(response.headers.get("cache-control")).toBe(PHOTO_CACHE_CONTROL);
      }
      // Deleting a draft takes its files along.
      await call(api, token, "DELETE", `/api/v1/host/objects/${object.id}`);
      expect(await keys(`estates/${object.id}/`)).toEqual([]);
    } finally {
      direct.close();
    }
  });

  it("answers 404 for a key that is missing or not a photo's name", async () => {
    for (const bad of ["/uploads/estates/1/missing-400.webp", "/uploads/..%2F..%2Fetc%2Fpasswd", "/uploads/%E0%A4%A", "/uploads/"]) {
      expect((await fetch(`${site}${bad}`)).status, bad).toBe(404);
    }
    expect((await fetch(`${site}/uploads/estates/1/x-400.webp`, { method: "POST" })).status).toBe(405);
  });
});

describe("a bucket that does not answer", () => {
  // Port 9 (discard) refuses at once: the bucket's service down, or a wrong S3_ENDPOINT.
  const downEnv = { PHOTO_STORAGE: "s3", S3_BUCKET: "konok-photos", S3_ENDPOINT: "http://127.0.0.1:9", S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };

  it("refuses an upload with 503 and a message to try again in the host's language, keeping no photo", async () => {
    const down = await s3Storage(s3SettingsFrom(downEnv)!);
    const errors = captureConsoleErrors();
    try {
      const api = createApi({ db: t.db, auth: AUTH, photos: down });
      const user = await t.make.user({ mode: "host" });
      const token = (await issueTokens(t.db, user.id, AUTH)).token;
      const created = await api.fetch(new Request("http://konok.test/api/v1/host/objects", { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify({ kind: "simple" }) }));
      const { object } = ((await created.json()) as { data: { object: Listing } }).data;
      const form = new FormData();
      form.append("photos", new File([new Uint8Array(await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#48c" } }).jpeg().toBuffer())], "a.jpg", { type: "image/jpeg" }));
      for (const [locale, text] of [["ru", "Сейчас мы не можем сохранить фото"], ["en", "We can't save photos right now"], ["ky", "Азыр сүрөттөрдү сактай албайбыз"]] as const) {
        const response = await api.fetch(new Request(`http://konok.test/api/v1/host/objects/${object.id}/photos`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Accept-Language": locale }, body: form }));
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("30");
        expect(((await response.json()) as { message: string }).message).toContain(text);
      }
      const after = await api.fetch(new Request(`http://konok.test/api/v1/host/objects/${object.id}`, { headers: { Authorization: `Bearer ${token}` } }));
      expect(((await after.json()) as { data: { object: Listing } }).data.object.photos).toEqual([]);
      expect(errors.lines.join("\n")).toMatch(/photo storage unavailable/);
    } finally {
      errors.restore();
      down.close();
    }
  }, 60_000);

  it("deletes a photo all the same (its files are logged as left behind), and /uploads answers 503, not 500", async () => {
    const down = await s3Storage(s3SettingsFrom(downEnv)!);
    const errors = captureConsoleErrors();
    const app = express().use("/uploads", photoFiles(down, "/nonexistent"));
    const deadSite = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const user = await t.make.user({ mode: "host" });
      const token = (await issueTokens(t.db, user.id, AUTH)).token;
      const headers = { Authorization: `Bearer ${token}` };
      const up = createApi({ db: t.db, auth: AUTH, photos: bucket });
      const created = await up.fetch(new Request("http://konok.test/api/v1/host/objects", { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify({ kind: "simple" }) }));
      const { object } = ((await created.json()) as { data: { object: Listing } }).data;
      const form = new FormData();
      form.append("photos", new File([new Uint8Array(await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#8c4" } }).jpeg().toBuffer())], "a.jpg", { type: "image/jpeg" }));
      const uploaded = await up.fetch(new Request(`http://konok.test/api/v1/host/objects/${object.id}/photos`, { method: "POST", headers, body: form }));
      const [photo] = ((await uploaded.json()) as { data: { object: Listing } }).data.object.photos;

      const response = await fetch(`http://127.0.0.1:${(deadSite.address() as AddressInfo).port}${photo.url}`);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("30");

      const deleted = await createApi({ db: t.db, auth: AUTH, photos: down }).fetch(new Request(`http://konok.test/api/v1/host/objects/${object.id}/photos/${photo.id}`, { method: "DELETE", headers }));
      expect(deleted.status).toBe(200);
      expect(((await deleted.json()) as { data: { object: Listing } }).data.object.photos).toEqual([]);
      expect(errors.lines.join("\n")).toMatch(new RegExp(`could not remove estates/${object.id}/.*they are no longer referenced`));
    } finally {
      await new Promise((resolve) => deadSite.close(resolve));
      errors.restore();
      down.close();
    }
  }, 60_000);
});

describe("the demo photo pool", () => {
  it("is drawn into the bucket only where pictures are missing", async () => {
    // Every picture but one is already stored (placeholders: the pool checks names and sizes, it does not redraw).
    const [missing, ...present] = PHOTO_POOL;
    for (const photo of present) for (const width of PHOTO_VARIANTS) await bucket.put(photoVariantKey(photo.key, width), Buffer.from("stored"));
    const first = await ensurePhotoPool(bucket);
    expect(first).toMatchObject({ generated: 1, skipped: PHOTO_POOL.length - 1 });
    for (const width of PHOTO_VARIANTS) {
      const response = await fetch(`${peer.publicUrl}/${photoVariantKey(missing.key, width)}`);
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(width);
    }
    expect(await ensurePhotoPool(bucket)).toMatchObject({ generated: 0, skipped: PHOTO_POOL.length });
  }, 60_000);
});

describe("npm run photos:to-s3", () => {
  it("copies a local uploads folder into the bucket once: run again, it copies only what changed", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-to-s3-"));
    const uploads = path.join(dataDir, "uploads");
    const folder = folderStorage(uploads);
    await folder.put("estates/77/abc-400.webp", Buffer.from("four hundred"));
    await folder.put("estates/77/abc-800.webp", Buffer.from("eight hundred"));
    await folder.put("avatars/5/face-400.webp", Buffer.from("face"));
    fs.writeFileSync(path.join(uploads, "estates/77/abc-1200.webp.123.part"), "half a file");
    fs.writeFileSync(path.join(uploads, "estates/77/with space.webp"), "not a name the site serves");
    try {
      const first = await copyFolderTo(uploads, bucket);
      expect(first).toMatchObject({ copied: 3, present: 0 });
      expect(await keys("estates/77/")).toEqual(["estates/77/abc-400.webp", "estates/77/abc-800.webp"]);
      expect(await (await fetch(`${peer.publicUrl}/estates/77/abc-800.webp`)).text()).toBe("eight hundred");

      // The command itself, as an operator runs it (tsx here; the image runs the built dist/photos-to-s3.js).
      await folder.put("estates/77/abc-800.webp", Buffer.from("eight hundred, redone"));
      const run = () =>
        promisify(execFile)(process.execPath, ["--import", "tsx", "api/photos-to-s3.ts", "--data-dir", dataDir], { env: { ...process.env, ...peer.env }, timeout: 60_000 });
      const second = await run();
      expect(second.stdout).toMatch(/copied 1 file\(s\) \(0\.0 MB\), 2 already in the bucket/);
      expect(await (await fetch(`${peer.publicUrl}/estates/77/abc-800.webp`)).text()).toBe("eight hundred, redone");
      // Run again, nothing has changed: in process (each process start cost ~2.5 s here; the
      // command's wiring and its line are checked above, the skipping is copyFolderTo's).
      expect(await copyFolderTo(uploads, bucket)).toMatchObject({ copied: 0, present: 3 });
      // Without the bucket's settings it says what is missing and fails.
      const refused = await promisify(execFile)(process.execPath, ["--import", "tsx", "api/photos-to-s3.ts", "--data-dir", dataDir], { env: { ...process.env, PHOTO_STORAGE: "" } }).catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/PHOTO_STORAGE=s3 and the bucket's S3_\* settings are needed/) });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
