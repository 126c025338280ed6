/**
 * `npm run api`: the marketplace API alone, for working on it or running it as its own service.
 * API_PORT (4000), DATABASE_URL (PostgreSQL) or DATA_DIR (./data: PGlite in DATA_DIR/pglite, photos
 * in DATA_DIR/uploads served at /uploads), PUBLIC_URL (absolute photo URLs).
 */
import path from "node:path";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { createApi } from "./app";
import { openDatabase } from "./db/client";
import { removeStalePartFiles } from "./services/listing/photo-storage";
import { warmSearchIndex } from "./services/search/search-index";

const port = Number.parseInt(process.env.API_PORT ?? "4000", 10);
if (!Number.isInteger(port) || port <= 0 || port > 65_535) throw new Error(`API_PORT must be a port number, got "${process.env.API_PORT}"`);
const dataDir = path.resolve(process.env.DATA_DIR || "./data");
const databaseUrl = process.env.DATABASE_URL || undefined;

const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, "pglite") });
const dataKey = process.env.DATA_ENCRYPTION_KEY || undefined;
if (process.env.NODE_ENV === "production" && !dataKey) throw new Error("DATA_ENCRYPTION_KEY is required in production (at least 32 random characters)");
const api = createApi({ db: database.db, publicUrl: process.env.PUBLIC_URL || undefined, dataKey });
warmSearchIndex(database.db);
void removeStalePartFiles(path.join(dataDir, "uploads")).then((removed) => removed && console.log(`uploads: removed ${removed} half-written file(s) (.part)`));

const app = new Hono()
  .use("/uploads/*", serveStatic({ root: path.relative(process.cwd(), path.join(dataDir, "uploads")) || ".", rewriteRequestPath: (p) => p.replace(/^\/uploads/, "") }))
  .all("*", (c) => api.fetch(c.req.raw));

const server = serve({ fetch: app.fetch, port }, (info) => {
  console.log(`Konok API on http://localhost:${info.port}/api (${database.engine})`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing the API`);
  server.close(async () => {
    await database.close();
    process.exit(0);
  });
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
