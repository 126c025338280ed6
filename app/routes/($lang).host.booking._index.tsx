import { ObjectPicker } from "~/components/hosting/object-picker";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { HOST_BOOKING_TAB_IDS, HOST_BOOKINGS_PER_PAGE, type HostBooking, type HostBookingTab } from "../../contract/host";
import { StatusBadge } from "~/components/booking/status-badge";
import { guestsText } from "~/components/booking/stay-summary";
import { Countdown } from "~/components/booking/countdown";
import { loadHostEstates } from "~/routes-server/($lang).host.server";
import { stayDates } from "~/components/hosting/stay-dates";
import { Pager, pageFrom } from "~/components/profile/pager";
import { PageHeader } from "~/components/profile/ui";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { requireHostMode } from "~/lib/auth.server";
import { formatMoment, formatPrice } from "~/lib/format";
import { HostNav } from "~/components/host/host-nav";
import { endpoints } from "../../contract/endpoints";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

const isTab = (value: unknown): value is HostBookingTab => typeof value === "string" && (HOST_BOOKING_TAB_IDS as string[]).includes(value);

/**
 * `/host/booking?tab=&estate=&page=` (auth, host mode): the bookings of the host's objects in five
 * tabs, newest first, 16 a page, optionally of one object. Requests open first: they expire.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireHostMode(request, context, params);
  const url = new URL(request.url);
  const tab: HostBookingTab = isTab(url.searchParams.get("tab")) ? (url.searchParams.get("tab") as HostBookingTab) : "requests";
  const estateRaw = url.searchParams.get("estate") ?? "";
  const estate = /^\d{1,9}$/.test(estateRaw) ? Number(estateRaw) : null;
  const page = pageFrom(request);
  const [list, estates] = await Promise.all([
    signedIn.api
      .call(endpoints.hostBookings, { query: { tab, page, perPage: HOST_BOOKINGS_PER_PAGE, ...(estate ? { estateId: estate } : {}) } })
      .catch((error: unknown) => {
        throw routeErrorFrom(error);
      }),
    loadHostEstates(signedIn),
  ]);
  const t = await getT(signedIn.locale, "hosting");
  return data(
    {
      tab,
      estate,
      // The picker shows a name and sends an id; the price and status stay out of the page's data.
      estates: estates.map(({ id, title }) => ({ id, title })),
      counts: list.counts,
      items: list.items.map(toRow),
      page,
      lastPage: Math.max(1, Math.ceil(list.total / HOST_BOOKINGS_PER_PAGE)),
      title: `${t("list.title")} — Konok`,
    },
    { headers: await signedIn.headers() },
  );
}

/**
 * What a row of the list shows, and all the page sends of a booking: the whole HostBooking (the
 * prices by night, events, photo, actions, …) was ~80 % of the page's hydration data, serialised
 * and sent for every request and parsed again in the browser, for nothing on the screen.
 */
function toRow(booking: HostBooking) {
  const { id, status, guest, estate, checkInDate, checkOutDate, nights, adultCount, childrenCount, payout, deadline } = booking;
  return {
    id,
    status,
    guest: guest ? { name: guest.name } : null,
    estate: { title: estate.title },
    checkInDate,
    checkOutDate,
    nights,
    adultCount,
    childrenCount,
    payout,
    deadline: deadline ? { at: deadline.at } : null,
  };
}

type BookingRowData = ReturnType<typeof toRow>;

