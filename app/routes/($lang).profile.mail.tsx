/**
 * `/profile/mail`: which booking events come by e-mail (GET and PUT /api/v1/profile/mail_settings).
 * One checkbox per kind, a plain form that works without JavaScript; the unsubscribe link of each
 * mail turns one kind off from here too.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { MAILED_KINDS, type MailedKind } from "../../contract/mail";
import { PageHeader, StepCard } from "~/components/profile/ui";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { requireUser } from "~/lib/auth.server";
import { endpoints } from "../../contract/endpoints";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, "account");
  const settings = await signedIn.api.call(endpoints.mailSettings);
  return data({ title: `${t("mail.settings.title")} — Konok`, settings }, { headers: await signedIn.headers() });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const form = await request.formData();
  const on = form.getAll("on").map(String).filter((kind): kind is MailedKind => (MAILED_KINDS as readonly string[]).includes(kind));
  await signedIn.api.call(endpoints.mailSettingsSave, { body: { on } });
  throw redirect(`${localizePath("/profile/mail", signedIn.locale)}?saved=1`, { headers: await signedIn.headers() });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

export default function MailSettingsPage() {
  const { settings } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  const { path } = useLocale();
  const [query] = useSearchParams();
  return (
    <div>
      <PageHeader title={t("mail.settings.title")} description={t("mail.settings.subtitle")} back={{ to: path("/profile"), label: t("common.backToProfile") }} />
      <StepCard>
        {query.get("saved") ? (
          <p role="status" className="mb-4 rounded bg-teal-50 p-3 text-teal-900" data-testid="mail-saved">
            {t("mail.settings.saved")}
          </p>
        ) : null}
        {settings.email && settings.emailConfirmed ? (
          <p className="mb-4 text-sm text-stone-600">{t("mail.settings.sendingTo", { email: settings.email })}</p>
        ) : (
          <p className="mb-4">
            {t("mail.settings.noEmail")}{" "}
            <Link to={path("/profile/email/link")} className="underline">
              {t("mail.settings.linkEmail")}
            </Link>
          </p>
        )}
        <Form method="post" className="space-y-3" data-testid="mail-settings">
          <fieldset className="space-y-2">
            <legend className="sr-only">{t("mail.settings.title")}</legend>
            {settings.kinds.map(({ kind, on }) => (
              <label key={kind} className="flex items-start gap-3">
                <input type="checkbox" name="on" value={kind} defaultChecked={on} className="mt-1 h-5 w-5" />
                <span>{t(`notifications.types.${kind}.title`)}</span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn-primary">
            {t("mail.settings.save")}
          </button>
        </Form>
      </StepCard>
    </div>
  );
}
