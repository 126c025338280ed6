/** Building blocks shared by the account pages: headings, cards, badges, formatted contacts. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export function PageHeader({ title, description, back, actions }: { title: ReactNode; description?: ReactNode; back?: { to: string; label: string }; actions?: ReactNode }) {
  return (
    <div className="mb-5 sm:mb-6">
      {back ? (
        <Link to={back.to} className="-ml-2 mb-2 inline-flex min-h-10 items-center gap-1 rounded-full px-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900">
          <span aria-hidden="true">←</span> {back.label}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
          {description ? <p className="mt-1.5 max-w-prose text-sm text-stone-600">{description}</p> : null}
        </div>
        {actions}
      </div>
    </div>
  );
}

export function Card({ children, title, description, className = "", id, testId }: { children: ReactNode; title?: ReactNode; description?: ReactNode; className?: string; id?: string; testId?: string }) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section aria-labelledby={headingId} id={id} data-testid={testId} className={`rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6 ${className}`}>
      {title ? (
        <div className="mb-4">
          <h2 id={headingId} className="text-lg font-semibold text-stone-900">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** A narrow card for one step of a code flow: readable on a phone, not stretched on a desktop. */
export function StepCard({ children }: { children: ReactNode }) {
  return <div className="max-w-lg rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-7">{children}</div>;
}

export function Badge({ children, tone = "neutral", testId }: { children: ReactNode; tone?: "neutral" | "success" | "warning" | "brand"; testId?: string }) {
  const tones = {
    neutral: "bg-stone-100 text-stone-700",
    success: "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200",
    warning: "bg-amber-50 text-amber-900 ring-1 ring-amber-200",
    brand: "bg-brand-50 text-brand-800 ring-1 ring-brand-200",
  };
  return (
    <span data-testid={testId} className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {tone === "success" ? (
        <svg viewBox="0 0 16 16" aria-hidden="true" className="h-3.5 w-3.5">
          <path d="m3.5 8.5 3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      ) : null}
      {children}
    </span>
  );
}

export const dangerButton =
  "inline-flex w-full items-center justify-center gap-2 rounded-full bg-red-600 px-5 py-3 font-medium text-white shadow-sm transition hover:bg-red-700 disabled:opacity-60";

/** "996700123456" → "+996 700 123 456"; other countries keep their digits after the plus. */
export function formatPhone(digits: string | null | undefined): string {
  if (!digits) return "";
  if (digits.startsWith("996") && digits.length === 12) return `+996 ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`;
  if (digits.startsWith("7") && digits.length === 11) return `+7 ${digits.slice(1, 4)} ${digits.slice(4, 7)}-${digits.slice(7, 9)}-${digits.slice(9)}`;
  return `+${digits}`;
}

/** Where a code went: a phone number formatted, an e-mail as it is. */
export const formatTarget = (target: string) => (/^\d+$/.test(target) ? formatPhone(target) : target);
