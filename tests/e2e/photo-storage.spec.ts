/**
 * Two nodes sharing photos through S3-compatible object storage (issue 33): two `node
 * dist/server.js` processes (tests/e2e/server-process.ts) on one PostgreSQL database, one Redis and
 * one bucket on a real S3-protocol server (s3rver, tests/support/s3-peer.ts), as several nodes
 * behind a balancer run. Node A serves photos through its own /uploads (the bucket stays private);
 * node B sends browsers to the bucket's public address (S3_PUBLIC_URL), which its CSP allows. A
 * host uploads a photo in the wizard on node A; node B shows it and serves it; deleted on node B,
 * it is gone from node A too. With JavaScript on and off (the wizard's photo step is a core flow).
 * Needs PostgreSQL at TEST_DATABASE_URL (or postgres://postgres@127.0.0.1:5432/test) and Redis at
 * REDIS_TEST_URL (or redis://127.0.0.1:6379); skipped, saying so, when either is unreachable.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import pg from "pg";
import type { Listing } from "../../contract/listing-steps";
import { startS3Peer, type S3Peer } from "../support/s3-peer";
import { createUser, expect, test, type TestUser } from "./fixtures";
import { expectAccessible } from "./host-support";
import { ServerProcess } from "./server-process";
import { photoFiles, uploadPhotos } from "./wizard-support";
import { postgresUnreachable, redisUnreachable } from "../support/services";

const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
/**
 * Two ports of the photo storage's own: beside the suite's server, never on it, and a pair per
 * worker running at once (TEST_PARALLEL_INDEX): the js and no-js runs of this file may overlap,
 * and a node started on a taken port would leave the test talking to the other run's nodes.
 */
const PORT_A = Number(process.env.PHOTO_STORAGE_E2E_PORT ?? 3961) + 2 * Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const PORT_B = PORT_A + 1;
const A = `http://127.0.0.1:${PORT_A}`;
const B = `http://127.0.0.1:${PORT_B}`;

async function unreachable(): Promise<string | null> {
  return (await postgresUnreachable(PG_URL)) ?? (await redisUnreachable(REDIS_URL));
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let missing: string | null = null;
let peer: S3Peer;
let peerClosed = false;
let nodes: ServerProcess[] = [];
const dataDirs: string[] = [];
const dbName = `s3_nodes_${crypto.randomBytes(4).toString("hex")}`;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: A });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  missing = await unreachable();
  if (missing) return;
  peer = await startS3Peer();
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  // What several nodes share: the database, Redis, the secrets and the bucket; each its own folder.
  const shared = {
    ...peer.env,
    DATABASE_URL: url.toString(),
    REDIS_URL,
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    TRUST_PROXY: "loopback",
    MAP_TILE_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png",
  };
  for (const [port, extra] of [
    [PORT_A, {}],
    [PORT_B, { S3_PUBLIC_URL: peer.publicUrl }],
  ] as const) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-s3-node-"));
    dataDirs.push(dataDir);
    const node = await ServerProcess.start({ ...shared, ...extra, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir });
    nodes.push(node);
    // One after the other: the first migrates the new database, the second finds it ready.
    await node.answering(120_000);
  }
});

