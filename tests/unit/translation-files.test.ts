/**
 * A page's HTML names its dictionaries' files instead of carrying them (decision 0042): the names
 * must lead to exactly the dictionaries the server rendered with, a file must change its name when
 * its words change, and nothing but this build's files may be served.
 */
import { describe, expect, it } from "vitest";
import { browserDictionary, pageTranslations, translationFile } from "../../app/i18n/browser-dictionaries.server";
import { LOCALES, NAMESPACES } from "../../app/i18n/config";
import { resources } from "../../app/i18n/resources.server";
import { resolveTranslations, translationFiles, translationFileUrl } from "../../app/i18n/translation-files";

type Words = { [key: string]: string | Words };
/** Page titles and descriptions (`meta`, at any depth) are read by loaders only, on the server. */
const withoutMeta = (words: Words): Words =>
  Object.fromEntries(Object.entries(words).flatMap(([key, value]) => (key === "meta" ? [] : [[key, typeof value === "string" ? value : withoutMeta(value)]])));

describe("translation files", () => {
  it("a document names each namespace by version; a navigation's data carries the dictionaries", () => {
    const named = pageTranslations("en", ["common", "estates"], { asFiles: true });
    expect(Object.keys(named)).toEqual(["common", "estates"]);
    for (const value of Object.values(named)) expect(value).toMatch(/^[0-9a-f]{10}$/);
    const whole = pageTranslations("en", ["common", "estates"], { asFiles: false });
    expect(typeof whole.common).toBe("object");
    // The server resolves the names to the very dictionaries it would have inlined.
    expect(resolveTranslations("en", named)).toEqual(whole);
  });

  it("every file serves its namespace's words without the server-only meta entries", () => {
    for (const locale of LOCALES) {
      for (const ns of NAMESPACES) {
        const { version } = browserDictionary(locale, ns);
        const file = translationFileUrl(locale, ns, version).split("/").pop()!;
        const served = JSON.parse(translationFile(locale, file)!) as Record<string, unknown>;
        expect(served).toEqual(withoutMeta(resources[locale][ns] as Words));
      }
    }
  });

  it("the version follows the words: languages and namespaces differ, the same text keeps its name", () => {
    const versions = new Set(LOCALES.flatMap((locale) => NAMESPACES.map((ns) => browserDictionary(locale, ns).version)));
    expect(versions.size).toBe(LOCALES.length * NAMESPACES.length);
    expect(browserDictionary("ky", "common").version).toBe(browserDictionary("ky", "common").version);
  });

  it("answers nothing for another version, an unknown namespace or language, or a path", () => {
    const { version } = browserDictionary("ru", "common");
    expect(translationFile("ru", `common.${version}.json`)).not.toBeNull();
    expect(translationFile("ru", "common.0000000000.json")).toBeNull();
    expect(translationFile("de", `common.${version}.json`)).toBeNull();
    expect(translationFile("ru", `secrets.${version}.json`)).toBeNull();
    expect(translationFile("ru", `../common.${version}.json`)).toBeNull();
  });

  it("the head preloads only named files, and the browser keeps out what it has not fetched", () => {
    const page = { common: "0123456789", estates: { title: "Stays" } };
    expect(translationFiles("ky", page)).toEqual([{ ns: "common", version: "0123456789", href: "/i18n/ky/common.0123456789.json" }]);
    expect(resolveTranslations("ky", page)).toEqual({ estates: { title: "Stays" } });
  });
});
