/**
 * Configuration is read once from the environment, validated, and refused at start with one line
 * naming the bad variable. Nothing needs setting for the embedded default.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEVELOPMENT_DATA_KEY } from "../api/lib/data-cipher";
import { CODE_RULES } from "../api/services/auth/codes";
import { DEFAULT_SMS_CAPS } from "../api/services/messaging/sms-caps";
import { NIKITA_DEFAULT_API_URL } from "../api/services/messaging/sms-senders";
import { S3SettingsError, s3SettingsFrom, type S3Settings } from "../api/services/listing/s3-storage";

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isUrl(v, protocols), `must be a URL starting with ${protocols.join(" or ")}`);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number({ invalid_type_error: "must be a number" }).int().min(1).max(65535, "must be a port number (1-65535)").default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres://", "postgresql://"]),
  API_BASE_URL: optionalUrl(["http://", "https://"]),
  /** Redis for rate limits shared by several nodes; without it they live in this process's memory. */
  REDIS_URL: optionalUrl(["redis://", "rediss://"]),
  SESSION_SECRET: z.string().optional(),
  PUBLIC_URL: optionalUrl(["http://", "https://"]),
  /**
   * Seed the demo data into an empty database at start. Unset: on outside production, off in
   * production, whose database must never get the demo accounts (their passwords are in the README).
   */
  SEED_DEMO: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
  /** The map's tile server, as a Leaflet template; its origin is allowed in the CSP's img-src. */
  MAP_TILE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || "https://tile.openstreetmap.org/{z}/{x}/{y}.png")
    .refine((v) => /^(https?:\/\/|\/(?!\/))/.test(v) && ["{z}", "{x}", "{y}"].every((p) => v.includes(p)), "must be an http(s):// or /path template with {z}, {x} and {y}"),
  /** Who the tiles come from, in the map's corner (HTML, so it can link to the licence). */
  MAP_TILE_ATTRIBUTION: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a>'),
  /**
   * Which proxies may tell us the visitor's address (X-Forwarded-For), in Express's syntax
   * (`loopback`, `10.0.0.0/8`, a hop count such as `1`). Rate limits key on that address, so by
   * default nobody is trusted: inside Docker every client arrives from the bridge gateway, and
   * trusting private networks would let each one pick its own key (decision 0016).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v): string | number | false => (!v || v === "false" || v === "none" ? false : /^\d+$/.test(v) ? Number(v) : v)),
  /**
   * The payment gateway (docs/operations.md, "Payments"): `freedompay`, the real one, or `sandbox`,
   * the embedded gateway that marks bookings paid without money (development, demos, trials).
   * Unset: the sandbox. In production the sandbox runs only when the operator says so with
   * PAYMENTS_SANDBOX=1, and then every page says that no real money is taken.
   */
  PAYMENTS_PROVIDER: z.enum(["sandbox", "freedompay"]).optional(),
  PAYMENTS_SANDBOX: z.enum(["1", "0", "true", "false"]).optional().transform((v) => v === "1" || v === "true"),
  /** Freedom Pay merchant settings, from its merchant cabinet. */
  FREEDOMPAY_MERCHANT_ID: z.string().trim().optional().transform((v) => v || undefined).refine((v) => v === undefined || /^\d+$/.test(v), "must be the merchant's number"),
  FREEDOMPAY_SECRET_KEY: z.string().trim().optional().transform((v) => v || undefined),
  /** The gateway's origin; the Kyrgyz production host by default. */
  FREEDOMPAY_API_URL: optionalUrl(["http://", "https://"]).transform((v) => (v ?? "https://api.freedompay.kg").replace(/\/+$/, "")),
  /** A test merchant: payments in Freedom Pay's test mode, no money moves (pg_testing_mode=1). */
  FREEDOMPAY_TESTING_MODE: z.enum(["1", "0", "true", "false"]).optional().transform((v) => v === "1" || v === "true"),
  /** Milliseconds before a call to the gateway is given up (the payer gets a page to try again). */
  FREEDOMPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** The realtime (WebSocket) server, when there is one: the only ws(s) origin the CSP allows. */
  REALTIME_URL: optionalUrl(["ws://", "wss://"]),
  /** Requests worked on at once; more get 503 with Retry-After instead of slow, broken pages. */
  MAX_IN_FLIGHT: z.coerce.number({ invalid_type_error: "must be a number" }).int().min(1).max(100_000).default(8),
  /** The longest a request waits for one of those; expected to wait longer, it gets a 503 at once. */
  MAX_QUEUE_WAIT_MS: z.coerce.number({ invalid_type_error: "must be a number" }).int().min(0).max(60_000).default(1500),
  /** Largest request body of a form or JSON call, and of a photo upload, in bytes (413 beyond). */
  MAX_BODY_BYTES: z.coerce.number({ invalid_type_error: "must be a number" }).int().min(1024).default(64 * 1024),
  MAX_UPLOAD_BYTES: z.coerce.number({ invalid_type_error: "must be a number" }).int().min(1024).default(60 * 1024 * 1024),
  /** Print one-time codes in the log. On by default outside production only. */
  LOG_CODES: z.enum(["1", "0", "true", "false"]).optional().transform((v) => (v === undefined ? undefined : v === "1" || v === "true")),
  /**
   * Who carries SMS (api/services/messaging/sms-senders.ts): `nikita` (Kyrgyz numbers through
   * Nikita's SMSPRO; others through Twilio when TWILIO_* is set), `twilio` (all numbers), or `log`
   * (nothing is sent; codes go to the log when LOG_CODES allows). Production requires it set.
   */
  SMS_PROVIDER: z.enum(["log", "nikita", "twilio"]).optional(),
  NIKITA_LOGIN: z.string().trim().optional().transform((v) => v || undefined),
  NIKITA_PASSWORD: z.string().optional().transform((v) => v || undefined),
  /** The sender name agreed with Nikita's administrator. */
  NIKITA_SENDER: z.string().trim().optional().transform((v) => v || undefined),
  NIKITA_API_URL: optionalUrl(["https://", "http://"]).transform((v) => v ?? NIKITA_DEFAULT_API_URL),
  /** Nikita checks requests but neither sends nor bills them (its `<test>1</test>`). */
  NIKITA_TEST: z.enum(["1", "0", "true", "false"]).optional().transform((v) => v === "1" || v === "true"),
  TWILIO_ACCOUNT_SID: z.string().trim().optional().transform((v) => v || undefined),
  TWILIO_AUTH_TOKEN: z.string().optional().transform((v) => v || undefined),
  /** A Twilio number (+E.164), an alphanumeric sender id, or a Messaging Service SID (MG…). */
  TWILIO_FROM: z.string().trim().optional().transform((v) => v || undefined),
  TWILIO_API_URL: optionalUrl(["https://", "http://"]),
  /** Calling codes SMS may go to, comma-separated: Kyrgyzstan and its neighbours by default (caps against SMS pumping). */
  SMS_COUNTRIES: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.split(",").map((c) => c.trim().replace(/^\+/, "")) : DEFAULT_SMS_CAPS.countries))
    .refine((list) => list.length > 0 && list.every((c) => /^\d{1,4}$/.test(c)), "must be calling codes separated by commas, e.g. 996,7,998"),
  /**
   * Seconds before a new one-time code of the same flow may be asked for (SPEC section 5: 60).
   * For tests of the resend, which would otherwise wait a minute; production refuses another value.
   */
  CODE_RESEND_SECONDS: z.coerce.number().int().min(1).max(600).default(CODE_RULES.resendSeconds),
  /** Codes one number may get in 24 hours, whoever asks. */
  SMS_PER_NUMBER_DAILY: z.coerce.number().int().min(1).max(100).default(DEFAULT_SMS_CAPS.perNumberPerDay),
  /** SMS in an hour to one block of 10 000 numbers (same digits but the last four). */
  SMS_RANGE_HOURLY: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_SMS_CAPS.perRangePerHour),
  /** SMS in 24 hours in all; reaching it refuses codes and alerts in the log. */
  SMS_DAILY_CAP: z.coerce.number().int().min(1).max(10_000_000).default(DEFAULT_SMS_CAPS.perDay),
  /** `smtp://user:pass@host:587` or `smtps://user:pass@host:465`; without it e-mails go to the log. */
  SMTP_URL: optionalUrl(["smtp://", "smtps://"]),
  /** The From of every e-mail, e.g. `Konok <no-reply@konok.kg>`; no-reply@ PUBLIC_URL's host by default. */
  MAIL_FROM: z.string().trim().optional().transform((v) => v || undefined),
  /** Lifetime of the API's access tokens; refresh tokens live REFRESH_TOKEN_TTL_DAYS. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(2).max(24 * 60 * 60).default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Encrypts hosts' tax ids and payout accounts at rest (api/lib/data-cipher.ts). Required in
   * production; elsewhere a fixed development key. Changing it makes stored values unreadable.
   */
  DATA_ENCRYPTION_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /** Signs the API's tokens; derived from SESSION_SECRET when not given. */
  API_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Booking deadlines (docs/bookings.md); tests shorten them to seconds. */
  BOOKING_CONFIRM_SECONDS: z.coerce.number().int().min(1).default(24 * 60 * 60),
  BOOKING_CONFIRM_WARN_SECONDS: z.coerce.number().int().min(0).default(60 * 60),
  BOOKING_PAYMENT_SECONDS: z.coerce.number().int().min(1).default(30 * 60),
  BOOKING_PAYMENT_WARN_SECONDS: z.coerce.number().int().min(0).default(10 * 60),
  /** How often this process applies due booking deadlines. */
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Milliseconds before a call to the API is aborted with 408 (SPEC section 8). */
  API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** How long a signed-out visitor's rendered page may be reused for changes made outside this process (0: no page cache). */
  // At most 30: an aged entry still answers while one request renders it again (up to twice this
  // long), and an operator's edit must reach every node within a minute (issue 31).
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(30).default(5),
  /** The page cache's size, in megabytes of stored pages. */
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(32),
  /** Imported calendars (Airbnb, Booking.com…) are fetched this often, in minutes. */
  ICAL_SYNC_MINUTES: z.coerce.number({ invalid_type_error: "must be a number" }).int().min(1).max(24 * 60).default(30),
  /**
   * Let imported calendar addresses reach loopback and private networks. Off: a host-supplied URL
   * (and every redirect and DNS answer on its way) must be a public address. For tests and
   * installations whose calendars live on a private network.
   */
  ICAL_ALLOW_PRIVATE_ADDRESSES: z.enum(["1", "0", "true", "false"]).optional().transform((v) => v === "1" || v === "true"),
  /**
   * `on`: a listing a host publishes, or changes while published, waits for an operator's approval
   * before guests see it (docs/decisions/0074-listing-review-and-moderation.md, docs/operations.md). Off by default.
   */
  LISTING_REVIEW: z.enum(["on", "off", "1", "0", "true", "false"]).optional().transform((v) => v === "on" || v === "1" || v === "true"),
  /** Largest imported calendar, in kilobytes, and the time one fetch may take, in seconds. */
  ICAL_MAX_KB: z.coerce.number().int().min(16).max(64 * 1024).default(2048),
  ICAL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(15),
  /**
   * Realtime (Pusher protocol, docs/operations.md). Unset: the embedded server on this port.
   * PUSHER_HOST or PUSHER_CLUSTER point the API's publishing at Soketi or Pusher Channels instead.
   */
  PUSHER_APP_ID: z.string().trim().min(1).default("konok"),
  PUSHER_KEY: z.string().trim().min(1).default("konok"),
  /** Signs channel access and publishing; derived from SESSION_SECRET when not given. */
  PUSHER_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  PUSHER_HOST: z.string().trim().optional().transform((v) => v || undefined),
  PUSHER_PORT: z.coerce.number().int().min(1).max(65535, "must be a port number (1-65535)").optional(),
  PUSHER_USE_TLS: z.enum(["true", "false", "1", "0"]).default("true").transform((v) => v === "true" || v === "1"),
  PUSHER_CLUSTER: z.string().trim().optional().transform((v) => v || undefined),
  /** Where browsers connect, when not this site's own host and port (Soketi behind its own name). */
  PUSHER_WS_HOST: z.string().trim().optional().transform((v) => v || undefined),
  PUSHER_WS_PORT: z.coerce.number().int().min(1).max(65535, "must be a port number (1-65535)").optional(),
  PUSHER_FORCE_TLS: z.enum(["true", "false", "1", "0"]).optional().transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
});

