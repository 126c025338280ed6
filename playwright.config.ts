import fs from "node:fs";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** One data folder per port, so two runs on different ports never share a PGlite folder. */
export const E2E_DATA_DIR = `tests/.artifacts/e2e-data-${PORT}`;
/**
 * A data folder with the demo seeded, made once per run before the suite's server starts on a
 * copy of it; the specs with servers of their own copy it too (`demoDataDir`, server-process.ts).
 */
export const E2E_DEMO_TEMPLATE = `tests/.artifacts/e2e-demo-${PORT}`;

/**
 * Debian's chromium-headless-shell when installed: the same Blink as /usr/bin/chromium without
 * the browser's own UI, which the full browser keeps rendering even headless. The suite ran in
 * half the time with it (docs/decisions/0012-headless-shell-for-browser-tests.md).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/**
 * Browser tests run against one production build served once for the whole run, on a fresh
 * data folder seeded with the demo. Tests never reset the database: each makes its own data.
 * Every test runs with JavaScript on and again with it off, unless it skips itself in one mode
 * or is tagged `@js-only`: the core flows (search, sign-in, sign-up, booking, the wizard steps,
 * messages) and the forms an issue asks to work without JavaScript run in both; pages that only
 * show things, HTTP-level checks and screenshots run once (docs/testing.md).
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["./tests/e2e/timing-reporter.ts"]],
  outputDir: "tests/.artifacts/results",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "ru-RU",
    // Recording a trace for every test (to keep the failures') cost a third of the suite's CPU:
    // Chromium encoded a screencast and DOM snapshots of every passing test. A failing test is
    // traced on its retry (CI), or run again with `--trace on` (docs/testing.md).
    trace: "on-first-retry",
    launchOptions: {
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node tests/e2e/demo-template.mjs ${E2E_DEMO_TEMPLATE} && cp -R ${E2E_DEMO_TEMPLATE} ${E2E_DATA_DIR} && node dist/server.js`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      NODE_ENV: "test",
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      // Tests play many visitors from one machine through X-Forwarded-For (TRUST_PROXY: docs/operations.md).
      TRUST_PROXY: "loopback",
      // Port 9 (discard) refuses at once: tiles fail fast, as offline, without loading our server.
      MAP_TILE_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png",
      // Imported calendars come from the tests' own HTTP servers on 127.0.0.1.
      ICAL_ALLOW_PRIVATE_ADDRESSES: "1",
    },
  },
});
