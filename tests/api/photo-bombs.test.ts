/**
 * Issue 26, item 3: image bombs. A few hundred KB of PNG can be a 10 000 × 10 000 picture; decoded
 * whole it took ~400 MB, a 16-bit one 1.27 GB, three at once 1.6–1.7 GB. Now the header is read
 * first and what is over 50 megapixels or 200 MB of decoded pixels (bytes per sample counted) is
 * refused with its own per-file message; what is within is read in order and shrunk while read,
 * one large photo at a time.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { issueTokens } from "../../api/services/auth/tokens";
import type { Listing, PhotoUploadResponse } from "../../contract/listing-steps";
import { blackPng } from "../support/png-bombs";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "b".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-bombs-"));
let api: ReturnType<typeof createApi>;

beforeAll(async () => {
  api = createApi({ db: t.db, auth: AUTH, uploadsDir });
  await t.make.type({ kind: "simple" });
});

describe("image bombs", () => {
  it("refuses a 10 000 × 10 000 PNG and a 16-bit 6000 × 6000 one by their headers, keeps a normal photo", { timeout: 60_000 }, async () => {
    const host = await t.make.user({ mode: "host" });
    const { token } = await issueTokens(t.db, host.id, AUTH);
    const call = async <T>(method: string, url: string, body: BodyInit, json = false) => {
      const response = await api.fetch(
        new Request(`http://konok.test${url}`, { method, headers: { Authorization: `Bearer ${token}`, ...(json ? { "Content-Type": "application/json" } : {}) }, body }),
      );
      return { status: response.status, body: (await response.json()) as { data: T; message?: string } };
    };
    const id = (await call<{ object: Listing }>("POST", "/api/v1/host/objects", JSON.stringify({ kind: "simple" }), true)).body.data.object.id;
    const bomb = await blackPng(10_000, 10_000);
    // 36 megapixels pass the pixel count, but 16 bits × 3 samples make 216 MB decoded.
    const deep = await blackPng(6000, 6000, 16);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const form = new FormData();
    form.append("photos", new File([new Uint8Array(bomb)], "bomb.png", { type: "image/png" }));
    form.append("photos", new File([new Uint8Array(deep)], "deep.png", { type: "image/png" }));
    form.append("photos", new File([new Uint8Array(await blackPng(1200, 800))], "fine.png", { type: "image/png" }));
    const started = Date.now();
    const uploaded = await call<PhotoUploadResponse>("POST", `/api/v1/host/objects/${id}/photos?locale=en`, form);
    expect(uploaded.status, uploaded.body.message).toBe(200);
    const tooLarge = "The picture is too large: at most 50 megapixels (8000 × 6000, say). Make it smaller or save it as JPEG";
    expect(uploaded.body.data.rejected).toEqual([
      { name: "bomb.png", message: tooLarge },
      { name: "deep.png", message: tooLarge },
    ]);
    expect(uploaded.body.data.object.photos.map((p) => [p.width, p.height])).toEqual([[1200, 800]]);
    // Refused from the header: no decoding (the old code spent seconds on each).
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("three large photos within the limits at once stay within ~150 MB more memory", { timeout: 120_000 }, async () => {
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/support/photo-memory.ts")], {
      // As the server runs (npm start, the image): two malloc arenas.
      env: { ...process.env, MALLOC_ARENA_MAX: "2" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (err += c.toString()));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code, err).toBe(0);
    const result = JSON.parse(out.trim().split("\n").at(-1)!) as { rise: number; sizes: unknown };
    expect(result.sizes).toEqual([
      [7000, 7000, [400, 800, 1200]],
      [7000, 7000, [400, 800, 1200]],
      [5000, 4000, [400, 800, 1200]],
    ]);
    // Whole decodes side by side rose ~380 MB here; read in order, one large at a time, ~90.
    expect(result.rise).toBeLessThan(150);
  });
});
