import crypto from "node:crypto";

/**
 * Random strings of `bytes` bytes each, taken from a pool the operating system's generator refills
 * `perFill` at a time, so a request does not pay a call into OpenSSL of its own (request ids, the
 * pages' script nonces). Each string comes from bytes no other string was given, so they are as
 * unpredictable as `crypto.randomBytes(bytes)` of their own.
 */
export function randomPool(bytes: number, perFill: number, encoding: "hex" | "base64"): () => string {
  const pool = Buffer.alloc(bytes * perFill);
  let at = pool.length;
  return () => {
    if (at >= pool.length) {
      crypto.randomFillSync(pool);
      at = 0;
    }
    const value = pool.toString(encoding, at, at + bytes);
    at += bytes;
    return value;
  };
}
