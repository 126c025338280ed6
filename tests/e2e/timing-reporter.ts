/**
 * Prints the wall time each spec file took (both projects together), slowest first, after the
 * run: the suite has a 10-minute budget, and this is where its cost shows. It also prints how busy
 * the machine's cores were meanwhile (everything on it, from /proc/stat): near 100 % the suite is
 * bound by CPU and more workers cannot help; well below, it waits on something else.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class SpecTimingReporter implements Reporter {
  private readonly perFile = new Map<string, { ms: number; tests: number }>();
  private startedAt = Date.now();
  private cpuAtStart = cpuTimes();

  onBegin() {
    this.startedAt = Date.now();
    this.cpuAtStart = cpuTimes();
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
    const cpu = cpuTimes();
    if (cpu && this.cpuAtStart) {
      const busy = cpu.busy - this.cpuAtStart.busy;
      const all = busy + cpu.idle - this.cpuAtStart.idle;
      if (all > 0) console.log(`the machine's ${os.availableParallelism()} cores were ${Math.round((100 * busy) / all)} % busy during the run`);
    }
  }

  printsToStdio() {
    return false;
  }
}

/** Jiffies the whole machine spent busy and idle since boot (Linux; undefined elsewhere). */
function cpuTimes(): { busy: number; idle: number } | undefined {
  try {
    const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are the idle part.
    const idle = fields[3] + (fields[4] ?? 0);
    const busy = fields.slice(0, 8).reduce((sum, n) => sum + n, 0) - idle;
    return { busy, idle };
  } catch {
    return undefined;
  }
}
