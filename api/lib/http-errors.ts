import { translate, type MessageKey, type MessageParams, type MessageText } from "./messages";

/**
 * A field's entry in `errors`: a catalogue message, or, where the entry names something the
 * client looks up rather than a sentence (the booking holding a night, the wizard steps still
 * missing), that identifier as `{ ref }`.
 */
export type FieldText = MessageText | { ref: string | number };
export type FieldTexts = Record<string, FieldText[]>;

/**
 * Errors a handler throws on purpose; the shared error handler turns them into the error body of
 * SPEC section 8, written in the request's language. They carry catalogue keys, never text: the
 * type refuses a sentence, and `Error.message` is the English text only for logs.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 401 | 403 | 404 | 409 | 422 | 429 | 502,
    readonly text: MessageText,
    readonly errors?: FieldTexts,
    /** Seconds a rate-limited caller should wait (sent as Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(translate("en", text));
    this.name = "HttpError";
  }
}

export const notFound = (key: MessageKey = "notFound") => new HttpError(404, key);

/** A 422 about one field: the message is the field's one message. */
export const fieldError = (field: string, key: MessageKey, params?: MessageParams) => {
  const text: MessageText = params ? { key, params } : key;
  return new HttpError(422, text, { [field]: [text] });
};

/** Bad input: one list of messages per field path (`checkOutDate`, `topRight.lat`); the message is the first of them. */
export const invalidInput = (errors: Record<string, MessageText[]>) => {
  const first = Object.values(errors).flat()[0] ?? "invalidValue";
  return new HttpError(422, first, errors);
};
