/**
 * Booking events by e-mail through a real SMTP server (smtp-server on 127.0.0.1): the host hears of
 * a new request in their language with a link to it, a kind turned off by its unsubscribe link
 * (no sign-in) stays off, the profile's settings turn kinds on and off, and a host without an
 * e-mail gets the request by SMS. Notifications are claimed and mailed once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_MAILED_KINDS as MAILED_KINDS, type MailSettings } from "../../contract/mail";
import { createApi } from "../../api/app";
import { notifications, smsOutbox } from "../../api/db/schema";
import { createDataCipher, DEVELOPMENT_DATA_KEY } from "../../api/lib/data-cipher";
import { issueTokens } from "../../api/services/auth/tokens";
import { bookingMailer } from "../../api/services/messaging/booking-mail";
import { smtpMailSender } from "../../api/services/messaging/mail-sender";
import { Outbox } from "../../api/services/messaging/outbox";
import { logSmsSender, routeByCountry } from "../../api/services/messaging/sms-senders";
import { pushPendingNotifications } from "../../api/services/notification-pusher";
import { addDays, todayInBishkek } from "../../contract/dates";
import { outboxText } from "../support/outbox-text";
import { SmtpPeer } from "../support/smtp-peer";
import { setupTestApi, text } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "m".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
const PUBLIC = "https://konok.test";
const smtp = new SmtpPeer();
let outbox: Outbox;
let api: ReturnType<typeof createApi>;
let mailer: ReturnType<typeof bookingMailer>;

beforeAll(async () => {
  await smtp.start();
  outbox = new Outbox(t.db, {
    cipher: createDataCipher(DEVELOPMENT_DATA_KEY),
    sms: routeByCountry({ kg: logSmsSender(null) }),
    mail: smtpMailSender({ url: smtp.url, from: "Konok <no-reply@konok.test>", domain: "konok.test" }),
    keepText: true,
    warn: () => {},
  });
  api = createApi({ db: t.db, auth: AUTH, messages: outbox, publicUrl: PUBLIC });
  mailer = bookingMailer({ db: t.db, messages: outbox, publicUrl: PUBLIC, secret: AUTH.secret });
});
afterAll(async () => {
  await outbox.idle();
  await smtp.stop();
});

let seq = 0;
async function host(overrides: { email?: string | null; locale?: "ru" | "en" | "ky" } = {}) {
  const n = ++seq;
  const email = overrides.email === undefined ? `host${n}.${process.pid}@example.kg` : overrides.email;
  const user = await t.make.user({ mode: "host", email, emailVerifiedAt: email ? new Date() : null, locale: overrides.locale ?? "ru", phone: `99631${String(n).padStart(3, "0")}${String(process.pid % 10_000).padStart(4, "0")}` });
  const { token } = await issueTokens(t.db, user.id, AUTH);
  return { user, auth: { Authorization: `Bearer ${token}` } };
}

async function request(hostId: number) {
  const estate = await t.make.estate({ hostId, title: text("Юрта у озера", "Yurt by the lake", "Көлдүн жанындагы боз үй") });
  const checkIn = addDays(todayInBishkek(), 40);
  const booking = await t.make.booking(estate, checkIn, addDays(checkIn, 2), "pending_confirmation");
  await t.db.insert(notifications).values({
    userId: hostId,
    type: "booking_requested",
    bookingId: booking.id,
    estateId: estate.id,
    payload: { estateTitle: text("Юрта у озера", "Yurt by the lake", "Көлдүн жанындагы боз үй"), checkInDate: checkIn, checkOutDate: addDays(checkIn, 2), readerRole: "host" },
  });
  await pushPendingNotifications(t.db, null, 100, mailer);
  return booking;
}

async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await api.fetch(new Request(`http://konok.test${path}`, { method, headers: { "Content-Type": "application/json", ...headers }, body: body === undefined ? undefined : JSON.stringify(body) }));
  return { status: response.status, body: (await response.json()) as { data: T } };
}

describe("booking events by e-mail", () => {
  it("mails a host a new request in their language, text and HTML, with the booking's link and a working unsubscribe link", async () => {
    const { user } = await host({ locale: "ky" });
    const booking = await request(user.id);
    const mail = await smtp.waitForMail(user.email!);
    expect(mail.subject).toBe("Брондоого жаңы суроо-талап: Көлдүн жанындагы боз үй");
    expect(mail.text).toContain("Конок сиздикине токтогусу келет. Суроо-талапты кабыл алыңыз же четке кагыңыз.");
    expect(mail.text).toContain(`Брондоону ачуу: ${PUBLIC}/ky/host/booking/${booking.id}`);
    expect(mail.html).toContain(`href="${PUBLIC}/ky/host/booking/${booking.id}"`);
    expect(mail.html).toContain('<html lang="ky">');
    const unsubscribe = mail.text.match(/Мындай каттарды жибербегиле: (\S+)/)![1];
    expect(mail.headers["list-unsubscribe"]).toBe(`<${unsubscribe}>`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    // The link works without signing in, and only with its signature.
    const query = Object.fromEntries(new URL(unsubscribe).searchParams);
    expect(new URL(unsubscribe).pathname).toBe("/ky/mail/unsubscribe");
    expect((await call("POST", "/api/v1/mail/unsubscribe", { ...query, s: `${query.s.slice(0, -2)}xx` })).status).toBe(404);
    expect((await call("POST", "/api/v1/mail/unsubscribe", query)).status).toBe(200);
    const before = smtp.mails.length;
    await request(user.id);
    await outbox.idle();
    expect(smtp.mails.length).toBe(before);
  });

  it("mails every booking kind in each language with its own words and the reader's link to the booking", { timeout: 60_000 }, async () => {
    const estateTitle = { ru: "Юрта у озера", en: "Yurt by the lake", ky: "Көлдүн жанындагы боз үй" } as const;
    const sent: { kind: string; locale: "ru" | "en" | "ky"; email: string; role: "guest" | "host" }[] = [];
    for (const locale of ["ru", "en", "ky"] as const) {
      for (const kind of MAILED_KINDS) {
        const role = kind === "booking_requested" || kind === "booking_annulled_without_confirm_soon" || kind === "review_invitation" ? "host" : "guest";
        const email = `every.${kind}.${locale}.${process.pid}@example.kg`;
        sent.push({ kind, locale, email, role });
        await mailer.deliver({ userId: 1_000_000 + sent.length, type: kind, bookingId: 4242, locale, role, email, emailVerified: true, phone: null, estateTitle: estateTitle[locale], checkIn: "2027-03-01", checkOut: "2027-03-04" });
      }
    }
    await outbox.idle();
    const heads = new Map<string, string>();
    for (const { kind, locale, email, role } of sent) {
      const mail = await smtp.waitForMail(email);
      const head = mail.text.replace(/\r\n/g, "\n").split("\n\n").slice(0, 2).join("\n");
      // A translated title and sentence, never a key or the kind's name.
      expect(mail.subject, `${kind} ${locale}`).toMatch(new RegExp(`^[^_.]{6,}: ${estateTitle[locale]}$`));
      expect(head, `${kind} ${locale}`).not.toMatch(/[a-z]+_[a-z]+|\{\{/);
      expect(mail.text).toContain(`${PUBLIC}${locale === "ru" ? "" : `/${locale}`}${role === "host" ? "/host/booking" : "/profile/booking"}/4242`);
      expect(mail.html).toContain(`<html lang="${locale}">`);
      heads.set(`${kind} ${locale}`, head);
    }
    for (const kind of MAILED_KINDS) {
      // Real translations: each language its own words.
      expect(new Set(["ru", "en", "ky"].map((l) => heads.get(`${kind} ${l}`))).size, kind).toBe(3);
    }
    for (const locale of ["ru", "en", "ky"]) {
      // Each kind says its own thing.
      expect(new Set(MAILED_KINDS.map((k) => heads.get(`${k} ${locale}`))).size, locale).toBe(MAILED_KINDS.length);
    }
  });

  it("lets a person turn kinds on and off on the profile's e-mail page", async () => {
    const { user, auth } = await host();
    const initial = await call<MailSettings>("GET", "/api/v1/profile/mail_settings", undefined, auth);
    expect(initial.body.data).toMatchObject({ email: user.email, emailConfirmed: true });
    expect(initial.body.data.kinds.every((k) => k.on)).toBe(true);
    const off = await call<MailSettings>("PUT", "/api/v1/profile/mail_settings", { on: ["booking_paid"] }, auth);
    expect(off.body.data.kinds.filter((k) => k.on).map((k) => k.kind)).toEqual(["booking_paid"]);
    await request(user.id);
    await outbox.idle();
    expect(smtp.mails.filter((m) => m.to.includes(user.email!))).toHaveLength(0);
    const on = await call<MailSettings>("PUT", "/api/v1/profile/mail_settings", { on: ["booking_requested", "booking_paid"] }, auth);
    expect(on.body.data.kinds.filter((k) => k.on).map((k) => k.kind)).toEqual(["booking_requested", "booking_paid"]);
    await request(user.id);
    expect((await smtp.waitForMail(user.email!)).subject).toBe("Новый запрос на бронирование: Юрта у озера");
    expect((await call("GET", "/api/v1/profile/mail_settings")).status).toBe(401);
  });

  it("sends a host without an e-mail the new request by SMS, with the link", async () => {
    const { user } = await host({ email: null, locale: "en" });
    const booking = await request(user.id);
    await outbox.idle();
    const [sms] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, user.phone!));
    expect(sms.kind).toBe("booking");
    expect(outboxText(sms.body)).toBe(`Konok: New booking request. ${PUBLIC}/en/host/booking/${booking.id}`);
  });
});
