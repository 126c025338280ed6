import v8 from "node:v8";

/** How far V8 lets the old generation grow past its live size before a full collection. */
export const HEAP_GROWING_PERCENT = 50;

/**
 * When collections are cheap V8 lets the old generation grow to about four times its live size.
 * Under load that was ~200 MB of heap holding ~50 MB of live objects, and most of what put the
 * process over its 400 MB budget. 50 % keeps it under for about the same CPU per request
 * (docs/decisions/0056-bounded-heap-growth.md). V8 reads the flag at every collection, so setting
 * it once the process runs works; a `--heap-growing-percent` on node's command line wins.
 */
export function boundHeapGrowth(execArgv: readonly string[] = process.execArgv): number | null {
  if (execArgv.some((arg) => arg.startsWith("--heap-growing-percent") || arg.startsWith("--heap_growing_percent"))) return null;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return HEAP_GROWING_PERCENT;
}
