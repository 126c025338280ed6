/**
 * The endpoint map types both sides of the boundary (decision 0078). These checks run in the
 * typecheck (`npm run typecheck` covers tests/): each `@ts-expect-error` fails it when the line
 * below it stops being an error, so a map that stopped typing answers or requests, say by an
 * `any` creeping in, breaks the build here. The runtime part only keeps vitest content.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import type { ApiClient } from "../../app/lib/api.server";
import type { TypesResponse } from "../../contract/directory";
import { endpoints, type AnswerOf } from "../../contract/endpoints";
import type { EstateResponse } from "../../contract/estate";

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
  ];
}

describe("the endpoint map's types", () => {
  it("gives each entry's answer type, from the contract", () => {
    expectTypeOf<AnswerOf<typeof endpoints.guestTypes>>().toEqualTypeOf<TypesResponse>();
    expectTypeOf<AnswerOf<typeof endpoints.estate>>().toEqualTypeOf<EstateResponse>();
    expect(typeof typedCalls).toBe("function");
  });
});
