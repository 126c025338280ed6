/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package, with AUTH PLAIN/LOGIN over a
 * plain connection) that keeps what it receives, and a small reader of the received MIME: the
 * headers, and the text and HTML parts decoded (quoted-printable or base64, UTF-8).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string; headers: Record<string, string>; subject: string; text: string; html: string };

export class SmtpPeer {
  readonly mails: ReceivedMail[] = [];
  private server!: SMTPServer;
  port = 0;
  /** Reply 451 (try later) to every message while set. */
  deferring = false;

  constructor(readonly credentials = { user: "konok", pass: "mail-pass" }) {}

  get url() {
    return `smtp://${this.credentials.user}:${encodeURIComponent(this.credentials.pass)}@127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = new SMTPServer({
      secure: false,
      disabledCommands: ["STARTTLS"],
      authOptional: false,
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, callback) =>
        auth.username === this.credentials.user && auth.password === this.credentials.pass ? callback(null, { user: auth.username }) : callback(new Error("Invalid username or password")),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          if (this.deferring) {
            const error = new Error("Try again later") as Error & { responseCode: number };
            error.responseCode = 451;
            return callback(error);
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          this.mails.push({ ...parseMail(raw), from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async waitForMail(to: string, { after = 0, timeoutMs = 15_000 } = {}): Promise<ReceivedMail> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const mine = this.mails.filter((m) => m.to.includes(to));
      if (mine.length > after) return mine[mine.length - 1];
      if (Date.now() > until) throw new Error(`the SMTP peer received no mail for ${to} in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=). */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : decodeQp(text.replace(/_/g, " ")),
  );
}

function decodeQp(text: string): string {
  const bytes = text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQp(body);
  return body;
}

export function parseMail(raw: string): { headers: Record<string, string>; subject: string; text: string; html: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const parts: { type: string; content: string }[] = [];
  const walk = (h: Record<string, string>, b: string) => {
    const type = h["content-type"] ?? "text/plain";
    const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
    if (type.toLowerCase().startsWith("multipart/") && boundary) {
      for (const section of b.split(`--${boundary}`).slice(1)) {
        if (section.startsWith("--")) break;
        const s = section.replace(/^\r?\n/, "");
        const at = s.search(/\r?\n\r?\n/);
        walk(parseHeaders(s.slice(0, at)), s.slice(at).replace(/^\r?\n\r?\n/, "").replace(/\r?\n$/, ""));
      }
    } else parts.push({ type: type.toLowerCase(), content: decodeBody(h, b) });
  };
  walk(headers, body);
  return {
    headers,
    subject: decodeWords(headers.subject ?? ""),
    text: parts.find((p) => p.type.startsWith("text/plain"))?.content ?? "",
    html: parts.find((p) => p.type.startsWith("text/html"))?.content ?? "",
  };
}
