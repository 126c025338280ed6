/**
 * The payment gateway behind one interface: Freedom Pay (freedompay.ts), Konok's real gateway, and
 * the embedded sandbox, a gateway of our own for development, demos and trials: a page where the
 * payer chooses Pay or Cancel, returning through a callback signed with HMAC, the way real
 * gateways sign theirs. PAYMENTS_PROVIDER picks one (server/config.ts).
 */
import crypto from "node:crypto";
import type { Locale } from "../../../contract/common";
import type { TransactionStatus } from "../../../contract/transactions";

export type PaymentOutcome = Exclude<TransactionStatus, "pending">;

/** Konok takes payments in Kyrgyz som only, in whole som. */
export const CURRENCY = "KGS";

/** What starting a payment tells the gateway. Amounts are whole som. */
export type PaymentStart = {
  /** Our order id at the gateway (the transaction's provider_ref). */
  ref: string;
  amount: number;
  /** Shown to the payer on the gateway's page, in their language. */
  description: string;
  locale: Locale;
  /** Seconds the payer has: the booking's payment deadline. */
  lifetimeSeconds: number;
  /** Absolute URLs: the server-to-server result, and the browser's way back. */
  resultUrl: string;
  successUrl: string;
  failureUrl: string;
  userId: number | null;
};

/** What the gateway says of a payment it was asked about (get_status). */
export type GatewayStatus = { outcome: PaymentOutcome | "pending"; amount: number | null; currency: string | null; gatewayPaymentId: string | null };

/** A payment as the gateway knows it: our reference and, once it gave one, its own id. */
export type GatewayPayment = { ref: string; gatewayPaymentId: string | null };

/**
 * The gateway could not do what was asked: unreachable, too slow, an error answer, or an answer
 * whose signature is not the gateway's. The caller keeps things as they were (the booking stays
 * payable, a refund is tried again).
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    /** The gateway's own error code, when it answered with one (Freedom Pay's pg_error_code). */
    readonly code?: string,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

export type PaymentProvider = {
  name: string;
  /** Starts a payment: where to send the payer, and the gateway's id of it if it gives one now. */
  start(payment: PaymentStart): Promise<{ redirectUrl: string; gatewayPaymentId: string | null }>;
  /** Asks the gateway what became of a payment whose result has not arrived; null when it cannot say. */
  status(payment: GatewayPayment): Promise<GatewayStatus | null>;
  /** Returns `amount` som of a payment; resolves with the gateway's reference of the refund. */
  refund(payment: GatewayPayment, amount: number): Promise<string>;
  /** The sandbox's signed browser return (GET /api/v1/payment/callback); real gateways call a result URL instead. */
  verifyCallback?(params: URLSearchParams): { ref: string; outcome: PaymentOutcome } | null;
};

export const sign = (secret: string, ref: string, outcome: PaymentOutcome) =>
  crypto.createHmac("sha256", `konok-sandbox-payments:${secret}`).update(`${ref}:${outcome}`).digest("hex");

/**
 * The sandbox page's key: the checkout URL is handed only to the signed-in payer (by
 * POST /api/v1/booking/{id}/pay), and the page acts only with this key, so knowing a payment's
 * reference is not enough to mark it paid.
 */
export const sandboxPageKey = (secret: string, ref: string) =>
  crypto.createHmac("sha256", `konok-sandbox-page:${secret}`).update(ref).digest("base64url");

export function isSandboxPageKey(secret: string, ref: string, key: string | undefined): boolean {
  const expected = Buffer.from(sandboxPageKey(secret, ref));
  const given = Buffer.from(key ?? "");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export function sandboxProvider(secret: string): PaymentProvider {
  return {
    name: "sandbox",
    start: async ({ ref }) => ({ redirectUrl: `/api/sandbox/pay/${encodeURIComponent(ref)}?key=${sandboxPageKey(secret, ref)}`, gatewayPaymentId: null }),
    // The sandbox's result comes with the payer's browser, so there is nothing more to ask it.
    status: async () => null,
    verifyCallback(params) {
      const ref = params.get("ref") ?? "";
      const outcome = params.get("outcome");
      const signature = params.get("signature") ?? "";
      if (!ref || (outcome !== "Success" && outcome !== "Cancelled")) return null;
      const expected = Buffer.from(sign(secret, ref, outcome), "hex");
      const given = Buffer.from(signature, "hex");
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? { ref, outcome } : null;
    },
    refund: async ({ ref }) => `refund-${ref}-${crypto.randomBytes(4).toString("hex")}`,
  };
}

/** The signed return URL the sandbox page sends the payer to (what a gateway would build). */
export function sandboxCallbackUrl(secret: string, ref: string, outcome: PaymentOutcome): string {
  const params = new URLSearchParams({ ref, outcome, signature: sign(secret, ref, outcome) });
  return `/api/v1/payment/callback?${params}`;
}