export default function HostBookings() {
  const { tab, estate, estates, counts, items, page, lastPage } = useLoaderData<typeof loader>();
  const { t } = useTranslation("hosting");
  const { path } = useLocale();
  const here = path("/host/booking");
  const query = (next: Partial<{ tab: string; page: number }>) => {
    const q = new URLSearchParams({ tab: next.tab ?? tab });
    if (estate) q.set("estate", String(estate));
    if (next.page && next.page > 1) q.set("page", String(next.page));
    return `${here}?${q}`;
  };
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-5 sm:py-8" data-testid="host-bookings-page" data-tab={tab}>
      <HostNav />
      <PageHeader
        title={t("list.title")}
        description={t("list.subtitle")}
        actions={
          <Link to={path("/host/calendar")} className="inline-flex min-h-11 items-center rounded-full border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-100" data-testid="to-calendar">
            {t("calendar.title")}
          </Link>
        }
      />

      {estates.length > 1 ? (
        <ObjectPicker
          id="estate-filter"
          action={here}
          className="mb-4"
          label={t("list.object")}
          submitLabel={t("list.show")}
          estates={estates}
          value={estate}
          allLabel={t("list.allObjects")}
          keep={{ tab }}
        />
      ) : null}

      <nav aria-label={t("list.tabsLabel")} className="-mx-4 mb-5 sm:mx-0">
        <ul className="flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:px-0">
          {HOST_BOOKING_TAB_IDS.map((id) => {
            const current = id === tab;
            return (
              <li key={id} className="shrink-0">
                <Link
                  to={query({ tab: id })}
                  aria-current={current ? "page" : undefined}
                  data-testid={`tab-${id}`}
                  className={`flex min-h-11 items-center gap-2 whitespace-nowrap rounded-full px-4 text-sm font-medium transition ${
                    current ? "bg-stone-900 text-white" : "bg-white text-stone-700 ring-1 ring-stone-200 hover:bg-stone-100"
                  }`}
                >
                  {t(`list.tabs.${id}`)}
                  {counts[id] > 0 ? (
                    <span className={`rounded-full px-1.5 text-xs tabular-nums ${current ? "bg-white/20" : id === "requests" ? "bg-amber-100 text-amber-900" : "bg-stone-100 text-stone-600"}`}>{counts[id]}</span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {items.length ? (
        <ul className="space-y-3" data-testid="host-booking-list">
          {items.map((booking) => (
            <BookingRow key={booking.id} booking={booking} />
          ))}
        </ul>
      ) : (
        <div className="rounded-3xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center" data-testid="host-bookings-empty">
          <h2 className="text-lg font-semibold text-stone-900">{t("list.emptyTitle")}</h2>
          <p className="mx-auto mt-2 max-w-sm text-sm text-stone-600">{t(`list.empty.${tab}`)}</p>
        </div>
      )}
      <Pager page={page} lastPage={lastPage} hrefFor={(p) => query({ page: p })} />
    </div>
  );
}

function BookingRow({ booking }: { booking: BookingRowData }) {
  const { t } = useTranslation("hosting");
  const { t: tb } = useTranslation("booking");
  const { locale, path } = useLocale();
  return (
    <li>
      <Link
        to={path(`/host/booking/${booking.id}`)}
        className="block rounded-3xl bg-white p-4 shadow-sm ring-1 ring-stone-200 transition hover:ring-stone-300"
        data-testid="host-booking-card"
        data-booking-id={booking.id}
        data-status={booking.status}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <StatusBadge status={booking.status} />
          <span className="text-xs text-stone-500">#{booking.id}</span>
        </div>
        <p className="mt-2 font-semibold text-stone-900">{booking.guest?.name ?? t("detail.guestGone")}</p>
        <p className="line-clamp-1 break-words text-sm text-stone-600">{booking.estate.title}</p>
        <p className="mt-1 text-sm text-stone-700">
          {stayDates(booking.checkInDate, booking.checkOutDate, locale)} · {tb("trip.nights", { count: booking.nights })} · {guestsText(tb, booking.adultCount, booking.childrenCount)}
        </p>
        <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <span className="text-sm text-stone-700">
            {t("list.payout")} <span className="font-semibold tabular-nums text-stone-900">{formatPrice(booking.payout, locale)}</span>
          </span>
          {booking.status === "pending_confirmation" && booking.deadline ? (
            <span className="text-xs font-medium text-amber-800">
              <Countdown at={booking.deadline.at}>{t("list.answerBy", { time: formatMoment(booking.deadline.at, locale) })}</Countdown>
            </span>
          ) : null}
        </div>
      </Link>
    </li>
  );
}
