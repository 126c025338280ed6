/**
 * `npm run photos:to-s3 -- [--data-dir DIR] [--dry-run]`: copies the photos of a local uploads
 * folder (`${DATA_DIR:-./data}/uploads`) into the bucket that PHOTO_STORAGE=s3 and the S3_* settings
 * name, under the same keys, so the database's photo rows keep pointing at them. Safe to run
 * again: files already in the bucket with the same size are skipped. The folder is only read.
 * docs/operations.md, "Photos on object storage", says when to run it while going live.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { copyFolderTo } from "./services/listing/photo-storage";
import { s3SettingsFrom, s3Storage } from "./services/listing/s3-storage";

const USAGE = "usage: PHOTO_STORAGE=s3 S3_BUCKET=… [S3_ENDPOINT=…] npm run photos:to-s3 -- [--data-dir DIR] [--dry-run]";

async function main() {
  const { values } = parseArgs({
    options: { "data-dir": { type: "string" }, "dry-run": { type: "boolean" }, help: { type: "boolean", short: "h" } },
    strict: true,
  });
  if (values.help) return void console.log(USAGE);
  const settings = s3SettingsFrom(process.env);
  if (!settings) throw new Error(`PHOTO_STORAGE=s3 and the bucket's S3_* settings are needed: they name where the photos go\n${USAGE}`);
  const uploadsDir = path.join(path.resolve(values["data-dir"] ?? process.env.DATA_DIR ?? "./data"), "uploads");
  const bucket = await s3Storage(settings);
  console.log(`photos:to-s3: from ${uploadsDir} to ${bucket.describe()}${values["dry-run"] ? " (dry run: nothing is written)" : ""}`);
  const started = performance.now();
  try {
    const result = await copyFolderTo(uploadsDir, bucket, { log: (line) => console.log(`photos:to-s3: ${line}`), dryRun: values["dry-run"] });
    const mb = (result.bytes / 1024 / 1024).toFixed(1);
    console.log(
      `photos:to-s3: ${values["dry-run"] ? "would copy" : "copied"} ${result.copied} file(s) (${mb} MB), ${result.present} already in the bucket, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    bucket.close();
  }
}

main().catch((error: unknown) => {
  console.error(`photos:to-s3: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
