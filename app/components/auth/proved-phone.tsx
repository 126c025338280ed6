import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** "Number confirmed: +996 700 123 456 — Change" on the steps after the code. */
export function ProvedPhone({ phone, changeHref }: { phone: string; changeHref: string }) {
  const { t } = useTranslation("auth");
  return (
    <div className="mb-5 flex items-center justify-between gap-3 rounded-2xl bg-emerald-50 px-4 py-3 text-emerald-900 ring-1 ring-emerald-200">
      <div className="min-w-0">
        <p className="text-sm">{t("password.confirmed")}</p>
        <p className="truncate text-lg font-semibold tabular-nums" data-testid="proved-phone">
          {phone}
        </p>
      </div>
      <Link to={changeHref} className="-mr-2 flex min-h-11 shrink-0 items-center rounded-lg px-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-100">
        {t("code.change")}
      </Link>
    </div>
  );
}
