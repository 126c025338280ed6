/** Errors a handler throws on purpose; the shared error handler turns them into the error body of SPEC section 8. */
export class HttpError extends Error {
  constructor(
    readonly status: 401 | 403 | 404 | 409 | 422 | 429,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Seconds a rate-limited caller should wait (sent as Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const notFound = (message = "Not Found") => new HttpError(404, message);

/** Bad input: one list of messages per field path (`checkOutDate`, `topRight.lat`). */
export const invalidInput = (errors: Record<string, string[]>) => {
  const [field, messages] = Object.entries(errors)[0] ?? ["input", ["is invalid"]];
  const others = Object.values(errors).flat().length - 1;
  const message = `${field}: ${messages[0]}` + (others > 0 ? ` (and ${others} more ${others === 1 ? "error" : "errors"})` : "");
  return new HttpError(422, message, errors);
};
