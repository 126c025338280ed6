import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuditList, Section } from "~/components/admin/ui";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { formatNumber } from "~/lib/format";
import { consoleError, requireOperator } from "~/lib/operator.server";
import { endpoints } from "../../contract/endpoints";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, { name: "robots", content: "noindex" }];

/** `/admin`: the console's overview: the day's and week's bookings, what waits, what failed, the latest actions. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const board = await signedIn.api.call(endpoints.operatorDashboard).catch((e: unknown) => {
    throw consoleError(e);
  });
  const t = await getT(signedIn.locale, "admin");
  return data({ board, title: `${t("dashboard.title")} — ${t("title")}` }, { headers: await signedIn.headers() });
}

const CARDS = [
  { key: "bookingsToday", to: "/admin/bookings" },
  { key: "bookingsThisWeek", to: "/admin/bookings" },
  { key: "awaitingHosts", to: "/admin/bookings?status=pending_confirmation" },
  { key: "failedPayments", to: null },
  { key: "failedMessages", to: null },
  { key: "blockedUsers", to: "/admin/users?blocked=1" },
  { key: "listingsAwaitingReview", to: "/admin/listings?status=pending" },
] as const;

export default function AdminDashboard() {
  const { board } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const { path, locale } = useLocale();
  return (
    <div data-testid="admin-dashboard">
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-stone-900">{t("dashboard.title")}</h1>
      <ul className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {CARDS.map((c) => {
          const body = (
            <>
              <span className="block text-2xl font-bold text-stone-900">{formatNumber(board[c.key], locale)}</span>
              <span className="mt-1 block text-sm text-stone-700">{t(`dashboard.${c.key}`)}</span>
            </>
          );
          return (
            <li key={c.key} data-testid={`dashboard-${c.key}`}>
              {c.to ? (
                <Link to={path(c.to)} className="block h-full rounded-2xl bg-white p-4 ring-1 ring-stone-200 hover:ring-stone-400">
                  {body}
                </Link>
              ) : (
                <div className="h-full rounded-2xl bg-white p-4 ring-1 ring-stone-200">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
      <Section title={t("dashboard.recent")}>
        <AuditList entries={board.recentActions} />
        <Link to={path("/admin/audit")} className="mt-3 inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
          {t("dashboard.allActions")}
        </Link>
      </Section>
    </div>
  );
}
