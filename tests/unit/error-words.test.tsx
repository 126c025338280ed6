/**
 * The error page of a failed root loader speaks the page's language with words that are not in
 * the browser's bundle: the server writes them into the page, and the browser must read back
 * exactly what the server rendered with, or hydration would not match.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorWordsData, ErrorWordsProvider, useErrorWords } from "../../app/i18n/error-words";
import { resources } from "../../app/i18n/resources.server";

const ALL = { ru: resources.ru.errors, en: resources.en.errors, ky: resources.ky.errors };

function Page({ locale }: { locale: "ru" | "en" | "ky" }) {
  const words = useErrorWords(locale);
  return (
    <>
      <p>{(words?.notFound as { title?: string } | undefined)?.title ?? "no words"}</p>
      <ErrorWordsData words={words} />
    </>
  );
}

afterEach(() => {
  delete (globalThis as { document?: unknown }).document;
});

describe("error words", () => {
  it("the server renders the page's language and writes the same words into the page", () => {
    for (const locale of ["ru", "en", "ky"] as const) {
      const html = renderToStaticMarkup(
        <ErrorWordsProvider value={ALL}>
          <Page locale={locale} />
        </ErrorWordsProvider>,
      );
      expect(html).toContain(`<p>${(ALL[locale].notFound as { title: string }).title}</p>`);
      const block = /<script type="application\/json" id="error-words">(.*?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(block!)).toEqual(ALL[locale]);
    }
  });

  it("the browser reads the words back from the page, and no text can end the data block", () => {
    const words = { notFound: { title: "</script><b>x</b>" } };
    const server = renderToStaticMarkup(
      <ErrorWordsProvider value={{ ru: words, en: words, ky: words }}>
        <Page locale="en" />
      </ErrorWordsProvider>,
    );
    expect(server).not.toContain("</script><b>");
    const content = /<script type="application\/json" id="error-words">(.*?)<\/script>/.exec(server)![1];
    // A stand-in for the browser's document holding the server's data block.
    (globalThis as { document?: unknown }).document = { getElementById: (id: string) => (id === "error-words" ? { textContent: content } : null) };
    const client = renderToStaticMarkup(<Page locale="en" />);
    expect(client).toBe(server);
  });
});
