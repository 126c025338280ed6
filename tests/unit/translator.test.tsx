/**
 * The pages render with the small translator of app/i18n/instance.ts, not with i18next. Every key
 * of every dictionary, in every language, with every plural count that picks a different form
 * and every context, must read exactly as i18next would read it; so must `<Trans>` with components.
 */
import i18next, { type Resource } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, Trans, useTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { LOCALES, NAMESPACES } from "../../app/i18n/config";
import { createI18n, interpolate } from "../../app/i18n/instance";
import { I18nProvider, useTranslation as usePageTranslation } from "../../app/i18n/use-translation";
import { resources } from "../../app/i18n/resources.server";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Counts that reach every Russian form (one, few, many, other) and the English/Kyrgyz ones. */
const COUNTS = [0, 1, 2, 3, 5, 11, 12, 21, 22, 25, 101, 1.5];

async function reference(locale: (typeof LOCALES)[number]) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: resources[locale] } as Resource,
    ns: [...NAMESPACES],
    defaultNS: "common",
    interpolation: { escapeValue: false },
  });
  return instance;
}

describe("the page translator reads like i18next", () => {
  for (const locale of LOCALES) {
    it(`every ${locale} key, plural and placeholder`, async () => {
      const real = await reference(locale);
      const small = createI18n(locale, resources[locale] as Resource[string]);
      let compared = 0;
      for (const ns of NAMESPACES) {
        const realT = real.getFixedT(locale, ns);
        const smallT = small.getFixedT(null, ns);
        const leafKeys = leaves(resources[locale][ns] as Tree).map(([key]) => key.replace(PLURAL, ""));
        const keys = new Set(leafKeys);
        for (const key of keys) {
          // `t(key, { context })`: every suffix some `key_suffix` has, and one that none has.
          const contexts = [...new Set(leafKeys.filter((k) => k.startsWith(`${key}_`)).map((k) => k.slice(key.length + 1))), "nobody"];
          for (const context of contexts) {
            for (const count of [undefined, 0, 1, 3, 5]) {
              const options = { context, ...(count === undefined ? {} : { count }) };
              expect(smallT(key, options), `${locale} ${ns}:${key} context=${context} count=${count}`).toBe(realT(key, options));
            }
          }
          const text = JSON.stringify(resources[locale][ns]);
          const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
          const values = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
          for (const count of [undefined, ...COUNTS]) {
            const options = count === undefined ? values : { ...values, count };
            expect(smallT(key, options), `${locale} ${ns}:${key} count=${count}`).toBe(realT(key, options));
            compared++;
          }
          // From another namespace, as `t("common:key")` is written in the pages.
          expect(small.getFixedT(null, "errors")(`${ns}:${key}`, values)).toBe(real.getFixedT(locale, "errors")(`${ns}:${key}`, values));
        }
      }
      expect(compared).toBeGreaterThan(1000);
    });
  }

  it("answers a missing key with the key, and a missing value with the placeholder", async () => {
    const real = await reference("en");
    const small = createI18n("en", resources.en as Resource[string]);
    for (const key of ["nope.missing", "common:nope", "estates:nope.deeper"]) {
      expect(small.t(key)).toBe(real.t(key));
    }
    expect(interpolate("{{a}} and {{b}}", { a: 1 })).toBe("1 and {{b}}");
    expect(interpolate("{{a}}!", { a: undefined })).toBe("!");
  });

  it("renders <Trans> with components the same way", async () => {
    const resourcesForTrans = { common: { rich: "Read the <terms>terms</terms> and <b>{{name}}</b>, {{count}} times" } };
    const real = i18next.createInstance();
    await real.init({ lng: "en", resources: { en: resourcesForTrans }, defaultNS: "common", interpolation: { escapeValue: false } });
    const small = createI18n("en", resourcesForTrans as Resource[string]);
    function Rich() {
      const { t } = useTranslation("common");
      return <Trans t={t} i18nKey="rich" values={{ name: "Aigerim" }} count={3} components={{ terms: <a href="/terms" />, b: <strong /> }} />;
    }
    const render = (instance: typeof real) =>
      renderToStaticMarkup(
        <I18nextProvider i18n={instance}>
          <Rich />
        </I18nextProvider>,
      );
    expect(render(small)).toBe(render(real));
    expect(render(small)).toContain('<a href="/terms">terms</a>');
  });

  it("useTranslation of the pages reads as react-i18next's does, in every language and form", async () => {
    for (const locale of LOCALES) {
      const real = await reference(locale);
      const small = createI18n(locale, resources[locale] as Resource[string]);
      // The shapes the components use: `{ t }`, `[t]`, `{ i18n }`, the default namespace and `ns:key`.
      function Page({ hook }: { hook: typeof useTranslation | typeof usePageTranslation }) {
        const { t, i18n } = hook("estate");
        const [common] = hook();
        const counts = [0, 1, 2, 5, 21].map((count) => t("nights", { count })).join("|");
        return <p lang={i18n.language}>{`${counts}|${common("rating.reviews", { count: 3 })}|${t("common:nav.stays")}|${t("missing.key")}`}</p>;
      }
      const ours = renderToStaticMarkup(
        <I18nProvider i18n={small}>
          <Page hook={usePageTranslation} />
        </I18nProvider>,
      );
      const theirs = renderToStaticMarkup(
        <I18nextProvider i18n={real}>
          <Page hook={useTranslation} />
        </I18nextProvider>,
      );
      expect(ours, locale).toBe(theirs);
      expect(ours).toContain(`lang="${locale}"`);
    }
  });

  it("useTranslation outside a provider says what is missing", () => {
    function Orphan() {
      return <p>{usePageTranslation().t("nav.stays")}</p>;
    }
    expect(() => renderToStaticMarkup(<Orphan />)).toThrow(/I18nProvider/);
  });
});
