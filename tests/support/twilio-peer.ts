/**
 * A local stand-in for Twilio's Messages REST API on 127.0.0.1:
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` (HTTP basic auth with the account SID and
 * auth token; form fields To in E.164, From or MessagingServiceSid, Body) answers 201 with the
 * Message resource as JSON (sid SM…, status queued); `GET …/Messages/{Sid}.json` answers it again
 * with its current status. Errors are Twilio's JSON (code, message, more_info, status).
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type TwilioMessage = { sid: string; to: string; from: string; body: string; status: string };

export class TwilioPeer {
  readonly messages: TwilioMessage[] = [];
  /** Status a later GET reports (delivered by default). */
  finalStatus = "delivered";
  private server!: http.Server;
  url = "";

  constructor(readonly account = { sid: `AC${"0".repeat(31)}1`, token: "twilio-test-token", from: "+15005550006" }) {}

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const json = (status: number, body: unknown) => res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    const error = (status: number, code: number, message: string) => json(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
    const expected = `Basic ${Buffer.from(`${this.account.sid}:${this.account.token}`).toString("base64")}`;
    if (req.headers.authorization !== expected) return error(401, 20003, "Authenticate");
    const base = `/2010-04-01/Accounts/${this.account.sid}/Messages`;
    const url = new URL(req.url ?? "/", "http://peer");
    if (req.method === "POST" && url.pathname === `${base}.json`) {
      if (!String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) return error(400, 20001, "Unsupported content type");
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const to = form.get("To") ?? "";
      if (!/^\+[1-9]\d{7,14}$/.test(to)) return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (!form.get("From") && !form.get("MessagingServiceSid")) return error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message");
      if (!form.get("Body")) return error(400, 21602, "Message body is required.");
      const message: TwilioMessage = { sid: `SM${crypto.randomBytes(16).toString("hex")}`, to, from: form.get("From") ?? "", body: form.get("Body")!, status: "queued" };
      this.messages.push(message);
      return json(201, { ...message, account_sid: this.account.sid, direction: "outbound-api", num_segments: "1", api_version: "2010-04-01" });
    }
    const fetched = url.pathname.match(new RegExp(`^${base}/(SM[0-9a-f]{32})\\.json$`));
    if (req.method === "GET" && fetched) {
      const message = this.messages.find((m) => m.sid === fetched[1]);
      if (!message) return error(404, 20404, "The requested resource was not found");
      message.status = this.finalStatus;
      return json(200, { ...message, account_sid: this.account.sid });
    }
    return error(404, 20404, "The requested resource was not found");
  }
}
