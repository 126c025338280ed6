/**
 * Accounts through the real API and database: sign-up with SMS codes from the outbox, login,
 * refresh rotation and reuse detection, profile code flows, deletion, referrals, and that no
 * user can reach another's data.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CodeSentResponse, DeletionPlan, LoginResponse, ReferralInfo, UserData } from "../../contract/account";
import { bookingEvents, bookings, emailOutbox, notifications, smsOutbox, transactions, users, verificationCodes } from "../../api/db/schema";
import { createApi } from "../../api/app";
import { setupTestApi } from "./helpers";
import { outboxText } from "../support/outbox-text";

const t = setupTestApi();

type Result<T = unknown> = { status: number; body: { success: boolean; data: T; message?: string; errors?: Record<string, string[]> }; headers: Headers };

let phoneSeq = 0;
/** A fresh Kyrgyz number per test, unique across parallel files. */
/** Each number in a range of its own (the SMS range cap counts blocks of the last four digits), unique across parallel files. */
const freshPhone = () => `99655${String(++phoneSeq).padStart(3, "0")}${String(process.pid % 10_000).padStart(4, "0")}`;

async function call<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Result<T>> {
  const response = await t.api.fetch(
    new Request(`http://konok.test${path}`, {
      method,
      // A different visitor address per call unless a test pins one: per-IP limits are tested on purpose only.
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Result<T>["body"], headers: response.headers };
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The newest code the embedded SMS provider "sent" to a phone. */
async function lastSmsCode(phone: string): Promise<string> {
  const [row] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
  const code = outboxText(row?.body).match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no SMS for ${phone}`);
  return code;
}

/** Lets a test ask for another code at once instead of waiting out the 60-second resend pause. */
async function ageCodes(target: string) {
  await t.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(verificationCodes.target, target));
}

async function signUp(phone = freshPhone(), extra: Record<string, unknown> = {}): Promise<LoginResponse & { phone: string; password: string }> {
  const sent = await call<CodeSentResponse>("POST", "/api/register/send_code", { phoneNumber: phone });
  expect(sent.status).toBe(200);
  const verified = await call<{ verificationToken: string }>("POST", "/api/register/verify_code", { phoneNumber: phone, code: await lastSmsCode(phone) });
  expect(verified.status).toBe(200);
  const password = "correct horse battery";
  const created = await call<LoginResponse>("POST", "/api/register", { verificationToken: verified.body.data.verificationToken, password, firstName: "Айгуль", ...extra });
  expect(created.status).toBe(201);
  return { ...created.body.data, phone, password };
}

describe("sign-up", () => {
  it("sends a 6-digit code to the outbox, verifies it and creates a signed-in account", async () => {
    const phone = freshPhone();
    const sent = await call<CodeSentResponse>("POST", "/api/register/send_code", { phoneNumber: `+${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}` });
    expect(sent.body.data).toEqual({ target: phone, expiresIn: 300, resendIn: 60 });
    const [stored] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.target, phone));
    const code = await lastSmsCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(stored.codeHash).not.toContain(code);

    const user = await signUp();
    expect(user.userData).toMatchObject({ mode: "guest", firstName: "Айгуль", phoneNumber: user.phone });
    const me = await call<{ userData: UserData }>("GET", "/api/v1/profile/user", undefined, bearer(user.token));
    expect(me.body.data.userData.id).toBe(user.userData.id);
  });

  it("refuses a taken number, a wrong code with tries counted, and a 6th try", async () => {
    const existing = await signUp();
    const taken = await call("POST", "/api/register/send_code", { phoneNumber: existing.phone });
    expect(taken.status).toBe(422);
    expect(taken.body.errors?.phoneNumber?.[0]).toBeTruthy();

    const phone = freshPhone();
    await call("POST", "/api/register/send_code", { phoneNumber: phone });
    const right = await lastSmsCode(phone);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 5; i++) {
      const r = await call("POST", "/api/register/verify_code", { phoneNumber: phone, code: wrong }, { "Accept-Language": "en" });
      expect(r.status).toBe(422);
      expect(r.body.errors?.code?.[0]).toMatch(i < 5 ? `Tries left: ${5 - i}` : /Too many wrong tries/);
    }
    const late = await call("POST", "/api/register/verify_code", { phoneNumber: phone, code: right });
    expect(late.status).toBe(422);
  });

  it("limits resends to one a minute and three codes per 10 minutes, answering 429", async () => {
    const phone = freshPhone();
    expect((await call("POST", "/api/register/send_code", { phoneNumber: phone })).status).toBe(200);
    const again = await call("POST", "/api/register/send_code", { phoneNumber: phone });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Two more codes, each after the pause: move the earlier ones 61 s back.
    for (let i = 0; i < 2; i++) {
      await t.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 61_000 * (i + 1)) }).where(eq(verificationCodes.target, phone));
      expect((await call("POST", "/api/register/send_code", { phoneNumber: phone })).status).toBe(200);
    }
    await t.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(verificationCodes.target, phone));
    const fourth = await call("POST", "/api/register/send_code", { phoneNumber: phone });
    expect(fourth.status).toBe(429);
  });

  it("a host process's shorter resend pause (CODE_RESEND_SECONDS, for tests) is what the answer says and what the refusal keeps", async () => {
    const short = createApi({ db: t.db, codeResendSeconds: 5 });
    const send = (phone: string, api = short) =>
      api.fetch(new Request("http://konok.test/api/register/send_code", { method: "POST", headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.77.0.5" }, body: JSON.stringify({ phoneNumber: phone }) }));
    const phone = freshPhone();
    const first = await send(phone);
    expect(((await first.json()) as { data: CodeSentResponse }).data.resendIn).toBe(5);
    const early = await send(phone);
    expect(early.status).toBe(429);
    expect(Number(early.headers.get("Retry-After"))).toBeLessThanOrEqual(5);
    // 6 s later the short pause is over; the product's minute (the default API) is not.
    await t.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 6_000) }).where(eq(verificationCodes.target, phone));
    expect((await send(phone, t.api)).status).toBe(429);
    expect((await send(phone)).status).toBe(200);
  });

  it("records the referrer and shows the invitee in the referrer's list", async () => {
    const referrer = await signUp();
    const invitee = await signUp(freshPhone(), { referralCode: referrer.userData.referralCode.toLowerCase() });
    const info = await call<ReferralInfo>("GET", "/api/v2/profile/referral/info", undefined, bearer(referrer.token));
    expect(info.body.data).toMatchObject({ code: referrer.userData.referralCode, invitedCount: 1, bookedCount: 0 });
    expect(info.body.data.link).toContain(`/register?ref=${referrer.userData.referralCode}`);
    const list = await call<{ items: { id: number; name: string }[]; total: number }>("GET", "/api/v1/profile/referral/invited_users?page=1&perPage=5", undefined, bearer(referrer.token));
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.items[0]).toMatchObject({ id: invitee.userData.id, name: "Айгуль" });
    const unknown = await call("POST", "/api/register", { verificationToken: "x".repeat(20), password: "whatever123", referralCode: "NOPE" });
    expect(unknown.status).toBe(422);
  });
});

describe("login and tokens", () => {
  it("logs in with the number in any notation and refuses a wrong password with 422", async () => {
    const user = await signUp();
    const ok = await call<LoginResponse>("POST", "/api/login", { phoneNumber: `+${user.phone}`, password: user.password });
    expect(ok.status).toBe(200);
    expect(ok.body.data.userData.id).toBe(user.userData.id);
    const bad = await call("POST", "/api/login", { phoneNumber: user.phone, password: "wrong password" }, { "Accept-Language": "ru" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.password?.[0]).toBe("Неверный номер телефона или пароль");
  });

  it("stops 10 wrong passwords from one address, without locking the owner out elsewhere", async () => {
    const user = await signUp();
    const attacker = { "X-Forwarded-For": "198.51.100.9" };
    for (let i = 0; i < 10; i++) {
      expect((await call("POST", "/api/login", { phoneNumber: user.phone, password: `nope-${i}-xx` }, attacker)).status).toBe(422);
    }
    const locked = await call("POST", "/api/login", { phoneNumber: user.phone, password: user.password }, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBeTruthy();
    // The owner, from their own address, is only slowed down.
    const owner = await call("POST", "/api/login", { phoneNumber: user.phone, password: user.password }, { "X-Forwarded-For": "198.51.100.77" });
    expect(owner.status).toBe(200);
  }, 30_000);

  it("wrong passwords spread over many addresses never lock the owner out", async () => {
    const user = await signUp();
    for (let i = 0; i < 10; i++) {
      expect((await call("POST", "/api/login", { phoneNumber: user.phone, password: `nope-${i}-xx` }, { "X-Forwarded-For": `198.51.101.${i}` })).status).toBe(422);
    }
    const owner = await call("POST", "/api/login", { phoneNumber: user.phone, password: user.password }, { "X-Forwarded-For": "198.51.101.77" });
    expect(owner.status).toBe(200);
  }, 30_000);

  it("limits failed sign-ins per IP address: 100 in 15 minutes", async () => {
    const ip = "192.0.2.200";
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) statuses.push((await call("POST", "/api/login", { phoneNumber: freshPhone(), password: "whatever-1" }, { "X-Forwarded-For": ip })).status);
    expect(statuses.slice(0, 100).every((s) => s === 422)).toBe(true);
    expect(statuses[100]).toBe(429);
  });

  it("rotates refresh tokens and revokes the whole family when a spent one is reused", async () => {
    const user = await signUp();
    const first = await call<{ token: string; refreshToken: string }>("POST", "/api/refresh/token", { refreshToken: user.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.data.refreshToken).not.toBe(user.refreshToken);
    const second = await call<{ token: string; refreshToken: string }>("POST", "/api/refresh/token", { refreshToken: first.body.data.refreshToken });
    expect(second.status).toBe(200);

    const reuse = await call("POST", "/api/refresh/token", { refreshToken: user.refreshToken });
    expect(reuse.status).toBe(401);
    // The newest token of the family was revoked with it.
    const afterTheft = await call("POST", "/api/refresh/token", { refreshToken: second.body.data.refreshToken });
    expect(afterTheft.status).toBe(401);
  });

  it("gives exactly one winner when one refresh token is spent twice at once", async () => {
    const user = await signUp();
    const results = await Promise.all([0, 1, 2].map(() => call("POST", "/api/refresh/token", { refreshToken: user.refreshToken })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it("refuses forged, expired and missing access tokens with 401", async () => {
    const user = await signUp();
    const [header, body] = user.token.split(".");
    const forged = `${header}.${body}.${"A".repeat(43)}`;
    for (const headers of [{}, bearer(forged), bearer("not-a-jwt")]) {
      expect((await call("GET", "/api/v1/profile/user", undefined, headers)).status).toBe(401);
    }
  });

  it("logout revokes the refresh token", async () => {
    const user = await signUp();
    expect((await call("POST", "/api/logout", { refreshToken: user.refreshToken })).status).toBe(200);
    expect((await call("POST", "/api/refresh/token", { refreshToken: user.refreshToken })).status).toBe(401);
  });
});

describe("password reset", () => {
  it("proves the phone with a code, sets the new password and ends other sessions", async () => {
    const user = await signUp();
    expect((await call("POST", "/api/password/reset/send_code", { phoneNumber: user.phone })).status).toBe(200);
    const verified = await call<{ verificationToken: string }>("POST", "/api/password/reset/verify_code", { phoneNumber: user.phone, code: await lastSmsCode(user.phone) });
    const reset = await call<LoginResponse>("POST", "/api/password/reset", { verificationToken: verified.body.data.verificationToken, password: "a brand new secret" });
    expect(reset.status).toBe(200);
    expect((await call("POST", "/api/refresh/token", { refreshToken: user.refreshToken })).status).toBe(401);
    expect((await call("POST", "/api/login", { phoneNumber: user.phone, password: user.password })).status).toBe(422);
    expect((await call("POST", "/api/login", { phoneNumber: user.phone, password: "a brand new secret" })).status).toBe(200);
  });

  it("by e-mail (issue 27): a confirmed address gets a code by e-mail, an unconfirmed or unknown one nothing, with the same answer", async () => {
    const user = await signUp();
    const email = `reset${user.userData.id}@example.kg`;
    const lastMailCode = async (to: string) => {
      const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.email, to)).orderBy(desc(emailOutbox.id)).limit(1);
      return mail ? outboxText(mail.body).match(/\d{6}/)?.[0] : undefined;
    };
    // Not yet the account's confirmed address: answered as any address, and nothing is sent.
    const unknown = await call<CodeSentResponse>("POST", "/api/password/reset/send_code", { email });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual({ target: email, expiresIn: 300, resendIn: 60 });
    expect(await lastMailCode(email)).toBeUndefined();
    // Both or neither of the two is refused.
    expect((await call("POST", "/api/password/reset/send_code", { email, phoneNumber: user.phone })).status).toBe(422);
    expect((await call("POST", "/api/password/reset/send_code", {})).status).toBe(422);

    await call("PUT", "/api/v1/profile/email/link/send_code", { email }, bearer(user.token));
    await call("PUT", "/api/v1/profile/email/link/confirm", { email, code: await lastMailCode(email) }, bearer(user.token));
    await ageCodes(email);
    const sent = await call<CodeSentResponse>("POST", "/api/password/reset/send_code", { email: email.toUpperCase() });
    expect(sent.body.data).toEqual({ target: email, expiresIn: 300, resendIn: 60 });
    const code = await lastMailCode(email);
    expect(code).toMatch(/^\d{6}$/);
    // The code proves the address only: not the phone.
    expect((await call("POST", "/api/password/reset/verify_code", { phoneNumber: user.phone, code })).status).toBe(422);
    const verified = await call<{ verificationToken: string }>("POST", "/api/password/reset/verify_code", { email, code });
    expect(verified.status).toBe(200);
    const reset = await call<LoginResponse>("POST", "/api/password/reset", { verificationToken: verified.body.data.verificationToken, password: "a mailed new secret" });
    expect(reset.status).toBe(200);
    expect(reset.body.data.userData.id).toBe(user.userData.id);
    expect((await call("POST", "/api/login", { email, password: "a mailed new secret" })).status).toBe(200);
    expect((await call("POST", "/api/login", { phoneNumber: user.phone, password: "a mailed new secret" })).status).toBe(200);
    // Single use.
    expect((await call("POST", "/api/password/reset", { verificationToken: verified.body.data.verificationToken, password: "once more please" })).status).toBe(422);
  });

  it("does not accept a sign-up proof as a reset proof", async () => {
    const user = await signUp();
    const phone = freshPhone();
    await call("POST", "/api/register/send_code", { phoneNumber: phone });
    const proof = await call<{ verificationToken: string }>("POST", "/api/register/verify_code", { phoneNumber: phone, code: await lastSmsCode(phone) });
    const reset = await call("POST", "/api/password/reset", { verificationToken: proof.body.data.verificationToken, password: "hijacked password" });
    expect(reset.status).toBe(422);
    expect((await call("POST", "/api/login", { phoneNumber: user.phone, password: user.password })).status).toBe(200);
  });
});

describe("profile", () => {
  it("updates mode, locale and name, and validates the input", async () => {
    const user = await signUp();
    const updated = await call<{ userData: UserData }>("PUT", "/api/v1/profile/update", { mode: "host", locale: "ky", lastName: "Осмонова" }, bearer(user.token));
    expect(updated.body.data.userData).toMatchObject({ mode: "host", locale: "ky", lastName: "Осмонова" });
    const bad = await call("PUT", "/api/v1/profile/update", { mode: "admin" }, bearer(user.token));
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.mode).toBeTruthy();
    const sneaky = await call("PUT", "/api/v1/profile/update", { id: 1, phone: "996700000001" }, bearer(user.token));
    expect(sneaky.status).toBe(422);
  });

  it("changes the password only with the current one", async () => {
    const user = await signUp();
    const wrong = await call("PUT", "/api/v1/profile/change_password", { currentPassword: "not it at all", newPassword: "next password 1" }, bearer(user.token));
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.currentPassword).toBeTruthy();
    const ok = await call("PUT", "/api/v1/profile/change_password", { currentPassword: user.password, newPassword: "next password 1" }, bearer(user.token));
    expect(ok.status).toBe(200);
    expect((await call("POST", "/api/login", { phoneNumber: user.phone, password: "next password 1" })).status).toBe(200);
  });

  it("links an e-mail with a code, then unlinks the phone and signs in by e-mail", async () => {
    const user = await signUp();
    const email = `guest${user.userData.id}@example.kg`;
    const noEmailYet = await call("PUT", "/api/v1/profile/phone_number/unlink/send_code", {}, bearer(user.token));
    expect(noEmailYet.status).toBe(422);

    expect((await call("PUT", "/api/v1/profile/email/link/send_code", { email }, bearer(user.token))).status).toBe(200);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.email, email));
    const code = outboxText(mail.body).match(/\d{6}/)![0];
    const linked = await call<{ userData: UserData }>("PUT", "/api/v1/profile/email/link/confirm", { email, code }, bearer(user.token));
    expect(linked.body.data.userData).toMatchObject({ email, emailVerified: true });

    expect((await call("PUT", "/api/v1/profile/phone_number/unlink/send_code", {}, bearer(user.token))).status).toBe(200);
    const unlinked = await call<{ userData: UserData }>("PUT", "/api/v1/profile/phone_number/unlink/confirm", { code: await lastSmsCode(user.phone) }, bearer(user.token));
    expect(unlinked.body.data.userData.phoneNumber).toBeNull();
    expect((await call("POST", "/api/login", { email, password: user.password })).status).toBe(200);

    const newPhone = freshPhone();
    expect((await call("PUT", "/api/v1/profile/phone_number/link/send_code", { phoneNumber: newPhone }, bearer(user.token))).status).toBe(200);
    const relinked = await call<{ userData: UserData }>("PUT", "/api/v1/profile/phone_number/link/confirm", { phoneNumber: newPhone, code: await lastSmsCode(newPhone) }, bearer(user.token));
    expect(relinked.body.data.userData.phoneNumber).toBe(newPhone);
  });

  it("refuses to link a number or e-mail that belongs to someone else", async () => {
    const a = await signUp();
    const b = await signUp();
    const taken = await call("PUT", "/api/v1/profile/phone_number/link/send_code", { phoneNumber: a.phone }, bearer(b.token));
    expect(taken.status).toBe(422);
  });

  it("deletes an account: personal data erased, sessions ended, bookings kept anonymised", async () => {
    const user = await signUp();
    const host = await t.make.user({ mode: "host" });
    const estate = await t.make.estate({ hostId: host.id });
    await t.db.insert(bookings).values({
      estateId: estate.id,
      guestId: user.userData.id,
      hostId: host.id,
      checkIn: "2030-01-10",
      checkOut: "2030-01-12",
      adultCount: 2,
      status: "completed_with_review",
      nights: 2,
      totalPrice: 5000,
      priceLines: [],
    });
    expect((await call("PUT", "/api/v1/profile/delete_account/send_code", {}, bearer(user.token))).status).toBe(200);
    await ageCodes(user.phone);
    const code = await lastSmsCode(user.phone);
    const wrong = await call("PUT", "/api/v1/profile/delete_account/confirm", { code: code === "000000" ? "111111" : "000000" }, bearer(user.token));
    expect(wrong.status).toBe(422);
    expect((await call("PUT", "/api/v1/profile/delete_account/confirm", { code }, bearer(user.token))).status).toBe(200);

    const [row] = await t.db.select().from(users).where(eq(users.id, user.userData.id));
    expect(row).toMatchObject({ phone: null, email: null, firstName: "", passwordHash: null });
    expect(row.deletedAt).not.toBeNull();
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.guestId, user.userData.id));
    expect(kept.totalPrice).toBe(5000);
    expect((await call("GET", "/api/v1/profile/user", undefined, bearer(user.token))).status).toBe(401);
    expect((await call("POST", "/api/refresh/token", { refreshToken: user.refreshToken })).status).toBe(401);
    expect((await call("POST", "/api/login", { phoneNumber: user.phone, password: user.password })).status).toBe(422);
    // The number is free for a new account.
    await ageCodes(user.phone);
    const again = await signUp(user.phone);
    expect(again.userData.id).not.toBe(user.userData.id);
  });

  it("deleting an account with stays ahead (issue 27): the plan names each; a stay under way or guests at their listing hold it back; stays not begun are cancelled, a paid one refunded in full, the host told why in their language", async () => {
    const user = await signUp();
    const host = await t.make.user({ mode: "host", locale: "en" });
    const estate = await t.make.estate({ hostId: host.id, title: { ru: "Юрта у озера", en: "Lake yurt", ky: "Көл боз үйү" }, cancellationPolicy: "strict" });
    const other = await t.make.estate({ hostId: host.id, title: { ru: "Юрта у озера", en: "Lake yurt", ky: "Көл боз үйү" } });
    const stay = (checkIn: string, checkOut: string, status: (typeof bookings.$inferInsert)["status"], at = estate) =>
      t.db
        .insert(bookings)
        .values({ estateId: at.id, guestId: user.userData.id, hostId: host.id, checkIn, checkOut, adultCount: 2, status, nights: 2, totalPrice: 9000, priceLines: [] })
        .returning()
        .then(([row]) => row);
    const paid = await stay("2031-03-10", "2031-03-12", "paid_waiting_checkin");
    await t.db.insert(transactions).values({ bookingId: paid.id, userId: user.userData.id, kind: "payment", amount: 9000, status: "Success", provider: "sandbox", providerRef: `pay-${paid.id}` });
    const asked = await stay("2031-04-10", "2031-04-12", "pending_confirmation");
    const now = await stay("2020-01-01", "2040-01-01", "paid_occupied", other);

    const plan = await call<DeletionPlan>("GET", "/api/v1/profile/delete_account?locale=en", undefined, bearer(user.token));
    expect(plan.body.data).toEqual({
      canDelete: false,
      stays: [
        { bookingId: now.id, estateTitle: "Lake yurt", checkIn: "2020-01-01", checkOut: "2040-01-01", role: "guest", outcome: "staying", refund: 0 },
        { bookingId: paid.id, estateTitle: "Lake yurt", checkIn: "2031-03-10", checkOut: "2031-03-12", role: "guest", outcome: "cancelRefund", refund: 9000 },
        { bookingId: asked.id, estateTitle: "Lake yurt", checkIn: "2031-04-10", checkOut: "2031-04-12", role: "guest", outcome: "cancel", refund: 0 },
      ],
    });
    // While the stay is under way no code is sent; nor while guests are booked at their own listing.
    expect((await call("PUT", "/api/v1/profile/delete_account/send_code", {}, bearer(user.token))).status).toBe(409);
    await t.db.update(bookings).set({ status: "completed_no_review" }).where(eq(bookings.id, now.id));
    const mine = await t.make.estate({ hostId: user.userData.id });
    const guestOfMine = await t.make.booking(mine, "2031-05-01", "2031-05-03", "paid_waiting_checkin");
    const hosting = await call<DeletionPlan>("GET", "/api/v1/profile/delete_account", undefined, bearer(user.token));
    expect(hosting.body.data.canDelete).toBe(false);
    expect(hosting.body.data.stays.find((s) => s.bookingId === guestOfMine.id)).toMatchObject({ role: "host", outcome: "hosting" });
    expect((await call("PUT", "/api/v1/profile/delete_account/send_code", {}, bearer(user.token))).status).toBe(409);
    await t.db.update(bookings).set({ status: "cancelled_by_host" }).where(eq(bookings.id, guestOfMine.id));

    expect((await call<DeletionPlan>("GET", "/api/v1/profile/delete_account", undefined, bearer(user.token))).body.data.canDelete).toBe(true);
    expect((await call("PUT", "/api/v1/profile/delete_account/send_code", {}, bearer(user.token))).status).toBe(200);
    const deleted = await call("PUT", "/api/v1/profile/delete_account/confirm", { code: await lastSmsCode(user.phone) }, bearer(user.token));
    expect(deleted.status, deleted.body.message).toBe(200);

    const [p] = await t.db.select().from(bookings).where(eq(bookings.id, paid.id));
    // In full, whatever the listing's (strict) policy: the guest is leaving, not changing plans.
    expect(p).toMatchObject({ status: "cancelled_by_guest", refundAmount: 9000, cancelComment: "The guest deleted their account: the booking is cancelled and the payment refunded to them in full" });
    const refunds = await t.db.select().from(transactions).where(and(eq(transactions.bookingId, paid.id), eq(transactions.kind, "refund")));
    expect(refunds.map((r) => r.amount)).toEqual([9000]);
    const [a] = await t.db.select().from(bookings).where(eq(bookings.id, asked.id));
    expect(a).toMatchObject({ status: "cancelled_by_guest", refundAmount: null, cancelComment: "The guest deleted their account: the booking is cancelled" });
    const events = await t.db.select().from(bookingEvents).where(inArray(bookingEvents.bookingId, [paid.id, asked.id]));
    expect(events.map((e) => [e.toStatus, e.actor])).toEqual([["cancelled_by_guest", "guest"], ["cancelled_by_guest", "guest"]]);
    const told = await t.db.select().from(notifications).where(and(eq(notifications.userId, host.id), inArray(notifications.bookingId, [paid.id, asked.id])));
    expect(told.map((n) => n.type)).toEqual(["booking_cancelled_by_guest", "booking_cancelled_by_guest"]);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.userData.id));
    expect(row.deletedAt).not.toBeNull();
  });
});

describe("authorization", () => {
  it("serves each caller only their own profile, referrals and notifications", async () => {
    const a = await signUp();
    const b = await signUp(freshPhone(), { referralCode: a.userData.referralCode });
    const aSees = await call<{ userData: UserData }>("GET", "/api/v1/profile/user", undefined, bearer(a.token));
    const bSees = await call<{ userData: UserData }>("GET", "/api/v1/profile/user", undefined, bearer(b.token));
    expect(aSees.body.data.userData.id).toBe(a.userData.id);
    expect(bSees.body.data.userData.id).toBe(b.userData.id);
    // b's invited list is empty even though b was invited by a.
    const bList = await call<{ total: number }>("GET", "/api/v1/profile/referral/invited_users", undefined, bearer(b.token));
    expect(bList.body.data.total).toBe(0);
    // b changing the profile never touches a.
    await call("PUT", "/api/v1/profile/update", { firstName: "Changed" }, bearer(b.token));
    const [aRow] = await t.db.select().from(users).where(eq(users.id, a.userData.id));
    expect(aRow.firstName).toBe("Айгуль");
    for (const path of ["/api/v1/notifications", "/api/v1/unread_data", "/api/v2/profile/referral/info", "/api/v1/profile/referral/invited_users"]) {
      expect((await call("GET", path)).status).toBe(401);
    }
  });
});
