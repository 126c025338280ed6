import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { kindKey } from "~/components/host/host-nav";
import { ESTATE_KINDS, firstUnfinishedStep, type ListingKind, type ListingsResponse } from "../../contract/listing-steps";
import { FormAlert, SubmitButton } from "~/components/forms/fields";
import { HostNav } from "~/components/host/host-nav";
import { getT } from "~/i18n/i18n.server";
import { ApiError, routeErrorFrom } from "~/lib/api.server";
import { requireHost, stepPath } from "~/lib/listing.server";
import { endpoints } from "../../contract/endpoints";

/**
 * /create: a new listing starts by choosing its kind (which picks its sequence of steps,
 * decision 0018), and for a unit the complex it belongs to; then the wizard's first step.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireHost(request, context, params);
  let lists: ListingsResponse;
  try {
    lists = await signedIn.api.call(endpoints.hostListings);
  } catch (error) {
    throw routeErrorFrom(error);
  }
  const complexes = [...lists.published, ...lists.drafts, ...lists.unpublished].filter((l) => l.kind === "complex").map((l) => ({ id: l.id, title: l.title }));
  const url = new URL(request.url);
  const kind = ESTATE_KINDS.find((k) => k === url.searchParams.get("kind")) ?? "simple";
  const t = await getT(signedIn.locale, "listing");
  return data({ complexes, kind, parentId: url.searchParams.get("parentId") ?? "", title: `${t("create.title")} — Konok` }, { headers: await signedIn.headers() });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireHost(request, context, params);
  const form = await request.formData();
  const kind = ESTATE_KINDS.find((k) => k === form.get("kind")) as ListingKind | undefined;
  const parentId = Number(form.get("parentId")) || undefined;
  if (!kind) return data({ errors: [(await getT(signedIn.locale, "listing"))("create.kind")] }, { status: 422 });
  try {
    const { object } = await signedIn.api.call(endpoints.hostListingCreate, { body: { kind, parentId: kind === "complex.simple" ? parentId : undefined } });
    return redirect(stepPath(signedIn.locale, object.id, firstUnfinishedStep(object.kind, [])), { headers: await signedIn.headers() });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return data({ errors: Object.values(error.errors).flat() }, { status: 422, headers: await signedIn.headers() });
    throw routeErrorFrom(error);
  }
}

export default function CreateListing() {
  const { complexes, kind, parentId } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("listing");
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8">
      <HostNav />
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t("create.title")}</h1>
      <p className="mt-1.5 text-sm text-stone-600">{t("create.subtitle")}</p>
      <Form method="post" className="mt-5 space-y-4" data-testid="create-form">
        <FormAlert errors={result?.errors} />
        <fieldset>
          <legend className="field-label">{t("create.kind")}</legend>
          <div className="space-y-2">
            {ESTATE_KINDS.map((k) => (
              <label key={k} className="flex items-start gap-3 rounded-2xl bg-white p-4 ring-1 ring-stone-200 has-[:checked]:ring-2 has-[:checked]:ring-brand-600">
                <input type="radio" name="kind" value={k} defaultChecked={k === kind} disabled={k === "complex.simple" && complexes.length === 0} className="mt-1 h-5 w-5" />
                <span>
                  <span className="block font-semibold text-stone-900">{t(`kinds.${kindKey(k)}`)}</span>
                  <span className="block text-sm text-stone-600">{t(`kinds.${kindKey(k)}Hint`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {complexes.length ? (
          <div>
            <label htmlFor="parentId" className="field-label">
              {t("create.parent")}
            </label>
            <select id="parentId" name="parentId" defaultValue={parentId} className="field-input">
              {complexes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title || t("objects.untitled")}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="text-sm text-stone-500">{t("create.noComplexes")}</p>
        )}
        <SubmitButton className="btn-primary min-h-12 w-full">{t("create.submit")}</SubmitButton>
      </Form>
    </div>
  );
}
