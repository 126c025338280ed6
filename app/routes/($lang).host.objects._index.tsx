import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { kindKey } from "~/components/host/host-nav";
import type { Listing, ListingResponse, ListingsResponse } from "../../contract/listing-steps";
import { stepTitle } from "../../contract/listing-text";
import { HostNav } from "~/components/host/host-nav";
import { Notice } from "~/components/forms/fields";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { ApiError, routeErrorFrom } from "~/lib/api.server";
import { objectsPath, requireHost, stepPath } from "~/lib/listing.server";

/**
 * /host/objects: the host's listings in three groups (drafts with how complete they are,
 * published, unpublished), each with its actions as plain forms.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireHost(request, context, params);
  try {
    const lists = await signedIn.api.get<ListingsResponse>("/api/v1/host/objects");
    const t = await getT(signedIn.locale, "listing");
    return data({ lists, title: `${t("objects.title")} — Konok` }, { headers: await signedIn.headers() });
  } catch (error) {
    throw routeErrorFrom(error);
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

const ACTIONS = ["publish", "unpublish", "duplicate", "delete"] as const;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireHost(request, context, params);
  const form = await request.formData();
  const intent = ACTIONS.find((a) => a === form.get("intent"));
  const id = String(form.get("id") ?? "");
  if (!intent || !/^\d{1,9}$/.test(id)) throw new Response("Bad Request", { status: 400 });
  const base = `/api/v1/host/objects/${id}`;
  try {
    if (intent === "delete") await signedIn.api.delete(base);
    else await signedIn.api.post<ListingResponse>(`${base}/${intent}`);
  } catch (error) {
    // Publishing a draft with steps left: the preview step lists them, each a link.
    if (intent === "publish" && error instanceof ApiError && (error.status === 422 || error.status === 409)) {
      return redirect(stepPath(signedIn.locale, id, "preview"), { headers: await signedIn.headers() });
    }
    throw routeErrorFrom(error);
  }
  const done = { publish: "published", unpublish: "unpublished", duplicate: "duplicated", delete: "deleted" }[intent];
  return redirect(`${objectsPath(signedIn.locale)}?done=${done}`, { headers: await signedIn.headers() });
}

function ActionButton({ id, intent, label, tone = "secondary" }: { id: number; intent: (typeof ACTIONS)[number]; label: string; tone?: "primary" | "secondary" | "danger" }) {
  const styles = {
    primary: "bg-stone-900 text-white ring-stone-900",
    secondary: "bg-white text-stone-800 ring-stone-300 hover:bg-stone-50",
    danger: "bg-white text-red-700 ring-red-200 hover:bg-red-50",
  }[tone];
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
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
  const { lists } = useLoaderData<typeof loader>();
  const { t } = useTranslation("listing");
  const { path } = useLocale();
  const [search] = useSearchParams();
  const done = search.get("done");
  const groups = [
    { key: "drafts", items: lists.drafts },
    { key: "published", items: lists.published },
    { key: "unpublished", items: lists.unpublished },
  ] as const;
  const empty = groups.every((g) => g.items.length === 0);
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <HostNav />
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t("objects.title")}</h1>
      {done && ["published", "unpublished", "duplicated", "deleted"].includes(done) ? (
        <div className="mt-4">
          <Notice tone="success">{t(`objects.flash.${done}`)}</Notice>
        </div>
      ) : null}
      {empty ? (
        <div className="mt-6 rounded-2xl bg-white p-6 text-center ring-1 ring-stone-200">
          <p className="text-stone-600">{t("objects.empty")}</p>
          <Link to={path("/create")} className="btn-primary mt-4 inline-flex min-h-11 items-center">
            {t("nav.create")}
          </Link>
        </div>
      ) : (
        groups.map((group) =>
          group.items.length ? (
            <section key={group.key} className="mt-6" aria-labelledby={`group-${group.key}`} data-testid={`group-${group.key}`}>
              <h2 id={`group-${group.key}`} className="mb-3 text-lg font-semibold text-stone-900">
                {t(`objects.${group.key}`)} <span className="text-stone-500">({group.items.length})</span>
              </h2>
              <ul className="space-y-3">
                {group.items.map((listing) => (
                  <ListingCard key={listing.id} listing={listing} />
                ))}
              </ul>
            </section>
          ) : null,
        )
      )}
    </div>
  );
}
