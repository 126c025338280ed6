import fs from "node:fs";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../api/db/client";

let image: Uint8Array | undefined;

function suiteImage(): Uint8Array | undefined {
  const file = inject("pgliteImage");
  image ??= file ? new Uint8Array(fs.readFileSync(file)) : undefined;
  return image;
}

/** A PGlite database in memory with every migration applied, a copy of the suite's image (pglite-image.setup.ts). */
export function inMemoryDatabase(): Promise<Database> {
  return openDatabase({ dataDir: null, image: suiteImage() });
}

/**
 * A PGlite folder on disk (`dataDir`, the `pglite` folder) holding a copy of the suite's migrated
 * database, for a command under test that opens a folder itself: a new cluster plus the
 * migrations took ~20 s on a busy machine, a copy ~3.5 s (measured 2026-11-29, load ~15).
 */
export async function migratedFolder(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir, image: suiteImage() });
  await database.close();
}
