import type { AppLoadContext } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type { LegalDocumentResponse, LegalKind } from "../../../contract/content";
import { loadContentPage } from "./content-page.server";

/** The loader of /terms and /privacy: the document in effect, its versions and the page's SEO. */
export function loadLegalPage(kind: LegalKind, params: Params, context: AppLoadContext) {
  return loadContentPage<LegalDocumentResponse>(params, context, `/api/v1/guest/legal/${kind}`, (data, t) => ({
    path: `/${kind}`,
    title: data.document.title,
    description: t(`legal.${kind}.meta`),
  }));
}
