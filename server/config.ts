/**
 * Configuration is read once from the environment, validated, and refused at start with one line
 * naming the bad variable. Nothing needs setting for the embedded default.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

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
  SESSION_SECRET: z.string().optional(),
  PUBLIC_URL: optionalUrl(["http://", "https://"]),
  /** Seed the demo data into an empty database at start. */
  SEED_DEMO: z.enum(["true", "false", "1", "0"]).default("true").transform((v) => v === "true" || v === "1"),
  MAP_TILE_URL: z.string().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  /** Milliseconds before a call to the API is aborted with 408 (SPEC section 8). */
  API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
});

export type Config = Omit<z.output<typeof envSchema>, "SESSION_SECRET" | "PUBLIC_URL"> & {
  SESSION_SECRET: string;
  PUBLIC_URL: string;
  /** Absolute paths derived from DATA_DIR. */
  dataDir: string;
  uploadsDir: string;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(env[name])})`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    SESSION_SECRET: resolveSessionSecret(c.SESSION_SECRET, c.NODE_ENV, dataDir),
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
