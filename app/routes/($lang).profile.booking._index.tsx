import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { Booking, BookingGroup } from "../../contract/booking";
import { GROUPS, isGroup } from "~/components/booking/status";
import { StatusBadge } from "~/components/booking/status-badge";
import { guestsText, PhotoThumb } from "~/components/booking/stay-summary";
import { Pager, pageFrom } from "~/components/profile/pager";
import { PageHeader } from "~/components/profile/ui";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { requireUser } from "~/lib/auth.server";
import { formatDate, formatMoment, formatPrice } from "~/lib/format";
import { todayInBishkek } from "../../contract/dates";
import { endpoints } from "../../contract/endpoints";

const PER_PAGE = 10;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

/**
 * `/profile/booking?group=&page=` (auth): the guest's trips in four tabs with their counts.
 * Without `?group` the first tab that needs the guest (waiting, then upcoming) opens.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const url = new URL(request.url);
  const asked = url.searchParams.get("group");
  const page = pageFrom(request);
  const list = (group: BookingGroup) =>
    signedIn.api.call(endpoints.bookings, { query: { group, page, perPage: PER_PAGE } }).catch((error: unknown) => {
      throw routeErrorFrom(error);
    });

  // Every answer carries all four counts: the asked tab is one call. Without one, the first tab
  // that needs the guest (waiting, then upcoming, else past) opens, which may take a second call.
  let result = await list(isGroup(asked) ? asked : "waiting");
  const counts = result.counts;
  const group: BookingGroup = isGroup(asked) ? asked : (GROUPS.find((g) => counts[g] > 0 && (g === "waiting" || g === "upcoming")) ?? (counts.past > 0 ? "past" : "upcoming"));
  if (group !== (isGroup(asked) ? asked : "waiting")) result = await list(group);
  const t = await getT(signedIn.locale, "booking");
  return data(
    {
      group,
      counts,
      items: result.items,
      page,
      lastPage: Math.max(1, Math.ceil(result.total / PER_PAGE)),
      title: `${t("meta.list")} — Konok`,
    },
    { headers: await signedIn.headers() },
  );
}

export default function Bookings() {
  const { group, counts, items, page, lastPage } = useLoaderData<typeof loader>();
  const { t } = useTranslation("booking");
  const { path } = useLocale();
  const here = path("/profile/booking");
  return (
    <div className="max-w-3xl" data-testid="bookings-page" data-group={group}>
      <PageHeader title={t("list.title")} description={t("list.subtitle")} />

      <nav aria-label={t("list.tabsLabel")} className="-mx-4 mb-5 sm:mx-0">
        <ul className="flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:px-0">
          {GROUPS.map((g) => {
            const current = g === group;
            return (
              <li key={g} className="shrink-0">
                <Link
                  to={`${here}?group=${g}`}
                  aria-current={current ? "page" : undefined}
                  data-testid={`tab-${g}`}
                  className={`flex min-h-11 items-center gap-2 whitespace-nowrap rounded-full px-4 text-sm font-medium transition ${
                    current ? "bg-stone-900 text-white" : "bg-white text-stone-700 ring-1 ring-stone-200 hover:bg-stone-100"
                  }`}
                >
                  {t(`list.tabs.${g}`)}
                  {counts[g] > 0 ? (
                    <span className={`rounded-full px-1.5 text-xs tabular-nums ${current ? "bg-white/20" : "bg-stone-100 text-stone-600"}`}>{counts[g]}</span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {items.length ? (
        <ul className="space-y-3" data-testid="booking-list">
          {items.map((booking) => (
            <BookingCard key={booking.id} booking={booking} />
          ))}
        </ul>
      ) : (
        <div className="rounded-3xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center" data-testid="bookings-empty">
          <span aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-stone-100 text-stone-500">
            <svg viewBox="0 0 24 24" className="h-7 w-7">
              <path d="M4 7.5h16v11a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5v-11ZM4 11h16M8.5 4v4.5M15.5 4v4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <h2 className="mt-4 text-lg font-semibold text-stone-900">{t("list.emptyTitle")}</h2>
          <p className="mx-auto mt-2 max-w-sm text-sm text-stone-600">{t(`list.empty.${group}`)}</p>
          <Link to={page > 1 ? `${here}?group=${group}` : path("/estates")} className="btn-primary mt-6">
            {page > 1 ? t("list.firstPage") : t("list.find")}
          </Link>
        </div>
      )}
      <Pager page={page} lastPage={lastPage} hrefFor={(p) => `${here}?group=${group}&page=${p}`} />
    </div>
  );
}

function BookingCard({ booking }: { booking: Booking }) {
  const { t } = useTranslation("booking");
  const { locale, path } = useLocale();
  // "18 мая – 20 мая 2027": the year once, at the end, and only when it is not this year.
  const short = (d: string) => formatDate(d, locale, { day: "numeric", month: "short" });
  const year = booking.checkOutDate.slice(0, 4);
  const range = `${short(booking.checkInDate)} – ${short(booking.checkOutDate)}`;
  const dates = year === todayInBishkek().slice(0, 4) && booking.checkInDate.slice(0, 4) === year ? range : locale === "ky" ? `${range}, ${year}-ж.` : `${range} ${year}`;
  const deadline =
    booking.deadline && booking.status === "pending_payment"
      ? t("list.payBefore", { time: formatMoment(booking.deadline.at, locale) })
      : booking.deadline && booking.status === "pending_confirmation"
        ? t("list.answerBy", { time: formatMoment(booking.deadline.at, locale) })
        : null;
  return (
    <li>
      <Link
        to={path(`/profile/booking/${booking.id}`)}
        className="flex gap-3 rounded-3xl bg-white p-3 shadow-sm ring-1 ring-stone-200 transition hover:ring-stone-300 sm:gap-4 sm:p-4"
        data-testid="booking-card"
        data-booking-id={booking.id}
        data-status={booking.status}
      >
        <PhotoThumb photo={booking.estate.photo} className="h-24 w-20 sm:h-24 sm:w-28" />
        <div className="min-w-0 flex-1">
          <StatusBadge status={booking.status} />
          <p className="mt-1 line-clamp-2 break-words font-semibold text-stone-900">{booking.estate.title}</p>
          <p className="text-sm text-stone-600">{booking.estate.city}</p>
          <p className="mt-1 text-sm text-stone-700">
            {dates} · {t("trip.nights", { count: booking.nights })}
          </p>
          <p className="text-sm text-stone-500">{guestsText(t, booking.adultCount, booking.childrenCount)}</p>
          <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="font-semibold tabular-nums text-stone-900" data-testid="booking-total">
              {formatPrice(booking.totalPrice, locale)}
            </span>
            {deadline ? <span className={`text-xs font-medium ${booking.status === "pending_payment" ? "text-brand-700" : "text-amber-800"}`}>{deadline}</span> : null}
          </div>
        </div>
      </Link>
    </li>
  );
}
