import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { LegalDocumentResponse } from "../../../contract/content";
import { FormattedText } from "~/components/content/formatted-text";
import { useLocale } from "~/i18n/use-locale";
import { formatDate } from "~/lib/format";

/** A versioned legal document: its title, version and effective date, the text and earlier versions. */
export function LegalPage({ document, versions }: LegalDocumentResponse) {
  const { t } = useTranslation("content");
  const { locale, path } = useLocale();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12" data-testid={`${document.kind}-page`}>
      <h1 className="hyphens-auto break-words text-2xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{document.title}</h1>
      <p className="mt-2 text-sm text-stone-600" data-testid="legal-version">
        {t("legal.version", { version: document.version })} · {t("legal.effective", { date: formatDate(document.effectiveFrom, locale) })}
      </p>
      <FormattedText text={document.body} className="mt-6" />
      {document.kind === "privacy" ? (
        <p className="mt-6">
          <Link to={path("/profile/delete")} className="font-medium text-brand-700 underline underline-offset-2">
            {t("legal.deleteAccount")}
          </Link>
        </p>
      ) : null}
      {versions.length > 1 ? (
        <section aria-labelledby="legal-history" className="mt-10 border-t border-stone-200 pt-6">
          <h2 id="legal-history" className="font-semibold text-stone-900">
            {t("legal.history")}
          </h2>
          <ul className="mt-2 space-y-1 text-sm text-stone-600">
            {versions.map((v) => (
              <li key={v.version}>{t("legal.historyItem", { version: v.version, date: formatDate(v.effectiveFrom, locale) })}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
