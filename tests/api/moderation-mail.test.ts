/**
 * The operator's notices by e-mail (issue 31) through a real SMTP server (smtp-server on
 * 127.0.0.1), driven by the real operator API: a listing unpublished or rejected with a reason, a
 * review hidden and an account blocked reach their person in their language, with the reason (not
 * the block's, written for operators) and, for a listing, the link to it in the host's objects;
 * each kind is switched off by its own unsubscribe link, and nobody without a confirmed e-mail is
 * mailed. The notice is in the profile's notifications as well.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MAILED_KINDS } from "../../contract/mail";
import type { NotificationItem } from "../../contract/account";
import { createApi } from "../../api/app";
import { estates } from "../../api/db/schema";
import { createDataCipher, DEVELOPMENT_DATA_KEY } from "../../api/lib/data-cipher";
import { issueTokens } from "../../api/services/auth/tokens";
import { bookingMailer } from "../../api/services/messaging/booking-mail";
import { smtpMailSender } from "../../api/services/messaging/mail-sender";
import { Outbox } from "../../api/services/messaging/outbox";
import { logSmsSender, routeByCountry } from "../../api/services/messaging/sms-senders";
import { pushPendingNotifications } from "../../api/services/notification-pusher";
import { createOperator } from "../../api/services/operator/operators";
import { SmtpPeer } from "../support/smtp-peer";
import { setupTestApi, text } from "./helpers";

const t = setupTestApi();
const AUTH = { secret: "q".repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 3600 };
const PUBLIC = "https://konok.test";
const TITLE = text("Юрта у озера", "Yurt by the lake", "Көлдүн жанындагы боз үй");
const smtp = new SmtpPeer();
let outbox: Outbox;
let api: ReturnType<typeof createApi>;
let mailer: ReturnType<typeof bookingMailer>;
let operatorToken: string;

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
  const operator = await createOperator(t.db, { phone: "996555318801", password: "operator-pass-2026" });
  operatorToken = (await issueTokens(t.db, operator.id, AUTH)).token;
});
afterAll(async () => {
  await outbox.idle();
  await smtp.stop();
});

async function call<T>(method: string, path: string, body?: unknown, token = operatorToken) {
  const response = await api.fetch(
    new Request(`http://konok.test${path}`, { method, headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  return { status: response.status, body: (await response.json()) as { data: T } };
}

let seq = 0;
async function person(locale: "ru" | "en" | "ky", options: { verified?: boolean } = {}) {
  const n = ++seq;
  const email = `moderated${n}.${process.pid}@example.kg`;
  return t.make.user({ mode: "host", email, emailVerifiedAt: options.verified === false ? null : new Date(), locale });
}

/** What the server's notification pusher does every 300 ms: announce the committed notices and mail them. */
const push = () => pushPendingNotifications(t.db, null, 100, mailer);

