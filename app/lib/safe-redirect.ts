/**
 * The one gate for every `redirectTo` a visitor can send us (login, mode switch, favourites, host
 * switch). An open redirect lets a phishing link bounce through our login, and browsers are
 * lenient: they drop tabs and line breaks inside a URL (`/\t/evil.example` becomes
 * `//evil.example`), read `\` as `/`, and a line break in a `Location` header makes Node throw.
 * So a target passes only when it, and every percent-decoded form of it, is a plain path on our
 * own origin: one leading `/`, no second `/` or `\` after it, no backslash, no control character.
 */
const BASE = "http://konok.invalid";

function isPlainPath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//")) return false;
  // C0 controls, DEL and the C1 range; browsers strip some of them silently.
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return false;
  // Unicode spaces and look-alikes of `/` that some browsers and proxies normalise.
  if (/[\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\uff0f\u2215\u2044]/.test(value)) return false;
  return true;
}

export function isSafeRedirect(to: unknown): to is string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return false;
  // The raw value goes into the `Location` header as it is: our own links are percent-encoded
  // printable ASCII, and anything else (a space, Cyrillic) would make Node refuse the header.
  if (!/^[\x21-\x7e]+$/.test(to)) return false;
  let current = to;
  // Check the raw value and each decoding of it: `%2F%2Fevil` or `%5C` must not sneak through a
  // later decode (by us, a proxy or the browser).
  for (let round = 0; round < 4; round++) {
    if (!isPlainPath(current)) return false;
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (next === current) break;
    current = next;
  }
  try {
    return new URL(to, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/** `to` when it is one of our paths, otherwise `fallback`. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  return isSafeRedirect(to) ? to : fallback;
}
