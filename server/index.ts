/**
 * The one process of Konok: the web app, the marketplace API at /api and static files on one
 * HTTP server, over the embedded database unless DATABASE_URL or API_BASE_URL point elsewhere.
 */
import fs from "node:fs";
import http from "node:http";
import type { IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { createApi } from "../api/app";
import { openDatabase, type Database, type Db } from "../api/db/client";
import { SessionMemo } from "../api/lib/session-memo";
import { seedContent } from "../api/seed/content";
import { seedDemoIfEmpty } from "../api/seed/demo";
import { seedDirectoryIfEmpty } from "../api/seed/directory";
import { createDataCipher } from "../api/lib/data-cipher";
import { logMailSender, smtpMailSender } from "../api/services/messaging/mail-sender";
import { bookingMailer } from "../api/services/messaging/booking-mail";
import { Outbox } from "../api/services/messaging/outbox";
import { logSmsSender, nikitaSmsSender, routeByCountry, twilioSmsSender, type SmsRouting } from "../api/services/messaging/sms-senders";
import { connectRedis, createRateLimits } from "../api/services/auth/rate-limit";
import { scheduleMissingDeadlines, startSweeper } from "../api/services/booking/sweeper";
import { freedomPayProvider } from "../api/services/payments/freedompay";
import { sandboxProvider, type PaymentProvider } from "../api/services/payments/provider";
import { startCalendarSync, type CalendarSyncConfig } from "../api/services/calendar-sync/imports";
import { warmSearchIndex } from "../api/services/search/search-index";
import { removeStalePartFiles, type PhotoStorage } from "../api/services/listing/photo-storage";
import { openPhotoStorage } from "../api/services/listing/s3-storage";
import { startNotificationPusher } from "../api/services/notification-pusher";
import { realtimeFrom } from "../api/services/realtime";
import { DEFAULT_TIMINGS, type BookingTimings } from "../api/services/booking/state-machine";
import type { AppContext } from "../app/load-context";
import { apiOverHttp } from "../app/lib/api.server";
import { translationFile } from "../app/i18n/browser-dictionaries.server";
import { ConfigError, loadConfig, type Config } from "./config";
import { exitOnUncaught } from "./crash";
import { fastLane, loadStaticFiles, sharedHealth } from "./fast-lane";
import { boundHeapGrowth } from "./heap-growth";
import { bodyLimits, drainUnreadBodies, errorAnswers, formBodiesOnly, noStoreWhenPersonal, overloadGuard, requestIds } from "./edge";
import { oneStartPerTurn } from "./loop-turns";
import { mountApi, onlyUnderEntriesOf, sameOriginActions, securityHeaders } from "./http";
import { inProcessApi } from "./in-process-api";
import { noteApiCall, pageCache } from "./page-cache";
import { compressedOnce, precompressedAssets } from "./precompressed";
import { redisSingleFlight } from "./single-flight";
import { realtimeSetup, type RealtimeClientConfig } from "./realtime/setup";
import { photoFiles } from "./photo-files";
import { remixHandler } from "./remix-handler";
import { routeRules } from "./route-rules";
import { onRouteRulesChanged } from "../api/services/route-rules";
import { endpoints, type AnswerOf } from "../contract/endpoints";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Express's own reader of the visitor's address behind trusted proxies (it ships no types). */
const proxyAddr = createRequire(import.meta.url)("proxy-addr") as (request: IncomingMessage, trust: (address: string, hop: number) => boolean) => string;

export async function startServer(config: Config) {
  // Photos: DATA_DIR/uploads, or an S3-compatible bucket that several nodes share (PHOTO_STORAGE=s3).
  const photos = await openPhotoStorage(config.photoBucket, config.uploadsDir);
  const database = config.API_BASE_URL ? null : await openLocalDatabase(config, photos);
  const timings: BookingTimings = {
    ...DEFAULT_TIMINGS,
    confirmSeconds: config.BOOKING_CONFIRM_SECONDS,
    confirmWarnSeconds: config.BOOKING_CONFIRM_WARN_SECONDS,
    paymentSeconds: config.BOOKING_PAYMENT_SECONDS,
    paymentWarnSeconds: config.BOOKING_PAYMENT_WARN_SECONDS,
  };
  const calendarSync: CalendarSyncConfig = {
    syncMinutes: config.ICAL_SYNC_MINUTES,
    limits: { allowPrivate: config.ICAL_ALLOW_PRIVATE_ADDRESSES, maxBytes: config.ICAL_MAX_KB * 1024, timeoutMs: config.ICAL_TIMEOUT_SECONDS * 1000, maxRedirects: 5 },
  };
  // The realtime server counts connections per visitor's address, as the rate limits do: behind a
  // trusted proxy that is X-Forwarded-For's, read the way Express reads it (set once `app` exists).
  let visitorAddress = (request: IncomingMessage) => request.socket.remoteAddress ?? "unknown";
  const live = realtimeSetup(config, { addressOf: (request) => visitorAddress(request) });
  // Several nodes share rate limits and token refreshes through Redis (docs/operations.md, "Several nodes").
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL) : undefined;
  const singleFlight = redis ? redisSingleFlight(redis) : undefined;
  const realtime = realtimeFrom(live.pusher);
  const payments = paymentProviderOf(config);
  const outbox = database ? messagingOutbox(config, database.db) : null;
  const api = database
    ? createApi({
        realtime,
        timings,
        payments,
        siteUrl: config.PUBLIC_URL,
        db: database.db,
        exposeOutbox: config.NODE_ENV !== "production",
        messages: outbox!,
        smsCaps: { countries: config.SMS_COUNTRIES, perNumberPerDay: config.SMS_PER_NUMBER_DAILY, perRangePerHour: config.SMS_RANGE_HOURLY, perDay: config.SMS_DAILY_CAP },
        codeResendSeconds: config.CODE_RESEND_SECONDS,
        uploadsDir: config.uploadsDir,
        photos,
        dataKey: config.DATA_ENCRYPTION_KEY,
        calendarSync,
        listingReview: config.LISTING_REVIEW,
        limits: createRateLimits({ redis }),
        auth: { secret: config.API_SECRET, accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS, refreshTtlSeconds: config.REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 },
      })
    : null;
  // Every write through the API moves the page cache's data version before its answer leaves.
  const inProcess = api ? inProcessApi(api, noteApiCall) : null;
  const callApi = inProcess?.call ?? null;
  const apiFetch: AppContext["apiFetch"] = inProcess ? inProcess.fetchFor(null) : apiOverHttp(config.API_BASE_URL!);
  /** One web request's door to the API: in process, its calls share a session memo. */
  const apiFetchOfOneRequest = (): AppContext["apiFetch"] => (inProcess ? inProcess.fetchFor(new SessionMemo()) : apiFetch);

  // Remix's Vite build: the server's part in build/server, the browser's files in build/client.
  const build = (await import(pathToFileURL(path.join(root, "build", "server", "index.js")).href)) as ServerBuild;
  const clientBuild = path.join(root, "build", "client");

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  const trust = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  visitorAddress = (request) => proxyAddr(request, trust);
  const ids = requestIds();
  app.use(ids);
  // The embedded realtime server's HTTP API (/apps/{id}/…) reads its body raw, before compression.
  if (live.embedded) app.use(live.embedded.middleware);
  // Brotli 5 instead of the middleware's 4: pages ~8 % smaller for the same CPU (measured on the
  // rendered search and estate pages; docs/operations.md, "Benchmark").
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }));

  let shuttingDown = false;
  const security = securityHeaders({
    mapTileUrl: config.MAP_TILE_URL,
    production: config.NODE_ENV === "production",
    realtimeUrl: config.REALTIME_URL ?? browserRealtimeUrl(live.client, config.PUSHER_CLUSTER),
    paymentUrl: config.PAYMENTS_PROVIDER === "freedompay" ? config.FREEDOMPAY_API_URL : undefined,
    photoUrl: photos.publicUrl ?? undefined,
  });
  // /healthz and the build's files are answered before Express (server/fast-lane.ts, issue 33);
  // what they do not take (a Range, a body, an odd path) goes on to the handlers below as before.
  const publicDir = path.join(root, "public");
  const fast = fastLane({
    files: loadStaticFiles([
      { prefix: "/build", dir: clientBuild, cacheControl: "public, max-age=31536000, immutable", recursive: true, skip: new Set(["/builds/latest.json"]) },
      { prefix: "", dir: publicDir, cacheControl: "public, max-age=3600", recursive: false },
    ]),
    securityHeaders: security.assetHeaders,
    health: sharedHealth(
      async () => {
        if (database) await database.ping();
        else await fetch(new URL("/api/v1/guest/types", config.API_BASE_URL), { signal: AbortSignal.timeout(3000) });
        return { status: 200, body: JSON.stringify({ status: "ok", database: database?.engine ?? "external-api" }) };
      },
      () => shuttingDown,
    ),
  });

  app.use(security);
  // The one build file that changes under its name: never cached (pages poll it to notice a deploy).
  app.get("/build/builds/latest.json", (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(path.join(clientBuild, "builds", "latest.json"));
  });
  // Hashed build assets never change under one name: cache them for a year. Scripts and styles
  // go out as compressed at build time when the browser takes that encoding.
  app.use("/build", precompressedAssets(clientBuild, "public, max-age=31536000, immutable"));
  app.use("/build", express.static(clientBuild, { immutable: true, maxAge: "1y" }));
  app.use("/uploads", photoFiles(photos, config.uploadsDir));
  app.use(onlyUnderEntriesOf(new Set(fs.readdirSync(publicDir)), express.static(publicDir, { maxAge: "1h", index: false })));
  // The page's dictionaries (decision 0042): a file per language, namespace and version, kept for a year.
  const sendTranslationFile = compressedOnce();
  app.get("/i18n/:locale/:file", (req, res) => {
    const json = translationFile(req.params.locale, req.params.file);
    if (json === null) return void res.status(404).type("text/plain").send("Not found");
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    sendTranslationFile(req, res, `${req.params.locale}/${req.params.file}`, json, "application/json");
  });
  app.use(overloadGuard({ concurrency: config.MAX_IN_FLIGHT, maxWaitMs: config.MAX_QUEUE_WAIT_MS }));
  // After admission: an admitted page starts in a turn of its own, so new connections are accepted between pages (server/loop-turns.ts).
  app.use(oneStartPerTurn());
  app.use(bodyLimits({ defaultBytes: config.MAX_BODY_BYTES, uploadBytes: config.MAX_UPLOAD_BYTES }));
  app.use(drainUnreadBodies());
  app.use(noStoreWhenPersonal("__konok"));
  app.use(formBodiesOnly());
  if (callApi) app.use(mountApi(callApi));
  if (config.PAGE_CACHE_SECONDS > 0) app.use(pageCache({ maxAgeMs: config.PAGE_CACHE_SECONDS * 1000, maxBytes: config.PAGE_CACHE_MB * 1024 * 1024 }));

  const context = (req: express.Request, res: express.Response): AppContext => ({
    apiFetch: apiFetchOfOneRequest(),
    cspNonce: res.locals.cspNonce as string,
    clientIp: req.ip ?? "unknown",
    // Single fetch asks for a navigation's data at `/path.data` (`/_root.data` for `/`).
    documentRequest: !req.path.endsWith(".data"),
    serverOnly: {},
    singleFlight,
    config: {
      publicUrl: config.PUBLIC_URL,
      mapTileUrl: config.MAP_TILE_URL,
      mapTileAttribution: config.MAP_TILE_ATTRIBUTION,
      apiTimeoutMs: config.API_TIMEOUT_MS,
      sessionSecret: config.SESSION_SECRET,
      production: config.NODE_ENV === "production",
      paymentsTrial: config.paymentsTrial,
      realtime: live.client,
    },
  });
  app.use(sameOriginActions(config.PUBLIC_URL));
  app.use(
    routeRules({
      load: async () => {
        const response = await apiFetch(endpoints.routeRules.path, { headers: { Accept: "application/json" } });
        if (!response.ok) throw new Error(`GET ${endpoints.routeRules.path} answered ${response.status}`);
        return ((await response.json()) as { data: AnswerOf<typeof endpoints.routeRules> }).data.rules;
      },
      maxAgeMs: 60_000,
      subscribe: database ? onRouteRulesChanged : undefined,
    }),
  );
  app.all("*", remixHandler({ build, mode: config.NODE_ENV === "production" ? "production" : "development", getLoadContext: (req, res) => context(req, res) }));
  app.use(errorAnswers());

  const server = http.createServer((req, res) => {
    if (!fast(req, res)) app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  // An idle keep-alive connection stays open longer than the clients' and proxies' own idle
  // timeouts (often 60 s): a client never sends a request on a socket we close at that moment,
  // which it would see as ECONNRESET. Node's default is 5 s.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  live.embedded?.attach(server);
  const mailer = database && outbox ? bookingMailer({ db: database.db, messages: outbox, publicUrl: config.PUBLIC_URL, secret: config.API_SECRET }) : undefined;
  const stopNotificationPusher = database ? startNotificationPusher(database.db, realtime, 300, mailer) : async () => {};
  const stopOutbox = outbox ? outbox.start() : async () => {};
  // The start's own work runs while the server already listens and answers /healthz (up to ~30 s
  // at 100 000 estates): close() may come meanwhile, so it stops this work between pages and waits
  // for it before it closes the database (a process killed with PGlite open can lose its last writes).
  let stopSweeper = async () => {};
  let stopCalendarSync = async () => {};
  const stopStartWork = new AbortController();
  const started = (async () => {
    if (database) await scheduleMissingDeadlines({ db: database.db, timings }, new Date(), stopStartWork.signal);
    if (stopStartWork.signal.aborted) return;
    if (database) stopSweeper = startSweeper({ db: database.db, timings, payments }, config.SWEEP_INTERVAL_MS);
    if (database) stopCalendarSync = startCalendarSync({ db: database.db, calendarSync });
    console.log(`Konok is running at ${config.PUBLIC_URL} (database: ${database?.engine ?? `external API ${config.API_BASE_URL}`}; ${photos.describe()})`);
    if (database) console.log(seedDemoLine(config));
    if (config.PAYMENTS_PROVIDER === "sandbox") console.log("Payments go to the sandbox gateway: no real money is charged" + (config.paymentsTrial ? " (PAYMENTS_SANDBOX=1: a trial, said on every page)" : ""));
    else console.log(`Payments go to Freedom Pay at ${config.FREEDOMPAY_API_URL}, merchant ${config.FREEDOMPAY_MERCHANT_ID}${config.FREEDOMPAY_TESTING_MODE ? ", in test mode (no real money, said on every page)" : ""}`);
    console.log(messagingLine(config));
    if (config.TRUST_PROXY === false) console.log("TRUST_PROXY is not set: X-Forwarded-For is ignored, rate limits key on the connecting address");
  })();

  /** Stop the start's work, stop taking connections, let running requests finish, then close the database. */
  async function close() {
    if (shuttingDown) return;
    shuttingDown = true;
    stopStartWork.abort();
    // Sockets are told to reconnect (4200), which sends them to another node behind the balancer.
    live.embedded?.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    // Its failure is the start's to report (main), not a reason to leave the database open.
    await started.catch(() => undefined);
    await stopSweeper();
    await stopCalendarSync();
    await stopNotificationPusher();
    await stopOutbox();
    await database?.close();
    photos.close();
  }
  /** `started` settles when the start's work has ended (or was stopped by close()). */
  return { server, close, inFlight: ids.inFlight, started };
}

/** Whether an empty database gets the demo accounts, said at every start so nobody has to guess. */
export function seedDemoLine(config: Pick<Config, "SEED_DEMO" | "NODE_ENV">): string {
  const why = process.env.SEED_DEMO === undefined ? ` (the default when NODE_ENV=${config.NODE_ENV})` : "";
  return config.SEED_DEMO
    ? `SEED_DEMO=true${why}: an empty database gets the demo data, with the demo accounts whose passwords the README publishes`
    : `SEED_DEMO=false${why}: an empty database starts without demo data or accounts`;
}

/**
 * The outbox with the gateways the settings name (docs/operations.md, "SMS and e-mail"). The log
 * sender prints codes only where LOG_CODES allows: a code in a production log is a key to the
 * account for whoever reads the logs.
 */
function messagingOutbox(config: Config, db: Db): Outbox {
  const log = (config.LOG_CODES ?? config.NODE_ENV !== "production") ? (line: string) => console.log(line) : null;
  const twilio =
    config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
      ? twilioSmsSender({ accountSid: config.TWILIO_ACCOUNT_SID, authToken: config.TWILIO_AUTH_TOKEN, from: config.TWILIO_FROM, apiUrl: config.TWILIO_API_URL })
      : undefined;
  let sms: SmsRouting;
  if (config.SMS_PROVIDER === "nikita") {
    const nikita = nikitaSmsSender({ login: config.NIKITA_LOGIN!, password: config.NIKITA_PASSWORD!, sender: config.NIKITA_SENDER!, apiUrl: config.NIKITA_API_URL, test: config.NIKITA_TEST });
    sms = routeByCountry({ kg: nikita, other: twilio });
  } else if (config.SMS_PROVIDER === "twilio") sms = routeByCountry({ kg: twilio! });
  else sms = routeByCountry({ kg: logSmsSender(log) });
  const mail = config.SMTP_URL ? smtpMailSender({ url: config.SMTP_URL, from: config.MAIL_FROM, domain: new URL(config.PUBLIC_URL).hostname }) : logMailSender(log);
  return new Outbox(db, { cipher: createDataCipher(config.DATA_ENCRYPTION_KEY), sms, mail, keepText: config.NODE_ENV !== "production" });
}

/** One line at start: who carries SMS and e-mail (never a password). */
function messagingLine(config: Config): string {
  const sms =
    config.SMS_PROVIDER === "nikita"
      ? `SMS through Nikita (${new URL(config.NIKITA_API_URL).host}${config.NIKITA_TEST ? ", test requests: nothing is sent" : ""})${config.TWILIO_ACCOUNT_SID ? ", outside Kyrgyzstan through Twilio" : ""}`
      : config.SMS_PROVIDER === "twilio"
        ? "SMS through Twilio"
        : `SMS_PROVIDER=${config.SMS_PROVIDER ?? "log (default outside production)"}: no SMS is sent, codes go to the log${(config.LOG_CODES ?? config.NODE_ENV !== "production") ? "" : " only with LOG_CODES=1"}`;
  const mail = config.SMTP_URL ? `e-mail through ${new URL(config.SMTP_URL).host} as ${config.MAIL_FROM}` : "no SMTP_URL: e-mails go to the log";
  return `${sms}; ${mail}`;
}

/** Where browsers open the realtime WebSocket when it is not this site: the CSP must allow it. */
function browserRealtimeUrl(client: RealtimeClientConfig, pusherCluster: string | undefined): string | undefined {
  const scheme = client.forceTLS === false ? "ws" : "wss";
  if (client.wsHost) return `${scheme}://${client.wsHost}${client.wsPort ? `:${client.wsPort}` : ""}`;
  return pusherCluster ? `wss://ws-${pusherCluster}.pusher.com` : undefined;
}

async function openLocalDatabase(config: Config, photos: PhotoStorage): Promise<Database> {
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.dataDir, "pglite") }).catch((error: unknown) => {
    throw new ConfigError(databaseStartError(config, error));
  });
  await seedDirectoryIfEmpty(database.db);
  if (config.SEED_DEMO) await seedDemoIfEmpty(database.db, { photos, log: (line) => console.log(line) });
  // The site's own pages (articles, terms, privacy, promos, route rules) exist with or without the demo.
  await seedContent(database.db);
  warmSearchIndex(database.db);
  // Half-written photos of a process killed mid-upload, in the background (a bucket never has them).
  if (photos.kind === "local") {
    void removeStalePartFiles(config.uploadsDir).then(
      (removed) => removed && console.log(`uploads: removed ${removed} half-written file(s) (.part) left by an earlier process`),
      (error: Error) => console.error(`uploads: could not clean up .part files: ${error.message}`),
    );
  }
  return database;
}

