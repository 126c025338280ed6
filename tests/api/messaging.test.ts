/**
 * SMS and e-mail through the durable outbox and real peers on 127.0.0.1: Nikita's SMSPRO XML
 * gateway, Twilio's Messages REST API, and an SMTP server (smtp-server). Codes are read from what
 * the peers received, as a person reads them on their phone. On PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CodeSentResponse, LoginResponse } from "../../contract/account";
import { createApi } from "../../api/app";
import { emailOutbox, smsOutbox, verificationCodes } from "../../api/db/schema";
import { createDataCipher, DEVELOPMENT_DATA_KEY } from "../../api/lib/data-cipher";
import { smtpMailSender } from "../../api/services/messaging/mail-sender";
import { Outbox } from "../../api/services/messaging/outbox";
import { nikitaSmsSender, routeByCountry, twilioSmsSender } from "../../api/services/messaging/sms-senders";
import { NikitaPeer } from "../support/nikita-peer";
import { SmtpPeer } from "../support/smtp-peer";
import { TwilioPeer } from "../support/twilio-peer";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const cipher = createDataCipher(DEVELOPMENT_DATA_KEY);
const nikita = new NikitaPeer();
const twilio = new TwilioPeer();
const smtp = new SmtpPeer();
const warnings: string[] = [];
let outbox: Outbox;
let api: ReturnType<typeof createApi>;
let stopOutbox: () => Promise<void>;

beforeAll(async () => {
  await Promise.all([nikita.start(), twilio.start(), smtp.start()]);
  outbox = new Outbox(t.db, {
    cipher,
    sms: routeByCountry({
      kg: nikitaSmsSender({ login: "konok", password: "s3cret-pwd", sender: "KONOK", apiUrl: nikita.url, timeoutMs: 1500 }),
      other: twilioSmsSender({ accountSid: twilio.account.sid, authToken: twilio.account.token, from: twilio.account.from, apiUrl: twilio.url }),
    }),
    mail: smtpMailSender({ url: smtp.url, from: "Konok <no-reply@konok.test>", domain: "konok.test" }),
    warn: (line) => warnings.push(line),
    // Seconds, not minutes, between tries: the test waits for the gateway to come back.
    backoffMs: () => 300,
  });
  stopOutbox = outbox.start(100);
  api = createApi({ db: t.db, messages: outbox });
});

afterAll(async () => {
  await stopOutbox?.();
  await Promise.all([nikita.stop(), twilio.stop(), smtp.stop()]);
});

let seq = 0;
/** A fresh number per call, each in a range of its own (the range cap counts the last four digits' block). */
const freshPhone = (country = "99670") => `${country}${String(++seq).padStart(3, "0")}${String(process.pid % 10_000).padStart(4, "0")}`;
const address = () => `10.${seq % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await api.fetch(
    new Request(`http://konok.test${path}`, {
      method,
      headers: { "Content-Type": "application/json", "X-Forwarded-For": address(), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as { data: T; errors?: Record<string, string[]> } };
}

const lastRow = async (phone: string) => (await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1))[0];

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function signUpThroughNikita(phone = freshPhone()) {
  const before = nikita.codesFor(phone).length;
  const sent = await call<CodeSentResponse>("POST", "/api/register/send_code", { phoneNumber: phone }, { "Accept-Language": "ky" });
  expect(sent.status).toBe(200);
  const code = await nikita.waitForCode(phone, { after: before });
  const verified = await call<{ verificationToken: string }>("POST", "/api/register/verify_code", { phoneNumber: phone, code });
  expect(verified.status).toBe(200);
  const created = await call<LoginResponse>("POST", "/api/register", { verificationToken: verified.body.data.verificationToken, password: "correct horse battery", firstName: "Нурлан" });
  expect(created.status).toBe(201);
  return { phone, token: created.body.data.token };
}

