/**
 * `/mail/unsubscribe?u={user}&k={kind}&s={signature}`: the unsubscribe link of a booking e-mail
 * (api/services/messaging/booking-mail.ts). Works without signing in: the page asks, its form (or a
 * mail client's one-click POST, RFC 8058) turns that kind off through POST /api/v1/mail/unsubscribe,
 * which checks the signature. Nothing changes on a GET, so a link scanner cannot unsubscribe anyone.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { MAILED_KINDS, type MailedKind } from "../../contract/mail";
import { PageHeader, StepCard } from "~/components/profile/ui";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { createApiClient } from "~/lib/api.server";
import { clientIpOf } from "~/lib/auth.server";
import { localeFromParams } from "~/lib/request.server";
import { endpoints } from "../../contract/endpoints";

const linkOf = (request: Request) => {
  const query = new URL(request.url).searchParams;
  const kind = query.get("k") ?? "";
  return { u: query.get("u") ?? "", k: kind, s: query.get("s") ?? "", valid: (MAILED_KINDS as readonly string[]).includes(kind) && /^\d+$/.test(query.get("u") ?? "") };
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = await getT(localeFromParams(params), "account");
  const link = linkOf(request);
  // Unsubscribe pages are personal: kept out of search engines.
  return data({ title: `${t("mail.unsubscribe.title")} — Konok`, kind: link.valid ? (link.k as MailedKind) : null }, { headers: { "X-Robots-Tag": "noindex" } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const locale = localeFromParams(params);
  const link = linkOf(request);
  if (!link.valid) return data({ done: false }, { status: 404 });
  try {
    await createApiClient(context, { locale, ip: clientIpOf(context, request) }).call(endpoints.mailUnsubscribe, { body: { u: link.u, k: link.k, s: link.s } });
    return data({ done: true });
  } catch {
    return data({ done: false }, { status: 404 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, { name: "robots", content: "noindex" }];

export default function Unsubscribe() {
  const { kind } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const { path } = useLocale();
  const kindName = kind ? t(`notifications.types.${kind}.title`) : "";
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <PageHeader title={t("mail.unsubscribe.title")} />
      <StepCard>
        {!kind || result?.done === false ? (
          <p role="alert">{t("mail.unsubscribe.invalid")}</p>
        ) : result?.done ? (
          <p role="status" data-testid="unsubscribed">
            {t("mail.unsubscribe.done", { kind: kindName })}
          </p>
        ) : (
          <Form method="post" replace>
            <p className="mb-4">{t("mail.unsubscribe.questionNoEmail", { kind: kindName })}</p>
            <button type="submit" className="btn-primary">
              {t("mail.unsubscribe.confirm")}
            </button>
          </Form>
        )}
        <p className="mt-6">
          <Link to={path("/profile/mail")} className="underline">
            {t("mail.unsubscribe.settings")}
          </Link>
        </p>
      </StepCard>
    </div>
  );
}
