/**
 * What the console's pages of one object (/admin/users/{id}, /admin/bookings/{id},
 * /admin/listings/{id}) share on the server: the number from the address (anything else is the
 * 404 page), the operator check, the object from the operator API with the page's title, and the
 * start of their actions. One place, so a new page of this shape cannot check less.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getT } from "~/i18n/i18n.server";
import { localizePath } from "~/i18n/config";
import { readForm } from "~/lib/forms.server";
import type { ApiClient } from "~/lib/api.server";
import { consoleError, notFoundResponse, requireOperator } from "~/lib/operator.server";

export const idFrom = (raw: string | undefined) => {
  if (!raw || !/^\d{1,9}$/.test(raw)) throw notFoundResponse();
  return Number(raw);
};

/**
 * The loader of an object's page: `fetchDetail` asks the operator API for the object with the id
 * (its answer is `detail`), `titleKey` (admin namespace, with `{{id}}`) the document title.
 */
export async function loadDetail<T>({ request, context, params }: LoaderFunctionArgs, fetchDetail: (api: ApiClient, id: number) => Promise<T>, titleKey: string) {
  const signedIn = await requireOperator(request, context, params);
  const id = idFrom(params.id);
  const detail = await fetchDetail(signedIn.api, id).catch((e: unknown) => {
    throw consoleError(e);
  });
  const t = await getT(signedIn.locale, "admin");
  return data({ detail, title: `${t(titleKey, { id })} — ${t("title")}` }, { headers: await signedIn.headers() });
}

/** The start of an object page's action: who, which object, the form, and the page's own address (`section`: "users"…). */
export async function actionStart({ request, context, params }: ActionFunctionArgs, section: string) {
  const signedIn = await requireOperator(request, context, params);
  const id = idFrom(params.id);
  const form = await readForm(request);
  return { signedIn, id, form, here: localizePath(`/admin/${section}/${id}`, signedIn.locale) };
}
