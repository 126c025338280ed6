import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AdminNav } from "~/components/admin/ui";
import { useTranslation } from "~/i18n/use-translation";
import { requireOperator } from "~/lib/operator.server";

/**
 * `/admin/*`: the operator console's frame (issue 31): its menu above each section. To anyone but
 * a signed-in operator every address here is the 404 page; each section's loader checks it again,
 * since Remix runs them side by side with this one.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  return data({}, { headers: { ...(await signedIn.headers()), "X-Robots-Tag": "noindex", "Cache-Control": "private, no-store" } });
}

export default function AdminFrame() {
  const { t } = useTranslation("admin");
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-5 sm:py-8" data-testid="admin-console">
      <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-stone-500">{t("title")}</p>
      <AdminNav />
      <Outlet />
    </div>
  );
}
