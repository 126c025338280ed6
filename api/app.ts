/**
 * The marketplace API: a web-standard request handler for everything under /api, so the server
 * entry mounts it beside the web app, `npm run api` runs it alone, and tests call `fetch` on it.
 */
import crypto from "node:crypto";
import { Hono } from "hono";
import { handleError, handleNotFound } from "./lib/error-handler";
import type { ApiDeps, ApiEnv } from "./lib/context";
import { createDataCipher, DEVELOPMENT_DATA_KEY } from "./lib/data-cipher";
import { localeMiddleware } from "./lib/locale";
import { authRoutes } from "./routes/auth";
import { devRoutes } from "./routes/dev";
import { v1Routes } from "./routes/v1";
import { profileV2Routes } from "./routes/v2/profile";
import { createRateLimits } from "./services/auth/rate-limit";
import { logMailSender } from "./services/messaging/mail-sender";
import { Outbox } from "./services/messaging/outbox";
import { logSmsSender, routeByCountry } from "./services/messaging/sms-senders";
import { DEFAULT_TIMINGS } from "./services/booking/state-machine";
import { sandboxProvider } from "./services/payments/provider";
import { paymentRoutes } from "./routes/payments";

export type { ApiDeps } from "./lib/context";

export function createApi(deps: ApiDeps): Hono<ApiEnv> {
  const auth = deps.auth ?? { secret: crypto.randomBytes(32).toString("hex"), accessTtlSeconds: 15 * 60, refreshTtlSeconds: 30 * 24 * 60 * 60 };
  const cipher = createDataCipher(deps.dataKey ?? DEVELOPMENT_DATA_KEY);
  const full = {
    ...deps,
    auth,
    // Without a provider from the host process (tests, `npm run api`): the outbox with the log as
    // its only gateway, keeping the sealed text for GET /api/dev/outbox.
    messages: deps.messages ?? new Outbox(deps.db, { cipher, sms: routeByCountry({ kg: logSmsSender() }), mail: logMailSender(), keepText: true }),
    limits: deps.limits ?? createRateLimits(),
    secret: auth.secret,
    timings: deps.timings ?? DEFAULT_TIMINGS,
    payments: deps.payments ?? sandboxProvider(auth.secret),
    cipher,
  };
  const payments = paymentRoutes(full);
  const api = new Hono<ApiEnv>().basePath("/api");
  api.use(localeMiddleware);
  api.route("/", authRoutes(full));
  api.route("/v1", v1Routes(full));
  api.route("/v2/profile", profileV2Routes(full));
  api.route("/sandbox", payments.sandbox);
  api.route("/v1/payment", payments.callback);
  if (deps.exposeOutbox) api.route("/dev", devRoutes(full));
  api.notFound(handleNotFound);
  api.onError(handleError);
  return api;
}
