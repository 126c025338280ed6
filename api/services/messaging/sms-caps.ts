/**
 * Caps against SMS pumping: fraud that makes a site send paid SMS to numbers whose owner shares in
 * the fee (premium ranges, usually many numbers of one range, often abroad). Each code request
 * for an SMS passes them, under sendCode's lock on the number:
 *
 * - the country: only calling codes on the allowed list (Kyrgyzstan and its neighbours by default);
 * - the number: at most `perNumberPerDay` codes in 24 hours, whatever the flow, account or address;
 * - the range: at most `perRangePerHour` SMS in an hour to numbers that differ only in their last
 *   four digits (a block of 10 000 numbers, what a pumping bot walks through);
 * - the total: at most `perDay` SMS in 24 hours; reaching it refuses codes until the day's first
 *   ones age out, and says so in the log (ALERT) so the operator looks at who is asking.
 *
 * Counts come from the outbox and the codes, which every node shares. Apart from the number's own
 * cap they are not exact under concurrency (two numbers of one range may pass at once): caps, not
 * quotas. The per-address limit stays high for carrier NAT (docs/operations.md).
 */
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { smsOutbox, verificationCodes } from "../../db/schema";
import { fieldError, HttpError } from "../../lib/http-errors";

export type SmsCaps = {
  /** Calling codes SMS may go to (`996`, `7`, …). */
  countries: string[];
  perNumberPerDay: number;
  perRangePerHour: number;
  perDay: number;
};

/** Kyrgyzstan, Kazakhstan and Russia (7), Uzbekistan, Tajikistan, China. */
export const DEFAULT_SMS_CAPS: SmsCaps = { countries: ["996", "7", "998", "992", "86"], perNumberPerDay: 5, perRangePerHour: 10, perDay: 3000 };

export const countryAllowed = (phone: string, countries: string[]) => countries.some((code) => phone.startsWith(code));

/** The range of a number: all but its last four digits. */
export const rangeOf = (phone: string) => phone.slice(0, -4);

const ALERT_EVERY_MS = 10 * 60_000;
/** When each set of caps last alerted: the log hears of a flood every 10 minutes, not per request. */
const lastAlert = new WeakMap<SmsCaps, number>();

type Tx = Pick<Db, "select">;

export async function checkSmsCaps(db: Tx, caps: SmsCaps, phone: string, warn: (line: string) => void = console.warn): Promise<void> {
  if (!countryAllowed(phone, caps.countries)) throw fieldError("phoneNumber", "phoneCountryClosed");

  const [{ today }] = await db
    .select({ today: sql<number>`count(*)::int` })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, phone), gt(verificationCodes.createdAt, sql`now() - interval '24 hours'`)));
  if (today >= caps.perNumberPerDay) throw new HttpError(429, { key: "tooManyCodesToday" }, undefined, 60 * 60);

  const [{ range, total }] = await db
    .select({
      range: sql<number>`count(*) filter (where ${smsOutbox.phone} like ${`${rangeOf(phone)}____`} and ${smsOutbox.createdAt} > now() - interval '1 hour')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(smsOutbox)
    .where(gt(smsOutbox.createdAt, sql`now() - interval '24 hours'`));
  if (range >= caps.perRangePerHour) {
    alert(caps, warn, `ALERT sms: ${range} SMS in the last hour to numbers +${rangeOf(phone)}xxxx: codes to that range are refused for now (SMS pumping?)`);
    throw new HttpError(429, { key: "smsBusy", params: { minutes: 60 } }, undefined, 60 * 60);
  }
  if (total >= caps.perDay) {
    alert(caps, warn, `ALERT sms: the daily cap of ${caps.perDay} SMS is reached: codes are refused until the oldest age out (SMS_DAILY_CAP)`);
    throw new HttpError(429, { key: "smsBusy", params: { minutes: 60 } }, undefined, 60 * 60);
  }
}

function alert(caps: SmsCaps, warn: (line: string) => void, line: string) {
  if (Date.now() - (lastAlert.get(caps) ?? 0) < ALERT_EVERY_MS) return;
  lastAlert.set(caps, Date.now());
  warn(line);
}