describe("the operator's notices by e-mail", () => {
  it("mails the host an unpublished listing in Kyrgyz with the reason and the link to the listing; its notice is in the profile too", async () => {
    const host = await person("ky");
    const listing = await t.make.estate({ hostId: host.id, title: TITLE });
    expect((await call("POST", `/api/v1/operator/listings/${listing.id}/unpublish`, { reason: "Сүрөттөр башка үйдүн" })).status).toBe(200);
    await push();
    const mail = await smtp.waitForMail(host.email!);
    expect(mail.subject).toBe("Жарыяңыз алынды: Көлдүн жанындагы боз үй");
    expect(mail.text).toContain("Оператор жарыяңызды алып салды.");
    expect(mail.text).toContain("Себеби: Сүрөттөр башка үйдүн");
    expect(mail.text).toContain(`Жарыяны ачуу: ${PUBLIC}/ky/host/objects/${listing.id}`);
    expect(mail.html).toContain(`href="${PUBLIC}/ky/host/objects/${listing.id}"`);
    expect(mail.html).toContain("Себеби: Сүрөттөр башка үйдүн");
    expect(mail.html).toContain('<html lang="ky">');

    const { token } = await issueTokens(t.db, host.id, AUTH);
    const notices = await call<{ items: NotificationItem[] }>("GET", "/api/v1/notifications", undefined, token);
    expect(notices.body.data.items[0]).toMatchObject({ type: "estate", estateId: listing.id, payload: { event: "unpublished", reason: "Сүрөттөр башка үйдүн" } });
  });

  it("mails a rejection in English, and a kind turned off by its unsubscribe link stays off while the others go on", async () => {
    const host = await person("en");
    const first = await t.make.estate({ hostId: host.id, title: TITLE });
    await t.db.update(estates).set({ status: "draft", reviewState: "pending" }).where(eq(estates.id, first.id));
    expect((await call("POST", `/api/v1/operator/listings/${first.id}/reject`, { reason: "The address is a shop" })).status).toBe(200);
    await push();
    const mail = await smtp.waitForMail(host.email!);
    expect(mail.subject).toBe("Your listing needs changes: Yurt by the lake");
    expect(mail.text).toContain("Reason: The address is a shop");
    expect(mail.text).toContain(`Open the listing: ${PUBLIC}/en/host/objects/${first.id}`);

    // The unsubscribe link works without signing in and turns off rejections only.
    const unsubscribe = mail.text.match(/Stop e-mails like this: (\S+)/)![1];
    expect(mail.headers["list-unsubscribe"]).toBe(`<${unsubscribe}>`);
    expect(Object.fromEntries(new URL(unsubscribe).searchParams)).toMatchObject({ u: String(host.id), k: "estate_rejected" });
    const off = await api.fetch(new Request(`http://konok.test/api/v1/mail/unsubscribe`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(Object.fromEntries(new URL(unsubscribe).searchParams)) }));
    expect(off.status).toBe(200);
    const second = await t.make.estate({ hostId: host.id, title: TITLE });
    await t.db.update(estates).set({ status: "draft", reviewState: "pending" }).where(eq(estates.id, second.id));
    expect((await call("POST", `/api/v1/operator/listings/${second.id}/reject`, { reason: "Still a shop" })).status).toBe(200);
    const third = await t.make.estate({ hostId: host.id, title: TITLE });
    expect((await call("POST", `/api/v1/operator/listings/${third.id}/unpublish`, { reason: "Duplicate of another listing" })).status).toBe(200);
    await push();
    const next = await smtp.waitForMail(host.email!, { after: 1 });
    expect(next.subject).toBe("Your listing was taken down: Yurt by the lake");
    await outbox.idle();
    expect(smtp.mails.filter((m) => m.to.includes(host.email!)).map((m) => m.subject)).toEqual(["Your listing needs changes: Yurt by the lake", "Your listing was taken down: Yurt by the lake"]);
  });

  it("mails the author of a hidden review in Russian, without a link to a page that is not theirs", async () => {
    const author = await person("ru");
    const listing = await t.make.estate({ title: TITLE });
    const review = await t.make.review(listing.id, 1, { text: "Грубость", authorId: author.id });
    expect((await call("POST", `/api/v1/operator/reviews/${review.id}/hide`, { reason: "Оскорбления хозяина" })).status).toBe(200);
    await push();
    const mail = await smtp.waitForMail(author.email!);
    expect(mail.subject).toBe("Ваш отзыв скрыт: Юрта у озера");
    expect(mail.text).toContain("Причина: Оскорбления хозяина");
    expect(mail.text).not.toContain("/host/objects/");
  });

  it("tells a blocked person by e-mail, without the operator's reason; nobody without a confirmed e-mail is mailed", async () => {
    const blocked = await person("en");
    const unconfirmed = await person("en", { verified: false });
    for (const user of [blocked, unconfirmed]) {
      expect((await call("POST", `/api/v1/operator/users/${user.id}/block`, { reason: "Asked guests to pay by card transfer", upcomingBookings: "keep" })).status).toBe(200);
    }
    await push();
    const mail = await smtp.waitForMail(blocked.email!);
    expect(mail.subject).toBe("Your account is blocked");
    expect(mail.text).toContain("An operator blocked your account");
    expect(mail.text).not.toContain("card transfer");
    await outbox.idle();
    expect(smtp.mails.filter((m) => m.to.includes(unconfirmed.email!))).toHaveLength(0);
  });

  it("has each notice's own words in each language", async () => {
    const heads = new Map<string, string>();
    for (const locale of ["ru", "en", "ky"] as const) {
      for (const kind of MODERATION_MAILED_KINDS) {
        const email = `notice.${kind}.${locale}.${process.pid}@example.kg`;
        const event = { estate_unpublished: "unpublished", estate_approved: "approved", estate_rejected: "rejected", estate_review_hidden: "review_hidden", account_blocked: "blocked" }[kind];
        await mailer.deliver({ userId: 2_000_000 + heads.size, type: "estate", bookingId: null, locale, role: "host", email, emailVerified: true, phone: null, estateTitle: TITLE[locale], estateId: 7, event, reason: "x-reason" });
        const mail = await smtp.waitForMail(email);
        const head = mail.text.replace(/\r\n/g, "\n").split("\n\n").slice(0, 2).join("\n");
        // A translated title and sentence, never a key.
        expect(head, `${kind} ${locale}`).not.toMatch(/[a-z]+_[a-z]+|\{\{/);
        heads.set(`${kind} ${locale}`, head);
      }
    }
    for (const kind of MODERATION_MAILED_KINDS) expect(new Set(["ru", "en", "ky"].map((l) => heads.get(`${kind} ${l}`))).size, kind).toBe(3);
    for (const locale of ["ru", "en", "ky"]) expect(new Set(MODERATION_MAILED_KINDS.map((k) => heads.get(`${k} ${locale}`))).size, locale).toBe(MODERATION_MAILED_KINDS.length);
  });
});
