/**
 * Route rules: redirects of page paths (without locale prefix) kept in the database and consulted
 * by the web server before any route. Saving refuses a rule that would make a redirect loop, and
 * tells the in-process listeners, so the server's cached copy is refreshed at once. Operators edit
 * them in the console (issue 31) with the row's edit token; a removed rule keeps its row
 * (`deleted_at`), so the start-up seed, which adds only paths it has never seen, leaves it removed.
 */
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { RouteRule } from "../../contract/content";
import { routeRuleSchema, type RouteRuleInput, type RouteRuleRow } from "../../contract/operator-content";
import type { Db } from "../db/client";
import { routeRules } from "../db/schema";
import { fieldError, HttpError, invalidInput, notFound } from "../lib/http-errors";
import { issueText } from "../lib/validation";
import { recordAudit } from "./operator/audit";


const listeners = new Set<() => void>();

/** Called after every change of the rules (in this process). Returns the unsubscribe function. */
export function onRouteRulesChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function listRouteRules(db: Db): Promise<RouteRule[]> {
  const rows = await db
    .select({ path: routeRules.path, target: routeRules.target, status: routeRules.status })
    .from(routeRules)
    .where(isNull(routeRules.deletedAt))
    .orderBy(asc(routeRules.path));
  return rows.map((r) => ({ path: r.path, target: r.target, status: r.status === 302 ? 302 : 301 }));
}

/** The path part of an internal target (`/faq?x=1` → `/faq`); null for an external URL. */
function internalPath(target: string): string | null {
  if (!target.startsWith("/")) return null;
  const path = target.split("?")[0];
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/**
 * The path a chain of redirects from `start` comes back to, if it loops; null when it ends. The
 * rules are those saved plus the one being saved (which replaces a saved rule of the same path).
 */
export function findLoop(rules: Pick<RouteRule, "path" | "target">[], start: string): string[] | null {
  const byPath = new Map(rules.map((r) => [r.path, r.target]));
  const seen = [start];
  let current = start;
  for (;;) {
    const target = byPath.get(current);
    if (target === undefined) return null;
    const next = internalPath(target);
    if (next === null) return null;
    if (seen.includes(next)) return [...seen, next];
    seen.push(next);
    current = next;
  }
}

export async function saveRouteRule(db: Db, input: RouteRuleInput): Promise<RouteRule> {
  const parsed = routeRuleSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidInput({ [String(issue.path[0] ?? "input")]: [issueText(issue)] });
  }
  const rule = parsed.data as RouteRule;
  const others = (await listRouteRules(db)).filter((r) => r.path !== rule.path);
  const loop = findLoop([...others, rule], rule.path);
  if (loop) throw fieldError("target", "redirectLoop", { path: loop.join(" → ") });
  await db
    .insert(routeRules)
    .values({ path: rule.path, target: rule.target, status: rule.status })
    .onConflictDoUpdate({ target: routeRules.path, set: { target: rule.target, status: rule.status, deletedAt: null, updatedAt: sql`now()`, editVersion: sql`${routeRules.editVersion} + 1` } });
  for (const listener of listeners) listener();
  return rule;
}

/** The rules as the console lists them, with their ids and edit tokens. */
export async function listRouteRuleRows(db: Db): Promise<RouteRuleRow[]> {
  const rows = await db.select().from(routeRules).where(isNull(routeRules.deletedAt)).orderBy(asc(routeRules.path));
  return rows.map((r) => ({ id: r.id, path: r.path, target: r.target, status: r.status === 302 ? 302 : 301, editVersion: r.editVersion }));
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The live rule `id` locked for a change, refused when gone or when the form's token is old. */
async function lockedRule(tx: Tx, id: number, editVersion: number) {
  const [row] = await tx.select().from(routeRules).where(and(eq(routeRules.id, id), isNull(routeRules.deletedAt))).for("update");
  if (!row) throw notFound("contentNotFound");
  if (row.editVersion !== editVersion) throw new HttpError(409, "editedMeanwhile");
  return row;
}
const audited = (r: { path: string; target: string; status: number }) => ({ path: r.path, target: r.target, status: r.status });

/**
 * An operator adds a rule (`changed` null) or changes the one `changed` names, read with its edit
 * token: validated as any rule (by the route, routeRuleSchema), a loop refused, a path another
 * live rule has refused beside the path; a removed rule's path is taken over by the new one.
 */
export async function saveRouteRuleAsOperator(db: Db, operatorId: number, changed: { id: number; editVersion: number } | null, rule: RouteRule): Promise<RouteRuleRow> {
  const id = changed?.id ?? null;
  const saved = await db.transaction(async (tx) => {
    const before = changed === null ? null : await lockedRule(tx, changed.id, changed.editVersion);
    const live = await tx.select().from(routeRules).where(isNull(routeRules.deletedAt));
    if (live.some((r) => r.path === rule.path && r.id !== id)) throw fieldError("path", "slugTaken");
    const others = live.filter((r) => r.id !== id).map((r) => ({ path: r.path, target: r.target }));
    const loop = findLoop([...others, rule], rule.path);
    if (loop) throw fieldError("target", "redirectLoop", { path: loop.join(" → ") });
    // A removed rule's row holds the path (unique): the new or renamed rule takes it over.
    await tx.delete(routeRules).where(and(eq(routeRules.path, rule.path), sql`${routeRules.deletedAt} IS NOT NULL`, id === null ? undefined : ne(routeRules.id, id)));
    const [row] =
      id === null
        ? await tx.insert(routeRules).values({ path: rule.path, target: rule.target, status: rule.status }).returning()
        : await tx
            .update(routeRules)
            .set({ path: rule.path, target: rule.target, status: rule.status, updatedAt: sql`now()`, editVersion: sql`${routeRules.editVersion} + 1` })
            .where(eq(routeRules.id, id))
            .returning();
    await recordAudit(tx, { operatorId, action: id === null ? "route_rule.create" : "route_rule.update", objectType: "route_rule", objectId: row.id, before: before ? audited(before) : null, after: audited(row) });
    return row;
  });
  for (const listener of listeners) listener();
  return { id: saved.id, path: saved.path, target: saved.target, status: saved.status === 302 ? 302 : 301, editVersion: saved.editVersion };
}

/** An operator removes a rule: it stops redirecting, its row stays marked removed (see above). */
export async function removeRouteRuleAsOperator(db: Db, operatorId: number, id: number, editVersion: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedRule(tx, id, editVersion);
    await tx.update(routeRules).set({ deletedAt: sql`now()`, editVersion: sql`${routeRules.editVersion} + 1` }).where(eq(routeRules.id, id));
    await recordAudit(tx, { operatorId, action: "route_rule.delete", objectType: "route_rule", objectId: id, before: audited(before), after: null });
  });
  for (const listener of listeners) listener();
}

export async function deleteRouteRule(db: Db, path: string): Promise<void> {
  await db.delete(routeRules).where(sql`${routeRules.path} = ${path}`);
  for (const listener of listeners) listener();
}
