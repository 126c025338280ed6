import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: ["tests/api/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
    // Each file opens its own database (PGlite in memory, or a fresh PostgreSQL database), so
    // files run in parallel without sharing state. Three workers on this 2-core machine: some
    // files mostly wait (the sign-in pauses in accounts.test.ts, servers starting), and a third
    // worker keeps both cores busy meanwhile.
    pool: "forks",
    // One migrated database that every file's in-memory database is copied from.
    globalSetup: ["tests/support/pglite-image.setup.ts"],
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
