import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { endpoints } from "../../contract/endpoints";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { actionStart, loadDetail } from "~/routes-server/($lang).admin.server";
import { ListingState } from "~/components/admin/listing-state";
import { adminMeta } from "~/components/admin/meta";
import { AuditList, buttonClass, dangerButtonClass, Notice, ReasonField, Section } from "~/components/admin/ui";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { formatDateTime, formatPrice } from "~/lib/format";
import { notFoundResponse, replyFrom, type ActionReply } from "~/lib/operator.server";

export const meta = adminMeta;

/** `/admin/listings/{id}`: any listing with its status history and operator actions; approve, reject or unpublish it. */
export const loader = (args: LoaderFunctionArgs) => loadDetail(args, (api, id) => api.call(endpoints.operatorListing, { params: { id } }), "listing.title");

const INTENTS = ["approve", "reject", "unpublish"] as const;

export async function action(args: ActionFunctionArgs) {
  const { signedIn, id, form, here } = await actionStart(args, "listings");
  const intent = String(form.get("intent") ?? "");
  if (!(INTENTS as readonly string[]).includes(intent)) throw notFoundResponse();
  const values = { intent, reason: String(form.get("reason") ?? "") };
  try {
    await (intent === "approve"
      ? signedIn.api.call(endpoints.operatorListingApprove, { params: { id } })
      : signedIn.api.call(intent === "reject" ? endpoints.operatorListingReject : endpoints.operatorListingUnpublish, { params: { id }, body: { reason: values.reason } }));
    // After a post, a page of its own: reloading it does not act twice.
    throw redirect(`${here}?done=${intent}`, { headers: await signedIn.headers() });
  } catch (error) {
    if (error instanceof Response) throw error;
    return data<ActionReply>(replyFrom(error, values), { status: 422 });
  }
}

/** A reason form (reject, unpublish): the message beside the field, what was typed kept. */
function ReasonForm({ intent, failed, danger }: { intent: "reject" | "unpublish"; failed: Extract<ActionReply, { ok: false }> | null; danger?: boolean }) {
  const { t } = useTranslation("admin");
  const mine = failed?.values.intent === intent ? failed : null;
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <ReasonField id={`${intent}-reason`} label={t(`listing.${intent}.reason`)} reply={mine} />
      <button type="submit" className={danger ? dangerButtonClass : buttonClass}>
        {t(`listing.${intent}.submit`)}
      </button>
    </Form>
  );
}

