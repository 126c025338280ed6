/**
 * Prints the wall time each spec file took (both projects together), slowest first, after the
 * run: the suite has a 10-minute budget, and this is where its cost shows.
 */
import path from "node:path";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class SpecTimingReporter implements Reporter {
  private readonly perFile = new Map<string, { ms: number; tests: number }>();
  private startedAt = Date.now();

  onBegin() {
    this.startedAt = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.relative(process.cwd(), test.location.file);
    const entry = this.perFile.get(file) ?? { ms: 0, tests: 0 };
    entry.ms += result.duration;
    entry.tests += 1;
    this.perFile.set(file, entry);
  }

  onEnd(result: FullResult) {
    const rows = [...this.perFile].sort((a, b) => b[1].ms - a[1].ms);
    const total = rows.reduce((sum, [, e]) => sum + e.ms, 0);
    const lines = rows.map(([file, e]) => `${(e.ms / 1000).toFixed(1).padStart(7)} s  ${String(e.tests).padStart(4)} runs  ${file}`);
    console.log(`\nTime per spec file (test time summed over workers; wall ${((Date.now() - this.startedAt) / 1000).toFixed(0)} s, ${result.status}):`);
    console.log(lines.join("\n"));
    console.log(`${(total / 1000).toFixed(1).padStart(7)} s  in all`);
  }

  printsToStdio() {
    return false;
  }
}
