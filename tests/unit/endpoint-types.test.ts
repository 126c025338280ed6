/**
 * The endpoint map types both sides of the boundary (decision 0078). These checks run in the
 * typecheck (`npm run typecheck` covers tests/): each `@ts-expect-error` fails it when the line
 * below it stops being an error, so a map that stopped typing answers or requests, say by an
 * `any` creeping in, breaks the build here; the same for the handlers' reading of requests
 * (`bodyOf`/`fieldsOf`/`queryOf`). The runtime part only keeps vitest content.
 */
import type { Context } from "hono";
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { bodyOf, fieldsOf, queryOf } from "../../api/lib/request";
import { formBody } from "../../app/components/admin/localized-body";
import type { ApiClient } from "../../app/lib/api.server";
import { paginationSchema } from "../../contract/common";
import type { TypesResponse } from "../../contract/directory";
import { endpoints, type AnswerOf, type BodyOf } from "../../contract/endpoints";
import type { EstateResponse } from "../../contract/estate";
import { CONTACT_SCHEMAS, CONTENT_SAVE_SCHEMAS, CONTENT_SCHEMAS, editVersionSchema, routeRuleSchema, socialInputSchema, type ContactGroup, type ContentKind } from "../../contract/operator-content";
import type { DirectoryKind } from "../../contract/operator-directory";
import { stepSchemas, type FormStepId } from "../../contract/listing-steps";

/** Never called: the bodies are only for the compiler. */
function typedCalls(api: ApiClient) {
  return [
    async () => {
      const data = await api.call(endpoints.guestTypes);
      expectTypeOf(data).toEqualTypeOf<TypesResponse>();
      // @ts-expect-error the answer is `{ types }`: a field renamed or dropped in contract/ fails the caller
      return data.typez;
    },
    async () => {
      const { estate } = await api.call(endpoints.estate, { params: { id: "osh-yurt" }, query: { checkInDate: "2026-12-01", checkOutDate: "2026-12-03" } });
      expectTypeOf(estate).toEqualTypeOf<EstateResponse["estate"]>();
      // @ts-expect-error a query name the endpoint does not read
      await api.call(endpoints.estate, { params: { id: 1 }, query: { checkIn: "2026-12-01" } });
      // @ts-expect-error a path with a parameter needs its value
      await api.call(endpoints.estate);
    },
    async () => {
      // @ts-expect-error the body is the contract's schema: a page is a number
      await api.call(endpoints.search, { body: { page: "one" } });
      // @ts-expect-error a body field the API's schema does not have
      await api.call(endpoints.favoritesMerge, { body: { ids: [1], all: true } });
      // @ts-expect-error a POST that takes a body cannot be called without one
      await api.call(endpoints.bookingCreate);
    },
    async () => {
      // A body chosen by the path's kind is any one kind's fields (contract/operator-content.ts, -directory.ts).
      await api.call(endpoints.operatorContentSave, { params: { kind: "faq", id: 1 }, body: { anchor: "pay", question: { en: "How?" }, editVersion: 3 } });
      // @ts-expect-error a kind's field under a name no kind's schema has
      await api.call(endpoints.operatorContentSave, { params: { kind: "faq", id: 1 }, body: { questionText: { en: "How?" }, editVersion: 3 } });
      // @ts-expect-error a text in a language the site does not have
      await api.call(endpoints.operatorDirectorySave, { params: { kind: "meal", id: 1 }, body: { name: { de: "Frühstück" }, editVersion: 3 } });
      // @ts-expect-error the edit token under another name
      await api.call(endpoints.operatorDirectoryRetire, { params: { kind: "meal", id: 1 }, body: { version: 3 } });
      // @ts-expect-error an addition has no edit token to send
      await api.call(endpoints.operatorRouteRuleCreate, { body: { path: "/a", target: "/b", editVersion: 1 } });
      // A wizard step's body is any step's fields (contract/listing-steps.ts); an explaining screen's is empty.
      await api.call(endpoints.hostListingStep, { params: { id: 1, step: "capacity" }, body: { guests: 2, bedrooms: 1, beds: 1, baths: 1 } });
      await api.call(endpoints.hostListingStep, { params: { id: 1, step: "intro1" }, body: {} });
      // @ts-expect-error a step's field under a name no step's schema has
      await api.call(endpoints.hostListingStep, { params: { id: 1, step: "capacity" }, body: { guestCount: 2, bedrooms: 1, beds: 1, baths: 1 } });
      // The console's forms list the fields they send by the body's names (app/components/admin/localized-body.ts).
      formBody<BodyOf<typeof endpoints.operatorContactSave>>({}, ["kind", "url", "editVersion"]);
      // @ts-expect-error a form's list naming a field no group's body has
      formBody<BodyOf<typeof endpoints.operatorContactSave>>({}, ["kind", "link", "editVersion"]);
    },
  ];
}

/**
 * The handlers' side of a request (api/lib/request.ts): the schema a handler validates with must
 * give the request type the map promises the web app, by the map's own rule. Never called either.
 */
