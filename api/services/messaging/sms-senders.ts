/**
 * Who carries an SMS: Nikita's SMSPRO gateway for Kyrgyz numbers, Twilio for the rest, or the log
 * (development and trials). The outbox (outbox.ts) calls a sender once per attempt and decides
 * about retries from its answer; a sender never retries by itself.
 *
 * - Nikita (smspro.nikita.kg): XML over HTTPS, `POST {NIKITA_API_URL}/message` with login, pwd,
 *   our message id (at most 12 Latin letters and digits: the gateway refuses a repeated id with
 *   status 10, which is what makes a retry after a lost answer safe), the agreed sender name, the
 *   text and the phones; `POST {NIKITA_API_URL}/dr` reports delivery per phone.
 * - Twilio: `POST /2010-04-01/Accounts/{sid}/Messages.json` with HTTP basic auth (sid:token),
 *   form fields To (E.164), From, Body; `GET …/Messages/{MessageSid}.json` tells the status.
 */

/** What one attempt came to. */
export type SmsAttempt =
  /** The gateway took the message; `ref` finds it again for delivery reports. */
  | { outcome: "accepted"; ref: string; test?: boolean }
  /** Worth trying again later: the gateway is down, busy, out of money, or refused our login. */
  | { outcome: "retry"; error: string; alert?: boolean }
  /** Will never go: a number the carrier refuses, a text the gateway blocks. */
  | { outcome: "rejected"; error: string };

export type SmsReport = "pending" | "delivered" | "failed";

export type SmsMessage = {
  /** Ours, stable across retries of one message: 12 Latin letters and digits. */
  messageId: string;
  /** Country code and number, digits only. */
  phone: string;
  text: string;
};

export interface SmsSender {
  /** Stored on the outbox row, so a delivery report asks the sender that sent it. */
  readonly name: "log" | "nikita" | "twilio";
  send(message: SmsMessage): Promise<SmsAttempt>;
  /** Asks the gateway what became of an accepted message (absent: the sender cannot know). */
  report?(message: { ref: string; phone: string }): Promise<SmsReport>;
}

const TIMEOUT_MS = 10_000;

/** Prints the message; what development and an explicit trial (SMS_PROVIDER=log) use. */
export function logSmsSender(log: ((line: string) => void) | null = console.log): SmsSender {
  return {
    name: "log",
    async send({ messageId, phone, text }) {
      log?.(`SMS to +${phone}: ${text}`);
      return { outcome: "accepted", ref: messageId };
    },
  };
}

export type NikitaConfig = {
  login: string;
  password: string;
  /** The sender name agreed with the gateway's administrator (status 5 otherwise). */
  sender: string;
  /** Base address of the API, without the method: `https://smspro.nikita.kg/api`. */
  apiUrl: string;
  /** `<test>1</test>`: the gateway checks the request but neither sends nor bills it (status 11). */
  test?: boolean;
  /** Milliseconds before a call is given up (and retried later); 10 s by default. */
  timeoutMs?: number;
};

export const NIKITA_DEFAULT_API_URL = "https://smspro.nikita.kg/api";

/** Status codes of `/message`, from the gateway's API description. */
const NIKITA_SEND_STATUS: Record<number, { outcome: "accepted" | "retry" | "rejected"; alert?: boolean; text: string }> = {
  0: { outcome: "accepted", text: "accepted for sending" },
  1: { outcome: "retry", alert: true, text: "request format error" },
  2: { outcome: "retry", alert: true, text: "wrong login or password" },
  3: { outcome: "retry", alert: true, text: "sending address (IP) not allowed" },
  4: { outcome: "retry", alert: true, text: "not enough money on the account" },
  5: { outcome: "retry", alert: true, text: "sender name not approved by the gateway" },
  6: { outcome: "rejected", text: "blocked by stop words" },
  7: { outcome: "rejected", text: "wrong phone number" },
  8: { outcome: "rejected", text: "wrong sending time format" },
  9: { outcome: "rejected", text: "blocked by the spam filter" },
  // A repeated id: an earlier attempt of this very message got through and only its answer was lost.
  10: { outcome: "accepted", text: "id already used (sent by an earlier attempt)" },
  11: { outcome: "accepted", text: "test request: checked, not sent" },
};

/** `<report>` of `/dr`: 0 queued, 1 handed to the carrier, 2 rejected, 3 delivered, 4 not delivered, 5 no money, 6 unknown. */
const NIKITA_REPORT: Record<number, SmsReport> = { 0: "pending", 1: "pending", 2: "failed", 3: "delivered", 4: "failed", 5: "failed", 6: "pending" };

export const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!);

const unescapeXml = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (whole, name: string) => {
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    if (named[name.toLowerCase()]) return named[name.toLowerCase()];
    const code = name[1].toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
  });

/**
 * The text of every element named `name` (any namespace prefix), in document order. The gateway's
 * answers are small, flat documents; a parser would add a dependency for nothing.
 */
