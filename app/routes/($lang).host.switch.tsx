import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { FlowCard } from "~/components/auth/flow-card";
import { SubmitButton } from "~/components/forms/fields";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { requireUser, safeRedirect } from "~/lib/auth.server";

/**
 * Where `requireHostMode` sends a signed-in guest: what host mode is, and one button. The
 * switch itself is the header's POST /mode (a profile update, SPEC section 4), which then goes
 * back to the host page that was asked for.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, locale } = await requireUser(request, context, params);
  const home = localizePath("/", locale);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), home);
  // Already a host: nothing to switch, carry on to the page.
  if (user.mode === "host") throw redirect(redirectTo);
  const t = await getT(locale, "auth");
  return { title: `${t("hostSwitch.title")} — Konok`, redirectTo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

export default function HostSwitch() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const { path } = useLocale();
  const points = [t("hostSwitch.points.list"), t("hostSwitch.points.bookings"), t("hostSwitch.points.same")];
  return (
    <FlowCard title={t("hostSwitch.title")} subtitle={t("hostSwitch.subtitle")}>
      <ul className="space-y-3 text-sm text-stone-800">
        {points.map((point) => (
          <li key={point} className="flex gap-3">
            <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 fill-brand-600">
              <path d="M8.1 13.6 4.5 10l-1.4 1.4 5 5 9-9-1.4-1.4z" />
            </svg>
            <span>{point}</span>
          </li>
        ))}
      </ul>
      <Form method="post" action={path("/mode")} className="mt-6">
        <input type="hidden" name="mode" value="host" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <SubmitButton className="btn-primary min-h-12 w-full">{t("hostSwitch.submit")}</SubmitButton>
      </Form>
      <p className="mt-3 text-center">
        <Link to={path("/")} className="inline-flex min-h-11 items-center px-3 text-sm font-medium text-stone-600 hover:text-stone-900 hover:underline" data-testid="stay-guest">
          {t("hostSwitch.stay")}
        </Link>
      </p>
      <p className="mt-4 text-center text-xs text-stone-500">{t("hostSwitch.note")}</p>
    </FlowCard>
  );
}
