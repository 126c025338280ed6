import type { Context } from "hono";
import type { Envelope } from "../../contract/common";
import type { AnswerOf, Endpoint } from "../../contract/endpoints";

/**
 * The success envelope of SPEC section 7, its `data` typed by the endpoint's entry in the map
 * (contract/endpoints.ts, decision 0078): the same type the web app's client reads, so a changed
 * answer fails the typecheck here and in the app. 201 for what a POST created.
 */
export const ok = <E extends Endpoint>(c: Context, _endpoint: E, data: AnswerOf<E>, status: 200 | 201 = 200) =>
  c.json({ success: true, data } satisfies Envelope<AnswerOf<E>>, status);

/** The same envelope for the few routes the web app does not call (listed in tests/unit/endpoints.test.ts). */
export const okOutsideMap = <T>(c: Context, data: T) => c.json({ success: true, data } satisfies Envelope<T>);
