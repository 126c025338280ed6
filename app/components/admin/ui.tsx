/**
 * Pieces of the operator console's pages (app/routes/($lang).admin.*): its menu, labelled fields
 * whose message sits beside them, and the audit entries' list. Plain HTML forms: the console works
 * without JavaScript, on a phone and on a desk.
 */
import type { ReactNode } from "react";
import { Link, useLocation } from "@remix-run/react";
import { BLOCK_REASON_MAX, type AuditEntry } from "../../../contract/operator";
import { CONTENT_KINDS } from "../../../contract/operator-content";
import { DIRECTORY_OBJECT_TYPES } from "../../../contract/operator-directory";
import { stripLocale } from "~/i18n/config";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { formatDateTime } from "~/lib/format";

const SECTIONS = [
  { key: "dashboard", to: "/admin" },
  { key: "listings", to: "/admin/listings" },
  { key: "users", to: "/admin/users" },
  { key: "bookings", to: "/admin/bookings" },
  { key: "reviews", to: "/admin/reviews" },
  { key: "payouts", to: "/admin/payouts" },
  { key: "content", to: "/admin/content" },
  { key: "routes", to: "/admin/routes" },
  { key: "contacts", to: "/admin/contacts" },
  { key: "directory", to: "/admin/directory" },
  { key: "audit", to: "/admin/audit" },
] as const;

export function AdminNav() {
  const { t } = useTranslation("admin");
  const { path } = useLocale();
  const here = stripLocale(useLocation().pathname);
  const pill = "inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-4 ring-1";
  return (
    <nav aria-label={t("nav.label")} className="-mx-4 mb-5 overflow-x-auto px-4" data-testid="admin-nav">
      <ul className="flex gap-2 py-1 text-sm font-medium">
        {SECTIONS.map((s) => {
          const current = s.to === "/admin" ? here === "/admin" : here === s.to || here.startsWith(`${s.to}/`);
          return (
            <li key={s.key}>
              <Link
                to={path(s.to)}
                aria-current={current ? "page" : undefined}
                className={`${pill} ${current ? "bg-stone-900 text-white ring-stone-900" : "bg-white text-stone-700 ring-stone-300 hover:bg-stone-50"}`}
              >
                {t(`nav.${s.key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";
export const buttonClass = "inline-flex min-h-11 items-center justify-center rounded-full bg-stone-900 px-5 text-sm font-semibold text-white hover:bg-stone-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
export const dangerButtonClass = "inline-flex min-h-11 items-center justify-center rounded-full bg-red-700 px-5 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700";

/** A message beside the field it is about, tied to it for screen readers. */
export function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700" data-testid={`error-${id}`}>
      {messages[0]}
    </p>
  );
}

/**
 * The reason an operator gives (block, cancel, unpublish, send back, hide): its label, the message
 * beside it tied for screen readers, and what was typed kept after a refusal. `reply` is the
 * refused action's answer when it was this form's; `single` is a one-line field (a list's row).
 */
export function ReasonField({
  id,
  label,
  reply,
  errorId = `${id}-error`,
  single,
}: {
  id: string;
  label: string;
  reply: { values: Record<string, string>; errors: Record<string, string[]> } | null | undefined;
  errorId?: string;
  single?: boolean;
}) {
  const field = {
    id,
    name: "reason",
    maxLength: BLOCK_REASON_MAX,
    defaultValue: reply?.values.reason ?? "",
    "aria-invalid": reply?.errors.reason ? true : undefined,
    "aria-describedby": reply?.errors.reason ? errorId : undefined,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {single ? <input {...field} className={inputClass} /> : <textarea {...field} rows={3} className={`${inputClass} py-2`} />}
      <FieldError id={errorId} messages={reply?.errors.reason} />
    </div>
  );
}

export function Notice({ tone, children, testId }: { tone: "ok" | "error"; children: ReactNode; testId?: string }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-testid={testId}
      className={`mb-4 rounded-lg px-4 py-3 text-sm ${tone === "ok" ? "bg-emerald-50 text-emerald-900 ring-1 ring-emerald-200" : "bg-red-50 text-red-900 ring-1 ring-red-200"}`}
    >
      {children}
    </div>
  );
}

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="mb-6 rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:p-5" data-testid={testId}>
      <h2 className="mb-3 text-lg font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

const OBJECT_PAGES: Record<string, (entry: AuditEntry) => string | null> = {
  user: (e) => `/admin/users/${e.objectId}`,
  booking: (e) => `/admin/bookings/${e.objectId}`,
  listing: (e) => `/admin/listings/${e.objectId}`,
  review: (e) => `/admin/reviews?q=${e.objectId}`,
  payout_batch: () => "/admin/payouts",
  ...Object.fromEntries(CONTENT_KINDS.map((kind) => [kind, (e: AuditEntry) => `/admin/content/${kind}/${e.objectId}`])),
  // A removed rule has no page left to open.
  route_rule: (e) => (e.after ? `/admin/routes?edit=${e.objectId}` : null),
  ...Object.fromEntries(Object.entries(DIRECTORY_OBJECT_TYPES).map(([kind, type]) => [type, (e: AuditEntry) => `/admin/directory?edit=${kind}-${e.objectId}`])),
};

/** What an entry's object is, linked to its page in the console where there is one. */
function ObjectLink({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation("admin");
  const { path } = useLocale();
  const label = t(`audit.objects.${entry.objectType}`, { id: entry.objectId, defaultValue: `${entry.objectType} #${entry.objectId}` });
  const to = OBJECT_PAGES[entry.objectType]?.(entry) ?? null;
  return to ? (
    <Link to={path(to)} className="font-medium text-brand-700 hover:underline">
      {label}
    </Link>
  ) : (
    <span>{label}</span>
  );
}

const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : "—");

export function AuditList({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation("admin");
  const { locale } = useLocale();
  return (
    <ol className="divide-y divide-stone-200" data-testid="audit-entries">
      {entries.map((e) => (
        <li key={e.id} className="py-3 text-sm" data-testid="audit-entry" data-action={e.action}>
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <time dateTime={e.createdAt} className="text-stone-600">
              {formatDateTime(e.createdAt, locale)}
            </time>
            <span className="font-semibold text-stone-900">{t(`audit.actions.${e.action}`, { defaultValue: e.action })}</span>
            <ObjectLink entry={e} />
          </div>
          <p className="mt-1 text-stone-700">
            {t("audit.who")}: {e.operator ? `${e.operator.name || "—"}${e.operator.phone ? ` (+${e.operator.phone})` : ""}` : t("audit.command")}
          </p>
          {e.reason ? (
            <p className="mt-1 text-stone-700">
              {t("audit.reason")}: {e.reason}
            </p>
          ) : null}
          <dl className="mt-1 grid gap-x-2 text-xs text-stone-600 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium">{t("audit.before")}</dt>
            <dd className="break-all font-mono">{json(e.before)}</dd>
            <dt className="font-medium">{t("audit.after")}</dt>
            <dd className="break-all font-mono">{json(e.after)}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}
