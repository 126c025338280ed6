import type { HoneypotProps } from "~/lib/honeypot.server";

/**
 * The honeypot's two inputs (app/lib/honeypot.server.ts): hidden from people and from assistive
 * technology, out of the tab order. The trap's autocomplete is an unknown token on purpose:
 * browsers ignore "off" on a field that looks like a name and would fill the trap for a person,
 * but fill nothing for a token they do not know (as remix-utils did).
 */
export function HoneypotFields({ nameFieldName, validFromFieldName, encryptedValidFrom, label }: HoneypotProps & { label: string }) {
  return (
    <div id={`${nameFieldName}_wrap`} style={{ display: "none" }} aria-hidden="true">
      <label htmlFor={nameFieldName}>{label}</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="nope" tabIndex={-1} />
      <label htmlFor={validFromFieldName}>{label}</label>
      <input id={validFromFieldName} name={validFromFieldName} type="text" value={encryptedValidFrom} readOnly autoComplete="off" tabIndex={-1} />
    </div>
  );
}
