/**
 * The browser's device token (api/services/auth/device.ts) in an httpOnly cookie for a year: the
 * API signs it for the account that signed in, and a later sign-in to that account from this
 * browser sends it back, which lets the owner in while their carrier's shared address is limited.
 * The API checks it; here it is only carried.
 */
import { createCookie, type AppLoadContext } from "@remix-run/node";

const cookie = createCookie("konok_device", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 60 * 60 });

export async function readDeviceToken(request: Request): Promise<string | undefined> {
  const value: unknown = await cookie.parse(request.headers.get("Cookie")).catch(() => null);
  return typeof value === "string" && value.length <= 200 ? value : undefined;
}

export function deviceTokenCookie(token: string, context: AppLoadContext): Promise<string> {
  return cookie.serialize(token, { secure: context.config.production });
}