export default function AdminListing() {
  const { detail } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [search] = useSearchParams();
  const { t } = useTranslation("admin");
  const { path, locale } = useLocale();
  const l = detail.listing;
  const failed = reply && !reply.ok ? reply : null;
  const done = search.get("done");
  return (
    <div data-testid="admin-listing" data-status={l.status} data-review={l.review?.state ?? ""}>
      <Link to={path("/admin/listings")} className="-ml-2 mb-2 inline-flex min-h-11 items-center gap-1 rounded-full px-2 text-sm font-medium text-stone-700 hover:bg-stone-100">
        <span aria-hidden="true">←</span> {t("listing.back")}
      </Link>
      <h1 className="mb-2 text-2xl font-bold tracking-tight text-stone-900">
        {l.title} <span className="text-base font-normal text-stone-600">{t("listing.title", { id: l.id })}</span>
      </h1>
      <div className="mb-4">
        <ListingState listing={l} />
      </div>
      {done && (INTENTS as readonly string[]).includes(done) ? (
        <Notice tone="ok" testId="action-done">
          {t(`listing.${done}.done`)}
        </Notice>
      ) : null}
      {failed && Object.keys(failed.errors).length === 0 ? (
        <Notice tone="error" testId="action-error">
          {failed.message}
        </Notice>
      ) : null}

      <Section title={t("listing.about")}>
        {l.photos[0]?.url ? <img src={l.photos[0].url} alt="" className="mb-3 aspect-[4/3] w-full max-w-sm rounded-xl object-cover" loading="lazy" /> : null}
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-stone-600">{t("listings.owner")}</dt>
          <dd>
            <Link to={path(`/admin/users/${l.host.id}`)} className="text-brand-700 underline underline-offset-2">
              {l.host.name || `#${l.host.id}`}
            </Link>
            {l.host.phone ? ` (+${l.host.phone})` : ""}
          </dd>
          <dt className="font-medium text-stone-600">{t("listings.city")}</dt>
          <dd>{[l.city, l.address].filter(Boolean).join(", ") || "—"}</dd>
          <dt className="font-medium text-stone-600">{t("listing.price")}</dt>
          <dd>{l.price ? formatPrice(l.price, locale) : "—"}</dd>
          <dt className="font-medium text-stone-600">{t("listing.rating")}</dt>
          <dd>{l.rating ? `${l.rating.toFixed(2)} (${l.reviewsCount})` : "—"}</dd>
          <dt className="font-medium text-stone-600">{t("listing.created")}</dt>
          <dd>{formatDateTime(l.createdAt, locale)}</dd>
          {l.publishedAt ? (
            <>
              <dt className="font-medium text-stone-600">{t("listing.published")}</dt>
              <dd>{formatDateTime(l.publishedAt, locale)}</dd>
            </>
          ) : null}
        </dl>
        {l.description ? <p className="mt-3 whitespace-pre-line text-sm text-stone-800">{l.description}</p> : null}
        {l.status === "published" ? (
          <Link to={path(`/estates/${l.slug}`)} className="mt-3 inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
            {t("listing.onSite")}
          </Link>
        ) : null}
      </Section>

      {l.review?.state === "pending" ? (
        <Section title={t("listing.review.title")} testId="review-section">
          <p className="mb-3 text-sm text-stone-700">{l.review.requestedAt ? t("listing.review.since", { date: formatDateTime(l.review.requestedAt, locale) }) : null}</p>
          <Form method="post" className="mb-5">
            <input type="hidden" name="intent" value="approve" />
            <button type="submit" className={buttonClass}>
              {t("listing.approve.submit")}
            </button>
          </Form>
          <ReasonForm intent="reject" failed={failed} danger />
        </Section>
      ) : null}
      {l.review?.state === "rejected" ? (
        <Section title={t("listing.review.title")} testId="review-section">
          <p className="text-sm text-stone-800">{t("listing.review.rejected", { reason: l.review.reason ?? "" })}</p>
        </Section>
      ) : null}

      {l.status === "published" ? (
        <Section title={t("listing.unpublish.title")} testId="unpublish-section">
          <p className="mb-3 text-sm text-stone-700">{t("listing.unpublish.hint")}</p>
          <ReasonForm intent="unpublish" failed={failed} danger />
        </Section>
      ) : null}

      <Section title={t("listing.events")} testId="listing-events">
        {detail.events.length === 0 ? (
          <p className="text-sm text-stone-700">{t("listing.noEvents")}</p>
        ) : (
          <ol className="space-y-1 text-sm">
            {detail.events.map((e, i) => (
              <li key={i} data-status={e.toStatus} data-review={e.reviewState ?? ""} data-actor={e.actor}>
                <time dateTime={e.at} className="text-stone-600">
                  {formatDateTime(e.at, locale)}
                </time>{" "}
                <span className="font-medium">{t(`listings.filter.${e.toStatus}`, { defaultValue: e.toStatus })}</span>
                {e.reviewState ? <span className="font-medium"> · {t(`listings.filter.${e.reviewState}`, { defaultValue: e.reviewState })}</span> : null}{" "}
                <span className="text-stone-600">({t(`booking.actor.${e.actor}`, { defaultValue: e.actor })})</span>
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Section title={t("listing.history")}>
        {detail.history.length === 0 ? <p className="text-sm text-stone-700">{t("user.noHistory")}</p> : <AuditList entries={detail.history} />}
      </Section>
    </div>
  );
}
