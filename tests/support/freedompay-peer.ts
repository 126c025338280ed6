/**
 * A Freedom Pay peer on 127.0.0.1 for tests: a real HTTP server speaking the merchant API as its
 * documentation writes it (form-encoded signed requests, signed XML answers, a payment page, the
 * signed server-to-server result call to pg_result_url, the browser's return to pg_success_url or
 * pg_failure_url). Konok is pointed at it by FREEDOMPAY_API_URL. It signs and checks with the
 * same documented rule (api/services/payments/freedompay-protocol.ts), and refuses what the real
 * gateway would: a bad signature, an unknown merchant, a refund larger than what is left.
 *
 * Tests steer it: `hold` keeps result calls back (the payer closed the page; the call comes
 * later, or never), `down` makes it unreachable, `sendResult` posts a result call as the gateway
 * would (or a tampered one), and `results` records every call with Konok's answer.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fieldsOf, formFields, isSigned, parseXml, scriptName, signed, toXml, valueOf, type Field } from "../../api/services/payments/freedompay-protocol";

export type PeerPayment = {
  id: number;
  orderId: string;
  amount: number;
  currency: string;
  description: string;
  language: string;
  lifetime: number;
  testingMode: string;
  resultUrl: string;
  successUrl: string;
  failureUrl: string;
  /** new → (pending: the payment system is still at it) → success | error; refunds lower what is left. */
  status: "new" | "pending" | "success" | "error";
  /** What a pending payment becomes when the peer settles it. */
  settlesAs: "success" | "error" | null;
  refunds: { id: number; amount: number }[];
  canReject: boolean;
};

export type ResultCall = { paymentId: number; fields: Field[]; httpStatus: number; answer: Field[]; answerSigned: boolean; text: string };

export type FreedomPayPeer = {
  url: string;
  merchantId: string;
  secretKey: string;
  payments: Map<number, PeerPayment>;
  /** Every init_payment, get_status3 and revoke request as received (after its signature was checked). */
  requests: { script: string; fields: Field[] }[];
  results: ResultCall[];
  /** Keep result calls back instead of sending them when the payer pays. */
  hold: boolean;
  /** Answer nothing: every connection is destroyed, as an unreachable host. */
  down: boolean;
  /** Sign answers with another key (a man in the middle, or a misconfigured merchant). */
  answerKey: string | null;
  /** A paid payment stays `pending` (the bank is still at it) until `settle`: get_status says so meanwhile. */
  processing: boolean;
  /** Ends a pending payment as the payer chose, and sends its result call unless held. */
  settle(paymentId: number): Promise<void>;
  /** The payer pays (or declines) on the gateway's page; returns where the browser is sent next. */
  pay(paymentId: number, outcome: "success" | "error"): Promise<string>;
  /** Posts a payment's result call, as the gateway does, with fields changed or added by `tamper`. */
  sendResult(paymentId: number, tamper?: (fields: Field[]) => Field[], options?: { sign?: boolean; canReject?: boolean }): Promise<ResultCall>;
  byOrder(orderId: string): PeerPayment | undefined;
  close(): Promise<void>;
};

