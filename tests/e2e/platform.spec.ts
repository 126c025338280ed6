/**
 * The platform around the screens: health, security headers, asset caching, languages in the URL,
 * error pages, surviving a failing API, and stopping cleanly. Browser tests run with JavaScript on
 * and off; tests that start their own server processes run once (in the `js` project).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../api/db/client";
import { demoDataDir, freePort, ServerProcess } from "./server-process";
import { apiData, message } from "./support";


const ru = "ru-RU,ru;q=0.9";

test.describe("health and headers", () => {
  test("/healthz answers ok with the database in use", { tag: "@js-only" }, async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: expect.stringMatching(/^(pglite|postgres)$/) });
  });

  test("pages carry a CSP with a per-response nonce and the other security headers", { tag: "@js-only" }, async ({ request }) => {
    const first = await request.get("/estates", { headers: { "Accept-Language": ru } });
    expect(first.status()).toBe(200);
    const headers = first.headers();
    const csp = headers["content-security-policy"];
    expect(csp).toBeTruthy();
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce, `no nonce in ${csp}`).toBeTruthy();
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-powered-by"]).toBeUndefined();

    // Every inline script carries this response's nonce, or the browser would refuse to run it.
    const html = await first.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);

    const second = await request.get("/estates", { headers: { "Accept-Language": ru } });
    expect(second.headers()["content-security-policy"]).not.toBe(csp);
  });

  test("hashed assets under /build/ are cached immutably", { tag: "@js-only" }, async ({ request }) => {
    const html = await (await request.get("/", { headers: { "Accept-Language": ru } })).text();
    const assets = [...new Set([...html.matchAll(/["'](\/build\/[^"']+\.(?:js|css))["']/g)].map((m) => m[1]))];
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets.slice(0, 5)) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      const cacheControl = response.headers()["cache-control"] ?? "";
      expect(cacheControl, asset).toContain("immutable");
      expect(cacheControl, asset).toContain("max-age=31536000");
    }
  });

  test("the icon sprite the pages use is served as SVG, cached immutably, and draws every icon they ask for", { tag: "@js-only" }, async ({ request }) => {
    const estates = await apiData<{ estates: { slug: string }[] }>(await request.post("/api/v1/guest/estate", { data: { perPage: 1 } }));
    const html = await (await request.get(`/estates/${estates.estates[0].slug}`, { headers: { "Accept-Language": ru } })).text();
    const uses = [...html.matchAll(/<use href="(\/build\/[^"#]+\.svg)#([^"]+)"/g)];
    expect(uses.length).toBeGreaterThan(5);
    const files = new Set(uses.map((m) => m[1]));
    expect(files.size).toBe(1);
    const response = await request.get([...files][0]);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(response.headers()["cache-control"]).toContain("immutable");
    const sprite = await response.text();
    for (const id of new Set(uses.map((m) => m[2]))) expect(sprite, id).toContain(`<symbol id="${id}"`);
  });
});

test.describe("languages", () => {
  for (const locale of ["en", "ky"] as const) {
    test(`/${locale}/estates renders in ${locale}`, { tag: "@js-only" }, async ({ page }) => {
      const response = await page.goto(`/${locale}/estates`);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByTestId("sign-in")).toHaveText(message(locale, "common", "nav.signIn"));
      await expect(page.getByRole("banner").getByRole("link", { name: message(locale, "common", "nav.stays") })).toBeVisible();
      await expect(page.getByTestId(`lang-${locale}`)).toHaveAttribute("aria-current", "true");
    });
  }

  test("unprefixed pages are Russian", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/estates");
    expect(new URL(page.url()).pathname).toBe("/estates");
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByTestId("sign-in")).toHaveText(message("ru", "common", "nav.signIn"));
  });

  test("/ru/... redirects (301) to the unprefixed page and remembers Russian", { tag: "@js-only" }, async ({ request }) => {
    const response = await request.get("/ru/estates?location=Osh", { maxRedirects: 0, headers: { "Accept-Language": "en" } });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/estates?location=Osh");
    expect(setCookies(response).some((c) => /^lng=[^;]+;/.test(c) && /Max-Age=31536000/i.test(c) && /SameSite=Lax/i.test(c))).toBe(true);
    expect((await request.get("/ru", { maxRedirects: 0 })).headers()["location"]).toBe("/");
  });

  test("an unprefixed request follows the cookie, then Accept-Language", { tag: "@js-only" }, async ({ playwright, baseURL }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    try {
      // No cookie, English browser: sent to the English page.
      const english = await visitor.get("/estates?location=Osh", { maxRedirects: 0, headers: { "Accept-Language": "en-US,en;q=0.9" } });
      expect(english.status()).toBe(302);
      expect(english.headers()["location"]).toBe("/en/estates?location=Osh");

      // Choosing Russian stores lng=ru; from then on the unprefixed page stays, whatever the browser says.
      const chosen = await visitor.get("/ru/estates", { maxRedirects: 0 });
      const cookie = setCookies(chosen).find((c) => c.startsWith("lng="));
      expect(cookie).toBeTruthy();
      const stays = await visitor.get("/estates?location=Osh", { maxRedirects: 0, headers: { "Accept-Language": "en-US,en;q=0.9" } });
      expect(stays.status()).toBe(200);

      // The same cookie sent by anyone else works the same way.
      const other = await playwright.request.newContext({ baseURL });
      const withCookie = await other.get("/estates", { maxRedirects: 0, headers: { "Accept-Language": "en", Cookie: cookie!.split(";")[0] } });
      expect(withCookie.status()).toBe(200);
      expect(await withCookie.text()).toContain('lang="ru"');
      await other.dispose();
    } finally {
      await visitor.dispose();
    }
  });

  test("an English browser lands on English pages until it picks Russian", { tag: "@js-only" }, async ({ browser, baseURL, javaScriptEnabled }) => {
    const context = await browser.newContext({ locale: "en-US", baseURL, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto("/estates");
    expect(new URL(page.url()).pathname).toBe("/en/estates");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    await page.getByTestId("lang-ru").click();
    await expect(page).toHaveURL(/\/estates$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await page.goto("/estates");
    expect(new URL(page.url()).pathname).toBe("/estates");
    await context.close();
  });

  test("the language switcher keeps the page and its query string", async ({ page }) => {
    await page.goto("/estates?location=Osh");
    await page.getByTestId("lang-en").click();
    await expect(page).toHaveURL(/\/en\/estates\?location=Osh$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    await page.getByTestId("lang-ky").click();
    await expect(page).toHaveURL(/\/ky\/estates\?location=Osh$/);

    await page.getByTestId("lang-ru").click();
    await expect(page).toHaveURL(/\/estates\?location=Osh$/);
    expect(new URL(page.url()).pathname).toBe("/estates");
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  });
});

test.describe("error pages", () => {
  const cases = [
    { path: "/de/estates", lang: "ru" },
    { path: "/nonexistent-page", lang: "ru" },
    { path: "/en/nonexistent-page", lang: "en" },
    { path: "/ky/estates/category/nonexistent/deeper/still", lang: "ky" },
  ];
  for (const { path: url, lang } of cases) {
    test(`${url} is the ${lang} 404 page`, { tag: "@js-only" }, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByTestId("error-page")).toContainText("404");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(message(lang, "errors", "notFound.title"));
    });
  }

  test("the 404 page says Page Not Found in English and Страница не найдена in Russian", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/en/nonexistent-page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    // The English page remembered English (the lng cookie); a new visitor of a Russian browser:
    await page.context().clearCookies();
    await page.goto("/nonexistent-page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Страница не найдена");
  });
});

// ── Server processes of their own ────────────────────────────────────────────────────────────

function setCookies(response: APIResponse): string[] {
  return response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value);
}

test.describe("server processes", () => {
  test.describe.configure({ mode: "serial" });
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "Server processes are the same with and without browser JavaScript: run once.");

  const started: ServerProcess[] = [];
  const folders: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-e2e-"));
    folders.push(dir);
    return dir;
  };
  const start = async (env: Record<string, string | undefined>) => {
    const server = await ServerProcess.start(env);
    started.push(server);
    return server;
  };

  test.afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("a wrong setting stops the server with one line naming it", async () => {
    const server = await start({ DATA_DIR: tempDir(), PORT: "not-a-port" });
    const { code } = await server.exit(30_000);
    expect(code).toBe(1);
    expect(server.output.trim()).toMatch(/^Invalid configuration: PORT .*"not-a-port"/);
    expect(server.output.trim().split("\n")).toHaveLength(1);
  });

  test("when the API is unreachable, pages say so kindly and the process keeps running", async () => {
    test.setTimeout(90_000);
    const closedPort = await freePort();
    const server = await start({ DATA_DIR: tempDir(), API_BASE_URL: `http://127.0.0.1:${closedPort}` });
    await server.answering();

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: "unavailable" });

    for (const [url, lang] of [
      ["/estates", "ru"],
      ["/en/estates", "en"],
    ] as const) {
      const page = await fetch(`${server.url}${url}`, { headers: { "Accept-Language": lang } });
      expect(page.status, url).toBe(503);
      const html = await page.text();
      expect(html).toContain(`lang="${lang}"`);
      expect(html).toContain(message(lang, "errors", "unavailable.title"));
      expect(html).toContain('data-testid="error-page"');
    }

    expect(server.running).toBe(true);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
    expect(server.output).toContain("failed");
  });

  test("a production start on an empty database has the directory but no demo data and no demo accounts", async () => {
    test.setTimeout(120_000);
    const server = await start({
      DATA_DIR: tempDir(),
      NODE_ENV: "production",
      PUBLIC_URL: "https://konok.example",
      SEED_DEMO: undefined,
      SESSION_SECRET: "p".repeat(40),
      DATA_ENCRYPTION_KEY: "k".repeat(40),
      PAYMENTS_SANDBOX: "1",
      SMS_PROVIDER: "log",
    });
    await server.answering();
    expect(server.output).toContain("SEED_DEMO=false (the default when NODE_ENV=production)");
    // A trial without SMS is said once, and codes stay out of the production log.
    expect(server.output).toContain("SMS_PROVIDER=log: no SMS is sent, codes go to the log only with LOG_CODES=1; no SMTP_URL: e-mails go to the log");
    expect(server.output).not.toContain("seed: demo data ready");

    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
    // The demo accounts (README) do not exist: their published passwords open nothing.
    for (const [phoneNumber, password] of [
      ["996700000001", "konok-guest-2026"],
      ["996700000002", "konok-host-2026"],
    ]) {
      const login = await post("/api/login", { phoneNumber, password });
      expect(login.status, phoneNumber).toBe(422);
    }
    const search = (await (await post("/api/v1/guest/estate", { perPage: 5 })).json()) as { data: { estates: unknown[] } };
    expect(search.data.estates).toEqual([]);
    // The directory is there, so people can sign up and hosts can list.
    const directory = (await (await fetch(`${server.url}/api/v1/guest/types`, { headers: { Accept: "application/json" } })).json()) as { data: { types: unknown[] } };
    expect(directory.data.types.length).toBeGreaterThan(0);
    const signIn = await fetch(`${server.url}/login`, { headers: { "Accept-Language": "ru" } });
    expect(signIn.status).toBe(200);
    expect(await signIn.text()).toContain("+996");
  });

  test("a plain `node dist/server.js` without the malloc settings runs the server with them, passes SIGTERM on, and takes it down when killed", async () => {
    test.setTimeout(180_000);
    const dataDir = tempDir();
    const lock = path.join(dataDir, "pglite", "konok.lock");
    const childOf = (pid: number) => fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    const environ = (pid: number) => new Map(fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean).map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)] as const));
    // As a systemd unit or a PaaS would start it: two settings missing, one the operator chose.
    const bare = { DATA_DIR: dataDir, MALLOC_ARENA_MAX: undefined, MALLOC_MMAP_THRESHOLD_: undefined, MALLOC_TRIM_THRESHOLD_: "65536" };

    const first = await start(bare);
    await first.answering();
    const [server, ...others] = childOf(first.child.pid!);
    expect(others).toEqual([]);
    const env = environ(server!);
    expect([env.get("MALLOC_ARENA_MAX"), env.get("MALLOC_MMAP_THRESHOLD_"), env.get("MALLOC_TRIM_THRESHOLD_")]).toEqual(["2", "131072", "65536"]);
    // The server is the child: it holds the data folder.
    expect(fs.readFileSync(lock, "utf8")).toBe(String(server));
    await expect.poll(() => first.output).toContain("malloc settings set by the launcher: MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072");

    // A supervisor's SIGTERM reaches the server, which finishes cleanly; the launcher gives its exit code.
    first.child.kill("SIGTERM");
    expect(await first.exit(15_000)).toEqual({ code: 0, signal: null });
    expect(first.output).toContain("SIGTERM received: finishing requests and closing the database");
    expect(fs.existsSync(lock)).toBe(false);
    expect(fs.existsSync(`/proc/${server}`)).toBe(false);

    // SIGKILL cannot be passed on: the server notices its launcher is gone and stops at once,
    // so no orphan keeps the port and the folder.
    const second = await start(bare);
    await second.answering();
    const [orphan] = childOf(second.child.pid!);
    second.child.kill("SIGKILL");
    await expect.poll(() => fs.existsSync(`/proc/${orphan}`) && !fs.readFileSync(`/proc/${orphan}/stat`, "utf8").includes(") Z "), { timeout: 10_000 }).toBe(false);
    const third = await start({ DATA_DIR: dataDir });
    await third.answering();
    expect((await fetch(`${third.url}/healthz`)).status).toBe(200);
    // With every setting given there is no launcher process: the started process is the server.
    expect(childOf(third.child.pid!)).toEqual([]);
    expect(fs.readFileSync(lock, "utf8")).toBe(String(third.child.pid));
  });

  test("SIGTERM stops the server cleanly and frees its data folder; a second server on a folder in use is refused", async () => {
    test.setTimeout(180_000);
    const dataDir = tempDir();
    const lock = path.join(dataDir, "pglite", "konok.lock");

    const first = await start({ DATA_DIR: dataDir });
    await first.answering();
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect(fs.readFileSync(lock, "utf8")).toBe(String(first.child.pid));

    // A second process on the same folder would lose writes: it must refuse, naming the folder.
    const second = await start({ DATA_DIR: dataDir });
    const refused = await second.exit(60_000);
    expect(refused.code).not.toBe(0);
    expect(second.output).toContain(path.join(dataDir, "pglite"));
    expect(second.output).toMatch(/in use by another Konok process \(pid \d+\)/);
    expect(first.running).toBe(true);

    const stopping = Date.now();
    first.child.kill("SIGTERM");
    const stopped = await first.exit(10_000);
    expect(stopped).toEqual({ code: 0, signal: null });
    expect(Date.now() - stopping).toBeLessThan(5_000);
    expect(fs.existsSync(lock)).toBe(false);

    // The folder is free again: a new server opens it (with the data the first one left).
    const third = await start({ DATA_DIR: dataDir });
    await third.answering();
    expect((await fetch(`${third.url}/healthz`)).status).toBe(200);
    third.child.kill("SIGTERM");
    expect((await third.exit(10_000)).code).toBe(0);
  });

  test("SIGTERM during the start's work stops it between pages, closes the database, and the folder holds what was written", async () => {
    test.setTimeout(180_000);
    const dataDir = demoDataDir("konok-e2e-");
    folders.push(dataDir);
    /** Our undated bookings and how many of them have a deadline now. */
    const bookingsIn = async (prepare: boolean) => {
      const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
      try {
        // 30 000 bookings without deadlines, as an import or the 100 000-estate seed leaves them:
        // the start schedules them a page of 1000 at a time, several seconds of work after /healthz answers.
        if (prepare) {
          await database.db.execute(sql`
            INSERT INTO bookings (estate_id, guest_id, host_id, check_in, check_out, adult_count, status, nights, total_price, price_lines, comment)
            SELECT e.id, g.id, e.host_id, day::date, day::date + 1, 1, 'paid_waiting_checkin', 1, 1000, '[]'::jsonb, 'start-work'
            FROM (SELECT id, host_id FROM estates ORDER BY id LIMIT 10) e
            CROSS JOIN generate_series(date '2031-01-01', date '2031-01-01' + 2999, interval '1 day') AS s(day)
            CROSS JOIN (SELECT id FROM users ORDER BY id LIMIT 1) g`);
        }
        const { rows } = await database.db.execute<{ total: number; dated: number }>(
          sql`SELECT count(*)::int AS total, count(deadline_at)::int AS dated FROM bookings WHERE comment = 'start-work'`,
        );
        return rows[0];
      } finally {
        await database.close();
      }
    };
    expect(await bookingsIn(true)).toEqual({ total: 30_000, dated: 0 });

    const server = await start({ DATA_DIR: dataDir });
    await server.answering();
    // Listening, /healthz answered, and the start's work (the line comes after it) still running.
    expect(server.output, "the start's work ended before the signal: the test needs more bookings").not.toContain("Konok is running at");
    const stopping = Date.now();
    server.child.kill("SIGTERM");
    expect(await server.exit(15_000)).toEqual({ code: 0, signal: null });
    // Stopped between pages, not after the whole work (nor killed by the supervisor's 10 s).
    expect(Date.now() - stopping).toBeLessThan(5_000);
    expect(server.output).toContain("SIGTERM received: finishing requests and closing the database");
    expect(server.output).not.toContain("Konok is running at");
    expect(fs.existsSync(path.join(dataDir, "pglite", "konok.lock"))).toBe(false);

    // The folder opens, and holds the pages written before the stop: whole pages, the rest left
    // for the next start.
    const after = await bookingsIn(false);
    expect(after.total).toBe(30_000);
    expect(after.dated).toBeGreaterThan(0);
    expect(after.dated).toBeLessThan(30_000);
    expect(after.dated % 1000).toBe(0);
  });
});
