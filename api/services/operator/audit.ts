/**
 * The audit log of operator actions (issue 31): one row per action, written in the transaction of
 * the change itself, never edited or deleted by the application. The console's audit page and the
 * API's GET /api/v1/operator/audit read it.
 */
import { and, desc, eq, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import type { AuditEntry, AuditPage } from "../../../contract/operator";
import type { Db } from "../../db/client";
import { auditLog, users } from "../../db/schema";

type Tx = Pick<Db, "insert" | "select" | "execute">;

export type AuditRecord = {
  /** Null when the `npm run operator` command acted from the server's shell. */
  operatorId: number | null;
  action: string;
  objectType: string;
  objectId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
};

export async function recordAudit(tx: Tx, entry: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    operatorId: entry.operatorId,
    action: entry.action,
    objectType: entry.objectType,
    objectId: String(entry.objectId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason?.trim() || null,
  });
}

/**
 * Marks the transaction as an operator's, for the listing status history that a trigger writes
 * (migration 0022, estate_status_events.actor); the setting ends with the transaction.
 */
export const actAsOperator = (tx: Pick<Db, "execute">) => tx.execute(sql`SELECT set_config('konok.actor', 'operator', true)`);

export type AuditQuery = {
  /** Words matched against the action, the object, the reason and the operator's name or phone. */
  q?: string;
  action?: string;
  objectType?: string;
  objectId?: string;
  operatorId?: number;
  /** Entries older than this id (the next page). */
  before?: number;
  limit?: number;
};

export async function searchAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 200);
  const where: SQL[] = [];
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.objectType) where.push(eq(auditLog.objectType, query.objectType));
  if (query.objectId) where.push(eq(auditLog.objectId, query.objectId));
  if (query.operatorId) where.push(eq(auditLog.operatorId, query.operatorId));
  if (query.before) where.push(lt(auditLog.id, query.before));
  const q = query.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(auditLog.action, like),
        ilike(auditLog.objectId, like),
        ilike(auditLog.reason, like),
        ilike(users.phone, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
        sql`${auditLog.before}::text ILIKE ${like}`,
        sql`${auditLog.after}::text ILIKE ${like}`,
      )!,
    );
  }
  const rows = await db
    .select({ entry: auditLog, phone: users.phone, firstName: users.firstName, lastName: users.lastName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.operatorId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const entries: AuditEntry[] = rows.slice(0, limit).map(({ entry, phone, firstName, lastName }) => ({
    id: entry.id,
    operator: entry.operatorId === null ? null : { id: entry.operatorId, name: [firstName, lastName].filter(Boolean).join(" "), phone: phone ?? null },
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { entries, nextBefore: rows.length > limit ? entries[entries.length - 1].id : null };
}
