import type { AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { getT } from "~/i18n/i18n.server";
import { routeErrorFrom, type ApiClient } from "~/lib/api.server";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { breadcrumbList, seoFor } from "~/lib/seo";

type ContentT = Awaited<ReturnType<typeof getT>>;
export type ContentPageHead = { path: string; title: string; description: string; image?: string | null };

/**
 * The loader of a content page backed by one API document (terms, privacy, a promo): the
 * document, or the API's refusal as the page's error, and the page's SEO with a breadcrumb from
 * the home page.
 */
export async function loadContentPage<T extends object>(params: Params, context: AppLoadContext, fetchPage: (api: ApiClient) => Promise<T>, head: (data: T, t: ContentT) => ContentPageHead) {
  const locale = localeFromParams(params);
  let data: T;
  try {
    data = await fetchPage(apiFor(context, params));
  } catch (error) {
    throw routeErrorFrom(error);
  }
  const t = await getT(locale, "content");
  const { path, title, description, image } = head(data, t);
  const publicUrl = context.config.publicUrl;
  const seo = seoFor({
    publicUrl,
    locale,
    path,
    title: `${title} — Konok`,
    description,
    image: image ?? null,
    jsonLd: [
      breadcrumbList(publicUrl, locale, [
        { name: t("crumbs.home"), path: "/" },
        { name: title, path },
      ]),
    ],
  });
  return { ...data, seo };
}
