/**
 * Limits that fit Kyrgyz mobile networks: a carrier puts many customers behind one public address
 * (carrier-grade NAT). Through the real API, every request from one address: 200 people sign in
 * within 15 minutes; 120 new numbers ask for sign-up codes within a minute and 60 of them finish
 * and sign in; yet one address guessing one account's password is stopped after 10 tries, and a
 * browser that signed in before (its device token) gets its owner in while the address is limited.
 */
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/account";
import { createApi } from "../../api/app";
import { smsOutbox } from "../../api/db/schema";
import { hashPassword } from "../../api/lib/password";
import { outboxText } from "../support/outbox-text";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "n".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
let api: ReturnType<typeof createApi>;
beforeAll(() => {
  api = createApi({ db: t.db, auth: AUTH });
});

/** The carrier's one public address; each test has its own. */
let carrierSeq = 0;
const carrierAddress = () => `203.0.113.${++carrierSeq}`;
let seq = 0;
/** Numbers as people have them: each in a block of its own. */
const freshPhone = () => `99622${String(++seq).padStart(3, "0")}${String(process.pid % 10_000).padStart(4, "0")}`;

async function call<T = unknown>(path: string, body: unknown, ip: string) {
  const response = await api.fetch(
    new Request(`http://konok.test${path}`, { method: "POST", headers: { "Content-Type": "application/json", "X-Forwarded-For": ip, "Accept-Language": "en" }, body: JSON.stringify(body) }),
  );
  return { status: response.status, body: (await response.json()) as { data: T; message?: string; errors?: Record<string, string[]> } };
}

const PASSWORD = "carrier evening 2026";
let passwordHash: Promise<string>;
async function people(count: number) {
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  return Promise.all(Array.from({ length: count }, () => t.make.user({ phone: freshPhone(), passwordHash: hash })));
}

/** Runs `work` over `items`, `width` at a time, as people on one carrier do: side by side. */
async function inParallel<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  }));
  return results;
}

describe("one carrier address full of honest people", () => {
  it("lets 200 different people sign in from one address within 15 minutes, a few typos among them, with no refusal", async () => {
    const ip = carrierAddress();
    const crowd = await people(200);
    const started = Date.now();
    // Every tenth mistypes once first: failures count, but 20 are far below the address's limit.
    const answers = await inParallel(crowd, 8, async (person) => {
      if (person.id % 10 === 0) expect((await call("/api/login", { phoneNumber: person.phone, password: "carrier evening" }, ip)).status).toBe(422);
      return call<LoginResponse>("/api/login", { phoneNumber: person.phone, password: PASSWORD }, ip);
    });
    expect(Date.now() - started).toBeLessThan(15 * 60_000);
    expect(answers.map((a) => a.status)).toEqual(Array(200).fill(200));
    expect(new Set(answers.map((a) => a.body.data.userData.id)).size).toBe(200);
  }, 300_000);

  it("sends sign-up codes to 120 new numbers from one address within a minute; 60 finish signing up and sign in, with no refusal", async () => {
    const ip = carrierAddress();
    const numbers = Array.from({ length: 120 }, freshPhone);
    const started = Date.now();
    const sent = await inParallel(numbers, 8, (phoneNumber) => call("/api/register/send_code", { phoneNumber }, ip));
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(sent.map((a) => a.status)).toEqual(Array(120).fill(200));
    for (const phone of numbers) expect(await t.db.select({ id: smsOutbox.id }).from(smsOutbox).where(eq(smsOutbox.phone, phone))).toHaveLength(1);

    const finishing = numbers.slice(0, 60);
    const signedUp = await inParallel(finishing, 6, async (phoneNumber) => {
      const [sms] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phoneNumber)).orderBy(desc(smsOutbox.id)).limit(1);
      const verified = await call<{ verificationToken: string }>("/api/register/verify_code", { phoneNumber, code: outboxText(sms.body).match(/\d{6}/)![0] }, ip);
      expect(verified.status).toBe(200);
      const created = await call("/api/register", { verificationToken: verified.body.data.verificationToken, password: PASSWORD, firstName: "Бактыгүл" }, ip);
      return [created.status, (await call("/api/login", { phoneNumber, password: PASSWORD }, ip)).status];
    });
    expect(signedUp).toEqual(Array(60).fill([201, 200]));
  }, 300_000);
});

describe("guessing from one address", () => {
  it("stops one address guessing one account's password after 10 tries, device token or not, while others on it still sign in", async () => {
    const ip = carrierAddress();
    const [victim, neighbour] = await people(2);
    const guesses = [];
    for (let i = 0; i < 12; i++) guesses.push((await call("/api/login", { phoneNumber: victim.phone, password: `guess-${i}` }, ip)).status);
    expect(guesses).toEqual([...Array(10).fill(422), 429, 429]);
    // Even the right password, even with a device token of that very account, from that address.
    const token = (await call<LoginResponse>("/api/login", { phoneNumber: victim.phone, password: PASSWORD }, "198.51.100.7")).body.data.deviceToken;
    expect(token).toMatch(/^v1\./);
    expect((await call("/api/login", { phoneNumber: victim.phone, password: PASSWORD, deviceToken: token }, ip)).status).toBe(429);
    // The same carrier's other customers are not locked out.
    expect((await call("/api/login", { phoneNumber: neighbour.phone, password: PASSWORD }, ip)).status).toBe(200);
  }, 120_000);

  it("lets the owner's browser in with its device token while a flood of failures has filled the address's limit; strangers wait", async () => {
    const ip = carrierAddress();
    const [owner, newcomer] = await people(2);
    // The owner signed in on this phone before, elsewhere: the browser kept the device token.
    const earlier = await call<LoginResponse>("/api/login", { phoneNumber: owner.phone, password: PASSWORD }, "198.51.100.8");
    const token = earlier.body.data.deviceToken!;
    // Someone on the same carrier address tries 100 numbers with wrong passwords.
    for (let i = 0; i < 100; i++) expect((await call("/api/login", { phoneNumber: freshPhone(), password: "123456" }, ip)).status).toBe(422);
    const refused = await call("/api/login", { phoneNumber: newcomer.phone, password: PASSWORD }, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ min/);
    const owned = await call<LoginResponse>("/api/login", { phoneNumber: owner.phone, password: PASSWORD, deviceToken: token }, ip);
    expect(owned.status).toBe(200);
    // A token is for its own account only, and a forged one opens nothing.
    expect((await call("/api/login", { phoneNumber: newcomer.phone, password: PASSWORD, deviceToken: token }, ip)).status).toBe(429);
    const forged = token.replace(/^v1\.\d+\./, `v1.${newcomer.id}.`);
    expect((await call("/api/login", { phoneNumber: newcomer.phone, password: PASSWORD, deviceToken: forged }, ip)).status).toBe(429);
  }, 120_000);
});
