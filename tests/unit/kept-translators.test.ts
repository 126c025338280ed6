/**
 * app/i18n/i18n.server.ts keeps one server translator per language and namespace list instead of
 * initialising an i18next instance on every call. A kept translator must read as a fresh one does,
 * one language's must never answer another's, and the map must stay bounded.
 */
import { describe, expect, it } from "vitest";
import { LOCALES, NAMESPACES, type Namespace } from "../../app/i18n/config";
import { MAX_KEPT_TRANSLATORS, getT, i18nServer, keptTranslators } from "../../app/i18n/i18n.server";

describe("kept server translators", () => {
  it("hands out the same translator for the same language and namespaces", async () => {
    expect(getT("en", "booking")).toBe(getT("en", "booking"));
    expect(getT("en", ["booking", "common"])).toBe(getT("en", ["booking", "common"]));
    expect(await getT("en", "booking")).toBe(await getT("en", "booking"));
  });

  it("keeps languages and namespace lists apart, and reads as a fresh translator does", async () => {
    const [en, ru] = await Promise.all([getT("en", "booking"), getT("ru", "booking")]);
    expect(en("meta.list")).toBe("My bookings");
    expect(ru("meta.list")).toBe("Мои брони");
    // The first namespace of a list is the default one: ["booking", "common"] is not ["common", "booking"].
    expect(getT("en", ["booking", "common"])).not.toBe(getT("en", ["common", "booking"]));
    const kept = await getT("en", ["booking", "common"]);
    const fresh = await i18nServer.getFixedT("en", ["booking", "common"]);
    for (const key of ["meta.list", "common:brand", "common:nav.search"]) expect(kept(key)).toBe(fresh(key));
    // Asking again after another language was made still answers in the first one.
    expect((await getT("en", "booking"))("meta.list")).toBe("My bookings");
  });

  it("keeps at most a bounded number, and still translates beyond it", async () => {
    const lists: [Namespace, Namespace][] = NAMESPACES.flatMap((a) => NAMESPACES.filter((b) => b !== a).map((b) => [a, b] as [Namespace, Namespace]));
    const asked = LOCALES.flatMap((locale) => lists.map((list) => ({ locale, list })));
    expect(asked.length).toBeGreaterThan(MAX_KEPT_TRANSLATORS);
    for (const { locale, list } of asked) getT(locale, list);
    expect(keptTranslators()).toBe(MAX_KEPT_TRANSLATORS);
    const last = asked[asked.length - 1];
    expect(getT(last.locale, last.list)).not.toBe(getT(last.locale, last.list));
    expect((await getT("ky", ["hosting", "booking"]))("booking:meta.list")).toBe((await i18nServer.getFixedT("ky", "booking"))("meta.list"));
  });
});
