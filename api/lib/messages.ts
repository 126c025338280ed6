/**
 * Messages a person reads, in the request's language. The texts are the catalogue of
 * contract/messages.ts; the API throws their keys (`HttpError`, `notFound`, `fieldError`) and
 * zod issues carry keys too, and the error handler writes them here, in the request's locale.
 */
import type { Locale, Localized } from "../../contract/common";
import { MESSAGES, type MessageKey } from "../../contract/messages";

export { MESSAGES, type MessageKey } from "../../contract/messages";

/** A parameter: a number or word the same in every language, or a text given in each language. */
export type MessageParam = string | number | Localized;
export type MessageParams = Record<string, MessageParam>;
/** What an error carries instead of a text: a catalogue key, with its parameters. */
export type MessageText = MessageKey | { key: MessageKey; params?: MessageParams };

export const isMessageKey = (value: unknown): value is MessageKey => typeof value === "string" && Object.hasOwn(MESSAGES, value);

export function message(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const template = (MESSAGES[key] ?? MESSAGES.invalidValue)[locale];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    return value === undefined ? "" : typeof value === "object" ? value[locale] : String(value);
  });
}


export function translate(locale: Locale, text: MessageText): string {
  return typeof text === "string" ? message(locale, text) : message(locale, text.key, text.params);
}
