/**
 * Who carries an e-mail: an SMTP server named by SMTP_URL (nodemailer), or the log when there is
 * none. Like the SMS senders, one call is one attempt; the outbox decides about retries.
 */
import nodemailer from "nodemailer";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Ours, stable across retries; becomes the Message-ID, so a receiver can tell a repeat. */
  messageId: string;
  /** RFC 8058 one-click unsubscribe link of the mail's kind, when it has one. */
  unsubscribeUrl?: string;
};

export type MailAttempt = { outcome: "accepted"; ref: string } | { outcome: "retry"; error: string; alert?: boolean } | { outcome: "rejected"; error: string };

export interface MailSender {
  readonly name: "log" | "smtp";
  send(mail: Mail): Promise<MailAttempt>;
  close?(): void;
}

export function logMailSender(log: ((line: string) => void) | null = console.log): MailSender {
  return {
    name: "log",
    async send({ to, subject, text, messageId }) {
      log?.(`E-mail to ${to}: ${subject}: ${text}`);
      return { outcome: "accepted", ref: messageId };
    },
  };
}

/**
 * `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465` (TLS from
 * the first byte); user and password percent-encoded in the URL.
 */
export function smtpMailSender(options: { url: string; from: string; domain: string }): MailSender {
  const transport = nodemailer.createTransport(options.url, { from: options.from });
  return {
    name: "smtp",
    async send(mail) {
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<${mail.messageId}@${options.domain}>`,
          headers: mail.unsubscribeUrl ? { "List-Unsubscribe": `<${mail.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : undefined,
        });
        return { outcome: "accepted", ref: info.messageId };
      } catch (error) {
        const e = error as Error & { responseCode?: number; code?: string };
        const detail = `SMTP ${e.responseCode ?? e.code ?? "error"}: ${e.message}`;
        // 5xx is the server's final word about this mail (unknown mailbox, refused content);
        // 535 (authentication) is ours to fix, and the mail should wait for it.
        if (e.responseCode && e.responseCode >= 500 && e.responseCode !== 535 && e.responseCode !== 530) return { outcome: "rejected", error: detail };
        return { outcome: "retry", error: detail, alert: e.responseCode === 535 || e.responseCode === 530 || e.code === "EAUTH" };
      }
    },
    close: () => transport.close(),
  };
}