describe("SMS through Nikita's SMSPRO gateway", () => {
  it("signs up with the code the gateway was asked to send, in the person's language, following the gateway's XML", async () => {
    const { phone } = await signUpThroughNikita();
    const request = nikita.requests.filter((r) => r.path === "/api/message").at(-1)!;
    expect(request.contentType).toMatch(/xml/);
    expect(request.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><message><login>konok<\/login><pwd>s3cret-pwd<\/pwd><id>[A-Za-z0-9]{12}<\/id><sender>KONOK<\/sender><text>/);
    expect(request.body).toContain(`<phones><phone>${phone}</phone></phones>`);
    const message = nikita.received.at(-1)!;
    // Kyrgyz, asked with Accept-Language: ky, and one SMS (70 UCS-2 characters).
    expect(message.text).toMatch(/^Konok коду: \d{6}\. /);
    expect(message.text.length).toBeLessThanOrEqual(70);
    expect(message.test).toBe(false);

    // Taken by the gateway: the text is erased; then its delivery report says delivered.
    const row = await until(() => lastRow(phone), (r) => r.status === "delivered");
    expect(row).toMatchObject({ provider: "nikita", providerRef: message.id, messageId: message.id, body: null });
    expect(nikita.received.filter((m) => m.phones.includes(phone))).toHaveLength(1);
    expect(nikita.requests.some((r) => r.path === "/api/dr" && r.body.includes(`<id>${message.id}</id>`))).toBe(true);
  });

  it("keeps a code sealed and retries while the gateway answers 503, hangs or is out of money; it arrives once the gateway is back", async () => {
    for (const fail of [() => nikita.failWith(503), () => nikita.hang(), () => nikita.refuseWith(4)]) {
      fail();
      const phone = freshPhone();
      const started = Date.now();
      const sent = await call<CodeSentResponse>("POST", "/api/register/send_code", { phoneNumber: phone });
      // The page never waits for the gateway.
      expect(sent.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
      const waiting = await until(() => lastRow(phone), (r) => r.attempts >= 2 && r.status === "queued");
      expect(cipher.isSealed(waiting.body)).toBe(true);
      expect(waiting.lastError).toBeTruthy();
      expect(nikita.codesFor(phone)).toEqual([]);
      nikita.recover();
      const code = await nikita.waitForCode(phone);
      expect(nikita.codesFor(phone)).toEqual([code]);
      expect((await call("POST", "/api/register/verify_code", { phoneNumber: phone, code })).status).toBe(200);
      expect((await until(() => lastRow(phone), (r) => r.status !== "queued" && r.status !== "sending")).body).toBeNull();
    }
    // Out of money is the operator's to fix: the log says so, once however many tries.
    expect(warnings.filter((w) => w.startsWith("ALERT sms: Nikita status 4"))).toHaveLength(1);
  });

  it("gives up a code still waiting for the gateway when a newer one is asked for: only the newest arrives", async () => {
    nikita.failWith(503);
    try {
      const phone = freshPhone();
      expect((await call("POST", "/api/register/send_code", { phoneNumber: phone })).status).toBe(200);
      await until(() => lastRow(phone), (r) => r.attempts >= 1 && r.status === "queued");
      // The resend pause has passed (moved back rather than waited for).
      await t.db.update(verificationCodes).set({ createdAt: sql`created_at - interval '61 seconds'` }).where(eq(verificationCodes.target, phone));
      expect((await call("POST", "/api/register/send_code", { phoneNumber: phone })).status).toBe(200);
      // The older row may be in the middle of a try (retries here come every 300 ms): once that try
      // has failed, it is given up too, never queued again.
      const rows = await until(
        () => t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(smsOutbox.id),
        (r) => r[0]?.status !== "sending",
      );
      expect(rows).toHaveLength(2);
      expect([rows[0].status, rows[0].lastError, rows[0].body]).toEqual(["expired", "replaced by a newer code", null]);
      expect(["queued", "sending"]).toContain(rows[1].status);
      nikita.recover();
      const code = await nikita.waitForCode(phone);
      await outbox.idle();
      await new Promise((r) => setTimeout(r, 500));
      expect(nikita.codesFor(phone)).toEqual([code]);
      expect((await call("POST", "/api/register/verify_code", { phoneNumber: phone, code })).status).toBe(200);
    } finally {
      nikita.recover();
    }
  });

  it("sends a message once when an attempt's answer was lost: the retry reuses the id and the gateway's status 10 counts as sent", async () => {
    const sender = nikitaSmsSender({ login: "konok", password: "s3cret-pwd", sender: "KONOK", apiUrl: nikita.url });
    const phone = freshPhone();
    const message = { messageId: "RetryOnce123", phone, text: "Konok code 123456. Do not share it with anyone." };
    expect(await sender.send(message)).toEqual({ outcome: "accepted", ref: "RetryOnce123", test: false });
    expect(await sender.send(message)).toEqual({ outcome: "accepted", ref: "RetryOnce123", test: false });
    expect(nikita.received.filter((m) => m.phones.includes(phone))).toHaveLength(1);
    // The test flag: checked by the gateway, neither sent nor billed.
    const test = nikitaSmsSender({ login: "konok", password: "s3cret-pwd", sender: "KONOK", apiUrl: nikita.url, test: true });
    expect(await test.send({ ...message, messageId: "TestFlag0001" })).toMatchObject({ outcome: "accepted", test: true });
    expect(nikita.received.at(-1)).toMatchObject({ id: "TestFlag0001", test: true });
    // A wrong password or sender name waits for the operator; a refused number is given up.
    const wrongLogin = nikitaSmsSender({ login: "konok", password: "wrong", sender: "KONOK", apiUrl: nikita.url });
    expect(await wrongLogin.send({ ...message, messageId: "WrongLogin01" })).toMatchObject({ outcome: "retry", alert: true, error: expect.stringContaining("status 2") });
    nikita.refuseWith(7);
    expect(await sender.send({ ...message, messageId: "BadNumber001" })).toMatchObject({ outcome: "rejected", error: expect.stringContaining("status 7") });
    nikita.recover();
  });

  it("gives up a message the gateway refuses for good, erasing its text, and marks an undelivered report", async () => {
    nikita.refuseWith(9);
    const phone = freshPhone();
    expect((await call("POST", "/api/register/send_code", { phoneNumber: phone })).status).toBe(200);
    const failed = await until(() => lastRow(phone), (r) => r.status === "failed");
    expect(failed).toMatchObject({ body: null, attempts: 1, lastError: expect.stringContaining("status 9") });
    nikita.recover();

    const other = freshPhone();
    expect((await call("POST", "/api/register/send_code", { phoneNumber: other })).status).toBe(200);
    const code = await nikita.waitForCode(other);
    nikita.reports.set(nikita.received.find((m) => m.phones.includes(other) && m.text.includes(code))!.id, 4);
    expect((await until(() => lastRow(other), (r) => r.status === "undelivered")).deliveredAt).toBeNull();
  });
});

describe("SMS outside Kyrgyzstan through Twilio", () => {
  it("routes by country code: a Kazakh number goes to Twilio's Messages API, a Kyrgyz one to Nikita", async () => {
    const kz = freshPhone("7701");
    expect((await call("POST", "/api/register/send_code", { phoneNumber: kz }, { "Accept-Language": "en" })).status).toBe(200);
    const message = await until(async () => twilio.messages.find((m) => m.to === `+${kz}`), Boolean);
    expect(message).toMatchObject({ from: twilio.account.from, body: expect.stringMatching(/^Konok code \d{6}\. Do not share it with anyone\.$/) });
    expect(nikita.received.some((m) => m.phones.includes(kz))).toBe(false);
    const row = await until(() => lastRow(kz), (r) => r.status === "delivered");
    expect(row).toMatchObject({ provider: "twilio", providerRef: message!.sid, body: null });
  });
});

describe("e-mail through SMTP", () => {
  it("sends an e-mail code through a real SMTP server, in the person's language, and retries a deferral", async () => {
    const { token } = await signUpThroughNikita();
    const email = `guest${seq}.${process.pid}@example.kg`;
    smtp.deferring = true;
    expect((await call("PUT", "/api/v1/profile/email/link/send_code", { email }, { Authorization: `Bearer ${token}`, "Accept-Language": "en" })).status).toBe(200);
    const deferred = await until(
      async () => (await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.email, email))).limit(1))[0],
      (r) => r?.attempts >= 1 && r.status === "queued",
    );
    expect(deferred.lastError).toMatch(/451/);
    expect(cipher.isSealed(deferred.body)).toBe(true);
    smtp.deferring = false;
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe("Your Konok confirmation code");
    expect(mail.headers.from).toBe("Konok <no-reply@konok.test>");
    expect(mail.headers["message-id"]).toBe(`<${deferred.messageId}@konok.test>`);
    const code = mail.text.match(/\d{6}/)![0];
    const linked = await call("PUT", "/api/v1/profile/email/link/confirm", { email, code }, { Authorization: `Bearer ${token}` });
    expect(linked.status).toBe(200);
    expect((await until(async () => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.email, email)))[0], (r) => r.status === "sent")).body).toBeNull();
  });
});