function typedReads(c: Context) {
  const markRead = z.object({ ids: z.array(z.number().int().positive()).max(100).optional() });
  const unsubscribe = z.object({ u: z.coerce.number().int().positive(), k: z.string(), s: z.string() });
  return [
    async () => {
      // The schemas the handlers use: the parsed value is the schema's output, defaults applied.
      expectTypeOf(await bodyOf(c, endpoints.notificationsRead, markRead)).toEqualTypeOf<{ ids?: number[] | undefined }>();
      expectTypeOf(queryOf(c, endpoints.transactions, paginationSchema)).toEqualTypeOf<{ page: number; perPage: number }>();
      // The query and a form's fields are held by their names; their values travel as text.
      queryOf(c, endpoints.transactions, z.object({ page: z.string(), perPage: z.string() }));
      await fieldsOf(c, endpoints.mailUnsubscribe, unsubscribe);
    },
    async () => {
      // @ts-expect-error a body field the map does not have, even an optional one
      await bodyOf(c, endpoints.notificationsRead, markRead.extend({ all: z.boolean().optional() }));
      // @ts-expect-error a body field of another type than the map's
      await bodyOf(c, endpoints.notificationsRead, z.object({ ids: z.array(z.string()).optional() }));
      // @ts-expect-error a schema with no fields, for a body with only optional ones (`{}` passes the plain sameness check)
      await bodyOf(c, endpoints.notificationsRead, z.object({}));
      // @ts-expect-error a field the map has as optional, required by the schema
      await bodyOf(c, endpoints.notificationsRead, z.object({ ids: z.array(z.number()) }));
      // @ts-expect-error a body schema on an endpoint that takes none
      await bodyOf(c, endpoints.booking, z.object({}));
    },
    () => {
      // @ts-expect-error a query name renamed in the schema and not in the map
      queryOf(c, endpoints.transactions, z.object({ page: z.string(), per_page: z.string() }));
      // @ts-expect-error a query name the map has and the schema lost
      queryOf(c, endpoints.transactions, paginationSchema.pick({ page: true }));
    },
    async () => {
      // A body chosen by the path: the route reads it with the kind's schema, the edit token with it.
      const kind = "faq" as ContentKind;
      const group = "social" as ContactGroup;
      expectTypeOf((await fieldsOf(c, endpoints.operatorContentSave, CONTENT_SAVE_SCHEMAS[kind])).editVersion).toEqualTypeOf<number>();
      await fieldsOf(c, endpoints.operatorContactCreate, CONTACT_SCHEMAS[group]);
      // @ts-expect-error a save read without its edit token
      await fieldsOf(c, endpoints.operatorContentSave, CONTENT_SCHEMAS[kind]);
      // @ts-expect-error one kind's field renamed in the schema the route reads with, not in the map
      await fieldsOf(c, endpoints.operatorContactCreate, group === "social" ? socialInputSchema.omit({ url: true }).extend({ link: z.string() }) : CONTACT_SCHEMAS[group]);
      // @ts-expect-error a retirement read without its edit token
      await fieldsOf(c, endpoints.operatorDirectoryRetire, z.object({}));
      // @ts-expect-error a redirect's change read without its edit token
      await fieldsOf(c, endpoints.operatorRouteRuleSave, routeRuleSchema);
      await fieldsOf(c, endpoints.operatorRouteRuleRemove, editVersionSchema);
      expectTypeOf<DirectoryKind>().toEqualTypeOf<"type" | "subtype" | "amenity" | "meal">();
      // The wizard's steps: read with the path's step's schema, any step's type statically.
      const steps = stepSchemas("en", "2026-11-29", "keys");
      const step = "price" as FormStepId;
      await bodyOf(c, endpoints.hostListingStep, steps[step]);
      // @ts-expect-error a step read as "any object", as it was before the map typed it
      await bodyOf(c, endpoints.hostListingStep, z.record(z.unknown()));
      // @ts-expect-error one step's schema alone: the map's body is any step's
      await bodyOf(c, endpoints.hostListingStep, steps.capacity);
    },
    async () => {
      // @ts-expect-error a form field the schema dropped
      await fieldsOf(c, endpoints.mailUnsubscribe, unsubscribe.omit({ s: true }));
      // @ts-expect-error a form's fields read as a typed body: the map's rule for the entry is Fields
      await bodyOf(c, endpoints.mailUnsubscribe, unsubscribe);
    },
  ];
}

describe("the endpoint map's types", () => {
  it("gives each entry's answer type, from the contract", () => {
    expectTypeOf<AnswerOf<typeof endpoints.guestTypes>>().toEqualTypeOf<TypesResponse>();
    expectTypeOf<AnswerOf<typeof endpoints.estate>>().toEqualTypeOf<EstateResponse>();
    expect(typeof typedCalls).toBe("function");
    expect(typeof typedReads).toBe("function");
  });
});
