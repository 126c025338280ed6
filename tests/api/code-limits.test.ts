/**
 * Issue 26, item 2: who may ask for one-time codes. Per recipient (one code per flow a minute, three
 * in ten minutes) under a lock, so parallel requests cannot all pass the check; per signed-in
 * account (10 an hour, "already taken" answers included); per address (300 an hour, then a challenge). On PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL, where the requests really run side by side.
 */
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { emailOutbox, smsOutbox, verificationCodes } from "../../api/db/schema";
import { createRateLimits } from "../../api/services/auth/rate-limit";
import { issueTokens } from "../../api/services/auth/tokens";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "c".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
let api: ReturnType<typeof createApi>;
beforeAll(() => {
  api = createApi({ db: t.db, auth: AUTH });
});

let seq = 0;
/** Each number in a range of its own (the SMS range cap counts blocks of the last four digits), unique across parallel files. */
const freshPhone = () => `99688${String(++seq).padStart(3, "0")}${String(process.pid % 10_000).padStart(4, "0")}`;
let ipSeq = 0;
/** Each call from its own address unless a test pins one: the address limit is tested on its own. */
const freshIp = () => `10.26.${Math.floor(++ipSeq / 250) % 250}.${ipSeq % 250}`;

type Answer = { status: number; body: { message?: string; errors?: Record<string, string[]> }; headers: Headers };
async function call(method: string, path: string, body: unknown, headers: Record<string, string> = {}, on = api): Promise<Answer> {
  const response = await on.fetch(
    new Request(`http://konok.test${path}`, { method, headers: { "Content-Type": "application/json", "X-Forwarded-For": freshIp(), "Accept-Language": "en", ...headers }, body: JSON.stringify(body) }),
  );
  return { status: response.status, body: (await response.json()) as Answer["body"], headers: response.headers };
}

async function signedIn() {
  const user = await t.make.user();
  const { token } = await issueTokens(t.db, user.id, AUTH);
  return { user, auth: { Authorization: `Bearer ${token}` } };
}

const smsTo = async (phones: string[]) => (await t.db.select({ id: smsOutbox.id }).from(smsOutbox).where(inArray(smsOutbox.phone, phones))).length;
const codesTo = async (target: string) => (await t.db.select({ id: verificationCodes.id }).from(verificationCodes).where(eq(verificationCodes.target, target))).length;
const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

describe("codes per recipient hold under concurrency", () => {
  it("30 parallel requests for one number send one SMS", async () => {
    const phone = freshPhone();
    const answers = await Promise.all(Array.from({ length: 30 }, () => call("POST", "/api/register/send_code", { phoneNumber: phone })));
    expect(count(answers, 200)).toBe(1);
    expect(count(answers, 429)).toBe(29);
    expect(await codesTo(phone)).toBe(1);
    expect(await smsTo([phone])).toBe(1);
  });

  it("parallel requests of several flows and accounts for one number send one code per flow", async () => {
    const phone = freshPhone();
    const [a, b] = [await signedIn(), await signedIn()];
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => call("PUT", "/api/v1/profile/phone_number/link/send_code", { phoneNumber: phone }, a.auth)),
      ...Array.from({ length: 5 }, () => call("PUT", "/api/v1/profile/phone_number/link/send_code", { phoneNumber: phone }, b.auth)),
      ...Array.from({ length: 10 }, () => call("POST", "/api/register/send_code", { phoneNumber: phone })),
    ]);
    // One phone_link code and one sign-up code; everything else waits out the resend pause.
    expect(count(answers, 200)).toBe(2);
    expect(await codesTo(phone)).toBe(2);
    expect(await smsTo([phone])).toBe(2);
  });
});

describe("codes per account", () => {
  it("one account cannot send codes to 40 numbers: 10 an hour, asked in parallel", async () => {
    const { auth } = await signedIn();
    const phones = Array.from({ length: 40 }, freshPhone);
    const answers = await Promise.all(phones.map((phoneNumber) => call("PUT", "/api/v1/profile/phone_number/link/send_code", { phoneNumber }, auth)));
    expect(count(answers, 200)).toBe(10);
    expect(count(answers, 429)).toBe(30);
    expect(await smsTo(phones)).toBe(10);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.message).toMatch(/^You have asked for too many codes\. Try again in \d+ min$/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("'already registered' answers count too, so they cannot list who has an account", async () => {
    const { auth } = await signedIn();
    const other = await t.make.user();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call("PUT", "/api/v1/profile/phone_number/link/send_code", { phoneNumber: other.phone }, auth)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses[10]).toBe(429);
    // The e-mail link is the same account's allowance.
    expect((await call("PUT", "/api/v1/profile/email/link/send_code", { email: "someone@example.com" }, auth)).status).toBe(429);
  });

  it("one account cannot send codes to 20 e-mail addresses", async () => {
    const { auth } = await signedIn();
    const emails = Array.from({ length: 20 }, (_, i) => `victim${i}.${process.pid}.${++seq}@example.com`);
    const answers = await Promise.all(emails.map((email) => call("PUT", "/api/v1/profile/email/link/send_code", { email }, auth)));
    expect(count(answers, 200)).toBe(10);
    expect((await t.db.select({ id: emailOutbox.id }).from(emailOutbox).where(inArray(emailOutbox.email, emails))).length).toBe(10);
  });
});

describe("codes per address", () => {
  it("300 requests an hour from one address, then 429 on every code endpoint", { timeout: 120_000 }, async () => {
    // An API of its own, so the address count starts at zero.
    const own = createApi({ db: t.db, auth: AUTH, limits: createRateLimits() });
    const ip = { "X-Forwarded-For": "198.51.100.26" };
    const taken = await t.make.user();
    const answers: Answer[] = [];
    for (let i = 0; i < 300; i++) answers.push(await call("POST", "/api/register/send_code", { phoneNumber: taken.phone }, ip, own));
    expect(count(answers, 422)).toBe(300);
    const over = await call("POST", "/api/register/send_code", { phoneNumber: freshPhone() }, ip, own);
    expect(over.status).toBe(429);
    // Not a lock-out: a challenge to solve or wait for (code-challenge.test.ts).
    expect(over.body.message).toMatch(/^Many codes are being asked for from your network right now\. Wait \d+ s/);
    expect(over.body.errors?.challenge).toHaveLength(1);
    expect((await call("POST", "/api/password/reset/send_code", { phoneNumber: taken.phone }, ip, own)).status).toBe(429);
    const { auth } = await signedIn();
    expect((await call("PUT", "/api/v1/profile/phone_number/link/send_code", { phoneNumber: freshPhone() }, { ...ip, ...auth }, own)).status).toBe(429);
    // Another address is not affected.
    expect((await call("POST", "/api/register/send_code", { phoneNumber: freshPhone() }, {}, own)).status).toBe(200);
  });
});