/**
 * One line that names the setting and the real reason: drizzle reports only its first query
 * (`Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"`) and PGlite on read-only files only
 * `Aborted()`.
 */
export function databaseStartError(config: Pick<Config, "DATABASE_URL" | "dataDir">, error: unknown): string {
  const chain: { code?: unknown; message?: unknown }[] = [];
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) chain.push(e as never);
  const root = chain[chain.length - 1] ?? {};
  const code = chain.map((e) => e.code).find((c) => typeof c === "string") as string | undefined;
  const detail = typeof root.message === "string" && root.message ? root.message : String(error);
  if (config.DATABASE_URL) {
    let where = "the server";
    try {
      const url = new URL(config.DATABASE_URL);
      where = `${url.hostname}:${url.port || 5432}${url.pathname}`;
    } catch {
      // The URL was validated at load; keep the generic name.
    }
    const reason =
      code === "ECONNREFUSED"
        ? "the connection was refused (is PostgreSQL running on that port?)"
        : code === "ENOTFOUND" || code === "EAI_AGAIN"
          ? "the host name is unknown"
          : code === "3D000"
            ? "the database does not exist (create it first)"
            : code === "28P01" || code === "28000"
              ? "the user name or password was refused"
              : code === "42501"
                ? `this user may not change the database (${detail}); Konok needs a user that owns its database`
                : code === "25006"
                  ? `the database takes no writes (${detail}): a standby, or default_transaction_read_only is on`
                  : detail;
    return `Cannot open DATABASE_URL (${where}): ${reason}`;
  }
  const folder = path.join(config.dataDir, "pglite");
  if (code === "EACCES" || code === "EROFS" || code === "EPERM" || !isWritableTree(folder)) {
    return `Cannot open the database in DATA_DIR (${folder}): its files are not writable by this process (uid ${process.getuid?.() ?? "?"}); fix the owner or mount it read-write`;
  }
  return `Cannot open the database in DATA_DIR (${folder}): ${detail}`;
}

