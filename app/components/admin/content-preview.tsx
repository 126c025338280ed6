/**
 * The console's preview of a content item (issue 31): what the form holds, in one language, drawn
 * with the site's own pieces (the FAQ's question, FormattedText), so the preview is the page's
 * look. The action renders it from the submitted form: it works without JavaScript.
 */
import type { Locale } from "../../../contract/common";
import type { ContentKind } from "../../../contract/operator-content";
import { FaqQuestion } from "~/components/content/faq-entry";
import { FormattedText } from "~/components/content/formatted-text";
import { useTranslation } from "~/i18n/use-translation";

export function ContentPreview({ kind, locale, values }: { kind: ContentKind; locale: Locale; values: Record<string, string> }) {
  const { t } = useTranslation("admin");
  const text = (name: string) => values[`${name}.${locale}`] ?? "";
  return (
    <section aria-labelledby="preview-heading" className="mb-6 rounded-2xl bg-stone-100 p-4 ring-1 ring-stone-300 sm:p-5" data-testid="content-preview" data-locale={locale}>
      <h2 id="preview-heading" className="text-lg font-semibold text-stone-900">
        {t("content.previewIn", { language: t(`content.languages.${locale}`) })}
      </h2>
      <p className="mb-3 text-sm text-stone-700">{t("content.previewNote")}</p>
      <div lang={locale} className="rounded-2xl bg-white p-4 ring-1 ring-stone-200">
        {kind === "faq" ? (
          <div className="divide-y divide-stone-200 rounded-2xl ring-1 ring-stone-200">
            <FaqQuestion entry={{ anchor: values.anchor || "preview", question: text("question"), answer: text("answer") }} open />
          </div>
        ) : (
          <>
            <p className="text-2xl font-extrabold tracking-tight text-stone-900" data-testid="preview-title">
              {text("title")}
            </p>
            {kind !== "legal" && text("summary") ? <p className="mt-2 text-lg text-stone-700">{text("summary")}</p> : null}
            <FormattedText text={text("body")} className="mt-4" />
            {kind === "promo" && text("terms") ? (
              <>
                <p className="mt-6 font-semibold text-stone-900">{t("content.fields.terms")}</p>
                <FormattedText text={text("terms")} className="mt-2 text-sm" />
              </>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
