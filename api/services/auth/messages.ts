/**
 * Where codes go. The embedded provider keeps an outbox in the database and prints one line per
 * message to the log; a real SMS or e-mail gateway implements the same interface.
 */
import type { Db } from "../../db/client";
import { emailOutbox, smsOutbox } from "../../db/schema";

export type MessageProvider = {
  sendSms(phone: string, text: string): Promise<void>;
  sendEmail(email: string, subject: string, text: string): Promise<void>;
};

/**
 * `log` is null when codes must stay out of the log: a code in a production log is a key to the
 * account for whoever reads the logs. The outbox row is written either way.
 */
export function outboxProvider(db: Db, log: ((line: string) => void) | null = console.log): MessageProvider {
  return {
    async sendSms(phone, text) {
      await db.insert(smsOutbox).values({ phone, body: text });
      log?.(`SMS to +${phone}: ${text}`);
    },
    async sendEmail(email, subject, text) {
      await db.insert(emailOutbox).values({ email, subject, body: text });
      log?.(`E-mail to ${email}: ${subject}: ${text}`);
    },
  };
}
