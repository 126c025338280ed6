import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { z } from "zod";
import { ChallengeFields } from "~/components/forms/code-challenge";
import { FormAlert, SubmitButton } from "~/components/forms/fields";
import { apiMessage, codeStage, pendingCode, resendAction, statusOf } from "~/components/profile/code-flow.server";
import { CodeForm, ResendCode, type CodeActionData } from "~/components/profile/code-step";
import { clearPending, writePending } from "~/lib/pending.server";
import { PageHeader, StepCard, dangerButton, formatPhone } from "~/components/profile/ui";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { challengeAnswerOf, challengeOf } from "~/lib/code-challenge.server";
import { requireUser } from "~/lib/auth.server";
import { codeField, parseForm, readForm, replyWithApiError } from "~/lib/forms.server";
import { commitSession } from "~/lib/session.server";
import { endpoints } from "../../contract/endpoints";

type ActionData = CodeActionData | { intent: "send"; error: string; challenge?: string };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, "account");
  const { userData } = await signedIn.api.call(endpoints.profileUser).catch((error: unknown) => {
    throw routeErrorFrom(error);
  });
  const stage = codeStage(signedIn, context, "phone_unlink");
  return data(
    {
      phone: userData.phoneNumber,
      emailVerified: userData.emailVerified,
      // A code sent to a number the account no longer has is of no use.
      stage: stage && stage.target === userData.phoneNumber ? stage : null,
      title: `${t("unlink.title")} — Konok`,
    },
    { headers: await signedIn.headers() },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, ["account", "common"]);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const stage = codeStage(signedIn, context, "phone_unlink");

  if (intent === "resend" && stage) {
    return resendAction(signedIn, context, t, { purpose: "phone_unlink", target: stage.target, send: (api) => api.call(endpoints.phoneUnlinkSendCode, { body: {} }), challenge: challengeAnswerOf(formData) });
  }
  if (intent === "send") {
    try {
      const sent = await signedIn.apiWith({ challenge: challengeAnswerOf(formData) }).call(endpoints.phoneUnlinkSendCode);
      writePending(signedIn.session, context, pendingCode("phone_unlink", sent));
    } catch (error) {
      // Refused without a confirmed e-mail: the page shows the API's reason and the way to fix it.
      return data<ActionData>({ intent: "send", error: apiMessage(error, t), challenge: challengeOf(error) }, { status: statusOf(error), headers: await signedIn.headers() });
    }
    throw redirect(localizePath("/profile/phone/unlink-confirm", signedIn.locale), { headers: await commitSession(signedIn.session, context) });
  }

  if (!stage) throw redirect(localizePath("/profile/phone/unlink-confirm", signedIn.locale), { headers: await signedIn.headers() });
  const submission = parseForm(formData, z.object({ code: codeField(t) }));
  if (submission.status !== "success") {
    return data<ActionData>({ intent: "confirm", result: submission.reply() }, { status: 422, headers: await signedIn.headers() });
  }
  try {
    await signedIn.api.call(endpoints.phoneUnlinkConfirm, { body: { code: submission.value.code } });
  } catch (error) {
    const result = replyWithApiError(submission, error, { t, fields: { code: "code" } });
    return data<ActionData>({ intent: "confirm", result }, { status: 422, headers: await signedIn.headers() });
  }
  clearPending(signedIn.session);
  throw redirect(`${localizePath("/profile", signedIn.locale)}?done=unlinked`, { headers: await commitSession(signedIn.session, context) });
}

export default function UnlinkPhone() {
  const { phone, emailVerified, stage } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const { path } = useLocale();
  const sendError = outcome?.intent === "send" ? outcome.error : null;

  return (
    <div>
      <PageHeader title={t("unlink.title")} description={t("unlink.subtitle")} back={{ to: path("/profile"), label: t("common.backToProfile") }} />
      <StepCard>
        {!phone ? (
          <div data-testid="unlink-no-phone">
            <p className="text-sm text-stone-700">{t("unlink.noPhone")}</p>
            <Link to={path("/profile/phone/link")} className="btn-primary mt-5 w-full">
              {t("profile.phoneLink")}
            </Link>
          </div>
        ) : stage ? (
          <>
            <p className="mb-5 text-sm text-stone-600" data-testid="code-sent-to">
              {t("phone.sentTo")} <strong className="whitespace-nowrap font-semibold text-stone-900">{formatPhone(stage.target)}</strong>. {t("code.sending")} {t("code.validFor")}
            </p>
            <CodeForm
              lastResult={outcome?.intent === "confirm" ? outcome.result : undefined}
              label={t("auth:fields.code")}
              submitLabel={t("unlink.confirmSubmit")}
              submitClassName={dangerButton}
            />
            <ResendCode resend={stage.resend} outcome={outcome?.intent === "send" ? undefined : outcome} />
          </>
        ) : (
          <Form method="post" className="space-y-4" data-testid="unlink-send-form">
            <ChallengeFields token={outcome?.intent === "send" ? outcome.challenge : undefined} />
            <ul className="space-y-2 text-sm text-stone-700">
              <li className="flex gap-2">
                <span aria-hidden="true" className="text-stone-400">•</span>
                {t("unlink.point1")}
              </li>
              <li className="flex gap-2">
                <span aria-hidden="true" className="text-stone-400">•</span>
                {t("unlink.point2")}
              </li>
              <li className="flex gap-2">
                <span aria-hidden="true" className="text-stone-400">•</span>
                <span>
                  {t("unlink.point3")}{" "}
                  <Link to={path("/profile/phone/link")} className="font-semibold text-brand-700 hover:underline">
                    {t("unlink.changeInstead")}
                  </Link>
                </span>
              </li>
            </ul>
            {sendError ? (
              <div className="space-y-3" data-testid="unlink-error">
                <FormAlert errors={[sendError]} />
                {!emailVerified ? (
                  <Link to={path("/profile/email/link")} className="btn-primary w-full" data-testid="link-email-first">
                    {t("profile.emailLink")}
                  </Link>
                ) : null}
              </div>
            ) : null}
            <p className="text-sm text-stone-600">
              {t("unlink.willSend")} <strong className="whitespace-nowrap font-semibold text-stone-900">{formatPhone(phone)}</strong>.
            </p>
            <SubmitButton className={sendError && !emailVerified ? "btn-secondary w-full" : "btn-primary w-full"}>{t("unlink.send")}</SubmitButton>
            <input type="hidden" name="intent" value="send" />
          </Form>
        )}
      </StepCard>
    </div>
  );
}
