/**
 * The durable outbox: every SMS and e-mail is a row (sms_outbox, email_outbox) before anything is
 * sent, and a drain hands due rows to their sender. A gateway that is down, slow or refusing our
 * login delays a message, with growing pauses between tries, until the message is no longer worth
 * sending (a code past its lifetime); a page that asked for a code never waits for a gateway.
 *
 * - The text is sealed with the API's DataCipher while it waits, and erased once the gateway took
 *   it or it was given up: a database copy shows no readable code (issue 26). `keepText` keeps the
 *   sealed text for GET /api/dev/outbox, outside production only.
 * - Claims are `FOR UPDATE SKIP LOCKED` and push the row's next attempt a minute ahead, so several
 *   nodes never send one row at once, and a node that died mid-send leaves its rows to the others.
 *   A retry reuses the row's message id: Nikita refuses a repeated id (status 10), so a retry after
 *   a lost answer does not send the code twice.
 * - States: queued → sending → sent (the gateway took it) → delivered | undelivered (its delivery
 *   report, asked for a few hours); failed (refused for good) or expired (out of time).
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailOutbox, smsOutbox } from "../../db/schema";
import type { DataCipher } from "../../lib/data-cipher";
import type { MailSender } from "./mail-sender";
import { newMessageId, type SmsRouting } from "./sms-senders";
import { OUTBOX_DUE_STATUSES, OUTBOX_STATUS, type OutboxStatus } from "../../../contract/outbox-statuses";
import { sqlLiteral, sqlLiterals } from "../../lib/sql";

export type SmsOptions = {
  /** `code` for one-time codes (the sending caps count these), `booking` for host alerts. */
  kind?: "code" | "booking";
  /** Seconds after which the message is not worth sending (a code's lifetime). */
  ttlSeconds?: number;
};
export type MailOptions = { kind?: string; html?: string; ttlSeconds?: number; unsubscribeUrl?: string };

/** What the API asks of the outbox. */
export type MessageProvider = {
  sendSms(phone: string, text: string, options?: SmsOptions): Promise<void>;
  sendEmail(email: string, subject: string, text: string, options?: MailOptions): Promise<void>;
};

export type OutboxOptions = {
  cipher: DataCipher;
  sms: SmsRouting;
  mail: MailSender;
  /** Keep the sealed text after sending, for GET /api/dev/outbox (never in production). */
  keepText?: boolean;
  /** Where failures and alerts go (console.warn by default). */
  warn?: (line: string) => void;
  /** Milliseconds before try number `attempt` + 1, given `attempt` tries so far. */
  backoffMs?: (attempt: number) => number;
};

/** 2 s, 6 s, 18 s, 54 s, 2.7 min, 8 min, then every 10 min; a fifth more or less, so retries spread. */
export const defaultBackoffMs = (attempt: number) => Math.min(600_000, 2000 * 3 ** Math.max(0, attempt - 1)) * (0.9 + Math.random() * 0.2);

const DEFAULT_SMS_TTL_SECONDS = 300;
const DEFAULT_MAIL_TTL_SECONDS = 2 * 24 * 60 * 60;
/** A claimed row is another node's again after this, should its sender never answer. */
const CLAIM_SECONDS = 60;
/** Delivery reports are asked for this long after sending, at most this often per message. */
const REPORT_HOURS = 6;
const REPORT_EVERY_SECONDS = 30;
/** The same alert is logged at most once per this many milliseconds. */
const ALERT_EVERY_MS = 5 * 60_000;

type ClaimedSms = { id: number; phone: string; body: string | null; message_id: string; attempts: number; expired: boolean };
type ClaimedMail = ClaimedSms & { email: string; subject: string; html: string | null; unsubscribe_url: string | null };

export class Outbox implements MessageProvider {
  private draining: Promise<void> | null = null;
  private again = false;
  private readonly alerted = new Map<string, number>();
  private readonly warn: (line: string) => void;
  private readonly backoffMs: (attempt: number) => number;

