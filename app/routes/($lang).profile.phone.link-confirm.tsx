import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { z } from "zod";
import { codeStage, resendAction } from "~/components/profile/code-flow.server";
import { CodeForm, ResendCode, type CodeActionData } from "~/components/profile/code-step";
import { clearPending } from "~/lib/pending.server";
import { PageHeader, StepCard, formatPhone } from "~/components/profile/ui";
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
  const stage = codeStage(signedIn, context, "phone_link");
  // No code on its way: start with the number.
  if (!stage) throw redirect(localizePath("/profile/phone/link", signedIn.locale), { headers: await signedIn.headers() });
  const t = await getT(signedIn.locale, "account");
  return data({ ...stage, title: `${t("phone.confirmTitle")} — Konok` }, { headers: await signedIn.headers() });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, ["account", "common"]);
  const stage = codeStage(signedIn, context, "phone_link");
  if (!stage) throw redirect(localizePath("/profile/phone/link", signedIn.locale), { headers: await signedIn.headers() });
  const phoneNumber = stage.target;
  const formData = await readForm(request);

  if (formData.get("intent") === "resend") {
    return resendAction(signedIn, context, t, { purpose: "phone_link", target: phoneNumber, send: (api) => api.call(endpoints.phoneLinkSendCode, { body: { phoneNumber } }), challenge: challengeAnswerOf(formData) });
  }
  const submission = parseForm(formData, z.object({ code: codeField(t) }));
  if (submission.status !== "success") {
    return data<CodeActionData>({ intent: "confirm", result: submission.reply() }, { status: 422, headers: await signedIn.headers() });
  }
  try {
    await signedIn.api.call(endpoints.phoneLinkConfirm, { body: { phoneNumber, code: submission.value.code } });
  } catch (error) {
    const result = replyWithApiError(submission, error, { t, fields: { code: "code" } });
    return data<CodeActionData>({ intent: "confirm", result }, { status: 422, headers: await signedIn.headers() });
  }
  clearPending(signedIn.session);
  throw redirect(`${localizePath("/profile", signedIn.locale)}?done=phone`, { headers: await commitSession(signedIn.session, context) });
}

export default function ConfirmPhone() {
  const { target, resend } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const { path } = useLocale();
  return (
    <div>
      <PageHeader title={t("phone.confirmTitle")} back={{ to: path("/profile"), label: t("common.backToProfile") }} />
      <StepCard>
        <p className="mb-5 text-sm text-stone-600" data-testid="code-sent-to">
          {t("phone.sentTo")} <strong className="whitespace-nowrap font-semibold text-stone-900">{formatPhone(target)}</strong>. {t("code.sending")} {t("code.validFor")}
        </p>
        <CodeForm lastResult={outcome?.intent === "confirm" ? outcome.result : undefined} label={t("auth:fields.code")} submitLabel={t("phone.confirmSubmit")} />
        <p className="mt-3 text-xs text-stone-500">
          {t("phone.wrongNumber")}{" "}
          <Link to={path("/profile/phone/link")} className="font-semibold text-brand-700 hover:underline">
            {t("phone.changeNumber")}
          </Link>
        </p>
        <ResendCode resend={resend} outcome={outcome} />
      </StepCard>
    </div>
  );
}
