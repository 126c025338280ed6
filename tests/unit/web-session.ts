/**
 * For unit tests of the web app's server code against the real API in process: a load context
 * whose API calls go to that API, and a new person signed up through it with their session cookie.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { ApiFetch } from "../../app/load-context";
import { desc } from "drizzle-orm";
import type { LoginResponse } from "../../contract/account";
import type { createApi } from "../../api/app";
import type { Database } from "../../api/db/client";
import { smsOutbox } from "../../api/db/schema";
import { startSession } from "../../app/lib/auth.server";
import { outboxText } from "../support/outbox-text";

type Api = ReturnType<typeof createApi>;

export function webContext(apiFetch: ApiFetch, sessionSecret: string) {
  return {
    apiFetch,
    cspNonce: "",
    clientIp: "127.0.0.1",
    config: { publicUrl: "http://localhost", mapTileUrl: "", mapTileAttribution: "", apiTimeoutMs: 5_000, sessionSecret, production: false },
  } satisfies AppLoadContext;
}

/** Signs a person up with a code from the outbox and starts their web session. */
export async function signedUp(api: Api, database: Database, context: AppLoadContext, phone: string): Promise<{ cookie: string; login: LoginResponse }> {
  const post = (path: string, body: unknown) => api.fetch(new Request(`http://x${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }));
  await post("/api/register/send_code", { phoneNumber: phone });
  const [sms] = await database.db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(1);
  const verified = (await (await post("/api/register/verify_code", { phoneNumber: phone, code: outboxText(sms.body).match(/\d{6}/)![0] })).json()) as { data: { verificationToken: string } };
  const login = (await (await post("/api/register", { verificationToken: verified.data.verificationToken, password: "long enough pw", firstName: "Азамат" })).json()) as { data: LoginResponse };
  const headers = new Headers(await startSession(new Request("http://localhost/login"), context, login.data));
  return { cookie: headers.get("Set-Cookie")!.split(";")[0], login: login.data };
}
