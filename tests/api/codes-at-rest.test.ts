/**
 * Issue 26, item 4: no code that grants access is readable at rest. Every table of the database is
 * read as text after each step of a code's life (waiting for a gateway that is down, delivered,
 * given up) and searched for the code: it must be nowhere, in any column. The outbox is set up as
 * production runs it (texts erased once sent) with a key of the test's own; the gateways are the
 * far side of the interfaces the outbox sends through (the phone and the mailbox that receive).
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { createDataCipher } from "../../api/lib/data-cipher";
import type { MailSender } from "../../api/services/messaging/mail-sender";
import { Outbox } from "../../api/services/messaging/outbox";
import { routeByCountry, type SmsSender } from "../../api/services/messaging/sms-senders";
import { issueTokens } from "../../api/services/auth/tokens";
import { setupTestApi } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "r".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
const cipher = createDataCipher("codes-at-rest-test-key-0123456789abcdef");

/** What reached the phones and mailboxes, and whether the gateways take messages now. */
const received: string[] = [];
let gatewaysUp = false;
const phones: SmsSender = {
  name: "log",
  async send({ messageId, text }) {
    if (!gatewaysUp) return { outcome: "retry", error: "gateway unreachable" };
    received.push(text);
    return { outcome: "accepted", ref: messageId };
  },
};
const mailboxes: MailSender = {
  name: "log",
  async send({ messageId, text }) {
    if (!gatewaysUp) return { outcome: "retry", error: "connection refused" };
    received.push(text);
    return { outcome: "accepted", ref: messageId };
  },
};

let outbox: Outbox;
let api: ReturnType<typeof createApi>;
beforeAll(() => {
  outbox = new Outbox(t.db, { cipher, sms: routeByCountry({ kg: phones }), mail: mailboxes, keepText: false, warn: () => {}, backoffMs: () => 60_000 });
  api = createApi({ db: t.db, auth: AUTH, messages: outbox });
});

let seq = 0;
const freshPhone = () => `99677${String(process.pid % 1000).padStart(3, "0")}${String(++seq + 5000).padStart(4, "0")}`;
async function call(method: string, url: string, body: unknown, token?: string) {
  const response = await api.fetch(
    new Request(`http://konok.test${url}`, {
      method,
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.77.0.${++seq % 250}`, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }),
  );
  return response.status;
}

/** Every row of every table of ours, as PostgreSQL prints it. */
async function everyRowAsText(): Promise<string[]> {
  const tables = await t.db.execute<{ name: string }>(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
  const rows: string[] = [];
  for (const { name } of tables.rows) {
    const result = await t.db.execute<{ row: string }>(sql`select t::text as row from ${sql.identifier(name)} t`);
    for (const { row } of result.rows) rows.push(`${name}: ${row}`);
  }
  return rows;
}

/**
 * The code as a number of its own in any column: not inside a longer run of digits or letters (a
 * hash, a phone number, sealed base64) nor a timestamp's microseconds.
 */
async function whereReadable(code: string): Promise<string[]> {
  const alone = new RegExp(`(?<![0-9A-Za-z.+/=_-])${code}(?![0-9A-Za-z])`);
  return (await everyRowAsText()).filter((row) => alone.test(row));
}

/** The code inside the newest waiting message to a recipient, opened with the key (which the database does not have). */
async function sealedCode(table: "sms_outbox" | "email_outbox", recipient: string): Promise<string> {
  const column = table === "sms_outbox" ? sql`phone` : sql`email`;
  const { rows } = await t.db.execute<{ body: string | null }>(sql`select body from ${sql.identifier(table)} where ${column} = ${recipient} order by id desc limit 1`);
  const body = rows[0]?.body;
  expect(body, `a waiting message to ${recipient}`).toBeTruthy();
  expect(cipher.isSealed(body!)).toBe(true);
  return /\b\d{6}\b/.exec(cipher.open(body!))![0];
}

/** The waiting messages become due and the outbox runs once. */
async function drainNow() {
  await outbox.idle();
  await t.db.execute(sql`update sms_outbox set next_attempt_at = now() where status in ('queued', 'sending')`);
  await t.db.execute(sql`update email_outbox set next_attempt_at = now() where status in ('queued', 'sending')`);
  await outbox.drainOnce();
}

describe("one-time codes at rest", () => {
  it("are nowhere readable while waiting for a gateway, after delivery, and after being given up", async () => {
    gatewaysUp = false;
    const host = await t.make.user({ email: `host${process.pid}@example.com`, emailVerifiedAt: new Date() });
    const token = (await issueTokens(t.db, host.id, AUTH)).token;
    const signUp = freshPhone();
    const email = `new.${process.pid}@example.com`;
    expect(await call("POST", "/api/register/send_code", { phoneNumber: signUp }, undefined)).toBe(200);
    expect(await call("POST", "/api/password/reset/send_code", { phoneNumber: host.phone }, undefined)).toBe(200);
    expect(await call("PUT", "/api/v1/profile/email/link/send_code", { email }, token)).toBe(200);
    await outbox.idle();

    // Waiting (the gateways are down): sealed, and in no column of any table as a number.
    const codes = [await sealedCode("sms_outbox", signUp), await sealedCode("sms_outbox", host.phone!), await sealedCode("email_outbox", email)];
    for (const code of codes) expect(await whereReadable(code)).toEqual([]);

    // Delivered: the person got the code; the database keeps no text at all.
    gatewaysUp = true;
    await drainNow();
    for (const code of codes) expect(received.some((text) => text.includes(code))).toBe(true);
    for (const code of codes) expect(await whereReadable(code)).toEqual([]);
    const kept = await t.db.execute<{ n: number }>(sql`select (select count(*) from sms_outbox where body is not null) + (select count(*) from email_outbox where body is not null or html is not null) as n`);
    expect(Number(kept.rows[0].n)).toBe(0);
  });

  it("a code never delivered loses its sealed text once it is no longer worth sending", async () => {
    gatewaysUp = false;
    const phone = freshPhone();
    expect(await call("POST", "/api/register/send_code", { phoneNumber: phone }, undefined)).toBe(200);
    await outbox.idle();
    const code = await sealedCode("sms_outbox", phone);
    // The code's five minutes are over.
    await t.db.execute(sql`update sms_outbox set expires_at = now() - interval '1 second' where phone = ${phone}`);
    await drainNow();
    const { rows } = await t.db.execute<{ status: string; body: string | null }>(sql`select status, body from sms_outbox where phone = ${phone}`);
    expect(rows).toEqual([{ status: "expired", body: null }]);
    expect(await whereReadable(code)).toEqual([]);
  });
});