export function xmlValues(xml: string, name: string): string[] {
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}\\s*>`, "g");
  return [...xml.matchAll(pattern)].map((m) => unescapeXml(m[1].trim()));
}

export function nikitaSmsSender(config: NikitaConfig, fetchImpl: typeof fetch = fetch): SmsSender {
  const base = config.apiUrl.replace(/\/+$/, "");
  const post = async (method: "message" | "dr", xml: string) => {
    const response = await fetchImpl(`${base}/${method}`, {
      method: "POST",
      headers: { "Content-Type": "application/xml; charset=utf-8" },
      body: `<?xml version="1.0" encoding="UTF-8"?>${xml}`,
      signal: AbortSignal.timeout(config.timeoutMs ?? TIMEOUT_MS),
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`Nikita /${method} answered HTTP ${response.status}`);
    return body;
  };
  const credentials = () => `<login>${escapeXml(config.login)}</login><pwd>${escapeXml(config.password)}</pwd>`;

  return {
    name: "nikita",
    async send({ messageId, phone, text }) {
      let answer: string;
      try {
        answer = await post(
          "message",
          `<message>${credentials()}<id>${escapeXml(messageId)}</id><sender>${escapeXml(config.sender)}</sender>` +
            // The gateway wants one line: line breaks inside the text are sent as "\n".
            `<text>${escapeXml(text.replace(/\r?\n/g, "\\n"))}</text><phones><phone>${phone}</phone></phones>` +
            `${config.test ? "<test>1</test>" : ""}</message>`,
        );
      } catch (error) {
        return { outcome: "retry", error: `Nikita unreachable: ${(error as Error).message}` };
      }
      const status = Number(xmlValues(answer, "status")[0]);
      const known = NIKITA_SEND_STATUS[status];
      if (!known) return { outcome: "retry", error: `Nikita answered an unknown status ${JSON.stringify(xmlValues(answer, "status")[0] ?? answer.slice(0, 80))}` };
      const detail = `Nikita status ${status}: ${known.text}`;
      if (known.outcome === "accepted") return { outcome: "accepted", ref: messageId, test: status === 11 };
      return known.outcome === "retry" ? { outcome: "retry", error: detail, alert: known.alert } : { outcome: "rejected", error: detail };
    },
    async report({ ref, phone }) {
      const answer = await post("dr", `<dr>${credentials()}<id>${escapeXml(ref)}</id><phone>${phone}</phone></dr>`);
      const status = Number(xmlValues(answer, "status")[0]);
      // 4: no report for this id and phone yet.
      if (status !== 0) return "pending";
      const phones = xmlValues(answer, "phone");
      const mine = phones.find((p) => xmlValues(p, "number")[0] === phone) ?? phones[0];
      const report = mine ? Number(xmlValues(mine, "report")[0]) : NaN;
      return NIKITA_REPORT[report] ?? "pending";
    },
  };
}

export type TwilioConfig = {
  accountSid: string;
  authToken: string;
  /** A Twilio number in E.164, an alphanumeric sender id, or a Messaging Service SID (MG…). */
  from: string;
  /** `https://api.twilio.com` unless a test points it at a peer. */
  apiUrl?: string;
  timeoutMs?: number;
};

/** Twilio error codes that no retry will change (invalid or unreachable To, opted out, region off). */
const TWILIO_PERMANENT = new Set([21211, 21214, 21408, 21610, 21612, 21614, 21617, 21635, 30003, 30005, 30006]);

export function twilioSmsSender(config: TwilioConfig, fetchImpl: typeof fetch = fetch): SmsSender {
  const base = `${(config.apiUrl ?? "https://api.twilio.com").replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    async send({ phone, text }) {
      const form = new URLSearchParams({ To: `+${phone}`, Body: text });
      form.set(config.from.startsWith("MG") ? "MessagingServiceSid" : "From", config.from);
      let response: Response;
      let body: { sid?: string; status?: string; code?: number; message?: string };
      try {
        response = await fetchImpl(`${base}.json`, {
          method: "POST",
          headers: { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
          body: form,
          signal: AbortSignal.timeout(config.timeoutMs ?? TIMEOUT_MS),
        });
        body = (await response.json().catch(() => ({}))) as typeof body;
      } catch (error) {
        return { outcome: "retry", error: `Twilio unreachable: ${(error as Error).message}` };
      }
      if (response.ok && body.sid) {
        if (body.status === "failed" || body.status === "undelivered") return { outcome: "rejected", error: `Twilio status ${body.status}` };
        return { outcome: "accepted", ref: body.sid };
      }
      const detail = `Twilio HTTP ${response.status}${body.code ? ` error ${body.code}` : ""}: ${body.message ?? "no message"}`;
      if (body.code && TWILIO_PERMANENT.has(body.code)) return { outcome: "rejected", error: detail };
      return { outcome: "retry", error: detail, alert: response.status === 401 || response.status === 403 };
    },
    async report({ ref }) {
      const response = await fetchImpl(`${base}/${encodeURIComponent(ref)}.json`, {
        headers: { Authorization: authorization, Accept: "application/json" },
        signal: AbortSignal.timeout(config.timeoutMs ?? TIMEOUT_MS),
      });
      if (!response.ok) return "pending";
      const { status } = (await response.json()) as { status?: string };
      if (status === "delivered" || status === "read") return "delivered";
      if (status === "failed" || status === "undelivered" || status === "canceled") return "failed";
      return "pending";
    },
  };
}

/**
 * The senders in use and which one carries a number: Kyrgyz numbers (996) go through `kg`, the
 * rest through `other` when there is one (Nikita is a Kyrgyz gateway; Twilio reaches the world).
 */
export type SmsRouting = { route(phone: string): SmsSender; byName(name: string): SmsSender | undefined };

export function routeByCountry(senders: { kg: SmsSender; other?: SmsSender }): SmsRouting {
  const all = [senders.kg, ...(senders.other ? [senders.other] : [])];
  return {
    route: (phone) => (phone.startsWith("996") || !senders.other ? senders.kg : senders.other),
    byName: (name) => all.find((s) => s.name === name),
  };
}

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A new message id: 12 Latin letters and digits (~71 bits), the most Nikita takes. */
export function newMessageId(random: (max: number) => number): string {
  let id = "";
  for (let i = 0; i < 12; i++) id += ID_ALPHABET[random(ID_ALPHABET.length)];
  return id;
}
