import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { kindKey } from "~/components/host/host-nav";
import { ESTATE_KINDS, LISTING_STATUSES, type Listing, type ListingResponse } from "../../contract/listing-steps";
import { stepTitle } from "../../contract/listing-text";
import { HostNav } from "~/components/host/host-nav";
import { Notice } from "~/components/forms/fields";
import { Pager } from "~/components/profile/pager";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { ApiError, routeErrorFrom } from "~/lib/api.server";
import { objectsPath, requireHost, stepPath } from "~/lib/listing.server";
import { ReviewNotice } from "~/components/host/review-notice";
import { endpoints } from "../../contract/endpoints";

/**
 * /host/objects: the host's listings, a page of 20 at a time, newest change first: a search by
 * words of the title or address or the listing's number, a status filter with each status's count
 * and a kind filter, all one GET form and links, so they work without JavaScript. Each card has
 * its actions as plain forms. (Issue 27: 91 listings made one 22,000-pixel page.)
 */

/** The list's filters from a query string, only the known ones with valid values. */
function filtersOf(search: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  const q = (search.get("q") ?? "").trim().slice(0, 100);
  if (q) kept.set("q", q);
  const status = LISTING_STATUSES.find((s) => s === search.get("status"));
  if (status) kept.set("status", status);
  const kind = ESTATE_KINDS.find((k) => k === search.get("kind"));
  if (kind) kept.set("kind", kind);
  const page = Number(search.get("page"));
  if (Number.isInteger(page) && page > 1 && page <= 10_000) kept.set("page", String(page));
  return kept;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireHost(request, context, params);
  const filters = filtersOf(new URL(request.url).searchParams);
  try {
    const found = await signedIn.api.call(endpoints.hostListingSearch, { query: Object.fromEntries(filters) });
    const t = await getT(signedIn.locale, "listing");
    return data({ found, title: `${t("objects.title")} — Konok` }, { headers: await signedIn.headers() });
  } catch (error) {
    throw routeErrorFrom(error);
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

const ACTIONS = ["publish", "unpublish", "duplicate", "delete"] as const;
/** What the list says after an action (`?done=`). */
const FLASHES = ["published", "publishedForReview", "publishedWithoutUnits", "unpublished", "duplicated", "deleted"];

/** The list's buttons other than "delete", each its own endpoint. */
const LISTING_ACTIONS = { publish: endpoints.hostListingPublish, unpublish: endpoints.hostListingUnpublish, duplicate: endpoints.hostListingDuplicate } as const;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireHost(request, context, params);
  const form = await request.formData();
  const intent = ACTIONS.find((a) => a === form.get("intent"));
  const id = String(form.get("id") ?? "");
  if (!intent || !/^\d{1,9}$/.test(id)) throw new Response("Bad Request", { status: 400 });
  let published: ListingResponse["object"] | undefined;
  try {
    if (intent === "delete") await signedIn.api.call(endpoints.hostListingRemove, { params: { id } });
    else published = (await signedIn.api.call(LISTING_ACTIONS[intent], { params: { id } })).object;
  } catch (error) {
    // Publishing a draft with steps left: the preview step lists them, each a link.
    if (intent === "publish" && error instanceof ApiError && (error.status === 422 || error.status === 409)) {
      return redirect(stepPath(signedIn.locale, id, "preview"), { headers: await signedIn.headers() });
    }
    throw routeErrorFrom(error);
  }
  // "Guests can find it now" only when they can: not while an operator reviews it, nor for a
  // complex without a published unit (decision 0037), which the wizard's last step says too.
  const done =
    intent === "publish" && published?.review?.state === "pending"
      ? "publishedForReview"
      : intent === "publish" && published?.kind === "complex" && published.publishedUnits === 0
        ? "publishedWithoutUnits"
        : { publish: "published", unpublish: "unpublished", duplicate: "duplicated", delete: "deleted" }[intent];
  // Back to the page of the list the host was on, its search and filters kept.
  const back = filtersOf(new URLSearchParams(String(form.get("back") ?? "")));
  back.set("done", done);
  return redirect(`${objectsPath(signedIn.locale)}?${back}`, { headers: await signedIn.headers() });
}

function ActionButton({ id, intent, label, tone = "secondary" }: { id: number; intent: (typeof ACTIONS)[number]; label: string; tone?: "primary" | "secondary" | "danger" }) {
  const [search] = useSearchParams();
  const styles = {
    primary: "bg-stone-900 text-white ring-stone-900",
    secondary: "bg-white text-stone-800 ring-stone-300 hover:bg-stone-50",
    danger: "bg-white text-red-700 ring-red-200 hover:bg-red-50",
  }[tone];
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={filtersOf(search).toString()} />
      <button type="submit" name="intent" value={intent} className={`inline-flex min-h-10 items-center rounded-full px-3.5 text-sm font-medium ring-1 ${styles}`}>
        {label}
      </button>
    </Form>
  );
}