function isWritableTree(folder: string): boolean {
  try {
    const pending = [folder];
    for (let seen = 0; pending.length && seen < 2000; seen++) {
      const current = pending.pop()!;
      fs.accessSync(current, fs.constants.W_OK);
      if (fs.statSync(current).isDirectory()) for (const name of fs.readdirSync(current)) pending.push(path.join(current, name));
    }
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "ENOENT";
  }
}

/** Runs the server: called by the launcher (server/launch.ts, `node dist/server.js`) or as `tsx server/index.ts`. */
export async function main() {
  boundHeapGrowth();
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
  // The handlers come first: a supervisor's SIGTERM while the database opens or the start's work
  // runs (the server answers /healthz once it listens, before that work ends) must close PGlite
  // cleanly rather than kill the process with it open. Before the server exists the stop waits
  // for it; a second signal stops at once (Node's default, as `once` leaves it).
  let stopRequested = false;
  let closeServer: (() => Promise<void>) | null = null;
  const stop = () => {
    // A request that never ends must not keep the container from stopping.
    setTimeout(() => process.exit(1), 10_000).unref();
    closeServer!().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      console.log(`${signal} received: finishing requests and closing the database`);
      stopRequested = true;
      if (closeServer) stop();
    });
  }
  const { close, inFlight, started } = await startServer(config).catch((error: unknown) => {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  });
  closeServer = close;
  // What escaped every request's error handling: logged, then a clean stop and exit 1 for the
  // supervisor to restart (decision 0061).
  exitOnUncaught({ close, inFlight });
  if (stopRequested) stop();
  await started;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

/**
 * The payment gateway PAYMENTS_PROVIDER names (docs/operations.md, "Payments"); the sandbox signs
 * with the API's secret, as before.
 */
function paymentProviderOf(config: Config): PaymentProvider {
  if (config.PAYMENTS_PROVIDER === "freedompay") {
    return freedomPayProvider({
      merchantId: config.FREEDOMPAY_MERCHANT_ID!,
      secretKey: config.FREEDOMPAY_SECRET_KEY!,
      apiUrl: config.FREEDOMPAY_API_URL,
      testingMode: config.FREEDOMPAY_TESTING_MODE,
      timeoutMs: config.FREEDOMPAY_TIMEOUT_MS,
    });
  }
  return sandboxProvider(config.API_SECRET);
}
