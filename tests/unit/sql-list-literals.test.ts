/**
 * The values of contract/'s lists are not written again as SQL string literals in the API's
 * services and routes (issue 28: each rule once): SQL names them through sqlLiteral/sqlLiterals
 * (api/lib/sql.ts) or drizzle's builder with the contract's constants, so a renamed or removed
 * value fails the typecheck instead of matching nothing in the database.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES } from "../../contract/booking-statuses";
import { ESTATE_STATUSES, LISTING_REVIEW_STATES } from "../../contract/estate-statuses";
import { NOTIFICATION_TYPES } from "../../contract/notification-types";
import { OUTBOX_STATUSES } from "../../contract/outbox-statuses";
import { TRANSACTION_KINDS, TRANSACTION_STATUSES } from "../../contract/transactions";

const root = path.resolve(__dirname, "../..");
const VALUES = [...BOOKING_STATUSES, ...ESTATE_STATUSES, ...LISTING_REVIEW_STATES, ...NOTIFICATION_TYPES, ...OUTBOX_STATUSES, ...TRANSACTION_KINDS, ...TRANSACTION_STATUSES];
const literal = new RegExp(`'(${[...new Set(VALUES)].join("|")})'`, "g");

/** `file:line 'value'` for each list value written as a single-quoted string. */
function literalsIn(code: string, file: string): string[] {
  return code.split("\n").flatMap((line, i) => [...line.matchAll(literal)].map((m) => `${file}:${i + 1} ${m[0]}`));
}

const sources = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => path.join(dir, name));

describe("contract lists in the API's SQL", () => {
  it("a list value written as a SQL literal is found", () => {
    expect(literalsIn("sql`SELECT 1 FROM estates e WHERE e.status = 'published'`", "x.ts")).toEqual(["x.ts:1 'published'"]);
    expect(literalsIn("where status in ('queued', 'sending')\nand kind = 'Success'", "y.ts")).toEqual(["y.ts:1 'queued'", "y.ts:1 'sending'", "y.ts:2 'Success'"]);
    expect(literalsIn("sql`e.status = ${sqlLiteral(ESTATE_STATUS.published)}` // 'code' is no list value", "z.ts")).toEqual([]);
  });

  it("no service or route writes one", () => {
    const files = [...sources("api/services"), ...sources("api/routes")];
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => literalsIn(fs.readFileSync(path.join(root, file), "utf8"), file))).toEqual([]);
  });
});