test.afterAll(async () => {
  await Promise.all(nodes.map((node) => node.stop()));
  nodes = [];
  if (missing) return;
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  if (!peerClosed) await peer?.close();
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Signs in on one node by posting its login form; the cookie (127.0.0.1, any port) and the shared secret sign in on both. */
async function signIn(page: Page, user: TestUser) {
  const response = await page.context().request.post(`${A}/login`, { form: { countryCode: "996", phone: user.national, password: user.password }, headers: { Origin: A }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
}

/** The listed photo's image, scrolled to (it loads lazily), once the browser has decoded it. */
async function decodedPhoto(page: Page) {
  const image = page.getByTestId("photo-item").first().locator("img");
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
  return image;
}

test("a photo uploaded through one node is shown and served by the other, and deleted on both", async ({ page, request }) => {
  test.skip(missing !== null, missing ?? "");
  test.setTimeout(120_000);
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to load/i.test(message.text())) refused.push(message.text());
  });
  const host = await createUser(request, { mode: "host" });
  const created = await request.post(`${A}/api/v1/host/objects`, { data: { kind: "simple" }, headers: { Authorization: `Bearer ${host.token}` } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { data: { object: Listing } }).data.object;
  await signIn(page, host);

  // Node A: the upload, then the photo from A's own /uploads, read from the bucket.
  await page.goto(`${A}/host/objects/${id}/photo`);
  await uploadPhotos(page, await photoFiles(1));
  const onA = await decodedPhoto(page);
  const pathOnA = (await onA.getAttribute("src")) ?? "";
  expect(pathOnA).toMatch(new RegExp(`^/uploads/estates/${id}/[0-9a-f]{16}-\\d+\\.webp$`));
  const key = pathOnA.replace(/^\/uploads\//, "");

  // Node B: the same photo, the browser fetching it from the bucket's public address.
  await page.goto(`${B}/host/objects/${id}/photo`);
  await expect(page.getByTestId("photo-item")).toHaveCount(1);
  const onB = await decodedPhoto(page);
  expect(await onB.getAttribute("src")).toBe(`${peer.publicUrl}/${key}`);
  expect(refused).toEqual([]);

  // Node B's /uploads serves it too (links made before S3_PUBLIC_URL), with the same bytes and cache header as A's.
  const fromA = await request.get(`${A}/uploads/${key}`);
  const fromB = await request.get(`${B}/uploads/${key}`);
  for (const response of [fromA, fromB]) {
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/webp");
    expect(response.headers()["cache-control"]).toMatch(/^public, max-age=\d{6,}/);
  }
  expect((await fromB.body()).equals(await fromA.body())).toBe(true);
  expect((await fromA.body()).equals(await (await request.get(`${peer.publicUrl}/${key}`)).body())).toBe(true);

  // Deleted through node B: gone from the bucket, so node A answers 404.
  await page.getByTestId("photo-item").first().locator('button[value="delete"]').click();
  await expect(page.getByTestId("photo-item")).toHaveCount(0);
  await expect.poll(async () => (await request.get(`${A}/uploads/${key}`)).status()).toBe(404);
  expect((await request.get(`${peer.publicUrl}/${key}`)).status()).toBe(404);
});

test("with the bucket down, an upload says to try again in a minute and the page stays usable", async ({ page, request, javaScriptEnabled }) => {
  test.skip(missing !== null, missing ?? "");
  await page.setViewportSize({ width: 360, height: 780 });
  test.setTimeout(120_000);
  const host = await createUser(request, { mode: "host" });
  const created = await request.post(`${A}/api/v1/host/objects`, { data: { kind: "simple" }, headers: { Authorization: `Bearer ${host.token}` } });
  const { id } = ((await created.json()) as { data: { object: Listing } }).data.object;
  await signIn(page, host);
  await page.goto(`${A}/host/objects/${id}/photo`);
  // The bucket's service stops (the last test of the file: nothing after it needs the bucket).
  await peer.close();
  peerClosed = true;
  await page.locator('input[type="file"][name="photos"]').setInputFiles(await photoFiles(1));
  // With JavaScript a chosen photo goes up at once; without it the host presses "Upload".
  if (!javaScriptEnabled) await page.locator('[data-testid="photo-upload"] button[value="upload"]').click();
  // With JavaScript the file's own line says it; without, the box above the list.
  const said = javaScriptEnabled ? page.locator('[data-testid="upload-item"][data-status="error"]') : page.getByTestId("photos-rejected");
  await expect(said).toContainText("Сейчас мы не можем сохранить фото. Попробуйте через минуту", { timeout: 30_000 });
  await expect(page.getByTestId("photo-item")).toHaveCount(0);
  // The page stays usable: the host can choose (and without JavaScript send) photos again.
  await expect(page.locator('input[type="file"][name="photos"]')).toBeEnabled();
  if (!javaScriptEnabled) await expect(page.locator('[data-testid="photo-upload"] button[value="upload"]')).toBeVisible();
  await expectAccessible(page, javaScriptEnabled);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `tests/.artifacts/screenshots/photo-storage-down-${javaScriptEnabled ? "js" : "nojs"}.png`, fullPage: true });
});
