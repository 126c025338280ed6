/**
 * The footer's contacts, social links and mobile app links edited in the console (issue 31): add,
 * change (with the row's edit token: another version than the row's is refused with 409
 * editedMeanwhile) and remove, each in one transaction with its audit entry. The rows are seeded
 * only into an empty database (api/seed/directory.ts), so a removed one stays removed.
 */
import { asc, eq, sql } from "drizzle-orm";
import type {
  AppRow,
  ContactGroup,
  ContactInput,
  ContactRow,
  ContactsAdminResponse,
  SocialRow,
} from "../../../contract/operator-content";
import type { Db } from "../../db/client";
import { contacts, mobileApps, socials } from "../../db/schema";
import { HttpError, notFound } from "../../lib/http-errors";
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

/**
 * Adds (`saved` null) or changes a row of the group, the one `saved` names with the edit token the
 * form was filled from. The input is the group's, validated by the route (CONTACT_SCHEMAS).
 */
export async function saveFooterLink(db: Db, operatorId: number, group: ContactGroup, saved: { id: number; editVersion: number } | null, input: ContactInput<ContactGroup>) {
  const table = TABLES[group];
  const id = saved?.id ?? null;
  return db.transaction(async (tx) => {
    let before: Record<string, unknown> | null = null;
    if (saved !== null) {
      const [row] = await tx.select().from(table).where(eq(table.id, saved.id)).for("update");
      if (!row) throw notFound("contentNotFound");
      if (row.editVersion !== saved.editVersion) throw new HttpError(409, "editedMeanwhile");
      before = row;
    }
    const [written] =
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
      objectId: written.id,
      before: before ? snapshot(before) : null,
      after: snapshot(written),
    });
    return { id: written.id, editVersion: written.editVersion };
  });
}

/** Removes a row, read with the edit token `editVersion`. */
export async function removeFooterLink(db: Db, operatorId: number, group: ContactGroup, id: number, editVersion: number): Promise<void> {
  const table = TABLES[group];
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(table).where(eq(table.id, id)).for("update");
    if (!row) throw notFound("contentNotFound");
    if (row.editVersion !== editVersion) throw new HttpError(409, "editedMeanwhile");
    await tx.delete(table).where(eq(table.id, id));
    await recordAudit(tx, { operatorId, action: `${OBJECT_TYPES[group]}.delete`, objectType: OBJECT_TYPES[group], objectId: id, before: snapshot(row), after: null });
  });
}
