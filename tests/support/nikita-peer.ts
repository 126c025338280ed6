/**
 * A local stand-in for Nikita's SMSPRO gateway (smspro.nikita.kg), speaking its documented XML
 * over HTTP on 127.0.0.1: `POST /api/message` takes `<message>` with login, pwd, id (at most 12
 * Latin letters and digits), sender, text, phones and an optional `<test>1</test>`, and answers
 * `<response>` with id, status, phones and smscnt; `POST /api/dr` takes `<dr>` with login, pwd, id
 * and phone and answers the per-phone `<report>`. It checks what the real gateway checks (login,
 * the agreed sender name, the id's form, a repeated id), and a test can make it fail the ways the
 * real one does: refuse with a status, answer HTTP errors, hang, or be down.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type NikitaReceived = { id: string; sender: string; text: string; phones: string[]; test: boolean; at: number };

type Mode = { kind: "ok" } | { kind: "status"; status: number } | { kind: "http"; code: number } | { kind: "hang" };

const NS = "http://Giper.mobi/schema/Message";

const values = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, "g"))].map((m) =>
    m[1].replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&"),
  );

export class NikitaPeer {
  readonly received: NikitaReceived[] = [];
  /** Every request's raw body, accepted or not. */
  readonly requests: { path: string; body: string; contentType: string }[] = [];
  private mode: Mode = { kind: "ok" };
  /** report code per message id (3 delivered by default). */
  readonly reports = new Map<string, number>();
  private readonly usedIds = new Set<string>();
  private readonly hanging = new Set<http.ServerResponse>();
  private server!: http.Server;
  url = "";

  constructor(readonly credentials = { login: "konok", password: "s3cret-pwd", sender: "KONOK" }) {}

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(port, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api`;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Answers normally again. */
  recover() {
    this.mode = { kind: "ok" };
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
  }
  /** Refuses every message with this status (4: no money, 2: wrong login, 7: bad number...). */
  refuseWith(status: number) {
    this.mode = { kind: "status", status };
  }
  /** Answers every request with this HTTP code (502, 503...). */
  failWith(code: number) {
    this.mode = { kind: "http", code };
  }
  /** Takes requests and never answers them (the sender's timeout must end them). */
  hang() {
    this.mode = { kind: "hang" };
  }

  /** Codes (six digits) sent to a phone, oldest first. */
  codesFor(phone: string): string[] {
    return this.received.filter((m) => m.phones.includes(phone)).flatMap((m) => m.text.match(/\b\d{6}\b/g) ?? []);
  }

  async waitForCode(phone: string, { after = 0, timeoutMs = 15_000 } = {}): Promise<string> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const codes = this.codesFor(phone);
      if (codes.length > after) return codes[codes.length - 1];
      if (Date.now() > until) throw new Error(`the Nikita peer received no code for ${phone} in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const path = req.url ?? "";
    this.requests.push({ path, body, contentType: String(req.headers["content-type"] ?? "") });
    if (this.mode.kind === "hang") {
      this.hanging.add(res);
      return;
    }
    if (this.mode.kind === "http") {
      res.writeHead(this.mode.code, { "Content-Type": "text/plain" }).end("Service Unavailable");
      return;
    }
    const xml = (inner: string) => {
      res.writeHead(200, { "Content-Type": "application/xml; charset=utf-8" });
      res.end(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><response xmlns="${NS}">${inner}</response>`);
    };
    if (req.method !== "POST") return void res.writeHead(405).end();
    const authorized = values(body, "login")[0] === this.credentials.login && values(body, "pwd")[0] === this.credentials.password;

    if (path === "/api/message") {
      const id = values(body, "id")[0] ?? "";
      const phones = values(body, "phone");
      const answer = (status: number, phoneCount = 0, parts = 0) => xml(`<id>${id}</id><status>${status}</status><phones>${phoneCount}</phones><smscnt>${parts}</smscnt>`);
      if (!body.startsWith("<?xml") || !/<message>[\s\S]*<\/message>\s*$/.test(body)) return answer(1);
      if (!authorized) return answer(2);
      if (this.mode.kind === "status") return answer(this.mode.status);
      if (!/^[A-Za-z0-9]{1,12}$/.test(id)) return answer(1);
      if (values(body, "sender")[0] !== this.credentials.sender) return answer(5);
      if (!phones.length || phones.some((p) => !/^\d{10,15}$/.test(p))) return answer(7);
      if (this.usedIds.has(id)) return answer(10);
      const test = values(body, "test")[0] === "1";
      const text = (values(body, "text")[0] ?? "").replace(/\\n/g, "\n");
      this.usedIds.add(id);
      this.received.push({ id, sender: values(body, "sender")[0], text, phones, test, at: Date.now() });
      // UCS-2 (70 a part) when any letter is outside GSM-7's Latin; concatenated parts hold 67.
      const ucs2 = /[^\x20-\x7e\n]/.test(text);
      const parts = text.length <= (ucs2 ? 70 : 160) ? 1 : Math.ceil(text.length / (ucs2 ? 67 : 153));
      return answer(test ? 11 : 0, phones.length, parts);
    }
    if (path === "/api/dr") {
      if (!authorized) return xml("<status>2</status>");
      const id = values(body, "id")[0] ?? "";
      const phone = values(body, "phone")[0];
      const message = this.received.find((m) => m.id === id && (!phone || m.phones.includes(phone)));
      if (!message) return xml("<status>4</status>");
      const stamp = new Date(message.at).toISOString().replace(/\D/g, "").slice(0, 14);
      const report = this.reports.get(id) ?? 3;
      return xml(
        `<status>0</status>` +
          message.phones.map((p) => `<phone><number>${p}</number><report>${report}</report><sendTime>${stamp}</sendTime><rcvTime>${report === 3 ? stamp : ""}</rcvTime></phone>`).join(""),
      );
    }
    res.writeHead(404).end();
  }
}
