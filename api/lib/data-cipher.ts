/**
 * Encryption at rest of the few values Konok keeps that would hurt if the database leaked: a
 * host's tax id and payout account (the wizard's landlord_data step). AES-256-GCM from node:crypto
 * with a random 96-bit nonce per value; the key is derived (HKDF-SHA256) from DATA_ENCRYPTION_KEY.
 * A sealed value is text, `enc:v1:` and base64url of nonce, tag and ciphertext, so it fits the
 * JSON it lives in; `v1` names the key derivation, so a later key rotation can tell values apart.
 */
import crypto from "node:crypto";

const PREFIX = "enc:v1:";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Outside production only (server/config.ts refuses to start production without a key): a fixed
 * key, so development data stays readable across restarts. It protects nothing, by design.
 */
export const DEVELOPMENT_DATA_KEY = "konok-development-only-data-encryption-key-not-secret";

export type DataCipher = {
  /** Encrypts a value; each call gives different text for the same value. */
  seal(plain: string): string;
  /** Decrypts a sealed value; a value stored before encryption (no prefix) is returned as it is. */
  open(stored: string): string;
  isSealed(stored: unknown): boolean;
};

export function createDataCipher(secret: string): DataCipher {
  const key = Buffer.from(crypto.hkdfSync("sha256", secret, "konok", "konok data at rest v1", 32));
  return {
    seal(plain) {
      const nonce = crypto.randomBytes(NONCE_BYTES);
      const cipher = crypto.createCipheriv("aes-256-gcm", key, nonce);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url");
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const bytes = Buffer.from(stored.slice(PREFIX.length), "base64url");
      const decipher = crypto.createDecipheriv("aes-256-gcm", key, bytes.subarray(0, NONCE_BYTES));
      decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    },
    isSealed: (stored) => typeof stored === "string" && stored.startsWith(PREFIX),
  };
}
