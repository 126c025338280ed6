/**
 * The few answers the HTTP edge gives before any route runs (overload, a body over the limit, a
 * body a form cannot have), in the visitor's language: the URL's prefix, else the `lng` cookie,
 * else the API's `?locale=`, else Accept-Language, else Russian. Plain text: no page can render
 * at that point, and a client that reads JSON checks the status first.
 */
import type { Request } from "express";

type Locale = "ru" | "en" | "ky";
const LOCALES: readonly Locale[] = ["ru", "en", "ky"];

const TEXTS = {
  busy: {
    ru: "Konok сейчас перегружен. Попробуйте ещё раз через несколько секунд.",
    en: "Konok is busy right now. Please try again in a few seconds.",
    ky: "Konok азыр бош эмес. Бир нече секунддан кийин кайра аракет кылыңыз.",
  },
  tooLarge: {
    ru: "Слишком большой запрос: здесь не больше {kb} КБ.",
    en: "Request body too large: at most {kb} KB here.",
    ky: "Суроо өтө чоң: бул жерде {kb} КБдан ашпашы керек.",
  },
  badMultipart: {
    ru: "Неверный запрос: у формы с файлами нет границы (boundary).",
    en: "Bad request: a multipart form needs its boundary.",
    ky: "Туура эмес суроо: файлдары бар форманын чеги (boundary) жок.",
  },
  unsupportedBody: {
    ru: "Неподдерживаемый формат: формы отправляются как application/x-www-form-urlencoded или multipart/form-data.",
    en: "Unsupported body: forms are sent as application/x-www-form-urlencoded or multipart/form-data.",
    ky: "Колдоого алынбаган формат: формалар application/x-www-form-urlencoded же multipart/form-data катары жөнөтүлөт.",
  },
  badAddress: {
    ru: "Неверный адрес: в нём есть символы, которые нельзя прочитать.",
    en: "Bad address: it contains characters that cannot be read.",
    ky: "Туура эмес дарек: анда окулбай турган белгилер бар.",
  },
  badRequest: {
    ru: "Неверный запрос.",
    en: "Bad request.",
    ky: "Туура эмес суроо.",
  },
  notFound: {
    ru: "Здесь ничего нет.",
    en: "Nothing here.",
    ky: "Бул жерде эч нерсе жок.",
  },
  serverError: {
    ru: "На сервере что-то пошло не так. Попробуйте ещё раз чуть позже.",
    en: "Something went wrong on our side. Please try again in a moment.",
    ky: "Серверде бир нерсе туура эмес болду. Бир аздан кийин кайра аракет кылыңыз.",
  },
} as const satisfies Record<string, Record<Locale, string>>;

const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The visitor's language as far as the edge can tell without the app. */
export function edgeLocale(req: Request): Locale {
  const prefix = /^\/(en|ky)(\/|$)/.exec(req.path)?.[1];
  if (isLocale(prefix)) return prefix;
  // Remix writes the cookie as URL-encoded base64 of a JSON string: lng=ImVuIg%3D%3D is "en".
  const cookie = /(?:^|;\s*)lng=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
  if (cookie) {
    try {
      const value: unknown = JSON.parse(Buffer.from(decodeURIComponent(cookie), "base64").toString("utf8"));
      if (isLocale(value)) return value;
    } catch {
      // Not ours: fall through to the next signal.
    }
  }
  const query = req.query?.locale;
  if (isLocale(query)) return query;
  for (const part of (req.headers["accept-language"] ?? "").split(",")) {
    const language = part.trim().slice(0, 2).toLowerCase();
    if (isLocale(language)) return language;
  }
  return "ru";
}

export function edgeMessage(req: Request, key: keyof typeof TEXTS, params: Record<string, string | number> = {}): string {
  return TEXTS[key][edgeLocale(req)].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ""));
}