function ListingCard({ listing }: { listing: Listing }) {
  const { t } = useTranslation("listing");
  const { locale, path } = useLocale();
  const percent = Math.round((listing.doneCount / Math.max(1, listing.requiredCount)) * 100);
  return (
    <li className="flex gap-3 rounded-2xl bg-white p-3 ring-1 ring-stone-200" data-testid="listing-card" data-listing-id={listing.id}>
      <div className="h-20 w-24 shrink-0 overflow-hidden rounded-xl bg-stone-100">
        {listing.cover ? <img src={listing.cover.url} alt="" className="h-full w-full object-cover" loading="lazy" /> : null}
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium uppercase tracking-wide text-stone-500">
          {t(`kinds.${kindKey(listing.kind)}`)} · {t(`status.${listing.status}`)}
        </p>
        <h3 className="truncate font-semibold text-stone-900">
          <Link to={path(`/host/objects/${listing.id}`)} className="hover:underline">
            {listing.title || t("objects.untitled")}
          </Link>
        </h3>
        {listing.parentTitle ? <p className="truncate text-xs text-stone-500">{t("objects.inComplex", { title: listing.parentTitle })}</p> : null}
        <ReviewNotice listing={listing} compact />
        {listing.status === "draft" ? (
          <div className="mt-1">
            <p className="text-xs text-stone-600">{t("objects.complete", { done: listing.doneCount, total: listing.requiredCount })}</p>
            <div className="mt-1 h-1.5 w-full max-w-48 rounded-full bg-stone-200" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-label={t("objects.complete", { done: listing.doneCount, total: listing.requiredCount })}>
              <div className="h-1.5 rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
            </div>
          </div>
        ) : null}
        <div className="mt-2 flex flex-wrap gap-1.5">
          {listing.status === "draft" ? (
            <Link to={path(`/create/${listing.id}`)} className="inline-flex min-h-10 items-center rounded-full bg-stone-900 px-3.5 text-sm font-medium text-white" aria-label={`${t("objects.continue")}: ${stepTitle(listing.resumeStep, locale)}`}>
              {t("objects.continue")}
            </Link>
          ) : null}
          <Link to={path(`/host/objects/preview/${listing.id}`)} className="inline-flex min-h-10 items-center rounded-full bg-white px-3.5 text-sm font-medium text-stone-800 ring-1 ring-stone-300">
            {t("objects.preview")}
          </Link>
          {listing.status === "published" ? (
            <ActionButton id={listing.id} intent="unpublish" label={t("objects.unpublish")} />
          ) : (
            <ActionButton id={listing.id} intent="publish" label={t("objects.publish")} tone={listing.missing.length ? "secondary" : "primary"} />
          )}
          <ActionButton id={listing.id} intent="duplicate" label={t("objects.duplicate")} />
          {listing.status === "draft" ? <ActionButton id={listing.id} intent="delete" label={t("objects.delete")} tone="danger" /> : null}
        </div>
      </div>
    </li>
  );
}

