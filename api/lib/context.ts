import type { Context } from "hono";
import type { DataCipher } from "./data-cipher";
import type { Locale } from "../../contract/common";
import type { Db } from "../db/client";
import type { MessageProvider } from "../services/auth/messages";
import type { SmsCaps } from "../services/messaging/sms-caps";
import type { RateLimits } from "../services/auth/rate-limit";
import type { AuthConfig } from "../services/auth/tokens";
import type { BookingTimings } from "../services/booking/state-machine";
import type { PaymentProvider } from "../services/payments/provider";
import type { Realtime } from "../services/realtime";
import type { CalendarSyncConfig } from "../services/calendar-sync/imports";
import type { PhotoStorage } from "../services/listing/photo-storage";

/** What the API needs from its host process. */
export type ApiDeps = {
  db: Db;
  /** Origin photos are served from (`https://konok.kg`); without it photo URLs are root-relative. */
  publicUrl?: string;
  /** Token signing and lifetimes; without it a random secret is made (tokens die with the process). */
  auth?: AuthConfig;
  /** Where codes are delivered; the database outbox by default. */
  messages?: MessageProvider;
  /** Caps against SMS pumping (api/services/messaging/sms-caps.ts); the defaults unless given. */
  smsCaps?: SmsCaps;
  /** Seconds before a new code of the same flow (CODE_RESEND_SECONDS); CODE_RULES' 60 unless given. */
  codeResendSeconds?: number;
  /** Serve GET /api/dev/outbox (never in production). */
  exposeOutbox?: boolean;
  /** Booking deadlines; tests shorten them to seconds. */
  timings?: BookingTimings;
  /** The payment gateway; the embedded sandbox by default. */
  payments?: PaymentProvider;
  /** The site's public origin (PUBLIC_URL), where a gateway sends its result and returns the payer. */
  siteUrl?: string;
  /** Where the API writes what an operator should see (refused gateway calls, refunds not sent); console.warn by default. */
  log?: (line: string) => void;
  /** Where hosts' uploaded photos are kept (DATA_DIR/uploads); without it (and without `photos`), uploads go to a temporary folder. */
  uploadsDir?: string;
  /** The photo storage (the folder or a bucket, PHOTO_STORAGE); when given, `uploadsDir` is not used. */
  photos?: PhotoStorage;
  /** Where live events go (services/realtime.ts); without it nothing is published and /socket/auth is 404. */
  realtime?: Realtime;
  /** Rate limits; in this process's memory unless given (server/index.ts puts them in Redis when REDIS_URL is set). */
  limits?: RateLimits;
  /** DATA_ENCRYPTION_KEY: encrypts hosts' tax ids and payout accounts at rest; a fixed development key without it. */
  dataKey?: string;
  /** Imported calendars: how often they are fetched and the fetch's limits (ICAL_* settings). */
  calendarSync?: CalendarSyncConfig;
  /** LISTING_REVIEW=on: published and changed listings wait for an operator's approval (services/listing/review.ts). */
  listingReview?: boolean;
};

/** ApiDeps with the account defaults filled in, as the account routes receive them. */
export type AccountDeps = ApiDeps & {
  auth: AuthConfig;
  messages: MessageProvider;
  limits: RateLimits;
  secret: string;
  timings: BookingTimings;
  payments: PaymentProvider;
  cipher: DataCipher;
};

export type ApiEnv = { Variables: { locale: Locale } };

/**
 * How to present data to one request: its language, and where uploaded files are served: the
 * bucket's public address when photos are on object storage with S3_PUBLIC_URL, else /uploads.
 */
export type Presentation = { locale: Locale; uploadsUrl: string };

export const presentationFor = <E extends ApiEnv>(c: Context<E>, deps: ApiDeps): Presentation => ({
  locale: c.get("locale"),
  uploadsUrl: deps.photos?.publicUrl ?? `${(deps.publicUrl ?? "").replace(/\/+$/, "")}/uploads`,
});