  constructor(
    private readonly db: Db,
    private readonly options: OutboxOptions,
  ) {
    this.warn = options.warn ?? ((line) => console.warn(line));
    this.backoffMs = options.backoffMs ?? defaultBackoffMs;
  }

  async sendSms(phone: string, text: string, options: SmsOptions = {}): Promise<void> {
    if ((options.kind ?? "code") === "code") await this.dropWaitingCodes("sms_outbox", "phone", phone);
    await this.db.insert(smsOutbox).values({
      phone,
      body: this.options.cipher.seal(text),
      kind: options.kind ?? "code",
      messageId: newMessageId(crypto.randomInt),
      expiresAt: new Date(Date.now() + (options.ttlSeconds ?? DEFAULT_SMS_TTL_SECONDS) * 1000),
    });
    this.kick();
  }

  async sendEmail(email: string, subject: string, text: string, options: MailOptions = {}): Promise<void> {
    if ((options.kind ?? "code") === "code") await this.dropWaitingCodes("email_outbox", "email", email);
    await this.db.insert(emailOutbox).values({
      email,
      subject,
      body: this.options.cipher.seal(text),
      html: options.html ? this.options.cipher.seal(options.html) : null,
      kind: options.kind ?? "code",
      unsubscribeUrl: options.unsubscribeUrl ?? null,
      messageId: crypto.randomBytes(16).toString("hex"),
      expiresAt: new Date(Date.now() + (options.ttlSeconds ?? DEFAULT_MAIL_TTL_SECONDS) * 1000),
    });
    this.kick();
  }

  /**
   * A new code makes the recipient's earlier ones worthless (codes.ts keeps only the newest valid),
   * so codes still waiting for a gateway that is down are given up instead of arriving after the
   * new one, when the person would type the wrong one. A row being sent at this moment is left
   * alone (it may already be on the phone); if that try fails, afterFailure gives it up then.
   */
  private async dropWaitingCodes(table: "sms_outbox" | "email_outbox", column: "phone" | "email", recipient: string) {
    await this.db.execute(sql`
      update ${sql.raw(table)} set status = ${sqlLiteral(OUTBOX_STATUS.expired)}, last_error = 'replaced by a newer code'
        ${this.options.keepText ? sql`` : table === "email_outbox" ? sql`, body = null, html = null` : sql`, body = null`}
      where ${sql.raw(column)} = ${recipient} and kind = 'code' and status = ${sqlLiteral(OUTBOX_STATUS.queued)}`);
  }

  /** Starts a drain now (in the background), or another right after the running one. */
  kick(): void {
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = (async () => {
      do {
        this.again = false;
        await this.drainOnce().catch((error: Error) => this.warn(`outbox: ${error.message}`));
      } while (this.again);
    })().finally(() => {
      this.draining = null;
    });
  }

  /** Resolves when no drain is running (tests wait on it). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** Drains every `intervalMs` (retries and delivery reports) until the returned stop is called. */
  start(intervalMs = 2000): () => Promise<void> {
    const timer = setInterval(() => this.kick(), intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await this.idle();
      this.options.mail.close?.();
    };
  }

  /** One pass: sends what is due, then asks for delivery reports. Returns how many rows it sent or gave up. */
  async drainOnce(batch = 20): Promise<number> {
    let handled = 0;
    for (;;) {
      const sms = await this.claim<ClaimedSms>("sms_outbox", "phone", batch);
      const mail = await this.claim<ClaimedMail>("email_outbox", "email, subject, html, unsubscribe_url", batch);
      if (!sms.length && !mail.length) break;
      // Different gateways' messages go out side by side; one gateway's in order.
      await Promise.all([...sms.map((row) => this.sendOneSms(row)), ...mail.map((row) => this.sendOneMail(row))]);
      handled += sms.length + mail.length;
      if (sms.length < batch && mail.length < batch) break;
    }
    await this.checkReports();
    return handled;
  }

