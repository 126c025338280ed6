import { useTranslation } from "~/i18n/use-translation";
import type { FaqEntry } from "../../../contract/content";
import { FormattedText } from "./formatted-text";

/**
 * One question of /faq, opened with `<details>` (works without JavaScript); its anchor is the
 * entry's (`/faq#cancel`). The console's preview shows an entry with this same component.
 */
export function FaqQuestion({ entry, open = false }: { entry: FaqEntry; open?: boolean }) {
  const { t } = useTranslation("content");
  return (
    <details id={entry.anchor} open={open || undefined} className="group scroll-mt-24 p-4 target:bg-brand-50" data-testid="faq-entry">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
        <span>{entry.question}</span>
        <span aria-hidden="true" className="text-xl text-stone-500 transition-transform group-open:rotate-45">
          +
        </span>
      </summary>
      <FormattedText text={entry.answer} className="mt-2 !text-stone-700" />
      <a href={`#${entry.anchor}`} className="mt-2 inline-block text-sm text-brand-700 underline underline-offset-2">
        {t("faq.link")}
      </a>
    </details>
  );
}
