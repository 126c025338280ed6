import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadLegalPage } from "~/components/content/legal-page.server";
import { LegalPage } from "~/components/content/legal-page";
import { errorMeta, seoMeta } from "~/lib/seo";

/** `/terms`: the version in effect (api/services/content/legal.ts). */
export const loader = ({ params, context }: LoaderFunctionArgs) => loadLegalPage("terms", params, context);

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? seoMeta(data.seo) : errorMeta("404"));

export default function TermsPage() {
  const data = useLoaderData<typeof loader>();
  return <LegalPage document={data.document} versions={data.versions} />;
}