export async function startFreedomPayPeer(options: { merchantId?: string; secretKey?: string; port?: number; deliver?: typeof fetch } = {}): Promise<FreedomPayPeer> {
  const merchantId = options.merchantId ?? "545454";
  const secretKey = options.secretKey ?? "peer-secret-kL9sd8fJw2";
  const deliver = options.deliver ?? fetch;
  let nextId = 4_567_700;
  const payments = new Map<number, PeerPayment>();

  const answerXml = (script: string, fields: Field[]) => toXml(signed(script, fields, peer.answerKey ?? secretKey));
  const error = (script: string, code: string, description: string) => answerXml(script, [["pg_status", "error"], ["pg_error_code", code], ["pg_error_description", description]]);

  function handle(script: string, fields: Field[]): string {
    if (valueOf(fields, "pg_merchant_id") !== merchantId) {
      // The merchant is unknown, so is its key: the one unsigned answer the protocol has.
      return toXml([["pg_status", "error"], ["pg_error_code", "9998"], ["pg_error_description", "Unknown merchant"]]);
    }
    if (!isSigned(script, fields, secretKey)) return error(script, "9999", "Incorrect signature");
    peer.requests.push({ script, fields });
    const v = (name: string) => valueOf(fields, name);
    if (script === "init_payment.php") {
      const amount = Number(v("pg_amount"));
      if (!v("pg_order_id") || !v("pg_description") || !(amount >= 0.01)) return error(script, "101", "Required fields are missing");
      const lifetime = Number(v("pg_lifetime") ?? 86400);
      if (!(lifetime >= 300 && lifetime <= 604800)) return error(script, "102", "pg_lifetime out of range");
      const payment: PeerPayment = {
        id: nextId++,
        orderId: v("pg_order_id")!,
        amount,
        currency: v("pg_currency") ?? "KZT",
        description: v("pg_description")!,
        language: v("pg_language") ?? "ru",
        lifetime,
        testingMode: v("pg_testing_mode") ?? "0",
        resultUrl: v("pg_result_url") ?? "",
        successUrl: v("pg_success_url") ?? "",
        failureUrl: v("pg_failure_url") ?? "",
        status: "new",
        settlesAs: null,
        refunds: [],
        canReject: true,
      };
      payments.set(payment.id, payment);
      return answerXml(script, [
        ["pg_status", "ok"],
        ["pg_payment_id", String(payment.id)],
        ["pg_redirect_url", `${peer.url}/pay.html?customer=${payment.id}`],
        ["pg_redirect_url_type", "need data"],
      ]);
    }
    if (script === "get_status3.php") {
      const payment = v("pg_payment_id") ? payments.get(Number(v("pg_payment_id"))) : peer.byOrder(v("pg_order_id") ?? "");
      if (!payment) return error(script, "4002", "Payment not found");
      const refunded = payment.refunds.reduce((sum, r) => sum + r.amount, 0);
      return answerXml(script, [
        ["pg_status", "ok"],
        ["pg_payment_id", String(payment.id)],
        ["pg_order_id", payment.orderId],
        ["pg_can_reject", payment.canReject ? "1" : "0"],
        ["pg_payment_method", "bankcard"],
        ["pg_amount", String(payment.amount)],
        ["pg_currency", payment.currency],
        ["pg_payment_status", payment.status],
        ...(payment.refunds.length
          ? ([
              ["pg_refund_payments", payment.refunds.map((r): Field => ["pg_refund_payment", [["pg_payment_id", String(r.id)], ["pg_payment_status", "success"], ["pg_amount", String(-r.amount)]]])],
              ["pg_refund_amount", String(-refunded)],
            ] as Field[])
          : []),
        ["pg_testing_mode", payment.testingMode],
      ]);
    }
    if (script === "revoke.php") {
      const payment = payments.get(Number(v("pg_payment_id")));
      if (!payment) return error(script, "4002", "Payment not found");
      if (payment.status !== "success") return error(script, "4003", "Invalid status for refund");
      const left = payment.amount - payment.refunds.reduce((sum, r) => sum + r.amount, 0);
      const amount = v("pg_refund_amount") === undefined ? left : Number(v("pg_refund_amount"));
      if (!(amount > 0) || amount > left) return error(script, "4006", "Invalid refund amount");
      const refund = { id: nextId++, amount };
      payment.refunds.push(refund);
      return answerXml(script, [["pg_status", "ok"], ["pg_payment_id", String(refund.id)]]);
    }
    return error(script, "404", "Unknown script");
  }

  /** The gateway's call to the merchant's result URL: its documented fields, signed for that URL's script. */
  async function sendResult(paymentId: number, tamper: (fields: Field[]) => Field[] = (f) => f, opts: { sign?: boolean; canReject?: boolean } = {}): Promise<ResultCall> {
    const payment = payments.get(paymentId)!;
    const success = payment.status === "success";
    const fields = tamper(
      fieldsOf({
        pg_order_id: payment.orderId,
        pg_payment_id: payment.id,
        pg_amount: payment.amount,
        pg_currency: payment.currency,
        pg_net_amount: (payment.amount * 0.975).toFixed(2),
        pg_ps_amount: payment.amount,
        pg_ps_full_amount: payment.amount,
        pg_ps_currency: payment.currency,
        pg_description: payment.description,
        pg_result: success ? 1 : 0,
        pg_payment_date: "2026-11-29 06:00:00",
        pg_can_reject: (opts.canReject ?? payment.canReject) ? 1 : 0,
        pg_testing_mode: payment.testingMode,
        pg_payment_method: "bankcard",
        pg_card_pan: "5483-18XX-XXXX-0293",
        ...(success ? {} : { pg_failure_code: 101, pg_failure_description: "Declined by the issuer" }),
      }),
    );
    const script = scriptName(payment.resultUrl);
    const body = new FormData();
    for (const [name, value] of opts.sign === false ? [...fields, ["pg_salt", "unsigned"] as Field] : signed(script, fields, secretKey)) body.append(name, value as string);
    const response = await deliver(payment.resultUrl, { method: "POST", body });
    const text = await response.text();
    let answer: Field[] = [];
    try {
      answer = parseXml(text).fields;
    } catch {
      answer = [];
    }
    const call = { paymentId, fields, httpStatus: response.status, answer, answerSigned: isSigned(script, answer, secretKey), text };
    peer.results.push(call);
    // A refused payment goes back to the payer (pg_can_reject=1 and "rejected").
    if (valueOf(answer, "pg_status") === "rejected" && payment.canReject) payment.status = "error";
    return call;
  }

  /** Where the browser goes after the page: the success or failure URL with the documented parameters, signed. */
  function returnUrl(payment: PeerPayment): string {
    const target = payment.status === "success" || payment.settlesAs === "success" ? payment.successUrl : payment.failureUrl;
    const extra = signed(scriptName(target), fieldsOf({ pg_order_id: payment.orderId, pg_payment_id: payment.id }), secretKey);
    const url = new URL(target);
    for (const [name, value] of extra) url.searchParams.append(name, value as string);
    return url.toString();
  }

  async function pay(paymentId: number, outcome: "success" | "error"): Promise<string> {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    if (payment.status === "new") {
      if (peer.processing) {
        payment.status = "pending";
        payment.settlesAs = outcome;
      } else {
        payment.status = outcome;
        if (!peer.hold) await sendResult(payment.id);
      }
    }
    return returnUrl(payment);
  }

  async function settle(paymentId: number): Promise<void> {
    const payment = payments.get(paymentId)!;
    if (payment.status !== "pending" || !payment.settlesAs) return;
    payment.status = payment.settlesAs;
    if (!peer.hold) await sendResult(payment.id);
  }

  const server = http.createServer((req, res) => {
    if (peer.down) return void req.socket.destroy();
    const url = new URL(req.url ?? "/", peer.url);
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      void (async () => {
        if (url.pathname === "/pay.html") {
          const payment = payments.get(Number(url.searchParams.get("customer")));
          if (!payment) return void res.writeHead(404).end("Unknown payment");
          if (req.method === "POST") {
            const outcome = new URLSearchParams(raw).get("outcome") === "success" ? "success" : "error";
            const next = await pay(payment.id, outcome);
            return void res.writeHead(303, { Location: next }).end();
          }
          const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
          return void res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(`<!doctype html><html lang="${esc(payment.language)}"><head><meta charset="utf-8"><title>Freedom Pay (test peer)</title></head>
<body><main><h1>Freedom Pay — test peer</h1><p data-testid="fp-description">${esc(payment.description)}</p><p data-testid="fp-amount">${payment.amount} ${esc(payment.currency)}</p>
<form method="post"><input type="hidden" name="outcome" value="success"><button type="submit" data-testid="fp-pay">Pay</button></form>
<form method="post"><input type="hidden" name="outcome" value="error"><button type="submit" data-testid="fp-decline">Decline</button></form></main></body></html>`);
        }
        const script = scriptName(url.pathname);
        const xml = handle(script, formFields(new URLSearchParams(raw)));
        res.writeHead(200, { "Content-Type": "application/xml; charset=utf-8" }).end(xml);
      })().catch((e: unknown) => res.writeHead(500).end(String(e)));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));

  const peer: FreedomPayPeer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    merchantId,
    secretKey,
    payments,
    requests: [],
    results: [],
    hold: false,
    down: false,
    answerKey: null,
    processing: false,
    settle,
    pay,
    sendResult,
    byOrder: (orderId) => [...payments.values()].find((p) => p.orderId === orderId),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return peer;
}
