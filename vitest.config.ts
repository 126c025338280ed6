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
    // A worker keeps its modules from one file to the next instead of importing the API, drizzle
    // and React again for each: module imports were ~115 of the run's CPU seconds, ~35 without
    // isolation (user + system CPU of the whole run 3 min 16 s → 2 min 29 s). Safe because no
    // file keeps state in a module: each opens its own database and app, and the few spies are
    // restored in the test that made them.
    isolate: false,
    // One migrated database that every file's in-memory database is copied from.
    globalSetup: ["tests/support/pglite-image.setup.ts"],
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
