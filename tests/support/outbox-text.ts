/**
 * Reads an outbox row's text the way GET /api/dev/outbox does: it is sealed at rest with the data
 * key (the development key in tests, as createApi uses without one).
 */
import { createDataCipher, DEVELOPMENT_DATA_KEY } from "../../api/lib/data-cipher";

const cipher = createDataCipher(DEVELOPMENT_DATA_KEY);

export function outboxText(sealed: string | null | undefined): string {
  if (!sealed) return "";
  if (!cipher.isSealed(sealed)) throw new Error("an outbox text is stored readable: it must be sealed at rest");
  return cipher.open(sealed);
}
