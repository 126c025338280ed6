/**
 * Links that open Telegram's and WhatsApp's share screens with a text and an address.
 *
 * Letters outside ASCII stay letters in the query (`text=Тёплая квартира`), not `%D0%A2%D1%91…`:
 * a browser encodes them itself when the link is followed, and as letters they repeat the page's
 * title, which compression then nearly erases. Percent-encoded, a Russian title cost ~0.3 KB of
 * the estate page's first answer (decision 0059).
 */
export function readableQueryValue(value: string): string {
  return (
    encodeURIComponent(value)
      // Runs of %80–%FF are the UTF-8 bytes of non-ASCII characters.
      .replace(/(?:%[89A-F][0-9A-F])+/g, (bytes) => decodeURIComponent(bytes))
      // `/`, `:`, `@`, `,` and `?` mean nothing special inside a query value; `&`, `=`, `+`, `#`, `%` and spaces stay encoded.
      .replace(/%(2F|3A|40|2C|3F)/g, (escape) => decodeURIComponent(escape))
  );
}

export function telegramShareHref(url: string, text: string): string {
  return `https://t.me/share/url?url=${readableQueryValue(url)}&text=${readableQueryValue(text)}`;
}

export function whatsappShareHref(url: string, text: string): string {
  return `https://wa.me/?text=${readableQueryValue(`${text} ${url}`)}`;
}
