import fs from "node:fs";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../api/db/client";

let image: Uint8Array | undefined;

/** A PGlite database in memory with every migration applied, a copy of the suite's image (pglite-image.setup.ts). */
export function inMemoryDatabase(): Promise<Database> {
  const file = inject("pgliteImage");
  image ??= file ? new Uint8Array(fs.readFileSync(file)) : undefined;
  return openDatabase({ dataDir: null, image });
}
