import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ErrorBody } from "../../contract/common";
import type { Locale } from "../../contract/common";
import { HttpError, type FieldTexts } from "./http-errors";
import { message, translate } from "./messages";
import { PhotoStorageUnavailable } from "../services/listing/photo-storage";

/** SQLSTATE of a database error, also when drizzle wrapped the driver's error in `cause`. */
export function sqlStateOf(error: unknown): string | null {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/**
 * Database refusals that only bad input can cause: a number beyond the column's range (an id of
 * 2^31 or 1e308), a NUL or an invalid byte in text, an impossible date. They are the caller's
 * mistake, so a 422, never a 500, even where a schema forgot a bound.
 */
const BAD_INPUT_STATES = new Set(["22003", "22021", "22P02", "22P05", "22007", "22008", "22001", "54000"]);

/** Field errors in the locale: messages written out, identifiers (`{ ref }`) as they are. */
const writeErrors = (errors: FieldTexts, locale: Locale): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(errors).map(([field, texts]) => [field, texts.map((t) => (typeof t === "object" && "ref" in t ? String(t.ref) : translate(locale, t)))]),
  );

/** Hono's own refusals (a body over a limit, a malformed request) by their status. */
const HONO_STATUS_KEYS = { 401: "sessionEnded", 403: "forbidden", 404: "notFound", 413: "tooLarge" } as const;

/**
 * The database takes no writes now: a read-only transaction (a standby after a failover, the
 * operator's `default_transaction_read_only`), a user without the right to write, a full disk, a
 * server shutting down or unreachable. Not the caller's fault and not a bug: a 503 the caller may
 * retry, with the reason in the log.
 */
const UNAVAILABLE_STATES = /^(25006|42501|53\d{3}|57P0[1-3]|08\d{3})$/;
/** After this many seconds a retry is worth it (Retry-After). */
export const UNAVAILABLE_RETRY_SECONDS = 30;

/**
 * The status and body an error becomes, in the request's language: errors carry catalogue keys
 * (api/lib/messages.ts), written out here. Anything unexpected is a 500 that reveals nothing.
 */
export function errorResponse(error: unknown, locale: Locale = "ru"): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      body: { success: false, message: translate(locale, error.text), ...(error.errors && { errors: writeErrors(error.errors, locale) }) },
    };
  }
  if (error instanceof PhotoStorageUnavailable) {
    return { status: 503, body: { success: false, message: message(locale, "photoStorageUnavailable") } };
  }
  if (error instanceof HTTPException && error.status < 500) {
    const key = HONO_STATUS_KEYS[error.status as keyof typeof HONO_STATUS_KEYS] ?? "badRequest";
    return { status: error.status, body: { success: false, message: message(locale, key) } };
  }
  // The booking exclusion constraint (another active booking holds these dates) and the
  // calendar guard of migration 0009 (a night the host blocked meanwhile).
  const state = sqlStateOf(error);
  if (state === "23P01" || state === "KN002") {
    return { status: 409, body: { success: false, message: message(locale, "datesTaken") } };
  }
  if (state && BAD_INPUT_STATES.has(state)) {
    return { status: 422, body: { success: false, message: message(locale, "invalidValue") } };
  }
  if (state && UNAVAILABLE_STATES.test(state)) {
    return { status: 503, body: { success: false, message: message(locale, "readOnly") } };
  }
  return { status: 500, body: { success: false, message: message(locale, "serverError") } };
}

export function handleError(error: Error, c: Context) {
  const { status, body } = errorResponse(error, (c.get("locale") as Locale | undefined) ?? "ru");
  if (error instanceof HttpError && error.retryAfter) c.header("Retry-After", String(error.retryAfter));
  if (status === 503) c.header("Retry-After", String(UNAVAILABLE_RETRY_SECONDS));
  // A gateway that failed (502) was logged where it failed, with its reason; no stack to add.
  if (status >= 500 && !(error instanceof HttpError)) console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json(body, status as 500);
}

export const handleNotFound = (c: Context) =>
  c.json({ success: false, message: message((c.get("locale") as Locale | undefined) ?? "ru", "apiPathNotFound", { path: c.req.path }) } satisfies ErrorBody, 404);
