/**
 * The honeypot of the forms that make the API send a code (sign-up, password reset): a field hidden
 * from people that bots fill in, and the time the form was rendered, sealed (app/lib/seal.server.ts)
 * so a bot can neither forge nor pre-date it. A post that fills the field, leaves out either field,
 * or carries a time in the future is refused with a bare 400 before anything is sent.
 *
 * The key comes from SESSION_SECRET, so every server instance accepts every other instance's
 * forms. Formerly remix-utils' Honeypot, which pulled in crypto-js (deprecated by its authors);
 * the field names are the ones it used.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { createSealer } from "./seal.server";

export const HONEYPOT_NAME_FIELD = "name__confirm";
export const HONEYPOT_VALID_FROM_FIELD = "from__confirm";

/** What the form renders (app/components/forms/honeypot-fields.tsx). */
export type HoneypotProps = { nameFieldName: string; validFromFieldName: string; encryptedValidFrom: string };

type ValidFrom = { validFrom: number };

const sealer = createSealer<ValidFrom>("honeypot", {
  accept: (value): value is ValidFrom => typeof value === "object" && value !== null && Number.isSafeInteger((value as ValidFrom).validFrom) && (value as ValidFrom).validFrom > 0,
});

export function honeypotFields(context: AppLoadContext, now = Date.now()): HoneypotProps {
  return {
    nameFieldName: HONEYPOT_NAME_FIELD,
    validFromFieldName: HONEYPOT_VALID_FROM_FIELD,
    encryptedValidFrom: sealer.seal({ validFrom: now }, context.config.sessionSecret),
  };
}

const refused = () => new Response("Bad Request", { status: 400, statusText: "Bad Request" });

/**
 * Throws a 400 for a bot's post. A time that does not open (a form rendered by the release before
 * this module, sealed another way, say) sends the person back to the page (`here`, a GET) to press
 * again on a fresh form: no code is sent either way.
 */
export function checkHoneypot(context: AppLoadContext, formData: FormData, here: string, now = Date.now()): void {
  const name = formData.get(HONEYPOT_NAME_FIELD);
  const sealed = formData.get(HONEYPOT_VALID_FROM_FIELD);
  if (name !== "" || typeof sealed !== "string" || sealed === "") throw refused();
  const opened = sealer.open(sealed, context.config.sessionSecret);
  if (!opened) throw redirect(here);
  if (opened.validFrom > now) throw refused();
}
