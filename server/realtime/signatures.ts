/**
 * The Pusher protocol's HMAC signatures: channel authorisation (`key:hex`), user sign-in, and the
 * signed HTTP API. The same functions sign (the API's /socket/auth) and check (the server).
 */
import crypto from "node:crypto";

/** One application of the protocol: its public key names it, the secret signs for it. */
export type RealtimeApp = { id: string; key: string; secret: string };

export const hmacHex = (secret: string, text: string) => crypto.createHmac("sha256", secret).update(text).digest("hex");

export const md5Hex = (body: string | Buffer) => crypto.createHash("md5").update(body).digest("hex");

/** Equal strings in constant time, so a signature cannot be guessed byte by byte. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/** What a private channel's signature covers; a presence channel adds its channel_data. */
export const channelAuthText = (socketId: string, channel: string, channelData?: string) =>
  channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;

export const channelAuth = (app: RealtimeApp, socketId: string, channel: string, channelData?: string) =>
  `${app.key}:${hmacHex(app.secret, channelAuthText(socketId, channel, channelData))}`;

export const userAuth = (app: RealtimeApp, socketId: string, userData: string) => `${app.key}:${hmacHex(app.secret, `${socketId}::user::${userData}`)}`;

/** `key:signature` as the client sends it, checked against what we would have signed. */
export function verifyAuth(app: RealtimeApp, given: unknown, expected: string): boolean {
  return typeof given === "string" && safeEqual(given, expected);
}

/** Requests older or newer than this are refused, so a captured request cannot be replayed later. */
export const HTTP_SIGNATURE_WINDOW_SECONDS = 600;

export type HttpCheck = { ok: true } | { ok: false; status: 401 | 400; message: string };

/**
 * The HTTP API's signature: HMAC of "METHOD\nPATH\nquery" where query is every parameter except
 * auth_signature, sorted by name, as `name=value` joined by `&`; body_md5 binds the body.
 */
export function verifyHttpSignature(
  app: RealtimeApp,
  request: { method: string; path: string; query: URLSearchParams; body: Buffer },
  nowSeconds = Math.floor(Date.now() / 1000),
): HttpCheck {
  const q = request.query;
  if (q.get("auth_key") !== app.key) return { ok: false, status: 401, message: "Unknown auth_key" };
  if (q.get("auth_version") !== "1.0") return { ok: false, status: 401, message: "auth_version must be 1.0" };
  const timestamp = Number(q.get("auth_timestamp"));
  if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > HTTP_SIGNATURE_WINDOW_SECONDS) {
    return { ok: false, status: 401, message: `Timestamp expired: given ${q.get("auth_timestamp")}, now ${nowSeconds}` };
  }
  if (request.body.length > 0 && q.get("body_md5") !== md5Hex(request.body)) return { ok: false, status: 401, message: "body_md5 does not match the body" };
  const params = [...q.entries()]
    .filter(([name]) => name !== "auth_signature")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const expected = hmacHex(app.secret, `${request.method.toUpperCase()}\n${request.path}\n${params}`);
  if (!safeEqual(q.get("auth_signature") ?? "", expected)) return { ok: false, status: 401, message: "Invalid signature" };
  return { ok: true };
}
