import type { Context } from "hono";
import type { Envelope } from "../../contract/common";

/** The success envelope of SPEC section 7, typed against the contract's response type. */
export const ok = <T>(c: Context, data: T) => c.json({ success: true, data } satisfies Envelope<T>);
