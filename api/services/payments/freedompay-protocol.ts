/**
 * Freedom Pay's (formerly PayBox's) merchant protocol, as its public merchant API documentation
 * ("Signature generation", freedompay.kg / freedompay.kz / paybox.money) writes it, and nothing of
 * Konok's: the provider (freedompay.ts) and the test peer (tests/support/freedompay-peer.ts) both
 * speak through this module, so they cannot drift apart.
 *
 * Every message, request or answer, form or XML, is signed: join with ";" the called script's name
 * (from the last "/" to the end or to "?"), the values of all the message's fields sorted by name
 * (pg_salt included, pg_sig left out; nested XML tags recursively; fields of the same name in the
 * order they come), and the merchant's secret key; pg_sig is the MD5 of that, 32 lower-case hex.
 */
import crypto from "node:crypto";

/** A message's field: a value, or (XML only) the tags nested in it. Order is the message's own. */
export type Field = [name: string, value: string | Field[]];

/** The script name of a URL: from the last "/" to the end or to "?" (the query is not part of it). */
export function scriptName(url: string): string {
  const path = url.split(/[?#]/, 1)[0];
  return path.slice(path.lastIndexOf("/") + 1);
}

/** The values in signing order: sorted by name (a stable sort, so same names keep their order), nested recursively. */
function signingValues(fields: Field[]): string[] {
  const sorted = fields.filter(([name]) => name !== "pg_sig").sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted.flatMap(([, value]) => (typeof value === "string" ? [value] : signingValues(value)));
}

/** The string whose MD5 is the signature (exported for the tests that compare it with the documentation's). */
export function signatureString(script: string, fields: Field[], secret: string): string {
  return [script, ...signingValues(fields), secret].join(";");
}

export function signature(script: string, fields: Field[], secret: string): string {
  return crypto.createHash("md5").update(signatureString(script, fields, secret), "utf8").digest("hex");
}

/** A random pg_salt: digits and Latin letters, as the documentation asks. */
export const newSalt = () => crypto.randomBytes(12).toString("base64").replace(/[^A-Za-z0-9]/g, "x");

/** Fields from a plain record, in its order; numbers written as the protocol writes amounts (no thousands separators). */
export const fieldsOf = (record: Record<string, string | number | undefined>): Field[] =>
  Object.entries(record).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)] as Field]));

/** The message with a fresh pg_salt (unless it has one) and its pg_sig last. */
export function signed(script: string, fields: Field[], secret: string): Field[] {
  const salted: Field[] = fields.some(([name]) => name === "pg_salt") ? fields.filter(([name]) => name !== "pg_sig") : [...fields, ["pg_salt", newSalt()]];
  return [...salted, ["pg_sig", signature(script, salted, secret)]];
}

/** Whether a message carries its sender's valid signature (compared in constant time). */
export function isSigned(script: string, fields: Field[], secret: string): boolean {
  const given = fields.find(([name]) => name === "pg_sig")?.[1];
  if (typeof given !== "string" || !fields.some(([name]) => name === "pg_salt")) return false;
  const expected = Buffer.from(signature(script, fields, secret));
  const actual = Buffer.from(given.toLowerCase());
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** The first value of a top-level field, if it is a plain value. */
export function valueOf(fields: Field[], name: string): string | undefined {
  const value = fields.find(([n]) => n === name)?.[1];
  return typeof value === "string" ? value : undefined;
}

/** A form body's fields in the order sent (URLSearchParams keeps repeated names in order). */
export const formFields = (form: URLSearchParams): Field[] => [...form.entries()].map(([name, value]) => [name, value] as Field);

export const toForm = (fields: Field[]): URLSearchParams => {
  const form = new URLSearchParams();
  for (const [name, value] of fields) if (typeof value === "string") form.append(name, value);
  return form;
};

// ── XML ──────────────────────────────────────────────────────────────────────────────────────

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!);

function xmlOf(fields: Field[]): string {
  return fields.map(([name, value]) => `<${name}>${typeof value === "string" ? escapeXml(value) : xmlOf(value)}</${name}>`).join("");
}

/** An XML message as the gateway writes one: `<?xml …?><response>…</response>` (or another root). */
export function toXml(fields: Field[], root = "response"): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<${root}>${xmlOf(fields)}</${root}>`;
}

const decodeXml = (s: string) =>
  s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e[0] === "#" ? String.fromCodePoint(e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" } as Record<string, string>)[e],
  );

/**
 * Reads the gateway's XML answer into its root's name and fields: elements, text, CDATA and
 * entities (attributes are read past: the protocol puts nothing in them). Throws on anything that is
 * not well-formed, so a garbled answer is never taken for a valid one.
 */
export function parseXml(text: string): { root: string; fields: Field[] } {
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`Freedom Pay answer is not XML the protocol knows (${why} at ${i})`);
  };
  const past = (marker: string, why: string) => {
    const at = text.indexOf(marker, i);
    return at < 0 ? fail(why) : at + marker.length;
  };
  const skipMisc = () => {
    for (;;) {
      while (i < text.length && /\s/.test(text[i])) i++;
      if (text.startsWith("<?", i)) i = past("?>", "declaration");
      else if (text.startsWith("<!--", i)) i = past("-->", "comment");
      else return;
    }
  };
  const openTag = (): string => {
    const m = /^<([A-Za-z_][\w.-]*)(\s[^>]*?)?(\/?)>/.exec(text.slice(i, i + 512));
    if (!m) fail("element");
    i += m![0].length;
    return m![3] ? `${m![1]}/` : m![1];
  };
  const element = (): Field => {
    const tag = openTag();
    if (tag.endsWith("/")) return [tag.slice(0, -1), ""];
    let textValue = "";
    const children: Field[] = [];
    for (;;) {
      if (i >= text.length) fail(`unclosed <${tag}>`);
      if (text.startsWith("</", i)) {
        const close = `</${tag}>`;
        if (!text.startsWith(close, i)) fail(`mismatched </…> for <${tag}>`);
        i += close.length;
        return children.length ? [tag, children] : [tag, textValue];
      }
      if (text.startsWith("<![CDATA[", i)) {
        const end = text.indexOf("]]>", i);
        if (end < 0) fail("CDATA");
        textValue += text.slice(i + 9, end);
        i = end + 3;
      } else if (text.startsWith("<!--", i)) {
        i = past("-->", "comment");
      } else if (text[i] === "<") {
        children.push(element());
      } else {
        const next = text.indexOf("<", i);
        if (next < 0) fail("text");
        textValue += decodeXml(text.slice(i, next));
        i = next;
      }
    }
  };
  skipMisc();
  const [root, value] = element();
  skipMisc();
  if (i !== text.length) fail("trailing content");
  return { root, fields: typeof value === "string" ? [] : value };
}
