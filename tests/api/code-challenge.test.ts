/**
 * Issue 30: code requests over the per-address limit ask for a proof of work or a wait, rather
 * than locking the address out (decision 0073). A burst of new numbers from one carrier address
 * over the limit all get their codes by solving; an answer passes once, from its own address,
 * signed by the API, solved or waited for; the per-number rules still hold behind it. On PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { verificationCodes } from "../../api/db/schema";
import { challengeTerms, issueChallenge, redeemChallenge } from "../../api/services/auth/code-challenge";
import { createRateLimits, type RateLimits } from "../../api/services/auth/rate-limit";
import { CHALLENGE_HEADER, encodeChallengePayload, leadingZeroBits, PROOF_HEADER, proofInput, readChallenge } from "../../contract/code-challenge";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "k".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
const IP = "198.51.100.30";
const IP2 = "198.51.100.31";
let api: ReturnType<typeof createApi>;
let limits: RateLimits;

beforeAll(async () => {
  limits = createRateLimits();
  api = createApi({ db: t.db, auth: AUTH, limits });
  // Both addresses have used their 300 code requests of the hour.
  for (let i = 0; i < 300; i++) await Promise.all([limits.codesPerIp.hit(IP), limits.codesPerIp.hit(IP2)]);
});

let seq = 0;
const freshPhone = () => `99655${String(++seq).padStart(3, "0")}${String(process.pid % 10_000).padStart(4, "0")}`;

type Answer = { status: number; body: { message?: string; errors?: Record<string, string[]> }; headers: Headers };
async function askCode(phoneNumber: string, headers: Record<string, string> = {}, ip = IP): Promise<Answer> {
  const response = await api.fetch(
    new Request("http://konok.test/api/register/send_code", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip, "Accept-Language": "en", ...headers },
      body: JSON.stringify({ phoneNumber }),
    }),
  );
  return { status: response.status, body: (await response.json()) as Answer["body"], headers: response.headers };
}

/** What the browser does: count nonces until the SHA-256 of token:nonce starts with enough zero bits. */
function solve(token: string): string {
  const bits = readChallenge(token)!.d;
  for (let i = 0; ; i++) {
    if (leadingZeroBits(crypto.createHash("sha256").update(proofInput(token, String(i))).digest()) >= bits) return String(i);
  }
}

const challengeOf = (answer: Answer) => answer.body.errors?.challenge?.[0] ?? "";
const codesTo = async (phone: string) => (await t.db.select({ id: verificationCodes.id }).from(verificationCodes).where(eq(verificationCodes.target, phone))).length;

