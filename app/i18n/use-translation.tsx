import type { i18n } from "i18next";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { UseTranslationResponse } from "react-i18next";

/**
 * `useTranslation(ns)` as react-i18next has it, for the page's translator (./instance.ts): the page
 * only ever reads a fixed `t` of one namespace, and react-i18next's hook, provider and their
 * helpers were 2 KB of gzip on every page's first load for readiness, suspense and language-change
 * events that an instance which never changes language has no use for. Same call, same result
 * (`const { t, i18n } = useTranslation("estate")` or `const [t] = …`), on the server and in the
 * browser; tests/unit/translator.test.tsx checks it against react-i18next's.
 */
const I18nContext = createContext<i18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: i18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation(ns = "common"): UseTranslationResponse<string, undefined> {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation needs an <I18nProvider> above it");
  return useMemo(() => {
    const t = i18n.getFixedT(null, ns);
    const result = [t, i18n, true] as unknown as UseTranslationResponse<string, undefined>;
    return Object.assign(result, { t, i18n, ready: true });
  }, [i18n, ns]);
}
