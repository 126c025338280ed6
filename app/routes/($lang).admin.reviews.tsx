import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { REVIEW_FILTERS } from "../../contract/operator";
import { adminMeta } from "~/components/admin/meta";
import { buttonClass, dangerButtonClass, inputClass, Notice, ReasonField } from "~/components/admin/ui";
import { Pager, pageFrom } from "~/components/profile/pager";
import { getT } from "~/i18n/i18n.server";
import { localizePath } from "~/i18n/config";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { formatDateTime } from "~/lib/format";
import { readForm } from "~/lib/forms.server";
import { consoleError, notFoundResponse, replyFrom, requireOperator, type ActionReply } from "~/lib/operator.server";
import { endpoints } from "../../contract/endpoints";

export const meta = adminMeta;

const PER_PAGE = 30;

/** `/admin/reviews?q=&state=&page=`: guests' reviews of listings; hide one with a reason (its author is told), show it again. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const state = (REVIEW_FILTERS as readonly string[]).includes(url.searchParams.get("state") ?? "") ? (url.searchParams.get("state") as string) : "";
  const page = pageFrom(request);
  const list = await signedIn.api.call(endpoints.operatorReviews, { query: { q: q || undefined, state: state || undefined, page } }).catch((e: unknown) => {
    throw consoleError(e);
  });
  const t = await getT(signedIn.locale, "admin");
  return data({ list, q, state, page, lastPage: Math.max(1, Math.ceil(list.total / PER_PAGE)), title: `${t("reviews.title")} — ${t("title")}` }, { headers: await signedIn.headers() });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("review") ?? "");
  if (!["hide", "show"].includes(intent) || !/^\d{1,9}$/.test(id)) throw notFoundResponse();
  const values = { intent, review: id, reason: String(form.get("reason") ?? "") };
  // Back to the same list (its search and page), now showing the outcome.
  const back = new URL(request.url).searchParams;
  back.delete("index");
  back.set("done", intent);
  try {
    await signedIn.api.call(intent === "hide" ? endpoints.operatorReviewHide : endpoints.operatorReviewShow, { params: { id }, body: intent === "hide" ? { reason: values.reason } : {} });
    throw redirect(`${localizePath("/admin/reviews", signedIn.locale)}?${back}#review-${id}`, { headers: await signedIn.headers() });
  } catch (error) {
    if (error instanceof Response) throw error;
    return data<ActionReply>(replyFrom(error, values), { status: 422 });
  }
}

export default function AdminReviews() {
  const { list, q, state, page, lastPage } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [search] = useSearchParams();
  const { t } = useTranslation("admin");
  const { path, locale } = useLocale();
  const failed = reply && !reply.ok ? reply : null;
  const done = search.get("done");
  const keep = new URLSearchParams(Object.entries({ q, state }).filter(([, v]) => v));
  const href = (p: number) => {
    const s = new URLSearchParams(keep);
    if (p > 1) s.set("page", String(p));
    return `${path("/admin/reviews")}${s.size ? `?${s}` : ""}`;
  };
  // The forms post to this page with its search, so the answer comes back to the same list.
  const actionUrl = `${path("/admin/reviews")}${search.size ? `?${new URLSearchParams([...search].filter(([k]) => k !== "done"))}` : ""}`;
  return (
    <div data-testid="admin-reviews">
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-stone-900">{t("reviews.title")}</h1>
      {done === "hide" || done === "show" ? (
        <Notice tone="ok" testId="action-done">
          {t(`reviews.${done}.done`)}
        </Notice>
      ) : null}
      {failed && Object.keys(failed.errors).length === 0 ? (
        <Notice tone="error" testId="action-error">
          {failed.message}
        </Notice>
      ) : null}
      <Form method="get" role="search" className="mb-5 flex flex-wrap items-end gap-3">
        <label className="min-w-0 flex-1 basis-56 text-sm font-medium text-stone-800">
          {t("reviews.search")}
          <input type="search" name="q" defaultValue={q} className={inputClass} />
        </label>
        <label className="text-sm font-medium text-stone-800">
          {t("reviews.state")}
          <select name="state" defaultValue={state} className={inputClass}>
            <option value="">{t("reviews.any")}</option>
            {REVIEW_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t(`reviews.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass}>
          {t("reviews.submit")}
        </button>
      </Form>
      <p className="mb-2 text-sm text-stone-600">{t("reviews.found", { count: list.total })}</p>
      {list.reviews.length === 0 ? (
        <p className="text-stone-700">{t("reviews.empty")}</p>
      ) : (
        <ul className="space-y-3" data-testid="reviews-list">
          {list.reviews.map((r) => {
            const mine = failed && failed.values.review === String(r.id) ? failed : null;
            return (
              <li key={r.id} id={`review-${r.id}`} className="rounded-2xl bg-white p-4 text-sm ring-1 ring-stone-200" data-testid="review-row" data-review-id={r.id} data-hidden={r.hidden ? "true" : "false"}>
                <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <span className="font-semibold text-stone-900">{t("reviews.rating", { rating: r.rating })}</span>
                  <span className="text-stone-700">
                    {r.author.id ? (
                      <Link to={path(`/admin/users/${r.author.id}`)} className="text-brand-700 underline underline-offset-2">
                        {r.author.name}
                      </Link>
                    ) : (
                      r.author.name
                    )}
                  </span>
                  <Link to={path(`/admin/listings/${r.estateId}`)} className="text-brand-700 underline underline-offset-2">
                    {r.estateTitle}
                  </Link>
                  <time dateTime={r.createdAt} className="text-stone-600">
                    {formatDateTime(r.createdAt, locale)}
                  </time>
                  {r.hidden ? <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">{t("reviews.hidden")}</span> : null}
                </p>
                <p className="mt-2 whitespace-pre-line break-words text-stone-900">{r.text}</p>
                {r.hidden ? (
                  <>
                    {r.hiddenReason ? <p className="mt-1 text-stone-700">{t("reviews.hiddenWhy", { reason: r.hiddenReason })}</p> : null}
                    <Form method="post" action={actionUrl} className="mt-3">
                      <input type="hidden" name="intent" value="show" />
                      <input type="hidden" name="review" value={r.id} />
                      <button type="submit" className={buttonClass}>
                        {t("reviews.show.submit")}
                      </button>
                    </Form>
                  </>
                ) : (
                  <Form method="post" action={actionUrl} className="mt-3 space-y-2">
                    <input type="hidden" name="intent" value="hide" />
                    <input type="hidden" name="review" value={r.id} />
                    <ReasonField id={`reason-${r.id}`} label={t("reviews.hide.reason")} reply={mine} single />
                    <button type="submit" className={dangerButtonClass}>
                      {t("reviews.hide.submit")}
                    </button>
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={page} lastPage={lastPage} hrefFor={href} />
    </div>
  );
}
