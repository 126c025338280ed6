/**
 * The database's enums are the contract's lists (issue 28: each rule once): booking statuses,
 * notification types, listing statuses and review states, outbox statuses, transaction kinds and
 * statuses. The schema builds its enums from contract/; this checks the migrated database too, so a
 * status added to the contract without a migration (or the other way round) fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../../api/db/client";
import {
  bookingStatusEnum,
  estateStatusEnum,
  listingReviewStateEnum,
  notificationTypeEnum,
  outboxStatusEnum,
  transactionKindEnum,
  transactionStatusEnum,
} from "../../api/db/schema";
import { ACTIVE_BOOKING_STATUSES, BOOKING_STATUSES } from "../../contract/booking-statuses";
import { ESTATE_STATUSES, LISTING_REVIEW_STATES } from "../../contract/estate-statuses";
import { OUTBOX_DUE_STATUSES, OUTBOX_STATUSES } from "../../contract/outbox-statuses";
import { TRANSACTION_KINDS, TRANSACTION_STATUSES } from "../../contract/transactions";
import { NOTIFICATION_TYPES } from "../../contract/notification-types";
import { NOTIFICATION_TYPES as SHOWN_TYPES } from "../../app/components/profile/notification-item";
import { inMemoryDatabase } from "../support/in-memory-database";
import { COLUMNS } from "../../api/seed/sql";

let database: Database;
beforeAll(async () => {
  database = await inMemoryDatabase();
});
afterAll(() => database.close());

const labels = async (type: string) => {
  const { rows } = await database.db.execute<{ label: string }>(
    sql`SELECT e.enumlabel AS label FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid WHERE t.typname = ${type} ORDER BY e.enumsortorder`,
  );
  return rows.map((r) => r.label);
};

describe("database enums come from contract/", () => {
  it("booking_status: the schema's enum and the migrated database hold the contract's statuses", async () => {
    expect(bookingStatusEnum.enumValues).toEqual([...BOOKING_STATUSES]);
    expect([...(await labels("booking_status"))].sort()).toEqual([...BOOKING_STATUSES].sort());
  });

  it("notification_type: the schema's enum, the migrated database and the profile list hold the contract's types", async () => {
    expect(notificationTypeEnum.enumValues).toEqual([...NOTIFICATION_TYPES]);
    expect([...(await labels("notification_type"))].sort()).toEqual([...NOTIFICATION_TYPES].sort());
    expect(SHOWN_TYPES).toBe(NOTIFICATION_TYPES);
  });

  it.each([
    { type: "estate_status", schema: estateStatusEnum, list: ESTATE_STATUSES },
    { type: "listing_review_state", schema: listingReviewStateEnum, list: LISTING_REVIEW_STATES },
    { type: "outbox_status", schema: outboxStatusEnum, list: OUTBOX_STATUSES },
    { type: "transaction_kind", schema: transactionKindEnum, list: TRANSACTION_KINDS },
    { type: "transaction_status", schema: transactionStatusEnum, list: TRANSACTION_STATUSES },
  ])("$type: the schema's enum and the migrated database hold the contract's list", async ({ type, schema, list }) => {
    expect(schema.enumValues).toEqual([...list]);
    expect(await labels(type)).toEqual([...list]);
  });

  it("the columns are of these enums", async () => {
    const { rows } = await database.db.execute<{ col: string; type: string }>(
      sql`SELECT c.table_name || '.' || c.column_name AS col, c.udt_name AS type FROM information_schema.columns c
          WHERE (c.table_name, c.column_name) IN (('estates', 'status'), ('estates', 'review_state'), ('sms_outbox', 'status'), ('email_outbox', 'status'), ('transactions', 'kind'), ('transactions', 'status'))
          ORDER BY 1`,
    );
    expect(rows).toEqual([
      { col: "email_outbox.status", type: "outbox_status" },
      { col: "estates.review_state", type: "listing_review_state" },
      { col: "estates.status", type: "estate_status" },
      { col: "sms_outbox.status", type: "outbox_status" },
      { col: "transactions.kind", type: "transaction_kind" },
      { col: "transactions.status", type: "transaction_status" },
    ]);
  });

  it("the outboxes' due indexes cover exactly the contract's due statuses", async () => {
    const { rows } = await database.db.execute<{ name: string; def: string }>(
      sql`SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE indexname IN ('sms_outbox_due_idx', 'email_outbox_due_idx') ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(["email_outbox_due_idx", "sms_outbox_due_idx"]);
    for (const { def } of rows) expect(OUTBOX_STATUSES.filter((s) => def.includes(`'${s}'`))).toEqual([...OUTBOX_DUE_STATUSES]);
  });

  it("the generated `active` column holds exactly the contract's active statuses", async () => {
    const { rows } = await database.db.execute<{ expr: string }>(
      sql`SELECT pg_get_expr(d.adbin, d.adrelid) AS expr FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
          WHERE d.adrelid = 'bookings'::regclass AND a.attname = 'active'`,
    );
    const named = BOOKING_STATUSES.filter((s) => rows[0].expr.includes(`'${s}'`));
    expect(named.sort()).toEqual([...ACTIVE_BOOKING_STATUSES].sort());
  });

  it("the seed's bulk insert names each column's own type (a text cast into an enum column fails)", async () => {
    // The names the seed writes, as the catalogue spells them.
    const spelled: Record<string, string> = { int: "int4", real: "float4", boolean: "bool", "int[]": "_int4" };
    const { rows } = await database.db.execute<{ table_name: string; column_name: string; udt_name: string }>(
      sql`SELECT table_name, column_name, udt_name FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const actual = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r.udt_name]));
    const differing = Object.entries(COLUMNS).flatMap(([table, columns]) =>
      columns
        .map(([name, type]) => [`${table}.${name}`, spelled[type] ?? type] as const)
        .filter(([key, type]) => actual.get(key) !== type)
        .map(([key, type]) => `${key}: seed ${type}, database ${actual.get(key) ?? "none"}`),
    );
    expect(differing).toEqual([]);
  });
});
