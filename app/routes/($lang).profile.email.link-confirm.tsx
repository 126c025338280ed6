import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { z } from "zod";
import { codeStage, resendAction } from "~/components/profile/code-flow.server";
import { CodeForm, ResendCode, type CodeActionData } from "~/components/profile/code-step";
import { clearPending } from "~/lib/pending.server";
import { PageHeader, StepCard } from "~/components/profile/ui";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { challengeAnswerOf } from "~/lib/code-challenge.server";
import { requireUser } from "~/lib/auth.server";
import { codeField, parseForm, readForm, replyWithApiError } from "~/lib/forms.server";
import { commitSession } from "~/lib/session.server";
import { endpoints } from "../../contract/endpoints";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const stage = codeStage(signedIn, context, "email_link");
  // No code on its way (or it has expired): start with the address.
  if (!stage) throw redirect(localizePath("/profile/email/link", signedIn.locale), { headers: await signedIn.headers() });
  const t = await getT(signedIn.locale, "account");
  return data({ ...stage, title: `${t("email.confirmTitle")} — Konok` }, { headers: await signedIn.headers() });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, ["account", "common"]);
  const stage = codeStage(signedIn, context, "email_link");
  if (!stage) throw redirect(localizePath("/profile/email/link", signedIn.locale), { headers: await signedIn.headers() });
  const email = stage.target;
  const formData = await readForm(request);

  if (formData.get("intent") === "resend") {
    return resendAction(signedIn, context, t, { purpose: "email_link", target: email, send: (api) => api.call(endpoints.emailLinkSendCode, { body: { email } }), challenge: challengeAnswerOf(formData) });
  }
  const submission = parseForm(formData, z.object({ code: codeField(t) }));
  if (submission.status !== "success") {
    return data<CodeActionData>({ intent: "confirm", result: submission.reply() }, { status: 422, headers: await signedIn.headers() });
  }
  try {
    await signedIn.api.call(endpoints.emailLinkConfirm, { body: { email, code: submission.value.code } });
  } catch (error) {
    const result = replyWithApiError(submission, error, { t, fields: { code: "code" } });
    return data<CodeActionData>({ intent: "confirm", result }, { status: 422, headers: await signedIn.headers() });
  }
  clearPending(signedIn.session);
  throw redirect(`${localizePath("/profile", signedIn.locale)}?done=email`, { headers: await commitSession(signedIn.session, context) });
}

export default function ConfirmEmail() {
  const { target, resend } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const { path } = useLocale();
  return (
    <div>
      <PageHeader title={t("email.confirmTitle")} back={{ to: path("/profile"), label: t("common.backToProfile") }} />
      <StepCard>
        <p className="mb-5 text-sm text-stone-600" data-testid="code-sent-to">
          {t("email.sentTo")} <strong className="break-all font-semibold text-stone-900">{target}</strong>. {t("code.sending")} {t("code.validFor")}
        </p>
        <CodeForm lastResult={outcome?.intent === "confirm" ? outcome.result : undefined} label={t("fields.emailCode")} submitLabel={t("email.confirmSubmit")} />
        <p className="mt-3 text-xs text-stone-500">
          {t("email.spamHint")}{" "}
          <Link to={path("/profile/email/link")} className="font-semibold text-brand-700 hover:underline">
            {t("email.changeAddress")}
          </Link>
        </p>
        <ResendCode resend={resend} outcome={outcome} />
      </StepCard>
    </div>
  );
}
