/**
 * The footer's contacts, social links and mobile app links edited in the console (issue 31): add,
 * change (with the row's edit token: another version than the row's is refused with 409
 * editedMeanwhile) and remove, each in one transaction with its audit entry. The rows are seeded
 * only into an empty database (api/seed/directory.ts), so a removed one stays removed.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  CONTACT_SCHEMAS,
  editVersionSchema,
  type AppRow,
  type ContactGroup,
  type ContactRow,
  type ContactsAdminResponse,
  type SocialRow,
} from "../../../contract/operator-content";
import type { Db } from "../../db/client";
import { contacts, mobileApps, socials } from "../../db/schema";
import { HttpError, notFound } from "../../lib/http-errors";
import { parseInput } from "../../lib/validation";
import { recordAudit } from "./audit";

const TABLES = { contact: contacts, social: socials, app: mobileApps } as const;
/** The audit log's object type of each group (the table's row). */
const OBJECT_TYPES = { contact: "contact", social: "social", app: "mobile_app" } as const;

export async function listFooterLinks(db: Db): Promise<ContactsAdminResponse> {
  const [c, s, a] = await Promise.all([
    db.select().from(contacts).orderBy(asc(contacts.sortOrder), asc(contacts.id)),
    db.select().from(socials).orderBy(asc(socials.sortOrder), asc(socials.id)),
    db.select().from(mobileApps).orderBy(asc(mobileApps.sortOrder), asc(mobileApps.id)),
  ]);
  return {
    contacts: c.map((r): ContactRow => ({ id: r.id, kind: r.kind, value: r.value, label: r.label, sortOrder: r.sortOrder, editVersion: r.editVersion })),
    socials: s.map((r): SocialRow => ({ id: r.id, kind: r.kind, url: r.url, sortOrder: r.sortOrder, editVersion: r.editVersion })),
    apps: a.map((r): AppRow => ({ id: r.id, platform: r.platform, name: r.name, url: r.url, sortOrder: r.sortOrder, editVersion: r.editVersion })),
  };
}

/** What the audit entry keeps of a row: everything but its id and token. */
function snapshot(row: Record<string, unknown>) {
  const { id: _id, editVersion: _version, ...rest } = row;
  return rest;
}

/** Adds (`id` null) or changes a row of the group. */
export async function saveFooterLink(db: Db, operatorId: number, group: ContactGroup, id: number | null, body: unknown) {
  const input = parseInput(CONTACT_SCHEMAS[group] as z.ZodTypeAny, body) as Record<string, unknown>;
  const table = TABLES[group];
  return db.transaction(async (tx) => {
    let before: Record<string, unknown> | null = null;
    if (id !== null) {
      const { editVersion } = parseInput(editVersionSchema, body);
      const [row] = await tx.select().from(table).where(eq(table.id, id)).for("update");
      if (!row) throw notFound("contentNotFound");
      if (row.editVersion !== editVersion) throw new HttpError(409, "editedMeanwhile");
      before = row;
    }
    const [saved] =
      id === null
        ? await tx.insert(table).values(input as never).returning()
        : await tx
            .update(table)
            .set({ ...input, editVersion: sql`${table.editVersion} + 1` } as never)
            .where(eq(table.id, id))
            .returning();
    await recordAudit(tx, {
      operatorId,
      action: `${OBJECT_TYPES[group]}.${id === null ? "create" : "update"}`,
      objectType: OBJECT_TYPES[group],
      objectId: saved.id,
      before: before ? snapshot(before) : null,
      after: snapshot(saved),
    });
    return { id: saved.id, editVersion: saved.editVersion };
  });
}

export async function removeFooterLink(db: Db, operatorId: number, group: ContactGroup, id: number, body: unknown): Promise<void> {
  const { editVersion } = parseInput(editVersionSchema, body);
  const table = TABLES[group];
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(table).where(eq(table.id, id)).for("update");
    if (!row) throw notFound("contentNotFound");
    if (row.editVersion !== editVersion) throw new HttpError(409, "editedMeanwhile");
    await tx.delete(table).where(eq(table.id, id));
    await recordAudit(tx, { operatorId, action: `${OBJECT_TYPES[group]}.delete`, objectType: OBJECT_TYPES[group], objectId: id, before: snapshot(row), after: null });
  });
}
