/**
 * The challenge a code request over the per-address limit gets instead of a lock-out (issue 30,
 * decision 0073): a signed, short-lived token from the API that the same address redeems once,
 * either with a proof of work (a nonce whose SHA-256 with the token starts with `d` zero bits,
 * found by the browser's script) or, without script, by sending it again after its waiting time.
 *
 * The token is `base64url(JSON payload).signature`. Its payload is readable, so the web app and the
 * browser know the difficulty and the wait without asking; only the API can sign one, and only the
 * API checks it. Nothing here depends on Node or the DOM: both sides hash with their own SHA-256.
 */

/** Request headers carrying a challenge back to the API, and the nonce that solves it. */
export const CHALLENGE_HEADER = "X-Code-Challenge";
export const PROOF_HEADER = "X-Code-Proof";

/** Where a 429's body names the challenge: `errors.challenge[0].ref` is the token. */
export const CHALLENGE_FIELD = "challenge";

export type ChallengePayload = {
  /** A hash of the address it was issued to: only that address may redeem it. */
  a: string;
  /** Random, once: a redeemed challenge is remembered until it expires. */
  n: string;
  /** Leading zero bits the proof's SHA-256 must have. */
  d: number;
  /** From this time (ms since 1970) the token passes without a proof: the "wait" way. */
  w: number;
  /** After this time (ms since 1970) the token passes no more. */
  e: number;
};

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const fromBase64Url = (text: string) => atob(text.replace(/-/g, "+").replace(/_/g, "/"));

export const encodeChallengePayload = (payload: ChallengePayload) => toBase64Url(JSON.stringify(payload));

/** The payload of a token (not checked: only the API can check its signature), or null when it is not one. */
export function readChallenge(token: string): ChallengePayload | null {
  const [body, signature] = token.split(".");
  if (!body || !signature || token.length > 512) return null;
  try {
    const payload = JSON.parse(fromBase64Url(body)) as ChallengePayload;
    const ok = typeof payload.a === "string" && typeof payload.n === "string" && [payload.d, payload.w, payload.e].every((v) => Number.isInteger(v) && v >= 0);
    return ok ? payload : null;
  } catch {
    return null;
  }
}

/** What is hashed for a proof: the whole token and the nonce. */
export const proofInput = (token: string, nonce: string) => `${token}:${nonce}`;

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}
