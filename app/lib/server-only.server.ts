import type { AppLoadContext } from "@remix-run/node";

/**
 * Where a loader puts the data that only server-rendered parts show (components/server-rendered.tsx,
 * decision 0057): the document's render reads it, and it stays out of the page's hydration data.
 * Null for a client-side navigation's data request, whose data carries it instead.
 */
export function serverOnlyOf(context: AppLoadContext): Record<string, unknown> | null {
  return context.documentRequest === true && context.serverOnly ? context.serverOnly : null;
}
