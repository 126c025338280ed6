/**
 * The gateways' ways in. The embedded sandbox: GET/POST /api/sandbox/pay/{ref} is its own page
 * (clearly marked as a sandbox), GET /api/v1/payment/callback is where it returns the payer with a
 * signed result. Freedom Pay: POST /api/v1/payment/freedompay/result is its signed
 * server-to-server result call, answered in signed XML. Each result is applied exactly once
 * (services/payments/payments.ts).
 */
import { Hono } from "hono";
import type { AccountDeps, ApiEnv } from "../lib/context";
import { HttpError, notFound } from "../lib/http-errors";
import { localize } from "../lib/locale";
import { bookingById } from "../services/booking/bookings";
import { estateNames } from "../services/estate-lookup";
import { isFreedomPay } from "../services/payments/freedompay";
import { scriptName, valueOf, type Field } from "../services/payments/freedompay-protocol";
import { applyGatewayResult, completeSandboxPayment, FREEDOMPAY_RESULT_PATH, paymentByRef, type PaymentDeps } from "../services/payments/payments";
import { isSandboxPageKey, sandboxCallbackUrl } from "../services/payments/provider";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The gateway's page speaks the payer's language (the one the payment was started in). */
const SANDBOX_TEXT = {
  ru: { title: "Тестовая оплата — Konok", banner: "ТЕСТОВАЯ ОПЛАТА — деньги не списываются", heading: "Оплата Konok", pay: "Оплатить", cancel: "Отменить оплату", paid: "Этот платёж уже оплачен.", cancelled: "Этот платёж уже отменён.", som: "сом", intl: "ru-RU" },
  en: { title: "Sandbox payment — Konok", banner: "SANDBOX — no real money is charged", heading: "Konok payment", pay: "Pay", cancel: "Cancel payment", paid: "This payment is already paid.", cancelled: "This payment is already cancelled.", som: "som", intl: "en-US" },
  ky: { title: "Сыноо төлөмү — Konok", banner: "СЫНОО ТӨЛӨМҮ — акча алынбайт", heading: "Konok төлөмү", pay: "Төлөө", cancel: "Төлөмдү жокко чыгаруу", paid: "Бул төлөм буга чейин төлөнгөн.", cancelled: "Бул төлөм буга чейин жокко чыгарылган.", som: "сом", intl: "ru-RU" },
} as const;

