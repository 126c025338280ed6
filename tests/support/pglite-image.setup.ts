/**
 * Vitest's global setup: one migrated PGlite database, whose files every test file's in-memory
 * database is then opened from (`tests/support/in-memory-database.ts`). A new cluster plus the
 * migrations cost ~4 s of CPU per file, a copy ~0.5 s. Runs on PostgreSQL (TEST_DATABASE_URL)
 * create their databases on the server and need none.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../api/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** The file holding the migrated database's image, or "" when there is none. */
    pgliteImage: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await openDatabase({ dataDir: null });
  const file = path.join(os.tmpdir(), `konok-pglite-image-${process.pid}.tar`);
  try {
    fs.writeFileSync(file, await database.image!());
  } finally {
    await database.close();
  }
  project.provide("pgliteImage", file);
  return () => fs.rmSync(file, { force: true });
}
