import { sql } from "drizzle-orm";

/**
 * An integer array parameter. Drizzle expands a JS array into a list of parameters, and the two
 * drivers serialise array parameters differently, so it travels as a Postgres array literal.
 */
export const intArray = (values: readonly number[]) => sql`${`{${values.map((v) => Math.trunc(v)).join(",")}}`}::int[]`;
