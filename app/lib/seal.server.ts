/**
 * Sealing: a value the server hands to the browser (inside the session cookie, or a form field)
 * and must get back unread and unchanged. The session cookie is only signed, which keeps it from
 * being changed but not from being read, so what is secret or personal inside it (the API's
 * tokens, a verificationToken, an e-mail address) is sealed with AES-256-GCM on top.
 *
 * One key per purpose, derived from SESSION_SECRET: a value sealed for one purpose never opens as
 * another (a pending flow cannot be replayed as tokens). The layout is
 * base64url(iv[12] · tag[16] · ciphertext) of the value's JSON, the one the token seal has used
 * since decision 0006: cookies and the Redis-shared refresh results (several nodes, one of them
 * not yet deployed) keep opening across this module's introduction.
 *
 * A sealer with a lifetime seals `{ v: value, exp: ms }` instead, and refuses it after `exp`.
 * Anything that does not open (tampered, another key, another layout, expired, a shape the
 * `accept` check refuses) is `null`, never an exception: the caller treats it as "nothing there"
 * and the person starts again.
 */
import crypto from "node:crypto";

const IV_BYTES = 12;
const TAG_BYTES = 16;

export type Sealer<T> = {
  seal(value: T, secret: string, now?: number): string;
  open(sealed: unknown, secret: string, now?: number): T | null;
};

export type SealerOptions<T> = {
  /** How long a sealed value stays good (ms); without it the value does not expire here. */
  ttlMs?: number;
  /** Whether an opened value has the shape this code expects (one sealed by an older release may not). */
  accept: (value: unknown) => value is T;
};

const keys = new Map<string, Buffer>();

function keyFor(purpose: string, secret: string): Buffer {
  const name = `konok-${purpose}:${secret}`;
  let key = keys.get(name);
  if (!key) {
    key = crypto.createHash("sha256").update(name).digest();
    keys.set(name, key);
  }
  return key;
}

/** A sealer for one purpose, e.g. `createSealer("session-tokens", { accept: isTokens })`. */
export function createSealer<T>(purpose: string, options: SealerOptions<T>): Sealer<T> {
  const { ttlMs, accept } = options;
  return {
    seal(value, secret, now = Date.now()) {
      const plain = JSON.stringify(ttlMs === undefined ? value : { v: value, exp: now + ttlMs });
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv("aes-256-gcm", keyFor(purpose, secret), iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    open(sealed, secret, now = Date.now()) {
      if (typeof sealed !== "string" || sealed === "") return null;
      let parsed: unknown;
      try {
        const raw = Buffer.from(sealed, "base64url");
        if (raw.length < IV_BYTES + TAG_BYTES) return null;
        const decipher = crypto.createDecipheriv("aes-256-gcm", keyFor(purpose, secret), raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        parsed = JSON.parse(Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8"));
      } catch {
        return null;
      }
      if (ttlMs !== undefined) {
        if (!isEnvelope(parsed) || parsed.exp <= now) return null;
        parsed = parsed.v;
      }
      return accept(parsed) ? parsed : null;
    },
  };
}

const isEnvelope = (value: unknown): value is { v: unknown; exp: number } =>
  typeof value === "object" && value !== null && "v" in value && typeof (value as { exp?: unknown }).exp === "number";
