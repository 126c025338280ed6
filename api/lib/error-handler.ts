import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ErrorBody } from "../../contract/common";
import { HttpError } from "./http-errors";

/** SQLSTATE of a database error, also when drizzle wrapped the driver's error in `cause`. */
export function sqlStateOf(error: unknown): string | null {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** The status and body an error becomes. Anything unexpected is a 500 that reveals nothing. */
export function errorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) {
    return { status: error.status, body: { success: false, message: error.message, ...(error.errors && { errors: error.errors }) } };
  }
  if (error instanceof HTTPException && error.status < 500) {
    return { status: error.status, body: { success: false, message: error.message || "Bad Request" } };
  }
  // The booking exclusion constraint: another active booking holds these dates.
  // The calendar guard (migration 0007): a night the host blocked meanwhile.
  if (sqlStateOf(error) === "23P01" || sqlStateOf(error) === "KN002") {
    return { status: 409, body: { success: false, message: "These dates are no longer available" } };
  }
  return { status: 500, body: { success: false, message: "Internal Server Error" } };
}

export function handleError(error: Error, c: Context) {
  const { status, body } = errorResponse(error);
  if (error instanceof HttpError && error.retryAfter) c.header("Retry-After", String(error.retryAfter));
  if (status >= 500) console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json(body, status as 500);
}

export const handleNotFound = (c: Context) => c.json({ success: false, message: `Not Found: ${c.req.path}` } satisfies ErrorBody, 404);
