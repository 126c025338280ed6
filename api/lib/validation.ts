import type { Context } from "hono";
import type { z, ZodError, ZodIssue } from "zod";
import { stripBidiControls } from "../../contract/common";
import { invalidInput } from "./http-errors";
import { isMessageKey, type MessageKey, type MessageParams, type MessageText } from "./messages";

/** The bound a size issue names (`.min(8)`, `.max(120)`), as the `{n}` of its message. */
const boundOf = (issue: ZodIssue): MessageParams => {
  if (issue.code === "too_small") return { n: Number(issue.minimum) };
  if (issue.code === "too_big") return { n: Number(issue.maximum) };
  return {};
};

/** The catalogue message for zod's own issues (a schema without a message of its own). */
function generic(issue: ZodIssue): MessageKey {
  switch (issue.code) {
    case "invalid_type":
      return issue.received === "undefined" ? "required" : issue.expected === "number" || issue.expected === "integer" ? "number" : "invalidField";
    case "too_small":
      if (issue.type === "string") return Number(issue.minimum) <= 1 ? "required" : "tooShort";
      if (issue.type === "number" || issue.type === "bigint") return "atLeast";
      if (issue.type === "array" || issue.type === "set") return "tooFewItems";
      return "invalidField";
    case "too_big":
      if (issue.type === "string") return "tooLong";
      if (issue.type === "number" || issue.type === "bigint") return "atMost";
      if (issue.type === "array" || issue.type === "set") return "tooManyItems";
      return "invalidField";
    case "invalid_string":
      return issue.validation === "email" ? "emailInvalid" : "invalidFormat";
    case "invalid_enum_value":
    case "invalid_literal":
    case "invalid_union":
    case "invalid_union_discriminator":
      return "choose";
    case "not_multiple_of":
    case "not_finite":
      return "number";
    case "invalid_date":
      return "date";
    default:
      return "invalidField";
  }
}

/**
 * A zod issue as a catalogue message. A schema's own message is a key (contract/message-key.ts),
 * with its bound or the custom issue's `params` as parameters; anything else, zod's English
 * default included, becomes the generic message for the issue's kind.
 */
export function issueText(issue: ZodIssue): MessageText {
  const params = { ...boundOf(issue), ...(issue.code === "custom" ? (issue.params as MessageParams | undefined) : undefined) };
  const key = isMessageKey(issue.message) ? issue.message : generic(issue);
  return Object.keys(params).length ? { key, params } : key;
}

/** Zod issues grouped by dotted path; issues about the whole input go under `fallbackKey`. */
export function fieldErrors(error: ZodError, fallbackKey: string): Record<string, MessageText[]> {
  const errors: Record<string, MessageText[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : fallbackKey;
    (errors[key] ??= []).push(issueText(issue));
  }
  return errors;
}

/** Parses input or throws a 422 with the field errors. */
export function parseInput<S extends z.ZodTypeAny>(schema: S, input: unknown, fallbackKey = "input"): z.output<S> {
  let result: z.SafeParseReturnType<unknown, z.output<S>>;
  try {
    result = schema.safeParse(input);
  } catch {
    // z.coerce calls Number()/String() on what it gets: `{"toString":1}` throws a TypeError there.
    throw invalidInput({ [fallbackKey]: ["invalidField"] });
  }
  if (!result.success) throw invalidInput(fieldErrors(result.error, fallbackKey));
  return result.data;
}

/**
 * Every string read from a body or a query loses its bidi controls (contract/common.ts), so no
 * title, name, description, message or review can reorder what others read. Passwords keep theirs:
 * they are never shown, and a password set with one must keep matching.
 */
const withoutBidi = (key: string, value: unknown) => (typeof value === "string" && !/password/i.test(key) ? stripBidiControls(value) : value);

/** The JSON body; an empty body is `{}` so every field takes its default. Malformed JSON is a 422. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text, withoutBidi);
  } catch {
    throw invalidInput({ body: ["malformedJson"] });
  }
}

export async function parseBody<S extends z.ZodTypeAny>(c: Context, schema: S): Promise<z.output<S>> {
  return parseInput(schema, await readJsonBody(c), "body");
}

export function parseQuery<S extends z.ZodTypeAny>(c: Context, schema: S): z.output<S> {
  return parseInput(schema, Object.fromEntries(Object.entries(c.req.query()).map(([key, value]) => [key, withoutBidi(key, value)])), "query");
}
