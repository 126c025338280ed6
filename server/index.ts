/**
 * The one process of Konok: the web app, the marketplace API at /api and static files on one
 * HTTP server, over the embedded database unless DATABASE_URL or API_BASE_URL point elsewhere.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { createApi } from "../api/app";
import { openDatabase, type Database } from "../api/db/client";
import { seedContent } from "../api/seed/content";
import { seedDemoIfEmpty } from "../api/seed/demo";
import { scheduleMissingDeadlines, startSweeper } from "../api/services/booking/sweeper";
import { warmSearchIndex } from "../api/services/search/search-index";
import { DEFAULT_TIMINGS, type BookingTimings } from "../api/services/booking/state-machine";
import type { AppContext } from "../app/load-context";
import { ConfigError, loadConfig, type Config } from "./config";
import { mountApi, sameOriginActions, securityHeaders } from "./http";
import { routeRules } from "./route-rules";
import { onRouteRulesChanged } from "../api/services/route-rules";
import type { RouteRulesResponse } from "../contract/content";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function startServer(config: Config) {
  const database = config.API_BASE_URL ? null : await openLocalDatabase(config);
  const timings: BookingTimings = {
    ...DEFAULT_TIMINGS,
    confirmSeconds: config.BOOKING_CONFIRM_SECONDS,
    confirmWarnSeconds: config.BOOKING_CONFIRM_WARN_SECONDS,
    paymentSeconds: config.BOOKING_PAYMENT_SECONDS,
    paymentWarnSeconds: config.BOOKING_PAYMENT_WARN_SECONDS,
  };
  const api = database
    ? createApi({
        timings,
        db: database.db,
        exposeOutbox: config.NODE_ENV !== "production",
        auth: { secret: config.API_SECRET, accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS, refreshTtlSeconds: config.REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 },
      })
    : null;
  const apiFetch: AppContext["apiFetch"] = api
    ? (apiPath, init) => Promise.resolve(api.fetch(new Request(new URL(apiPath, "http://konok.internal"), init)))
    : (apiPath, init) => fetch(new URL(apiPath, config.API_BASE_URL), init);

  const build = (await import(pathToFileURL(path.join(root, "build", "index.js")).href)) as ServerBuild;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  app.use(compression());

  let shuttingDown = false;
  app.get("/healthz", async (_req, res) => {
    if (shuttingDown) return void res.status(503).json({ status: "shutting-down" });
    try {
      if (database) await database.ping();
      else await fetch(new URL("/api/v1/guest/types", config.API_BASE_URL), { signal: AbortSignal.timeout(3000) });
      res.json({ status: "ok", database: database?.engine ?? "external-api" });
    } catch (error) {
      res.status(503).json({ status: "unavailable", error: (error as Error).message });
    }
  });

  app.use(securityHeaders({ mapTileUrl: config.MAP_TILE_URL, production: config.NODE_ENV === "production" }));
  // The one build file that changes under its name: never cached (pages poll it to notice a deploy).
  app.get("/build/builds/latest.json", (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(path.join(root, "public", "build", "builds", "latest.json"));
  });
  // Hashed build assets never change under one name: cache them for a year.
  app.use("/build", express.static(path.join(root, "public", "build"), { immutable: true, maxAge: "1y" }));
  app.use("/uploads", express.static(config.uploadsDir, { maxAge: "7d", fallthrough: false }));
  app.use(express.static(path.join(root, "public"), { maxAge: "1h", index: false }));
  if (api) app.use(mountApi((request) => api.fetch(request)));

  const context = (req: express.Request, res: express.Response): AppContext => ({
    apiFetch,
    cspNonce: res.locals.cspNonce as string,
    clientIp: req.ip ?? "unknown",
    config: {
      publicUrl: config.PUBLIC_URL,
      mapTileUrl: config.MAP_TILE_URL,
      mapTileAttribution: config.MAP_TILE_ATTRIBUTION,
      apiTimeoutMs: config.API_TIMEOUT_MS,
      sessionSecret: config.SESSION_SECRET,
      production: config.NODE_ENV === "production",
    },
  });
  app.use(sameOriginActions(config.PUBLIC_URL));
  app.use(
    routeRules({
      load: async () => {
        const response = await apiFetch("/api/v1/guest/route_rules", { headers: { Accept: "application/json" } });
        if (!response.ok) throw new Error(`GET /api/v1/guest/route_rules answered ${response.status}`);
        return ((await response.json()) as { data: RouteRulesResponse }).data.rules;
      },
      maxAgeMs: 60_000,
      subscribe: database ? onRouteRulesChanged : undefined,
    }),
  );
  app.all("*", createRequestHandler({ build, mode: config.NODE_ENV === "production" ? "production" : "development", getLoadContext: (req, res) => context(req, res) }));

  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s));
  });
  if (database) await scheduleMissingDeadlines({ db: database.db, timings });
  const stopSweeper = database ? startSweeper({ db: database.db, timings }, config.SWEEP_INTERVAL_MS) : async () => {};
  console.log(`Konok is running at ${config.PUBLIC_URL} (database: ${database?.engine ?? `external API ${config.API_BASE_URL}`})`);

  /** Stop taking connections, let running requests finish, then close the database. */
  async function close() {
    if (shuttingDown) return;
    shuttingDown = true;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await stopSweeper();
    await database?.close();
  }
  return { server, close };
}

async function openLocalDatabase(config: Config): Promise<Database> {
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.dataDir, "pglite") });
  if (config.SEED_DEMO) {
    fs.mkdirSync(config.uploadsDir, { recursive: true });
    await seedDemoIfEmpty(database.db, { uploadsDir: config.uploadsDir, log: (line) => console.log(line) });
  }
  // The site's own pages (articles, terms, privacy, promos, route rules) exist with or without the demo.
  await seedContent(database.db);
  warmSearchIndex(database.db);
  return database;
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { close } = await startServer(config);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      console.log(`${signal} received: finishing requests and closing the database`);
      // A request that never ends must not keep the container from stopping.
      setTimeout(() => process.exit(1), 10_000).unref();
      close().then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