describe("code requests over the per-address limit", () => {
  it("ask for a proof of work or a wait instead of a lock-out: a burst of 20 new numbers all get codes", { timeout: 120_000 }, async () => {
    const phones = Array.from({ length: 20 }, freshPhone);
    for (const phone of phones) {
      const over = await askCode(phone);
      expect(over.status).toBe(429);
      expect(over.body.message).toMatch(/^Many codes are being asked for from your network right now\. Wait \d+ s and send again/);
      const token = challengeOf(over);
      expect(readChallenge(token)).not.toBeNull();
      expect(Number(over.headers.get("Retry-After"))).toBeGreaterThanOrEqual(10);
      const passed = await askCode(phone, { [CHALLENGE_HEADER]: token, [PROOF_HEADER]: solve(token) });
      expect(passed.status, JSON.stringify(passed.body)).toBe(200);
      expect(await codesTo(phone)).toBe(1);
    }
    // Each challenge of the hour made the next one wait longer.
    const last = await askCode(freshPhone());
    expect(last.body.message).toContain(`Wait ${challengeTerms(21).waitSeconds} s`);
  });

  it("pass once, from their own address, signed by the API, solved or waited for", async () => {
    const phone = freshPhone();
    const token = challengeOf(await askCode(phone));
    // Too early without the work: the same challenge again, with the seconds left.
    const early = await askCode(phone, { [CHALLENGE_HEADER]: token });
    expect(early.status).toBe(429);
    expect(challengeOf(early)).toBe(token);
    // A wrong proof is no proof (the wait is not over either).
    expect(challengeOf(await askCode(phone, { [CHALLENGE_HEADER]: token, [PROOF_HEADER]: "not-a-solution-at-all" }))).toBe(token);
    // Another address over its limit cannot use it, solved or not: it gets a challenge of its own.
    const elsewhere = await askCode(phone, { [CHALLENGE_HEADER]: token, [PROOF_HEADER]: solve(token) }, IP2);
    expect(elsewhere.status).toBe(429);
    expect(challengeOf(elsewhere)).not.toBe(token);
    expect(await codesTo(phone)).toBe(0);
    // A payload rewritten to ask for no work keeps the old signature: refused, a new challenge instead.
    const payload = readChallenge(token)!;
    const forged = `${encodeChallengePayload({ ...payload, d: 0, w: 0 })}.${token.split(".")[1]}`;
    const refused = await askCode(freshPhone(), { [CHALLENGE_HEADER]: forged, [PROOF_HEADER]: "0" });
    expect(refused.status).toBe(429);
    expect(challengeOf(refused)).not.toBe(forged);

    // Solved: passes once; the same answer again is refused and gets a new challenge.
    const next = freshPhone();
    const fresh = challengeOf(await askCode(next));
    const proof = solve(fresh);
    expect((await askCode(next, { [CHALLENGE_HEADER]: fresh, [PROOF_HEADER]: proof })).status).toBe(200);
    const again = await askCode(freshPhone(), { [CHALLENGE_HEADER]: fresh, [PROOF_HEADER]: proof });
    expect(again.status).toBe(429);
    expect(challengeOf(again)).not.toBe(fresh);
  });

  it("let a person without script through once the wait is over, and only then", async () => {
    const own = createRateLimits();
    const now = Date.now();
    const { token, waitSeconds } = await issueChallenge(AUTH.secret, own, IP, now);
    expect(waitSeconds).toBe(10);
    expect(await redeemChallenge(AUTH.secret, own, IP, { token }, now + 9_000)).toEqual({ outcome: "early", waitSeconds: 1 });
    expect(await redeemChallenge(AUTH.secret, own, IP, { token }, now + 10_000)).toEqual({ outcome: "passed" });
    expect(await redeemChallenge(AUTH.secret, own, IP, { token }, now + 11_000)).toEqual({ outcome: "invalid" });
    // Ten minutes after its wait a challenge is worth nothing.
    const late = await issueChallenge(AUTH.secret, own, IP, now);
    expect(await redeemChallenge(AUTH.secret, own, IP, { token: late.token }, now + late.waitSeconds * 1000 + 10 * 60_000 + 1)).toEqual({ outcome: "invalid" });
    // Another secret (another installation) did not sign it.
    expect(await redeemChallenge("z".repeat(40), own, IP, { token: late.token }, now + 60_000)).toEqual({ outcome: "invalid" });
  });

  it("never pass the per-number rules: a solved challenge for a number that just got a code waits its minute", async () => {
    const phone = freshPhone();
    const first = challengeOf(await askCode(phone));
    expect((await askCode(phone, { [CHALLENGE_HEADER]: first, [PROOF_HEADER]: solve(first) })).status).toBe(200);
    const second = challengeOf(await askCode(phone));
    const again = await askCode(phone, { [CHALLENGE_HEADER]: second, [PROOF_HEADER]: solve(second) });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^You can ask for a new code in \d+ s$/);
    expect(await codesTo(phone)).toBe(1);
  });

  it("grow with the challenges an address was given this hour: longer waits, harder work, both capped", () => {
    expect(challengeTerms(1)).toEqual({ waitSeconds: 10, bits: 14 });
    expect(challengeTerms(11)).toEqual({ waitSeconds: 30, bits: 14 });
    expect(challengeTerms(101)).toEqual({ waitSeconds: 210, bits: 15 });
    expect(challengeTerms(10_000)).toEqual({ waitSeconds: 300, bits: 20 });
  });
});
