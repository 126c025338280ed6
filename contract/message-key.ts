/**
 * A catalogue key as a zod message (contract/messages.ts): the API's error layer writes it in the
 * request's language. Type-only import: schemas stay free of the texts.
 */
import type { MessageKey } from "./messages";

export const msg = (key: MessageKey): string => key;
