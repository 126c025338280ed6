/**
 * Freedom Pay (formerly PayBox), Konok's real gateway, through its merchant API
 * (docs.freedompay.kg; the protocol itself is in freedompay-protocol.ts):
 *
 * - init_payment.php: starts a payment server to server; the payer is sent to its pg_redirect_url.
 * - the result URL: Freedom Pay's signed server-to-server call with the outcome
 *   (api/routes/freedompay.ts answers it in signed XML).
 * - get_status3.php: what became of a payment whose result has not arrived.
 * - revoke.php: a full or partial refund (pg_refund_amount) of a paid payment.
 *
 * Every call is a form-encoded POST signed with the merchant's secret key, and every answer is
 * signed XML: an answer without the gateway's signature is not believed (it could come from
 * anyone between us and the gateway). Amounts are whole som in KGS.
 */
import type { Locale } from "../../../contract/common";
import { fieldsOf, isSigned, parseXml, signed, toForm, toXml, valueOf, type Field } from "./freedompay-protocol";
import { CURRENCY, GatewayError, type GatewayStatus, type PaymentProvider } from "./provider";

export type FreedomPayConfig = {
  merchantId: string;
  secretKey: string;
  /** The gateway's origin: https://api.freedompay.kg in production (FREEDOMPAY_API_URL). */
  apiUrl: string;
  /** FREEDOMPAY_TESTING_MODE=1: payments of a test merchant, no money moves (pg_testing_mode). */
  testingMode: boolean;
  /** Milliseconds before a call is given up as unreachable. */
  timeoutMs?: number;
};

export const FREEDOMPAY_KG_API_URL = "https://api.freedompay.kg";


/** pg_language: the payment page's language. Freedom Pay writes Kyrgyz "kg". */
const GATEWAY_LANGUAGE: Record<Locale, string> = { ru: "ru", en: "en", ky: "kg" };

/** pg_lifetime must lie between 5 minutes and 7 days (init_payment.php). */
export const lifetimeWithinLimits = (seconds: number) => Math.min(604_800, Math.max(300, Math.ceil(seconds)));

/**
 * Freedom Pay's pg_payment_status (get_status3.php) as our outcome: `success` is paid; `error`,
 * `incomplete` (its lifetime ran out) and `revoked`/`refunded`/`canceled` are not; anything else
 * (`new`, `pending`, `partial`…) is still on its way.
 */
function outcomeOf(paymentStatus: string | undefined): GatewayStatus["outcome"] {
  switch (paymentStatus) {
    case "success":
    case "ok":
      return "Success";
    case "error":
    case "failed":
    case "incomplete":
    case "revoked":
    case "refunded":
    case "canceled":
    case "cancelled":
      return "Cancelled";
    default:
      return "pending";
  }
}

/** The gateway, and what our result URL needs of it: checking its calls' signatures and signing our answers. */
export type FreedomPayProvider = PaymentProvider & {
  name: "freedompay";
  /** Whether a call to our script `script` carries the merchant's signature. */
  isSignedCall(script: string, fields: Field[]): boolean;
  /** Our signed XML answer to a call to `script`. */
  answer(script: string, fields: Field[]): string;
};

export const isFreedomPay = (provider: PaymentProvider): provider is FreedomPayProvider => provider.name === "freedompay" && "answer" in provider;

export function freedomPayProvider(config: FreedomPayConfig): FreedomPayProvider {
  const base = config.apiUrl.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? 15_000;

  /** One signed call; its signed XML answer's fields, or a GatewayError. */
  async function call(script: string, fields: Field[]): Promise<Field[]> {
    const body = toForm(signed(script, [["pg_merchant_id", config.merchantId], ...fields], config.secretKey));
    let text: string;
    try {
      const response = await fetch(`${base}/${script}`, { method: "POST", body, signal: AbortSignal.timeout(timeoutMs) });
      text = await response.text();
      if (!response.ok && !text.trimStart().startsWith("<")) throw new GatewayError(`${script}: HTTP ${response.status}`);
    } catch (error) {
      if (error instanceof GatewayError) throw error;
      throw new GatewayError(`${script}: ${error instanceof Error && error.name === "TimeoutError" ? `no answer in ${timeoutMs} ms` : `unreachable (${error instanceof Error ? error.message : String(error)})`}`);
    }
    let answer: Field[];
    try {
      answer = parseXml(text).fields;
    } catch {
      throw new GatewayError(`${script}: the answer is not XML`);
    }
    const status = valueOf(answer, "pg_status");
    const code = valueOf(answer, "pg_error_code");
    // Only an answer to a merchant it could not identify comes unsigned (pg_error_code 9998), and a
    // refund already under way (4004): neither is believed beyond its being an error.
    if (!isSigned(script, answer, config.secretKey)) {
      throw new GatewayError(`${script}: ${status === "error" ? `error ${code ?? ""} ${valueOf(answer, "pg_error_description") ?? ""}`.trim() : "the answer's signature is not Freedom Pay's"}`, status === "error" ? code : undefined);
    }
    if (status !== "ok") throw new GatewayError(`${script}: ${status ?? "no status"} ${code ?? ""} ${valueOf(answer, "pg_error_description") ?? ""}`.trim(), code);
    return answer;
  }

  return {
    name: "freedompay",
    isSignedCall: (script, fields) => isSigned(script, fields, config.secretKey),
    answer: (script, fields) => toXml(signed(script, fields, config.secretKey)),

    async start(p) {
      const answer = await call(
        "init_payment.php",
        fieldsOf({
          pg_order_id: p.ref,
          pg_amount: p.amount,
          pg_currency: CURRENCY,
          pg_description: p.description,
          pg_language: GATEWAY_LANGUAGE[p.locale],
          pg_lifetime: lifetimeWithinLimits(p.lifetimeSeconds),
          pg_result_url: p.resultUrl,
          pg_request_method: "POST",
          pg_success_url: p.successUrl,
          pg_success_url_method: "GET",
          pg_failure_url: p.failureUrl,
          pg_failure_url_method: "GET",
          pg_testing_mode: config.testingMode ? 1 : 0,
          pg_user_id: p.userId ?? undefined,
        }),
      );
      const redirectUrl = valueOf(answer, "pg_redirect_url");
      if (!redirectUrl || !/^https?:\/\//.test(redirectUrl)) throw new GatewayError("init_payment.php: no pg_redirect_url in the answer");
      return { redirectUrl, gatewayPaymentId: valueOf(answer, "pg_payment_id") ?? null };
    },

    async status(payment) {
      const answer = await call("get_status3.php", fieldsOf({ pg_order_id: payment.ref, pg_payment_id: payment.gatewayPaymentId ?? undefined }));
      const amount = valueOf(answer, "pg_amount");
      return {
        outcome: outcomeOf(valueOf(answer, "pg_payment_status")),
        amount: amount === undefined ? null : Number(amount),
        currency: valueOf(answer, "pg_currency") ?? null,
        gatewayPaymentId: valueOf(answer, "pg_payment_id") ?? payment.gatewayPaymentId,
      };
    },

    async refund(payment, amount) {
      if (!payment.gatewayPaymentId) throw new GatewayError("revoke.php: the payment has no Freedom Pay id");
      const answer = await call("revoke.php", fieldsOf({ pg_payment_id: payment.gatewayPaymentId, pg_refund_amount: amount }));
      return valueOf(answer, "pg_refund_payment_id") ?? valueOf(answer, "pg_payment_id") ?? payment.gatewayPaymentId;
    },
  };
}