  private async claim<T>(table: "sms_outbox" | "email_outbox", columns: string, batch: number): Promise<T[]> {
    const result = await this.db.execute(sql`
      update ${sql.raw(table)} set status = ${sqlLiteral(OUTBOX_STATUS.sending)}, attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${CLAIM_SECONDS})
      where id in (
        select id from ${sql.raw(table)}
        where status in (${sqlLiterals(OUTBOX_DUE_STATUSES)}) and next_attempt_at <= now()
        order by next_attempt_at, id limit ${batch} for update skip locked)
      returning id, body, message_id, attempts, expires_at <= now() as expired, ${sql.raw(columns)}`);
    return result.rows as T[];
  }

  private async sendOneSms(row: ClaimedSms) {
    if (row.expired || row.body === null) return this.finish("sms_outbox", row.id, OUTBOX_STATUS.expired, "not sent in time");
    const sender = this.options.sms.route(row.phone);
    let attempt;
    try {
      attempt = await sender.send({ messageId: row.message_id, phone: row.phone, text: this.options.cipher.open(row.body) });
    } catch (error) {
      attempt = { outcome: "retry" as const, error: (error as Error).message };
    }
    if (attempt.outcome === "accepted") {
      await this.db.execute(sql`
        update sms_outbox set status = ${sender.report ? OUTBOX_STATUS.sent : OUTBOX_STATUS.delivered}, provider = ${sender.name}, provider_ref = ${attempt.ref},
          sent_at = now(), delivered_at = ${sender.report ? null : sql`now()`}, last_error = null
          ${this.options.keepText ? sql`` : sql`, body = null`}
        where id = ${row.id}`);
      return;
    }
    if (attempt.outcome === "retry" && attempt.alert) this.alert(`ALERT sms: ${attempt.error}`);
    await this.afterFailure("sms_outbox", row, attempt.outcome === "rejected", attempt.error, sender.name);
  }

  private async sendOneMail(row: ClaimedMail) {
    if (row.expired || row.body === null) return this.finish("email_outbox", row.id, OUTBOX_STATUS.expired, "not sent in time");
    const { cipher, mail } = this.options;
    let attempt;
    try {
      attempt = await mail.send({
        to: row.email,
        subject: row.subject,
        text: cipher.open(row.body),
        html: row.html ? cipher.open(row.html) : undefined,
        messageId: row.message_id,
        unsubscribeUrl: row.unsubscribe_url ?? undefined,
      });
    } catch (error) {
      attempt = { outcome: "retry" as const, error: (error as Error).message };
    }
    if (attempt.outcome === "accepted") {
      await this.db.execute(sql`
        update email_outbox set status = ${sqlLiteral(OUTBOX_STATUS.sent)}, provider = ${mail.name}, provider_ref = ${attempt.ref}, sent_at = now(), last_error = null
          ${this.options.keepText ? sql`` : sql`, body = null, html = null`}
        where id = ${row.id}`);
      return;
    }
    if (attempt.outcome === "retry" && attempt.alert) this.alert(`ALERT e-mail: ${attempt.error}`);
    await this.afterFailure("email_outbox", row, attempt.outcome === "rejected", attempt.error, mail.name);
  }

