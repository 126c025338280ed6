/**
 * How a handler reads a request the endpoint map describes (contract/endpoints.ts, decision 0078):
 * `bodyOf(c, endpoints.x, schema)`, `fieldsOf(…)` and `queryOf(…)` validate with the handler's
 * schema, exactly as `parseBody`/`parseQuery` do (422 with field errors, messages from the
 * catalogue), and compile only when the schema gives the request type the entry promises the web
 * app, by the same rule the map used (`Body`, `Fields`, `Query`). So a field added, renamed or
 * retyped in the schema a handler validates with, and not in the map (or the other way round),
 * fails the typecheck; tests/unit/endpoint-types.test.ts holds that.
 */
import type { Context } from "hono";
import type { z } from "zod";
import type { Body, Endpoint, Fields, Query } from "../../contract/endpoints";
import { parseInput, parseQuery, readJsonBody } from "./validation";

/**
 * Whether A and B are the same type. Mutual assignability is not enough: an object whose fields
 * are all optional is assignable both ways to one with a field more or less. The names are
 * compared too: the check alone takes `{}` (a schema with no fields) for any all-optional object.
 */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? (SameNames<A, B> extends true ? true : false) : false;
/** Each member's field names, for bodies that are a union of kinds. */
type Names<T> = T extends unknown ? [keyof T] : never;
type SameNames<A, B> = [Names<A>] extends [Names<B>] ? ([Names<B>] extends [Names<A>] ? true : false) : false;

/** The schema itself when its request type is the entry's; otherwise a type no schema has, so the call fails and says why. */
type Matching<S, Promised, Given> = Same<Given, Promised> extends true ? S : { "this schema's request type is not the endpoint map's": { map: Promised; schema: Given } };

type WithBody = Endpoint & { readonly io: { body: unknown } };
type WithQuery = Endpoint & { readonly io: { query: unknown } };

/** The raw body (already read, e.g. from a form) checked by the entry's schema: `Body<S>` must be the entry's body. */
export function parseBodyOf<E extends WithBody, S extends z.ZodTypeAny>(_endpoint: E, schema: S & Matching<S, E["io"]["body"], Body<S>>, raw: unknown): z.output<S> {
  return parseInput(schema, raw, "body");
}

/** The JSON body, validated by a schema whose input is the entry's body. */
export async function bodyOf<E extends WithBody, S extends z.ZodTypeAny>(c: Context, _endpoint: E, schema: S & Matching<S, E["io"]["body"], Body<S>>): Promise<z.output<S>> {
  return parseInput(schema, await readJsonBody(c), "body");
}

/** The JSON body of a form passed on as text (the entry's `Fields<S>`): the schema's field names must be the entry's. */
export async function fieldsOf<E extends WithBody, S extends z.ZodTypeAny>(c: Context, _endpoint: E, schema: S & Matching<S, E["io"]["body"], Fields<S>>): Promise<z.output<S>> {
  return parseInput(schema, await readJsonBody(c), "body");
}

/** The query, validated by a schema whose names are the entry's query names (`Query<S>`). */
export function queryOf<E extends WithQuery, S extends z.ZodTypeAny>(c: Context, _endpoint: E, schema: S & Matching<S, E["io"]["query"], Query<S>>): z.output<S> {
  return parseQuery(c, schema);
}
