import type { AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type { LegalKind } from "../../../contract/content";
import { endpoints } from "../../../contract/endpoints";
import { loadContentPage } from "./content-page.server";

/** The loader of /terms and /privacy: the document in effect, its versions and the page's SEO. */
export function loadLegalPage(kind: LegalKind, params: Params, context: AppLoadContext) {
  return loadContentPage(params, context, (api) => api.call(endpoints.legal, { params: { kind } }), (data, t) => ({
    path: `/${kind}`,
    title: data.document.title,
    description: t(`legal.${kind}.meta`),
  }));
}
