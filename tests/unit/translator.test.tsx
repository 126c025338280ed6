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
import { createI18n, interpolate, MAX_RESOLVED_KEYS } from "../../app/i18n/instance";
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

describe("the texts a translator keeps per dictionary", () => {
  const common = (dictionary: Record<string, unknown>) => createI18n("en", { common: dictionary } as Resource[string]);

  it("answers from each dictionary object, never another's with the same keys", () => {
    const first = common({ nav: { stays: "Stays" }, nights_one: "{{count}} night", nights_other: "{{count}} nights" });
    const second = common({ nav: { stays: "Places" }, nights_one: "{{count}} evening", nights_other: "{{count}} evenings" });
    expect(first.t("nav.stays")).toBe("Stays");
    expect(second.t("nav.stays")).toBe("Places");
    expect(first.t("nights", { count: 2 })).toBe("2 nights");
    expect(second.t("nights", { count: 1 })).toBe("1 evening");
    // A key missing in one dictionary and found in another: the miss kept for the first is its own.
    const without = common({ nav: {} });
    expect(without.t("nav.stays")).toBe("nav.stays");
    expect(common({ nav: { stays: "Homes" } }).t("nav.stays")).toBe("Homes");
    // The same dictionary object again (as the server's pages share it): the same answers.
    const shared = { nav: { stays: "Stays" }, a: { b: { c: "deep" } } };
    expect(common(shared).t("a.b.c")).toBe("deep");
    expect(common(shared).t("a.b.c")).toBe("deep");
    expect(common(shared).t("a.b")).toBe("a.b");
    expect(common(shared).t("a.b.c.d")).toBe("a.b.c.d");
  });

  it("keeps a bounded number of keys per dictionary and still translates past it", () => {
    const many = Object.fromEntries(Array.from({ length: MAX_RESOLVED_KEYS + 50 }, (_, i) => [`k${i}`, `text ${i}`]));
    const t = common(many).t;
    for (let i = 0; i < MAX_RESOLVED_KEYS + 50; i++) expect(t(`k${i}`)).toBe(`text ${i}`);
    for (let i = 0; i < 100; i++) expect(t(`absent${i}`, "fallback")).toBe("fallback");
    expect(t(`k${MAX_RESOLVED_KEYS + 49}`)).toBe(`text ${MAX_RESOLVED_KEYS + 49}`);
  });

  it("picks each count's plural form as Intl.PluralRules does, kept or not (large, fractional, negative)", () => {
    const dictionary = { nights_one: "one {{count}}", nights_few: "few {{count}}", nights_many: "many {{count}}", nights_other: "other {{count}}" };
    const ru = createI18n("ru", { common: dictionary } as Resource[string]);
    const rules = new Intl.PluralRules("ru");
    for (const count of [1, 2, 5, 11, 21, 22, 25, 101, 1.5, 9_999, 10_000, 10_001, 10_002, 10_005, 123_456, -1, -2]) {
      for (let again = 0; again < 2; again++) expect(ru.t("nights", { count }), String(count)).toBe(`${rules.select(count)} ${count}`);
    }
  });
});