  private async afterFailure(table: "sms_outbox" | "email_outbox", row: ClaimedSms, final: boolean, error: string, provider: string) {
    const recipient = "email" in row ? (row as ClaimedMail).email : `+${row.phone}`;
    if (final) {
      this.warn(`outbox: ${table === "sms_outbox" ? "SMS" : "e-mail"} ${row.message_id} to ${mask(recipient)} refused: ${error}`);
      return this.finish(table, row.id, OUTBOX_STATUS.failed, error, provider);
    }
    const waitMs = Math.round(this.backoffMs(row.attempts));
    this.warn(`outbox: ${table === "sms_outbox" ? "SMS" : "e-mail"} ${row.message_id} to ${mask(recipient)}, try ${row.attempts} failed (${error}); next in ${Math.ceil(waitMs / 1000)} s`);
    // A newer code for the same recipient asked for while this one was being tried makes it worthless
    // (dropWaitingCodes leaves a row being sent alone): it is given up rather than sent after the new one.
    const column = sql.raw(table === "sms_outbox" ? "phone" : "email");
    const replaced = sql`(o.kind = 'code' and exists (select 1 from ${sql.raw(table)} newer where newer.${column} = o.${column} and newer.kind = 'code' and newer.id > o.id))`;
    await this.db.execute(sql`
      update ${sql.raw(table)} as o set status = case when ${replaced} or now() + make_interval(secs => ${waitMs / 1000}) >= o.expires_at then ${sqlLiteral(OUTBOX_STATUS.expired)}::outbox_status else ${sqlLiteral(OUTBOX_STATUS.queued)}::outbox_status end,
        next_attempt_at = now() + make_interval(secs => ${waitMs / 1000}), last_error = case when ${replaced} then 'replaced by a newer code' else ${error} end, provider = ${provider}
      where o.id = ${row.id}`);
    // A row that will expire before its next try gives up its text now.
    if (!this.options.keepText) {
      await this.db.execute(sql`update ${sql.raw(table)} set body = null ${table === "email_outbox" ? sql`, html = null` : sql``} where id = ${row.id} and status = ${sqlLiteral(OUTBOX_STATUS.expired)}`);
    }
  }

  private async finish(table: "sms_outbox" | "email_outbox", id: number, status: Extract<OutboxStatus, "failed" | "expired">, error: string, provider?: string) {
    await this.db.execute(sql`
      update ${sql.raw(table)} set status = ${status}, last_error = ${error}, provider = coalesce(${provider ?? null}, provider)
        ${this.options.keepText ? sql`` : table === "email_outbox" ? sql`, body = null, html = null` : sql`, body = null`}
      where id = ${id}`);
  }

  /** Asks the gateways what became of recently sent SMS, each at most every 30 seconds. */
  private async checkReports(batch = 20) {
    const due = await this.db.execute(sql`
      update sms_outbox set report_checked_at = now()
      where id in (
        select id from sms_outbox
        where status = ${sqlLiteral(OUTBOX_STATUS.sent)} and sent_at > now() - make_interval(hours => ${REPORT_HOURS}) and sent_at <= now() - interval '3 seconds'
          and (report_checked_at is null or report_checked_at <= now() - make_interval(secs => ${REPORT_EVERY_SECONDS}))
        order by id limit ${batch} for update skip locked)
      returning id, phone, provider, provider_ref`);
    for (const row of due.rows as { id: number; phone: string; provider: string; provider_ref: string }[]) {
      const sender = this.options.sms.byName(row.provider);
      if (!sender?.report) continue;
      const report = await sender.report({ ref: row.provider_ref, phone: row.phone }).catch(() => "pending" as const);
      if (report === "pending") continue;
      await this.db.execute(sql`
        update sms_outbox set status = ${report === "delivered" ? OUTBOX_STATUS.delivered : OUTBOX_STATUS.undelivered}, delivered_at = ${report === "delivered" ? sql`now()` : null}
        where id = ${row.id} and status = ${sqlLiteral(OUTBOX_STATUS.sent)}`);
    }
  }

  private alert(line: string) {
    const last = this.alerted.get(line) ?? 0;
    if (Date.now() - last < ALERT_EVERY_MS) return;
    this.alerted.set(line, Date.now());
    this.warn(line);
  }
}

/** +996555123456 → +996555***456; a@example.com → a***@example.com: enough to tell, not to harvest. */
export function mask(recipient: string): string {
  if (recipient.includes("@")) {
    const [local, domain] = recipient.split("@");
    return `${local.slice(0, 1)}***@${domain}`;
  }
  return recipient.length > 9 ? `${recipient.slice(0, 7)}***${recipient.slice(-3)}` : "***";
}
