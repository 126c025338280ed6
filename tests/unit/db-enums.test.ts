/**
 * The database's booking statuses and notification types are the contract's lists (issue 28: each
 * rule once). The schema builds its enums from contract/; this checks the migrated database too, so a
 * status added to the contract without a migration (or the other way round) fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../../api/db/client";
import { bookingStatusEnum, notificationTypeEnum } from "../../api/db/schema";
import { ACTIVE_BOOKING_STATUSES, BOOKING_STATUSES } from "../../contract/booking-statuses";
import { NOTIFICATION_TYPES } from "../../contract/notification-types";
import { NOTIFICATION_TYPES as SHOWN_TYPES } from "../../app/components/profile/notification-item";
import { inMemoryDatabase } from "../support/in-memory-database";

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

  it("the generated `active` column holds exactly the contract's active statuses", async () => {
    const { rows } = await database.db.execute<{ expr: string }>(
      sql`SELECT pg_get_expr(d.adbin, d.adrelid) AS expr FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
          WHERE d.adrelid = 'bookings'::regclass AND a.attname = 'active'`,
    );
    const named = BOOKING_STATUSES.filter((s) => rows[0].expr.includes(`'${s}'`));
    expect(named.sort()).toEqual([...ACTIVE_BOOKING_STATUSES].sort());
  });
});
