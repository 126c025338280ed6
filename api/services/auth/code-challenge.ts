/**
 * Code requests over the per-address limit (300 an hour) ask for a proof of work or a wait instead
 * of locking the address out (issue 30, decision 0073). Carrier NAT puts thousands of phones
 * behind one address: on a busy evening the 301st honest person must still get a code. The fraud
 * protection is per number, per block of numbers and per day (sms-caps.ts), which a challenge
 * never passes; the address limit only slows one machine down, and the challenge keeps doing so:
 *
 * - Each challenge is signed with the API's secret, bound to the address (a hash), valid once,
 *   and for 10 minutes after its wait.
 * - The more challenges an address was given this hour, the longer the wait (10 s, then 2 s more
 *   per challenge, at most 5 minutes) and the harder the work (14 bits, one more per 100
 *   challenges, at most 20: a phone's browser finds 14 bits in well under a second).
 */
import crypto from "node:crypto";
import { CHALLENGE_HEADER, encodeChallengePayload, leadingZeroBits, PROOF_HEADER, proofInput, readChallenge, type ChallengePayload } from "../../../contract/code-challenge";
import type { RateLimits } from "./rate-limit";

export type ChallengeAnswer = { token: string; nonce?: string };

const VALID_AFTER_WAIT_MS = 10 * 60_000;
export const CHALLENGE_RULES = { baseWaitSeconds: 10, waitStepSeconds: 2, maxWaitSeconds: 300, baseBits: 14, bitsEvery: 100, maxBits: 20 };

const sign = (secret: string, body: string) => crypto.createHmac("sha256", secret).update(`code-challenge:${body}`).digest("base64url").slice(0, 32);
const addressHash = (secret: string, ip: string) => crypto.createHmac("sha256", secret).update(`challenge-address:${ip}`).digest("base64url").slice(0, 16);

/** How long and how hard, for an address given `issued` challenges this hour (this one included). */
export function challengeTerms(issued: number) {
  const r = CHALLENGE_RULES;
  return {
    waitSeconds: Math.min(r.maxWaitSeconds, r.baseWaitSeconds + r.waitStepSeconds * Math.max(0, issued - 1)),
    bits: Math.min(r.maxBits, r.baseBits + Math.floor(Math.max(0, issued - 1) / r.bitsEvery)),
  };
}

/** A new challenge for an address, counted against it. */
export async function issueChallenge(secret: string, limits: RateLimits, ip: string, now = Date.now()): Promise<{ token: string; waitSeconds: number }> {
  await limits.codeChallengesPerIp.hit(ip);
  const { waitSeconds, bits } = challengeTerms(await limits.codeChallengesPerIp.count(ip));
  const payload: ChallengePayload = { a: addressHash(secret, ip), n: crypto.randomBytes(12).toString("base64url"), d: bits, w: now + waitSeconds * 1000, e: now + waitSeconds * 1000 + VALID_AFTER_WAIT_MS };
  const body = encodeChallengePayload(payload);
  return { token: `${body}.${sign(secret, body)}`, waitSeconds };
}

export type Redemption = { outcome: "passed" } | { outcome: "early"; waitSeconds: number } | { outcome: "invalid" };

/**
 * Whether an answer lets this request past the address limit: the API's own signature, this
 * address, not expired, and either solved or waited for. A passing answer is spent (once only);
 * an early one is not, so the person may press again once the wait is over.
 */
export async function redeemChallenge(secret: string, limits: RateLimits, ip: string, answer: ChallengeAnswer, now = Date.now()): Promise<Redemption> {
  const [body, signature] = answer.token.split(".");
  const payload = readChallenge(answer.token);
  if (!payload || !signature || signature.length !== 32) return { outcome: "invalid" };
  if (!crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(sign(secret, body)))) return { outcome: "invalid" };
  if (payload.a !== addressHash(secret, ip) || now > payload.e) return { outcome: "invalid" };
  const solved =
    answer.nonce !== undefined && answer.nonce.length <= 32 && leadingZeroBits(crypto.createHash("sha256").update(proofInput(answer.token, answer.nonce)).digest()) >= payload.d;
  if (!solved && now < payload.w) return { outcome: "early", waitSeconds: Math.ceil((payload.w - now) / 1000) };
  // Once: the nonce is remembered (the limiter's window outlasts any token's life).
  if (await limits.codeChallengesSpent.consume(payload.n)) return { outcome: "invalid" };
  return { outcome: "passed" };
}

/** The answer a request carries in its headers, if any. */
export function answerFrom(header: (name: string) => string | undefined): ChallengeAnswer | undefined {
  const token = header(CHALLENGE_HEADER)?.trim();
  if (!token) return undefined;
  const nonce = header(PROOF_HEADER)?.trim();
  return { token, nonce: nonce || undefined };
}
