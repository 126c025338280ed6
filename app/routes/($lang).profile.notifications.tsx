import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { NotificationRow } from "~/components/profile/notification-item";
import { Pager, pageFrom } from "~/components/profile/pager";
import { PageHeader } from "~/components/profile/ui";
import { localizePath, type Locale } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { requireUser } from "~/lib/auth.server";
import { formatDate, formatDateTime } from "~/lib/format";
import { endpoints } from "../../contract/endpoints";

const PER_PAGE = 16;

/** "12 июн. – 15 июн." from the payload's stay dates, when the notification carries them. */
function stayDates(payload: Record<string, unknown>, locale: Locale): string | null {
  const { checkInDate: from, checkOutDate: to } = payload;
  const iso = (v: unknown): v is string => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v);
  if (!iso(from) || !iso(to)) return null;
  const short = { day: "numeric", month: "short" } as const;
  return `${formatDate(from, locale, short)} – ${formatDate(to, locale, short)}`;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, "account");
  const page = pageFrom(request);
  const [list, unread] = await Promise.all([
    signedIn.api.call(endpoints.notifications, { query: { page, perPage: PER_PAGE } }),
    signedIn.api.call(endpoints.unreadData),
  ]).catch((error: unknown) => {
    throw routeErrorFrom(error);
  });
  return data(
    {
      // Newest first, as the API orders them; times formatted here, in Bishkek time.
      items: list.items.map((item) => ({ item, when: formatDateTime(item.createdAt, signedIn.locale), dates: stayDates(item.payload, signedIn.locale) })),
      page: list.page,
      total: list.total,
      lastPage: Math.max(1, Math.ceil(list.total / PER_PAGE)),
      unread: unread.notifications,
      title: `${t("notifications.title")} — Konok`,
    },
    { headers: await signedIn.headers() },
  );
}

/** "Mark all as read": a POST form, then back to the same page of the list. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  await signedIn.api.call(endpoints.notificationsRead).catch((error: unknown) => {
    throw routeErrorFrom(error);
  });
  const page = pageFrom(request);
  const back = localizePath("/profile/notifications", signedIn.locale);
  throw redirect(page > 1 ? `${back}?page=${page}` : back, { headers: await signedIn.headers() });
}

export default function Notifications() {
  const { items, page, total, lastPage, unread } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  const { path } = useLocale();
  const here = path("/profile/notifications");
  return (
    <div className="max-w-3xl">
      <PageHeader
        title={t("notifications.title")}
        description={unread ? t("notifications.unreadCount", { count: unread }) : total ? t("notifications.allRead") : t("notifications.subtitle")}
        actions={
          <Form method="post" action={page > 1 ? `${here}?page=${page}` : here} data-testid="mark-all-read">
            <button type="submit" className="btn-secondary min-h-11 text-sm disabled:cursor-not-allowed disabled:opacity-50" disabled={unread === 0} data-testid="mark-all">
              <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4">
                <path d="m2.5 10.5 3.5 3.5 7-8M9 13l1 1 7-8" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {t("notifications.markAll")}
            </button>
          </Form>
        }
      />

      {items.length ? (
        <ul className="space-y-3" data-testid="notification-list">
          {items.map(({ item, when, dates }) => (
            <NotificationRow key={item.id} item={item} when={when} dates={dates} />
          ))}
        </ul>
      ) : (
        <div className="rounded-3xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center" data-testid="notifications-empty">
          <span aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-stone-100 text-stone-500">
            <svg viewBox="0 0 24 24" className="h-7 w-7">
              <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15ZM10 20.5a2 2 0 0 0 4 0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <h2 className="mt-4 text-lg font-semibold text-stone-900">{page > 1 ? t("notifications.pageEmpty") : t("notifications.emptyTitle")}</h2>
          <p className="mx-auto mt-2 max-w-sm text-sm text-stone-600">{t("notifications.emptyText")}</p>
          <Link to={page > 1 ? here : path("/estates")} className="btn-primary mt-6">
            {page > 1 ? t("notifications.firstPage") : t("notifications.findStay")}
          </Link>
        </div>
      )}
      <Pager page={page} lastPage={lastPage} hrefFor={(p) => `${here}?page=${p}`} />
    </div>
  );
}