export default function HostObjects() {
  const { found } = useLoaderData<typeof loader>();
  const { t } = useTranslation("listing");
  const { path } = useLocale();
  const [search] = useSearchParams();
  const done = search.get("done");
  const filters = filtersOf(search);
  const status = filters.get("status") ?? "";
  const q = filters.get("q") ?? "";
  const kind = filters.get("kind") ?? "";
  const searching = Boolean(q || kind);
  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(filters);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    const query = next.toString();
    return `${path("/host/objects")}${query ? `?${query}` : ""}`;
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <HostNav />
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t("objects.title")}</h1>
      {done && FLASHES.includes(done) ? (
        <div className="mt-4">
          <Notice tone={done === "published" || done === "unpublished" || done === "duplicated" || done === "deleted" ? "success" : "info"}>{t(`objects.flash.${done}`)}</Notice>
        </div>
      ) : null}
      {found.counts.all === 0 && !searching ? (
        <div className="mt-6 rounded-2xl bg-white p-6 text-center ring-1 ring-stone-200" data-testid="objects-empty">
          <p className="text-stone-600">{t("objects.empty")}</p>
          <Link to={path("/create")} className="btn-primary mt-4 inline-flex min-h-11 items-center">
            {t("nav.create")}
          </Link>
        </div>
      ) : (
        <>
          <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2" data-testid="objects-search">
            {status ? <input type="hidden" name="status" value={status} /> : null}
            <div className="min-w-0 flex-[1_1_14rem]">
              <label htmlFor="objects-q" className="field-label">
                {t("objects.search.label")}
              </label>
              <input id="objects-q" type="search" name="q" defaultValue={q} maxLength={100} className="field-input w-full" placeholder={t("objects.search.placeholder")} />
            </div>
            <div className="flex-[1_1_9rem]">
              <label htmlFor="objects-kind" className="field-label">
                {t("objects.search.kind")}
              </label>
              <select id="objects-kind" name="kind" defaultValue={kind} className="field-input w-full">
                <option value="">{t("objects.search.anyKind")}</option>
                {ESTATE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`kinds.${kindKey(k)}`)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn-primary inline-flex min-h-11 items-center" data-testid="objects-search-submit">
              {t("objects.search.submit")}
            </button>
          </Form>
          <nav aria-label={t("objects.search.statusLabel")} className="-mx-4 mt-4 overflow-x-auto px-4">
            <ul className="flex gap-2 py-1 text-sm font-medium">
              {(["", ...LISTING_STATUSES] as const).map((s) => {
                const current = s === status;
                const count = found.counts[s || "all"];
                return (
                  <li key={s || "all"}>
                    <Link
                      to={hrefWith({ status: s || null, page: null, done: null })}
                      aria-current={current ? "page" : undefined}
                      data-testid={`objects-status-${s || "all"}`}
                      className={`inline-flex min-h-10 items-center gap-1.5 whitespace-nowrap rounded-full px-4 ring-1 ${current ? "bg-stone-900 text-white ring-stone-900" : "bg-white text-stone-700 ring-stone-300 hover:bg-stone-50"}`}
                    >
                      {s ? t(`objects.${s === "draft" ? "drafts" : s}`) : t("objects.search.all")}
                      <span className={current ? "text-stone-300" : "text-stone-500"}>{count}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <p className="mt-3 text-sm text-stone-600" role="status" data-testid="objects-count">
            {searching ? t("objects.search.found", { count: found.total }) : t("objects.search.total", { count: found.total })}
          </p>
          {found.items.length ? (
            <ul className="mt-3 space-y-3" data-testid="objects-list">
              {found.items.map((listing) => (
                <ListingCard key={listing.id} listing={listing} />
              ))}
            </ul>
          ) : (
            <div className="mt-4 rounded-2xl bg-white p-6 text-center ring-1 ring-stone-200" data-testid="objects-none">
              <p className="text-stone-600">{t("objects.search.none")}</p>
              <Link to={path("/host/objects")} className="btn-secondary mt-4 inline-flex min-h-11 items-center">
                {t("objects.search.clear")}
              </Link>
            </div>
          )}
          <Pager page={found.page} lastPage={found.lastPage} hrefFor={(page) => hrefWith({ page: page > 1 ? String(page) : null, done: null })} />
        </>
      )}
    </div>
  );
}
