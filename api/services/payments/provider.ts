/**
 * The payment gateway behind one interface. The embedded sandbox is a gateway of our own: a page
 * where the payer chooses Pay or Cancel, returning through a callback signed with HMAC, the way
 * real gateways sign theirs. A real gateway adapter implements the same three calls.
 */
import crypto from "node:crypto";

export type PaymentOutcome = "Success" | "Cancelled";

export type PaymentProvider = {
  name: string;
  /** Where to send the payer to pay `amount` som for a payment we call `ref`. */
  checkoutUrl(ref: string): string;
  /** The outcome a callback reports, or null when its signature is not the gateway's. */
  verifyCallback(params: URLSearchParams): { ref: string; outcome: PaymentOutcome } | null;
  /** Returns money; resolves with the gateway's reference of the refund. */
  refund(paymentRef: string, amount: number): Promise<string>;
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
    checkoutUrl: (ref) => `/api/sandbox/pay/${encodeURIComponent(ref)}?key=${sandboxPageKey(secret, ref)}`,
    verifyCallback(params) {
      const ref = params.get("ref") ?? "";
      const outcome = params.get("outcome");
      const signature = params.get("signature") ?? "";
      if (!ref || (outcome !== "Success" && outcome !== "Cancelled")) return null;
      const expected = Buffer.from(sign(secret, ref, outcome), "hex");
      const given = Buffer.from(signature, "hex");
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? { ref, outcome } : null;
    },
    refund: async (paymentRef) => `refund-${paymentRef}-${crypto.randomBytes(4).toString("hex")}`,
  };
}

/** The signed return URL the sandbox page sends the payer to (what a gateway would build). */
export function sandboxCallbackUrl(secret: string, ref: string, outcome: PaymentOutcome): string {
  const params = new URLSearchParams({ ref, outcome, signature: sign(secret, ref, outcome) });
  return `/api/v1/payment/callback?${params}`;
}
