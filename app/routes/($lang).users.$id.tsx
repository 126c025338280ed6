import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { UserProfile } from "../../contract/reviews";
import { GuestReviewList } from "~/components/booking/stay-reviews";
import { useTranslation } from "~/i18n/use-translation";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { formatDate } from "~/lib/format";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { endpoints } from "../../contract/endpoints";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, { name: "robots", content: "noindex" }];

/**
 * `/users/{id}` (public): a member's profile as hosts read it before accepting them as a guest —
 * first name, the month they joined, their rating and reviews from hosts (GET /api/v1/users/{id}).
 * Nothing to reach them by: that is the booking's chat. Kept out of search engines.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const locale = localeFromParams(params);
  if (!params.id || !/^\d{1,9}$/.test(params.id)) throw new Response("Not Found", { status: 404 });
  let user: UserProfile;
  try {
    ({ user } = await apiFor(context, params).call(endpoints.userProfile, { params: { id: params.id } }));
  } catch (error) {
    throw routeErrorFrom(error);
  }
  const t = await getT(locale, "booking");
  return data({ user, title: `${t("profile.metaTitle", { name: user.firstName || t("profile.noName") })} — Konok` });
}

export default function UserProfilePage() {
  const { user } = useLoaderData<typeof loader>();
  const { t } = useTranslation("booking");
  const { locale } = useLocale();
  const name = user.firstName || t("profile.noName");
  const record = user.asGuest;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10" data-testid="user-profile" data-user-id={user.id}>
      <header className="flex items-center gap-4">
        <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-800" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight text-stone-900" data-testid="profile-name">
            {name}
          </h1>
          <p className="text-sm text-stone-600" data-testid="member-since">
            {t("profile.memberSince", { date: formatDate(`${user.memberSince}-01`, locale, { month: "long", year: "numeric" }) })}
          </p>
          {user.isHost ? <p className="text-sm text-stone-600">{t("profile.hosts")}</p> : null}
        </div>
      </header>

      <section aria-labelledby="guest-reviews-title" className="mt-8 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
        <h2 id="guest-reviews-title" className="text-lg font-semibold text-stone-900">
          {t("profile.reviewsTitle")}
        </h2>
        {record.count > 0 && record.rating !== null ? (
          <p className="mt-2 text-sm font-medium text-stone-900" data-testid="guest-rating" data-rating={record.rating}>
            <span aria-hidden="true" className="text-amber-500">
              ★
            </span>{" "}
            {t("reviews.recordRating", { rating: record.rating.toFixed(1), count: record.count })}
          </p>
        ) : (
          <p className="mt-2 text-sm text-stone-600">{t("reviews.recordNone")}</p>
        )}
        {record.reviews.length ? <GuestReviewList items={record.reviews} /> : null}
      </section>
    </div>
  );
}
