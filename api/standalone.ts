/**
 * `npm run api`: the marketplace API alone, for working on it or running it as its own service.
 * API_PORT (4000), DATABASE_URL (PostgreSQL) or DATA_DIR (./data: PGlite in DATA_DIR/pglite, photos
 * in DATA_DIR/uploads served at /uploads), PUBLIC_URL (absolute photo URLs), PHOTO_STORAGE=s3 with
 * its S3_* settings (photos in a bucket, docs/operations.md).
 */
import path from "node:path";
import { Readable } from "node:stream";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { createApi } from "./app";
import { openDatabase } from "./db/client";
import { createDataCipher, DEVELOPMENT_DATA_KEY } from "./lib/data-cipher";
import { logMailSender } from "./services/messaging/mail-sender";
import { Outbox } from "./services/messaging/outbox";
import { logSmsSender, routeByCountry } from "./services/messaging/sms-senders";
import { PHOTO_CACHE_CONTROL, contentTypeOf, isSafeKey, removeStalePartFiles } from "./services/listing/photo-storage";
import { openPhotoStorage, s3SettingsFrom, type S3PhotoStorage } from "./services/listing/s3-storage";
import { warmSearchIndex } from "./services/search/search-index";

const port = Number.parseInt(process.env.API_PORT ?? "4000", 10);
if (!Number.isInteger(port) || port <= 0 || port > 65_535) throw new Error(`API_PORT must be a port number, got "${process.env.API_PORT}"`);
const dataDir = path.resolve(process.env.DATA_DIR || "./data");
const databaseUrl = process.env.DATABASE_URL || undefined;

const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, "pglite") });
const dataKey = process.env.DATA_ENCRYPTION_KEY || undefined;
if (process.env.NODE_ENV === "production" && !dataKey) throw new Error("DATA_ENCRYPTION_KEY is required in production (at least 32 random characters)");
// Messages go to the log here (the full server has the gateways). In production the codes stay out
// of the log unless LOG_CODES=1, and the outbox erases each text once it is sent (issue 26):
// createApi's default outbox keeps texts and prints codes, for tests and development only.
const production = process.env.NODE_ENV === "production";
const logCodes = process.env.LOG_CODES ? process.env.LOG_CODES === "1" || process.env.LOG_CODES === "true" : !production;
const log = logCodes ? (line: string) => console.log(line) : null;
const outbox = new Outbox(database.db, {
  cipher: createDataCipher(dataKey ?? DEVELOPMENT_DATA_KEY),
  sms: routeByCountry({ kg: logSmsSender(log) }),
  mail: logMailSender(log),
  keepText: !production,
});
const stopOutbox = outbox.start();
const uploadsDir = path.join(dataDir, "uploads");
const photos = await openPhotoStorage(s3SettingsFrom(process.env), uploadsDir);
const api = createApi({ db: database.db, publicUrl: process.env.PUBLIC_URL || undefined, dataKey, messages: outbox, exposeOutbox: !production, uploadsDir, photos, listingReview: /^(on|1|true)$/.test(process.env.LISTING_REVIEW ?? "") });
warmSearchIndex(database.db);
if (photos.kind === "local") void removeStalePartFiles(uploadsDir).then((removed) => removed && console.log(`uploads: removed ${removed} half-written file(s) (.part)`));

const app = new Hono()
  .use(
    "/uploads/*",
    photos.kind === "local"
      ? serveStatic({ root: path.relative(process.cwd(), uploadsDir) || ".", rewriteRequestPath: (p) => p.replace(/^\/uploads/, ""), onFound: (_p, c) => c.header("Cache-Control", PHOTO_CACHE_CONTROL) })
      : async (c) => {
          // The bucket's object streamed on, as the full server's /uploads does (server/photo-files.ts).
          let key = "";
          try {
            key = decodeURIComponent(c.req.path.replace(/^\/uploads\//, ""));
          } catch {
            // broken percent-encoding: no such photo
          }
          const object = isSafeKey(key) ? await (photos as S3PhotoStorage).open(key) : null;
          if (!object || object.status !== 200) return c.text("Not found", 404);
          return new Response(Readable.toWeb(object.body) as ReadableStream, { headers: { "Content-Type": contentTypeOf(key), "Cache-Control": PHOTO_CACHE_CONTROL } });
        },
  )
  .all("*", (c) => api.fetch(c.req.raw));

const server = serve({ fetch: app.fetch, port }, (info) => {
  console.log(`Konok API on http://localhost:${info.port}/api (${database.engine}; ${photos.describe()})`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing the API`);
  server.close(async () => {
    await stopOutbox();
    await database.close();
    process.exit(0);
  });
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
