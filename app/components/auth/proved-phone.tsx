import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";

/** "Number confirmed: +996 700 123 456 — Change" on the steps after the code. */
export function ProvedPhone({ phone, changeHref, email = false }: { phone: string; changeHref: string; email?: boolean }) {
  const { t } = useTranslation("auth");
  return (
    <div className="mb-5 rounded-2xl bg-emerald-50 px-4 py-3 text-emerald-900 ring-1 ring-emerald-200">
      <p className="text-sm">{t(email ? "password.emailConfirmed" : "password.confirmed")}</p>
      <div className="flex flex-wrap items-center justify-between gap-x-3">
        <p className="text-lg font-semibold tabular-nums [overflow-wrap:anywhere]" data-testid="proved-phone">
          {phone}
        </p>
        <Link to={changeHref} className="-mx-2 flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-100">
          {t(email ? "code.changeEmail" : "code.change")}
        </Link>
      </div>
    </div>
  );
}