export function paymentRoutes(deps: AccountDeps & PaymentDeps) {
  const { db } = deps;

  /** The payment behind a sandbox page, only with the key its payer was given; 404 otherwise. */
  async function keyedPayment(ref: string, key: string | undefined) {
    if (!isSandboxPageKey(deps.secret, ref, key)) throw notFound("paymentNotFound");
    const payment = await paymentByRef(db, ref);
    // Only the sandbox's own payments: a Freedom Pay payment is never paid on this page.
    if (!payment || payment.kind !== "payment" || payment.provider !== "sandbox") throw notFound("paymentNotFound");
    return payment;
  }

  const sandbox = new Hono<ApiEnv>()
    .get("/pay/:ref", async (c) => {
      const payment = await keyedPayment(c.req.param("ref"), c.req.query("key"));
      const booking = await bookingById(db, payment.bookingId);
      const estate = await estateNames(db, booking.estateId);
      const done = payment.status !== "pending";
      const text = SANDBOX_TEXT[payment.locale as keyof typeof SANDBOX_TEXT] ?? SANDBOX_TEXT.ru;
      const amount = `${new Intl.NumberFormat(text.intl).format(payment.amount)} ${text.som}`;
      return c.html(`<!doctype html>
<html lang="${payment.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text.title}</title>
<style>body{font-family:system-ui,sans-serif;background:#fef3c7;margin:0;padding:24px;color:#1c1917}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:16px;padding:24px;box-shadow:0 1px 3px #0002}
.banner{background:#b45309;color:#fff;border-radius:8px;padding:8px 12px;font-weight:700;text-align:center}
.amount{font-size:32px;font-weight:800;margin:16px 0 4px}button{width:100%;padding:14px;border-radius:999px;border:0;font-size:16px;font-weight:600;margin-top:12px;cursor:pointer}
.pay{background:#15803d;color:#fff}.cancel{background:#e7e5e4;color:#1c1917}</style></head>
<body><main>
<p class="banner">${text.banner}</p>
<h1>${text.heading}</h1>
<p>${escapeHtml(localize(estate.title, payment.locale))}</p>
<p>${booking.checkIn} → ${booking.checkOut}</p>
<p class="amount" data-testid="sandbox-amount">${amount}</p>
${
  done
    ? `<p>${payment.status === "Success" ? text.paid : text.cancelled}</p>`
    : `<form method="post"><input type="hidden" name="outcome" value="Success"><button class="pay" type="submit" data-testid="sandbox-pay">${text.pay} ${amount}</button></form>
<form method="post"><input type="hidden" name="outcome" value="Cancelled"><button class="cancel" type="submit" data-testid="sandbox-cancel">${text.cancel}</button></form>`
}
</main></body></html>`);
    })
    .post("/pay/:ref", async (c) => {
      await keyedPayment(c.req.param("ref"), c.req.query("key"));
      const form = await c.req.parseBody();
      const outcome = form.outcome === "Success" ? "Success" : "Cancelled";
      return c.redirect(sandboxCallbackUrl(deps.secret, c.req.param("ref"), outcome), 303);
    });

  const callback = new Hono<ApiEnv>().get("/callback", async (c) => {
    const result = deps.payments.verifyCallback?.(new URL(c.req.url).searchParams);
    if (!result) throw new HttpError(403, "paymentSignature");
    const { bookingId, locale, status } = await completeSandboxPayment(deps, result.ref, result.outcome);
    const booking = await bookingById(db, bookingId!);
    const prefix = locale === "ru" ? "" : `/${locale}`;
    const page = status === "Success" && booking.status !== "pending_payment" ? "success" : "fail";
    return c.redirect(`${prefix}/booking/${page}?bookingId=${bookingId}`, 303);
  });

  /**
   * Freedom Pay's result call (form fields, multipart or urlencoded), signed for our script's name
   * ("result"). An unsigned or forged call changes nothing: it is logged and refused with 403. Our
   * answer is signed XML: ok, rejected (with the reason the payer is shown) or error.
   */
  const script = scriptName(FREEDOMPAY_RESULT_PATH);
  callback.post("/freedompay/result", async (c) => {
    const gateway = deps.payments;
    if (!isFreedomPay(gateway)) throw notFound("paymentNotFound");
    const xml = (status: number, fields: Field[]) => c.body(gateway.answer(script, fields), status as 200, { "Content-Type": "application/xml; charset=utf-8" });
    let fields: Field[];
    try {
      const form = await c.req.raw.formData();
      fields = [...form.entries()].flatMap(([name, value]) => (typeof value === "string" ? [[name, value] as Field] : []));
    } catch {
      fields = [];
    }
    if (!gateway.isSignedCall(script, fields)) {
      const from = c.req.header("x-forwarded-for") ?? "direct";
      (deps.log ?? console.warn)(`Freedom Pay result call refused: no valid signature (order ${valueOf(fields, "pg_order_id") ?? "?"}, from ${from})`);
      return xml(403, [["pg_status", "error"], ["pg_description", "invalid signature"]]);
    }
    const pgResult = valueOf(fields, "pg_result");
    const ref = valueOf(fields, "pg_order_id");
    if (!ref || (pgResult !== "1" && pgResult !== "0")) return xml(200, [["pg_status", "error"], ["pg_description", "pg_order_id and pg_result are required"]]);
    const amount = valueOf(fields, "pg_amount");
    const answer = await applyGatewayResult(deps, {
      ref,
      outcome: pgResult === "1" ? "Success" : "Cancelled",
      amount: amount === undefined || !/^\d+(\.\d{1,2})?$/.test(amount) ? NaN : Number(amount),
      currency: valueOf(fields, "pg_currency") ?? "",
      gatewayPaymentId: valueOf(fields, "pg_payment_id") ?? null,
      canReject: valueOf(fields, "pg_can_reject") === "1",
    });
    return xml(200, [["pg_status", answer.answer], ...(answer.description ? ([["pg_description", answer.description]] as Field[]) : [])]);
  });

  return { sandbox, callback };
}
