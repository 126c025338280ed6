import type { Context } from "hono";
import type { z, ZodError } from "zod";
import { invalidInput } from "./http-errors";

/** Zod issues grouped by dotted path; issues about the whole input go under `fallbackKey`. */
export function fieldErrors(error: ZodError, fallbackKey: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : fallbackKey;
    (errors[key] ??= []).push(issue.message);
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
    throw invalidInput({ [fallbackKey]: ["Invalid value"] });
  }
  if (!result.success) throw invalidInput(fieldErrors(result.error, fallbackKey));
  return result.data;
}

/** The JSON body; an empty body is `{}` so every field takes its default. Malformed JSON is a 422. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalidInput({ body: ["Malformed JSON"] });
  }
}

export async function parseBody<S extends z.ZodTypeAny>(c: Context, schema: S): Promise<z.output<S>> {
  return parseInput(schema, await readJsonBody(c), "body");
}

export function parseQuery<S extends z.ZodTypeAny>(c: Context, schema: S): z.output<S> {
  return parseInput(schema, c.req.query(), "query");
}
