/**
 * Caps against SMS pumping (api/services/messaging/sms-caps.ts) through the real API: allowed
 * countries, at most 5 codes a day per number whoever asks and from wherever, a cap per block of
 * numbers, and a daily cap on the total that alerts in the log. On PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApi } from "../../api/app";
import { smsOutbox, verificationCodes } from "../../api/db/schema";
import { DEFAULT_SMS_CAPS } from "../../api/services/messaging/sms-caps";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
let api: ReturnType<typeof createApi>;
beforeAll(() => {
  api = createApi({ db: t.db });
});
afterEach(() => vi.restoreAllMocks());

let seq = 0;
/** Each number in a block of its own unless a test shares one on purpose. */
const freshPhone = () => `99650${String(++seq).padStart(3, "0")}${String(process.pid % 10_000).padStart(4, "0")}`;
let ipSeq = 0;
const freshIp = () => `10.30.${Math.floor(++ipSeq / 250) % 250}.${ipSeq % 250}`;

async function call(path: string, body: unknown, { locale = "en", on = api } = {}) {
  const response = await on.fetch(
    new Request(`http://konok.test${path}`, { method: "POST", headers: { "Content-Type": "application/json", "X-Forwarded-For": freshIp(), "Accept-Language": locale }, body: JSON.stringify(body) }),
  );
  return { status: response.status, body: (await response.json()) as { message?: string; errors?: Record<string, string[]> }, retryAfter: response.headers.get("Retry-After") };
}
const smsTo = async (phone: string) => (await t.db.select({ id: smsOutbox.id }).from(smsOutbox).where(eq(smsOutbox.phone, phone))).length;
/** Moves a number's codes back 11 minutes: past the resend pause and the 10-minute window, still the same day. */
const age = (phone: string) => t.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(verificationCodes.target, phone));

describe("caps against SMS pumping", () => {
  it("sends SMS only to the allowed countries (Kyrgyzstan and its neighbours by default), refusing others next to the field", async () => {
    expect(DEFAULT_SMS_CAPS.countries).toEqual(["996", "7", "998", "992", "86"]);
    for (const phone of ["77011234567", "998901234567", "992931234567", "8613812345678"]) {
      expect((await call("/api/register/send_code", { phoneNumber: phone })).status, phone).toBe(200);
    }
    const premium = "447911123456";
    const texts = [];
    for (const locale of ["ru", "en", "ky"]) {
      const refused = await call("/api/register/send_code", { phoneNumber: premium }, { locale });
      expect(refused.status).toBe(422);
      texts.push(refused.body.errors?.phoneNumber?.[0]);
    }
    expect(texts).toEqual([
      "На номера этой страны мы пока не отправляем SMS. Укажите номер другой страны",
      "We do not send SMS to numbers of this country yet. Use a number of another country",
      "Бул өлкөнүн номерлерине азырынча SMS жөнөтпөйбүз. Башка өлкөнүн номерин жазыңыз",
    ]);
    expect(await smsTo(premium)).toBe(0);
  });

  it("gives one number at most 5 codes a day, however many times, for whichever flow and from however many addresses it is asked", async () => {
    const phone = freshPhone();
    const answers = [];
    for (let i = 0; i < 12; i++) {
      answers.push(await call(i % 2 ? "/api/register/send_code" : "/api/password/reset/send_code", { phoneNumber: phone }));
      answers.push(await call("/api/register/send_code", { phoneNumber: phone }));
      await age(phone);
    }
    // The reset of a number without an account sends nothing and says the same; sign-up codes count.
    expect(await smsTo(phone)).toBe(5);
    const refused = answers.filter((a) => a.body.message === "Too many codes have gone to this number today. Try again tomorrow");
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].status).toBe(429);
    expect(Number(refused[0].retryAfter)).toBeGreaterThan(0);
  });

  it("stops a walk through one block of numbers at its hourly cap, says so in the log once, and leaves other blocks alone", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const block = `9965${String(process.pid % 10_000).padStart(4, "0")}`;
    const answers = [];
    for (let i = 0; i < DEFAULT_SMS_CAPS.perRangePerHour + 3; i++) answers.push(await call("/api/register/send_code", { phoneNumber: `${block}${String(i).padStart(4, "0")}` }));
    expect(answers.map((a) => a.status)).toEqual([...Array(DEFAULT_SMS_CAPS.perRangePerHour).fill(200), 429, 429, 429]);
    expect(answers.at(-1)!.body.message).toBe("We cannot send SMS right now. Try again in 60 min");
    expect(warn.mock.calls.filter(([line]) => String(line).startsWith(`ALERT sms: ${DEFAULT_SMS_CAPS.perRangePerHour} SMS in the last hour to numbers +${block}xxxx`))).toHaveLength(1);
    expect((await call("/api/register/send_code", { phoneNumber: freshPhone() })).status).toBe(200);
  });

  it("refuses codes once the day's total is reached, and alerts in the log", async () => {
    const [{ count }] = (await t.db.execute<{ count: number }>(`select count(*)::int as count from sms_outbox where created_at > now() - interval '24 hours'`)).rows as { count: number }[];
    const capped = createApi({ db: t.db, smsCaps: { ...DEFAULT_SMS_CAPS, perDay: count + 2 } });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await call("/api/register/send_code", { phoneNumber: freshPhone() }, { on: capped, locale: "ky" }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429, 429]);
    expect(answers[2].body.message).toBe("Азыр SMS жөнөтө албайбыз. 60 мүнөттөн кийин кайталаңыз");
    expect(warn.mock.calls.filter(([line]) => String(line).includes(`the daily cap of ${count + 2} SMS is reached`))).toHaveLength(1);
  });
});
