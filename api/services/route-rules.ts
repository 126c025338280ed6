/**
 * Route rules: redirects of page paths (without locale prefix) kept in the database and consulted
 * by the web server before any route. Saving refuses a rule that would make a redirect loop, and
 * tells the in-process listeners, so the server's cached copy is refreshed at once.
 */
import { asc, sql } from "drizzle-orm";
import { z } from "zod";
import type { RouteRule } from "../../contract/content";
import type { Db } from "../db/client";
import { routeRules } from "../db/schema";
import { fieldError, invalidInput } from "../lib/http-errors";
import { issueText } from "../lib/validation";
import { msg } from "../../contract/message-key";

/** A Konok page path: starts with one slash, no query or fragment, no locale prefix, no /api. */
export const routeRulePathSchema = z
  .string()
  .trim()
  .regex(/^\/(?!\/)[^?#\s]*$/, msg("routePathInvalid"))
  .refine((p) => !/^\/(en|ky|ru)(\/|$)/.test(p), msg("routePathInvalid"))
  .refine((p) => !/^\/api(\/|$)/.test(p), msg("routePathInvalid"))
  .transform((p) => (p.length > 1 ? p.replace(/\/+$/, "") : p));

export const routeRuleSchema = z.object({
  path: routeRulePathSchema,
  target: z
    .string()
    .trim()
    .refine((t) => /^https:\/\/[^\s/]+/.test(t) || /^\/(?!\/)[^\s#]*$/.test(t), msg("routeTargetInvalid")),
  status: z.union([z.literal(301), z.literal(302)]).default(301),
});
export type RouteRuleInput = z.input<typeof routeRuleSchema>;

const listeners = new Set<() => void>();

/** Called after every change of the rules (in this process). Returns the unsubscribe function. */
export function onRouteRulesChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function listRouteRules(db: Db): Promise<RouteRule[]> {
  const rows = await db.select({ path: routeRules.path, target: routeRules.target, status: routeRules.status }).from(routeRules).orderBy(asc(routeRules.path));
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
    .onConflictDoUpdate({ target: routeRules.path, set: { target: rule.target, status: rule.status, updatedAt: sql`now()` } });
  for (const listener of listeners) listener();
  return rule;
}

export async function deleteRouteRule(db: Db, path: string): Promise<void> {
  await db.delete(routeRules).where(sql`${routeRules.path} = ${path}`);
  for (const listener of listeners) listener();
}
