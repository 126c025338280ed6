/**
 * `/deeplink?path=…`: which Konok page is meant, and where a device should go for it. Only paths
 * of our own site are accepted (never a URL or a protocol-relative `//host`), and `/deeplink`
 * itself is replaced by the home page, so a link can neither leave Konok nor loop.
 */
import type { MobileApp } from "../../contract/directory";

/** The mobile app's URL scheme: `konok://estates/…` opens that screen in the app. */
export const APP_SCHEME = "konok://";

export function safeKonokPath(raw: string | null): string {
  if (!raw) return "/";
  const value = raw.trim();
  // A path of ours: one leading slash, no backslash (browsers read `/\host` as `//host`), no control characters.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!/^\/(?![/\\])/.test(value) || /[\\\s\x00-\x1f]/.test(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, "https://konok.invalid");
  } catch {
    return "/";
  }
  if (url.origin !== "https://konok.invalid") return "/";
  if (/^\/((en|ky|ru)\/)?deeplink\/?$/.test(url.pathname)) return "/";
  return `${url.pathname}${url.search}`;
}

export type Device = "ios" | "android" | "huawei" | "desktop";

export function deviceOf(userAgent: string | null): Device {
  const ua = userAgent ?? "";
  if (/iPhone|iPad|iPod/i.test(ua)) return "ios";
  if (/HuaweiBrowser|HMSCore|\bHUAWEI\b/i.test(ua) && /Android/i.test(ua)) return "huawei";
  if (/Android/i.test(ua)) return "android";
  return "desktop";
}

/** The store link for a phone: its own platform's, Google Play for a Huawei without AppGallery entry. */
export function storeFor(device: Device, apps: MobileApp[]): MobileApp | null {
  if (device === "desktop") return null;
  return apps.find((a) => a.platform === device) ?? (device === "huawei" ? (apps.find((a) => a.platform === "android") ?? null) : null);
}

export const appLink = (path: string) => `${APP_SCHEME}${path.replace(/^\//, "")}`;
