import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig as load } from "../../server/config";
import { DEVELOPMENT_DATA_KEY } from "../../api/lib/data-cipher";

/** The environment as the process would see it (any strings, right or wrong). */
const loadConfig = (env: Record<string, string | undefined>) => load(env as NodeJS.ProcessEnv);

const SECRET = "s".repeat(32);
const DATA_KEY = "d".repeat(32);

describe("server configuration", () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "konok-config-"));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The error a bad environment gives, as the operator would read it. */
  function failure(env: Record<string, string | undefined>): ConfigError {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return error as ConfigError;
    }
    throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
  }

  it("needs nothing set for the embedded default", () => {
    const config = loadConfig({ SESSION_SECRET: SECRET });
    expect(config).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      dataDir: path.resolve("data"),
      uploadsDir: path.resolve("data", "uploads"),
      PUBLIC_URL: "http://localhost:3000",
      SEED_DEMO: true,
      API_TIMEOUT_MS: 15_000,
      MAP_TILE_URL: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      SESSION_SECRET: SECRET,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.API_BASE_URL).toBeUndefined();
  });

  it("derives paths and the public URL from what is given", () => {
    const config = loadConfig({
      SESSION_SECRET: SECRET,
      PORT: "8080",
      DATA_DIR: dataDir,
      PUBLIC_URL: "https://konok.kg/",
      SEED_DEMO: "0",
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/konok",
      API_TIMEOUT_MS: "5000",
    });
    expect(config.PORT).toBe(8080);
    expect(config.dataDir).toBe(dataDir);
    expect(config.uploadsDir).toBe(path.join(dataDir, "uploads"));
    expect(config.PUBLIC_URL).toBe("https://konok.kg");
    expect(config.SEED_DEMO).toBe(false);
    expect(config.DATABASE_URL).toBe("postgres://postgres@127.0.0.1:5432/konok");
    expect(config.API_TIMEOUT_MS).toBe(5000);
    expect(loadConfig({ SESSION_SECRET: SECRET, PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    // An empty optional URL counts as not set (docker run -e DATABASE_URL= …).
    expect(loadConfig({ SESSION_SECRET: SECRET, DATABASE_URL: "", API_BASE_URL: " " }).DATABASE_URL).toBeUndefined();
  });

  it.each(["abc", "0", "70000", "30.5"])("refuses PORT=%s with one line naming PORT", (port) => {
    const error = failure({ SESSION_SECRET: SECRET, PORT: port });
    expect(error.message).toMatch(/^Invalid configuration: PORT /);
    expect(error.message).toContain(JSON.stringify(port));
    expect(error.message).not.toContain("\n");
  });

  it.each(["mysql://root@localhost/konok", "localhost:5432/konok", "http://127.0.0.1:5432/konok"])("refuses DATABASE_URL=%s", (url) => {
    const error = failure({ SESSION_SECRET: SECRET, DATABASE_URL: url });
    expect(error.message).toMatch(/^Invalid configuration: DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\//);
    expect(error.message).not.toContain("\n");
  });

  it("refuses a bad API_BASE_URL, NODE_ENV and API_TIMEOUT_MS, naming each", () => {
    expect(failure({ SESSION_SECRET: SECRET, API_BASE_URL: "ftp://api" }).message).toMatch(/^Invalid configuration: API_BASE_URL /);
    expect(failure({ SESSION_SECRET: SECRET, NODE_ENV: "staging" }).message).toMatch(/^Invalid configuration: NODE_ENV /);
    expect(failure({ SESSION_SECRET: SECRET, API_TIMEOUT_MS: "10" }).message).toMatch(/^Invalid configuration: API_TIMEOUT_MS /);
    expect(failure({ SESSION_SECRET: SECRET, SEED_DEMO: "yes" }).message).toMatch(/^Invalid configuration: SEED_DEMO /);
  });

  it("keeps signed-out pages at most 30 s, so an operator's edit reaches every node within a minute (an aged page answers up to twice that while it renders again)", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET, PAGE_CACHE_SECONDS: "30" }).PAGE_CACHE_SECONDS).toBe(30);
    expect(failure({ SESSION_SECRET: SECRET, PAGE_CACHE_SECONDS: "31" }).message).toMatch(/^Invalid configuration: PAGE_CACHE_SECONDS /);
  });

  it("takes a map tile template with {z}, {x} and {y}, and its attribution", () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, MAP_TILE_URL: "https://{s}.tiles.example/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: "© Example" });
    expect(config.MAP_TILE_URL).toBe("https://{s}.tiles.example/{z}/{x}/{y}.png");
    expect(config.MAP_TILE_ATTRIBUTION).toBe("© Example");
    expect(loadConfig({ SESSION_SECRET: SECRET, MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png" }).MAP_TILE_URL).toBe("/tiles/{z}/{x}/{y}.png");
    // Blank means the default, OpenStreetMap with its attribution.
    const blank = loadConfig({ SESSION_SECRET: SECRET, MAP_TILE_URL: " ", MAP_TILE_ATTRIBUTION: "" });
    expect(blank.MAP_TILE_URL).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(blank.MAP_TILE_ATTRIBUTION).toContain("OpenStreetMap");
  });

  it.each(["tile.openstreetmap.org/{z}/{x}/{y}.png", "https://tiles.example/tile.png", "javascript:alert(1)//{z}{x}{y}", "//tiles.example/{z}/{x}/{y}.png"])(
    "refuses MAP_TILE_URL=%s",
    (url) => {
      expect(failure({ SESSION_SECRET: SECRET, MAP_TILE_URL: url }).message).toMatch(/^Invalid configuration: MAP_TILE_URL must be an http\(s\):\/\/ or \/path template/);
    },
  );

  it("refuses to run in production without SESSION_SECRET", () => {
    const error = failure({ NODE_ENV: "production", DATA_DIR: dataDir });
    expect(error.message).toMatch(/SESSION_SECRET is required in production/);
    // Nothing was generated behind the operator's back.
    expect(fs.existsSync(path.join(dataDir, "session-secret"))).toBe(false);
  });

  it("refuses a SESSION_SECRET shorter than 32 characters, in every environment", () => {
    for (const NODE_ENV of ["production", "development"]) {
      const error = failure({ NODE_ENV, DATA_DIR: dataDir, SESSION_SECRET: "short-secret" });
      expect(error.message).toMatch(/SESSION_SECRET must be at least 32 characters/);
      expect(error.message).not.toContain("short-secret");
    }
    expect(loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://konok.kg", DATA_DIR: dataDir, SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: DATA_KEY, PAYMENTS_SANDBOX: "1", SMS_PROVIDER: "log" }).SESSION_SECRET).toBe(SECRET);
  });

  it("refuses to run in production without DATA_ENCRYPTION_KEY; a short one anywhere; a development key elsewhere", () => {
    expect(failure({ NODE_ENV: "production", PUBLIC_URL: "https://konok.kg", DATA_DIR: dataDir, SESSION_SECRET: SECRET, PAYMENTS_SANDBOX: "1" }).message).toMatch(
      /^Invalid configuration: DATA_ENCRYPTION_KEY is required in production/,
    );
    expect(failure({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: "short" }).message).toMatch(/^Invalid configuration: DATA_ENCRYPTION_KEY must be at least 32 characters/);
    expect(loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://konok.kg", DATA_DIR: dataDir, SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: DATA_KEY, PAYMENTS_SANDBOX: "1", SMS_PROVIDER: "log" }).DATA_ENCRYPTION_KEY).toBe(DATA_KEY);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET }).DATA_ENCRYPTION_KEY).toBe(DEVELOPMENT_DATA_KEY);
  });

  it("refuses to run in production without PUBLIC_URL (canonical links and the sitemap would name localhost)", () => {
    const prod = { NODE_ENV: "production", DATA_DIR: dataDir, SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: DATA_KEY, PAYMENTS_SANDBOX: "1", SMS_PROVIDER: "log" };
    expect(failure(prod).message).toMatch(/^Invalid configuration: PUBLIC_URL is required in production/);
    expect(loadConfig({ ...prod, PUBLIC_URL: "https://konok.kg/" }).PUBLIC_URL).toBe("https://konok.kg");
    // Elsewhere the local address stays the default.
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, PORT: "3261" }).PUBLIC_URL).toBe("http://localhost:3261");
  });

  it("takes CODE_RESEND_SECONDS for tests only: production keeps the 60 s before a new code", () => {
    const prod = { NODE_ENV: "production", PUBLIC_URL: "https://konok.kg", DATA_DIR: dataDir, SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: DATA_KEY, PAYMENTS_SANDBOX: "1", SMS_PROVIDER: "log" };
    expect(loadConfig(prod).CODE_RESEND_SECONDS).toBe(60);
    expect(failure({ ...prod, CODE_RESEND_SECONDS: "20" }).message).toMatch(/^Invalid configuration: CODE_RESEND_SECONDS is for tests; production keeps the 60 s/);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, NODE_ENV: "test", CODE_RESEND_SECONDS: "20" }).CODE_RESEND_SECONDS).toBe(20);
    expect(failure({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, CODE_RESEND_SECONDS: "0" }).message).toMatch(/^Invalid configuration: CODE_RESEND_SECONDS/);
  });

  it("refuses the sandbox payment gateway in production unless PAYMENTS_SANDBOX=1 says so, and then calls it a trial", () => {
    const prod = { NODE_ENV: "production", PUBLIC_URL: "https://konok.kg", DATA_DIR: dataDir, SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: DATA_KEY, SMS_PROVIDER: "log" };
    expect(failure(prod).message).toMatch(/^Invalid configuration: PAYMENTS_PROVIDER=freedompay \(with FREEDOMPAY_MERCHANT_ID and FREEDOMPAY_SECRET_KEY\) is required in production, or PAYMENTS_SANDBOX=1/);
    const trial = loadConfig({ ...prod, PAYMENTS_SANDBOX: "1" });
    expect([trial.PAYMENTS_SANDBOX, trial.PAYMENTS_PROVIDER, trial.paymentsTrial]).toEqual([true, "sandbox", true]);
    const dev = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET });
    expect([dev.PAYMENTS_SANDBOX, dev.PAYMENTS_PROVIDER, dev.paymentsTrial]).toEqual([false, "sandbox", false]);
  });

  it("starts production with Freedom Pay's merchant settings and no sandbox; refuses half of them without printing the key", () => {
    const prod = { NODE_ENV: "production", DATA_DIR: dataDir, SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: DATA_KEY, PAYMENTS_PROVIDER: "freedompay", PUBLIC_URL: "https://konok.kg", SMS_PROVIDER: "log" };
    const live = loadConfig({ ...prod, FREEDOMPAY_MERCHANT_ID: "545454", FREEDOMPAY_SECRET_KEY: "kL9sd8fJw2" });
    expect([live.PAYMENTS_PROVIDER, live.FREEDOMPAY_API_URL, live.FREEDOMPAY_TESTING_MODE, live.paymentsTrial]).toEqual(["freedompay", "https://api.freedompay.kg", false, false]);
    // A test merchant in production moves no money either: a trial, said on every page.
    expect(loadConfig({ ...prod, FREEDOMPAY_MERCHANT_ID: "545454", FREEDOMPAY_SECRET_KEY: "kL9sd8fJw2", FREEDOMPAY_TESTING_MODE: "1" }).paymentsTrial).toBe(true);
    expect(loadConfig({ ...prod, FREEDOMPAY_MERCHANT_ID: "545454", FREEDOMPAY_SECRET_KEY: "kL9sd8fJw2", FREEDOMPAY_API_URL: "http://127.0.0.1:3292/" }).FREEDOMPAY_API_URL).toBe("http://127.0.0.1:3292");
    expect(failure({ ...prod, FREEDOMPAY_SECRET_KEY: "kL9sd8fJw2" }).message).toMatch(/^Invalid configuration: FREEDOMPAY_MERCHANT_ID is required/);
    expect(failure({ ...prod, FREEDOMPAY_MERCHANT_ID: "shop" }).message).toMatch(/^Invalid configuration: FREEDOMPAY_MERCHANT_ID must be the merchant's number/);
    const noKey = failure({ ...prod, FREEDOMPAY_MERCHANT_ID: "545454", FREEDOMPAY_SECRET_KEY: "short" });
    expect(noKey.message).toMatch(/^Invalid configuration: FREEDOMPAY_SECRET_KEY is required/);
    expect(noKey.message).not.toContain("short");
    expect(failure({ ...prod, PUBLIC_URL: "", FREEDOMPAY_MERCHANT_ID: "545454", FREEDOMPAY_SECRET_KEY: "kL9sd8fJw2" }).message).toMatch(/^Invalid configuration: PUBLIC_URL is required/);
  });

  it("seeds the demo by default outside production only; SEED_DEMO decides when set", () => {
    const prod = { NODE_ENV: "production", PUBLIC_URL: "https://konok.kg", DATA_DIR: dataDir, SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: DATA_KEY, PAYMENTS_SANDBOX: "1", SMS_PROVIDER: "log" };
    expect(loadConfig(prod).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...prod, SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET }).SEED_DEMO).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, NODE_ENV: "test" }).SEED_DEMO).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
  });

  it("refuses production without an SMS gateway unless SMS_PROVIDER=log says so, and a gateway without its settings", () => {
    const production = { NODE_ENV: "production", PUBLIC_URL: "https://konok.kg", DATA_DIR: dataDir, SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: DATA_KEY, PAYMENTS_SANDBOX: "1" };
    expect(failure(production).message).toMatch(/^Invalid configuration: SMS_PROVIDER is required in production: nikita .* SMS_PROVIDER=log sends no SMS \(a trial only\)$/);
    expect(loadConfig({ ...production, SMS_PROVIDER: "log" }).SMS_PROVIDER).toBe("log");
    expect(failure({ ...production, SMS_PROVIDER: "nikita", NIKITA_LOGIN: "konok" }).message).toBe("Invalid configuration: SMS_PROVIDER=nikita needs NIKITA_PASSWORD, NIKITA_SENDER");
    expect(failure({ ...production, SMS_PROVIDER: "twilio", TWILIO_ACCOUNT_SID: "AC1" }).message).toBe("Invalid configuration: SMS_PROVIDER=twilio needs TWILIO_AUTH_TOKEN, TWILIO_FROM");
    const nikita = { ...production, SMS_PROVIDER: "nikita", NIKITA_LOGIN: "konok", NIKITA_PASSWORD: "pw", NIKITA_SENDER: "KONOK" };
    expect(failure({ ...nikita, TWILIO_FROM: "+15005550006" }).message).toBe("Invalid configuration: Twilio for numbers outside Kyrgyzstan needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN too");
    expect(loadConfig(nikita)).toMatchObject({ SMS_PROVIDER: "nikita", NIKITA_API_URL: "https://smspro.nikita.kg/api", NIKITA_TEST: false });
    expect(failure({ ...nikita, NIKITA_API_URL: "ftp://x" }).message).toMatch(/^Invalid configuration: NIKITA_API_URL must be a URL starting with https:\/\/ or http:\/\//);
    // Outside production the log is the default gateway.
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET }).SMS_PROVIDER).toBeUndefined();
  });

  it("takes SMTP_URL as smtp:// or smtps:// and sends from no-reply at the public host unless MAIL_FROM says otherwise", () => {
    const base = { DATA_DIR: dataDir, SESSION_SECRET: SECRET, PUBLIC_URL: "https://konok.kg" };
    expect(loadConfig(base).SMTP_URL).toBeUndefined();
    expect(loadConfig(base).MAIL_FROM).toBe("Konok <no-reply@konok.kg>");
    expect(loadConfig({ ...base, SMTP_URL: "smtps://u:p@mail.konok.kg:465", MAIL_FROM: "Konok <hello@konok.kg>" })).toMatchObject({ SMTP_URL: "smtps://u:p@mail.konok.kg:465", MAIL_FROM: "Konok <hello@konok.kg>" });
    expect(failure({ ...base, SMTP_URL: "http://mail.konok.kg" }).message).toMatch(/^Invalid configuration: SMTP_URL must be a URL starting with smtp:\/\/ or smtps:\/\//);
  });

  it("trusts no proxy unless TRUST_PROXY names one", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ SESSION_SECRET: SECRET, TRUST_PROXY: "" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ SESSION_SECRET: SECRET, TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ SESSION_SECRET: SECRET, TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toBe("loopback, 10.0.0.0/8");
  });

  it("in development generates a secret once into DATA_DIR and reuses it", () => {
    const folder = path.join(dataDir, "not-yet-there");
    const first = loadConfig({ DATA_DIR: folder }).SESSION_SECRET;
    const file = path.join(folder, "session-secret");
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(file, "utf8").trim()).toBe(first);
    if (process.platform !== "win32") expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    expect(loadConfig({ DATA_DIR: folder }).SESSION_SECRET).toBe(first);
    expect(loadConfig({ DATA_DIR: folder, NODE_ENV: "test" }).SESSION_SECRET).toBe(first);
    // Another data folder is another installation with its own secret.
    expect(loadConfig({ DATA_DIR: path.join(dataDir, "other") }).SESSION_SECRET).not.toBe(first);
    // A given secret wins over the stored one.
    expect(loadConfig({ DATA_DIR: folder, SESSION_SECRET: SECRET }).SESSION_SECRET).toBe(SECRET);
  });
});
