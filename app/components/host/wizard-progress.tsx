import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { Listing, StepId } from "../../../contract/listing-steps";
import { stepTitle } from "../../../contract/listing-text";
import { useLocale } from "~/i18n/use-locale";

/** The progress line: which section of four, how many required steps are done, the section's steps as links. */
export function WizardProgress({ listing, step }: { listing: Listing; step: StepId }) {
  const { t } = useTranslation("listing");
  const { locale, path } = useLocale();
  const current = listing.steps.find((s) => s.step === step);
  const section = current?.section ?? 1;
  const inSection = listing.steps.filter((s) => s.section === section && s.step !== "congrats");
  return (
    <div className="mb-5" data-testid="wizard-progress">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <p className="font-semibold text-stone-900">{t("wizard.section", { n: section })}</p>
        <p className="text-stone-600">{t("wizard.progress", { done: listing.doneCount, total: listing.requiredCount })}</p>
      </div>
      <div className="mt-2 grid grid-cols-4 gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((n) => (
          <span key={n} className={`h-1.5 rounded-full ${n < section ? "bg-brand-600" : n === section ? "bg-brand-400" : "bg-stone-200"}`} />
        ))}
      </div>
      <ol className="mt-3 flex flex-wrap gap-1.5 text-xs">
        {inSection.map((s) => (
          <li key={s.step}>
            <Link
              to={path(`/host/objects/${listing.id}/${s.step}`)}
              aria-current={s.step === step ? "step" : undefined}
              className={`inline-flex min-h-8 items-center gap-1 rounded-full px-2.5 ring-1 ${s.step === step ? "bg-stone-900 text-white ring-stone-900" : s.done ? "bg-emerald-50 text-emerald-900 ring-emerald-200" : "bg-white text-stone-700 ring-stone-300"}`}
            >
              {s.done ? <span aria-hidden="true">✓</span> : null}
              {stepTitle(s.step, locale)}
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}
