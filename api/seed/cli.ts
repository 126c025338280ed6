/**
 * `npm run seed -- [--estates N] [--data-dir DIR] [--batch N]`
 *
 * Opens the database (DATABASE_URL, or PGlite in `${DATA_DIR:-./data}/pglite`; `--data-dir`
 * overrides DATA_DIR), seeds the demo if it is empty (photos go to `<data dir>/uploads`, or to the
 * bucket with PHOTO_STORAGE=s3 and its S3_* settings, as the server's), then adds
 * N more published estates in bulk. Stop the server first when it uses the same PGlite folder.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { openPhotoStorage, s3SettingsFrom } from "../services/listing/s3-storage";
import { seedBulk } from "./bulk";
import { seedDemoIfEmpty } from "./demo";

const USAGE = "usage: npm run seed -- [--estates N] [--data-dir DIR] [--batch N]";

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/_/g, ""));
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got "${value}"\n${USAGE}`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      estates: { type: "string" },
      "data-dir": { type: "string" },
      batch: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const count = positiveInt("estates", values.estates, 0);
  const batchSize = positiveInt("batch", values.batch, 1000) || 1000;
  const dataDir = path.resolve(values["data-dir"] ?? process.env.DATA_DIR ?? "./data");
  const uploadsDir = path.join(dataDir, "uploads");
  const url = process.env.DATABASE_URL;
  const log = (line: string) => console.log(line);

  const started = performance.now();
  log(url ? "seed: database DATABASE_URL (PostgreSQL)" : `seed: database ${path.join(dataDir, "pglite")} (PGlite)`);
  const photos = await openPhotoStorage(s3SettingsFrom(process.env), uploadsDir);
  log(`seed: ${photos.describe()}`);
  const database = await openDatabase(url ? { url } : { dataDir: path.join(dataDir, "pglite") });
  try {
    const seeded = await seedDemoIfEmpty(database.db, { photos, log });
    if (!seeded) log("seed: demo data already present");
    if (count > 0) {
      const result = await seedBulk(database.db, { count, batchSize, log });
      log(`seed: added ${result.listings} listings (${result.estates} estates with units, ${result.bookings} bookings, ${result.reviews} reviews, ${result.photos} photos) in ${result.seconds} s`);
    }
  } finally {
    await database.close();
    photos.close();
  }
  log(`seed: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
