import type { AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type { LegalDocumentResponse, LegalKind } from "../../../contract/content";
import { getT } from "~/i18n/i18n.server";
import { routeErrorFrom } from "~/lib/api.server";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { breadcrumbList, seoFor } from "~/lib/seo";

/** The loader of /terms and /privacy: the document in effect, its versions and the page's SEO. */
export async function loadLegalPage(kind: LegalKind, params: Params, context: AppLoadContext) {
  const locale = localeFromParams(params);
  let data: LegalDocumentResponse;
  try {
    data = await apiFor(context, params).get<LegalDocumentResponse>(`/api/v1/guest/legal/${kind}`);
  } catch (error) {
    throw routeErrorFrom(error);
  }
  const t = await getT(locale, "content");
  const publicUrl = context.config.publicUrl;
  const seo = seoFor({
    publicUrl,
    locale,
    path: `/${kind}`,
    title: `${data.document.title} — Konok`,
    description: t(`legal.${kind}.meta`),
    jsonLd: [
      breadcrumbList(publicUrl, locale, [
        { name: t("crumbs.home"), path: "/" },
        { name: data.document.title, path: `/${kind}` },
      ]),
    ],
  });
  return { ...data, seo };
}
