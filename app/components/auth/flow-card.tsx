import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";

export type Step = { current: number; labels: string[] };

/**
 * Where the person is in a multi-step flow: "Step 1 of 3 · Phone" as text (read by screen
 * readers), with a bar of segments beside it for the eye.
 */
export function StepIndicator({ current, labels }: Step) {
  const { t } = useTranslation("auth");
  return (
    <div className="mb-5" data-testid="step-indicator">
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
        {t("steps.counter", { current, total: labels.length })}
        <span aria-hidden="true"> · </span>
        <span className="sr-only">: </span>
        {labels[current - 1]}
      </p>
      <ol className="mt-2 flex gap-1.5" aria-hidden="true">
        {labels.map((label, i) => (
          <li key={label} className={`h-1.5 flex-1 rounded-full ${i < current ? "bg-brand-600" : "bg-stone-200"}`} />
        ))}
      </ol>
    </div>
  );
}

/** The narrow card of the sign-up and reset steps: the AuthCard look, with the step on top. */
export function FlowCard({
  step,
  title,
  subtitle,
  children,
  footer,
}: {
  step?: Step;
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6 sm:py-14">
      <div className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-8">
        {step ? <StepIndicator {...step} /> : null}
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-sm text-stone-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 space-y-2 text-center text-sm text-stone-600">{footer}</div> : null}
    </div>
  );
}
