import { cloneElement, Fragment, type ReactElement } from "react";

/**
 * A translated sentence with a few tagged words made into elements:
 * `richText("Accept the <terms>terms</terms>.", { terms: <Link to="/terms" /> })`.
 *
 * It replaces react-i18next's `<Trans>`, whose HTML parser the bundler put into the JavaScript of
 * every page (about 3.5 KB gzip) for the one sentence that used it. Tags do not nest; an unknown
 * tag is left as its text.
 */
export function richText(text: string, components: Record<string, ReactElement>): ReactElement {
  const parts: React.ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    parts.push(text.slice(last, match.index));
    const element = components[match[1]];
    parts.push(element ? cloneElement(element, { key: parts.length }, match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
