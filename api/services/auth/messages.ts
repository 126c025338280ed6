/**
 * Where codes go: the durable outbox (api/services/messaging/outbox.ts), which hands them to the
 * SMS gateway or the SMTP server configured, or to the log.
 */
export type { MessageProvider } from "../messaging/outbox";