export type Config = Omit<z.output<typeof envSchema>, "SEED_DEMO" | "MAIL_FROM" | "SESSION_SECRET" | "PUBLIC_URL" | "API_SECRET" | "PUSHER_SECRET" | "DATA_ENCRYPTION_KEY" | "PAYMENTS_PROVIDER"> & {
  SEED_DEMO: boolean;
  PAYMENTS_PROVIDER: "sandbox" | "freedompay";
  /**
   * Production without real money (the sandbox, or Freedom Pay's test mode): every page shows a
   * "trial: no real money is taken" banner.
   */
  paymentsTrial: boolean;
  SESSION_SECRET: string;
  MAIL_FROM: string;
  DATA_ENCRYPTION_KEY: string;
  PUSHER_SECRET: string;
  API_SECRET: string;
  PUBLIC_URL: string;
  /** Absolute paths derived from DATA_DIR. */
  dataDir: string;
  uploadsDir: string;
  /**
   * PHOTO_STORAGE=s3 and its S3_* settings (api/services/listing/s3-storage.ts reads and checks
   * them, for the seed and the copy command too); null: photos in `uploadsDir`.
   */
  photoBucket: S3Settings | null;
};

export class ConfigError extends Error {}

function isUrl(value: string, protocols: string[]) {
  try {
    new URL(value);
    return protocols.some((p) => value.startsWith(p));
  } catch {
    return false;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(env[name])})`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  const sessionSecret = resolveSessionSecret(c.SESSION_SECRET, c.NODE_ENV, dataDir);
  if (c.NODE_ENV === "production" && !c.DATA_ENCRYPTION_KEY) {
    throw new ConfigError("Invalid configuration: DATA_ENCRYPTION_KEY is required in production (at least 32 random characters; keep it: stored payout details need it)");
  }
  // Canonical links, the sitemap, photo and e-mail links are absolute: a guessed
  // http://localhost:PORT would send search engines and guests nowhere (issue 26).
  if (c.NODE_ENV === "production" && !c.PUBLIC_URL) {
    throw new ConfigError("Invalid configuration: PUBLIC_URL is required in production: the address visitors use, e.g. https://konok.kg (canonical links, the sitemap and links in messages are built from it)");
  }
  const provider = c.PAYMENTS_PROVIDER ?? "sandbox";
  if (provider === "freedompay") {
    if (!c.FREEDOMPAY_MERCHANT_ID) throw new ConfigError("Invalid configuration: FREEDOMPAY_MERCHANT_ID is required with PAYMENTS_PROVIDER=freedompay (the merchant's number in Freedom Pay's cabinet)");
    if (!c.FREEDOMPAY_SECRET_KEY || c.FREEDOMPAY_SECRET_KEY.length < 8) {
      throw new ConfigError("Invalid configuration: FREEDOMPAY_SECRET_KEY is required with PAYMENTS_PROVIDER=freedompay (the merchant's payment secret key)");
    }
    // Freedom Pay calls our result URL and returns the payer to PUBLIC_URL: a guessed one would lose every payment's result.
    if (c.NODE_ENV === "production" && !c.PUBLIC_URL) throw new ConfigError("Invalid configuration: PUBLIC_URL is required with PAYMENTS_PROVIDER=freedompay in production (Freedom Pay sends results to it)");
  }
  if (c.NODE_ENV === "production" && provider === "sandbox" && !c.PAYMENTS_SANDBOX) {
    throw new ConfigError(
      "Invalid configuration: PAYMENTS_PROVIDER=freedompay (with FREEDOMPAY_MERCHANT_ID and FREEDOMPAY_SECRET_KEY) is required in production, or PAYMENTS_SANDBOX=1 for a trial run: the sandbox marks bookings paid without money",
    );
  }
  checkSmsSettings(c);
  if (c.NODE_ENV === "production" && c.CODE_RESEND_SECONDS !== CODE_RULES.resendSeconds) {
    throw new ConfigError(`Invalid configuration: CODE_RESEND_SECONDS is for tests; production keeps the ${CODE_RULES.resendSeconds} s before a new code (SPEC section 5)`);
  }
  let photoBucket: S3Settings | null;
  try {
    photoBucket = s3SettingsFrom(env);
  } catch (error) {
    if (error instanceof S3SettingsError) throw new ConfigError(`Invalid configuration: ${error.message}`);
    throw error;
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, "");
  return {
    ...c,
    SEED_DEMO: c.SEED_DEMO ?? c.NODE_ENV !== "production",
    PAYMENTS_PROVIDER: provider,
    paymentsTrial: c.NODE_ENV === "production" && (provider === "sandbox" || c.FREEDOMPAY_TESTING_MODE),
    MAIL_FROM: c.MAIL_FROM ?? `Konok <no-reply@${new URL(publicUrl).hostname}>`,
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    photoBucket,
    PUBLIC_URL: publicUrl,
    SESSION_SECRET: sessionSecret,
    DATA_ENCRYPTION_KEY: c.DATA_ENCRYPTION_KEY ?? DEVELOPMENT_DATA_KEY,
    // One secret to configure, two keys in use: the cookie's and the API tokens' never coincide.
    API_SECRET: c.API_SECRET ?? crypto.createHmac("sha256", sessionSecret).update("konok-api-tokens").digest("hex"),
    PUSHER_SECRET: c.PUSHER_SECRET ?? crypto.createHmac("sha256", sessionSecret).update("konok-realtime").digest("hex"),
  };
}

/**
 * Production must be given a secret: a generated one would differ per container and sign everyone
 * out on every deploy. In development one is generated once and kept in DATA_DIR.
 */
function resolveSessionSecret(given: string | undefined, nodeEnv: string, dataDir: string): string {
  if (given) {
    if (given.length < 32) throw new ConfigError("Invalid configuration: SESSION_SECRET must be at least 32 characters");
    return given;
  }
  if (nodeEnv === "production") {
    throw new ConfigError("Invalid configuration: SESSION_SECRET is required in production (at least 32 random characters)");
  }
  const file = path.join(dataDir, "session-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * A real SMS gateway is what lets a guest sign up: production refuses to start without one unless
 * the operator says SMS_PROVIDER=log on purpose (a trial). A chosen gateway needs its settings.
 */
function checkSmsSettings(c: z.output<typeof envSchema>) {
  if (!c.SMS_PROVIDER && c.NODE_ENV === "production") {
    throw new ConfigError(
      "Invalid configuration: SMS_PROVIDER is required in production: nikita (with NIKITA_LOGIN, NIKITA_PASSWORD, NIKITA_SENDER) or twilio (with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM); SMS_PROVIDER=log sends no SMS (a trial only)",
    );
  }
  const missing = (names: (keyof typeof c)[]) => names.filter((n) => !c[n]);
  const nikita = missing(["NIKITA_LOGIN", "NIKITA_PASSWORD", "NIKITA_SENDER"]);
  if (c.SMS_PROVIDER === "nikita" && nikita.length) throw new ConfigError(`Invalid configuration: SMS_PROVIDER=nikita needs ${nikita.join(", ")}`);
  const twilio = missing(["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"]);
  if (c.SMS_PROVIDER === "twilio" && twilio.length) throw new ConfigError(`Invalid configuration: SMS_PROVIDER=twilio needs ${twilio.join(", ")}`);
  // Twilio beside Nikita (numbers outside Kyrgyzstan) is all or nothing: half a setting is a typo.
  if (c.SMS_PROVIDER === "nikita" && twilio.length > 0 && twilio.length < 3) throw new ConfigError(`Invalid configuration: Twilio for numbers outside Kyrgyzstan needs ${twilio.join(", ")} too`);
}
