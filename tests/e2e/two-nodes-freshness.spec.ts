/**
 * "Edits show on the site at once on this node and within a minute on others" (issue 31), with two
 * real `node dist/server.js` processes on one PostgreSQL database: an operator made by
 * `npm run operator` edits a FAQ answer in Kyrgyz in the console of node A; node A's /ky/faq shows
 * it at once, and node B, whose signed-out page of /ky/faq sat in its page cache, shows it within
 * twice PAGE_CACHE_SECONDS (an aged page may answer while one request renders it again: decision
 * 0067). Production allows at most 30 seconds, so within a minute; the nodes here run with 2, so
 * the test takes seconds. Needs PostgreSQL at TEST_DATABASE_URL (or postgres://postgres@127.0.0.1:5432/test).
 */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import pg from "pg";
import { request as requests, type APIRequestContext } from "@playwright/test";
import type { ContentItem } from "../../contract/operator-content";
import { expect, test } from "./fixtures";
import { bearer } from "./host-support";
import { ServerProcess } from "./server-process";
import { apiData, message } from "./support";

const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const CACHE_SECONDS = 2;
const OPERATOR = { phone: "996555319101", national: "555319101", password: "fresh-operator-2026" };
const dbName = `konok_fresh_${crypto.randomBytes(4).toString("hex")}`;
const nodes: ServerProcess[] = [];
const clients: APIRequestContext[] = [];
let databaseUrl = "";

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  try {
    await admin(`CREATE DATABASE ${dbName}`);
  } catch (error) {
    test.skip(true, `PostgreSQL at ${PG_URL} is unreachable (${(error as Error).message})`);
  }
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
  // Inside the run's own port range (E2E_PORT); the review walk takes +60 and +61.
  const base = Number(process.env.E2E_PORT ?? 3100) + 62;
  for (const port of [base, base + 1]) {
    // One after the other: the first migrates the empty database, the second finds it ready.
    const node = await ServerProcess.start({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "false",
      PAGE_CACHE_SECONDS: String(CACHE_SECONDS),
      TRUST_PROXY: "loopback",
      MAP_TILE_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png",
    });
    nodes.push(node);
    await node.answering(180_000);
    await expect.poll(async () => (await fetch(`${node.url}/healthz`)).status, { timeout: 120_000 }).toBe(200);
    clients.push(await requests.newContext({ baseURL: node.url, extraHTTPHeaders: { "X-Forwarded-For": `10.67.${nodes.length}.1` } }));
  }
  const made = spawnSync(process.execPath, ["dist/operator.js", "create", "--phone", OPERATOR.phone, "--password", OPERATOR.password, "--name", "Ainura Fresh"], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: databaseUrl },
    timeout: 120_000,
  });
  expect(`${made.stdout}${made.stderr}`).toContain(`Operator created: ${OPERATOR.phone}`);
});

test.afterAll(async () => {
  for (const client of clients) await client.dispose();
  for (const node of nodes) await node.stop();
  if (databaseUrl) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

test("a FAQ answer edited in node A's console shows on A at once and on B within twice PAGE_CACHE_SECONDS", { tag: "@js-only" }, async ({ browser }) => {
  test.setTimeout(120_000);
  const [a, b] = clients;
  const token = (await apiData<{ token: string }>(await a.post("/api/login", { data: { phoneNumber: OPERATOR.phone, password: OPERATOR.password } }))).token;
  const anchor = `fresh-${Date.now().toString(36)}`;
  const { item } = await apiData<{ item: ContentItem }>(
    await a.post("/api/v1/operator/content/faq", {
      headers: bearer(token),
      data: { audience: "guests", anchor, sortOrder: 900, question: { ru: `Вопрос ${anchor}`, en: `Question ${anchor}`, ky: `Суроо ${anchor}` }, answer: { ru: "Ответ.", en: "The answer.", ky: "Эски жооп." } },
    }),
  );
  // Node B learns of the new question within its bound, and keeps its page in its cache.
  await expect.poll(async () => (await (await b.get("/ky/faq")).text()).includes(`Суроо ${anchor}`), { timeout: 4 * CACHE_SECONDS * 1000 }).toBe(true);

  const context = await browser.newContext({ baseURL: nodes[0].url, extraHTTPHeaders: { "X-Forwarded-For": "10.67.9.1" } });
  const signedIn = await context.request.post("/login", { form: { countryCode: "996", phone: OPERATOR.national, password: OPERATOR.password }, headers: { Origin: nodes[0].url }, maxRedirects: 0 });
  expect(signedIn.status(), "sign-in").toBe(302);
  const page = await context.newPage();
  await page.goto(`/ky/admin/content/faq/${item.id}`);
  const answer = `Жаңы жооп ${anchor}`;
  await page.getByTestId("texts-ky").getByLabel(message("ky", "admin", "content.fields.answer")).fill(answer);
  // B's page of /ky/faq is fresh in its cache when the save lands.
  expect(await (await b.get("/ky/faq")).text()).not.toContain(answer);
  await page.getByTestId("content-form").getByRole("button", { name: message("ky", "admin", "content.save") }).click();
  await expect(page.getByTestId("action-done")).toHaveText(message("ky", "admin", "content.saved"));
  const saved = Date.now();
  await context.close();

  // This node: at once, for a signed-out visitor too.
  expect(await (await a.get("/ky/faq")).text()).toContain(answer);
  // The other node: within twice its PAGE_CACHE_SECONDS (and a second for the request itself).
  let seenAfter = -1;
  await expect
    .poll(
      async () => {
        const shown = (await (await b.get("/ky/faq")).text()).includes(answer);
        if (shown && seenAfter < 0) seenAfter = Date.now() - saved;
        return shown;
      },
      { timeout: (2 * CACHE_SECONDS + 1) * 1000, intervals: [100] },
    )
    .toBe(true);
  expect(seenAfter).toBeLessThanOrEqual((2 * CACHE_SECONDS + 1) * 1000);
});
