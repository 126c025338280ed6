import { getFormProps } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { z } from "zod";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { sendCode } from "~/components/profile/code-flow.server";
import { readPending } from "~/lib/pending.server";
import { Badge, PageHeader, StepCard } from "~/components/profile/ui";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { ApiError, routeErrorFrom } from "~/lib/api.server";
import { requireUser } from "~/lib/auth.server";
import { parseForm, readForm, replyWithApiError } from "~/lib/forms.server";
import { useServerForm } from "~/components/forms/use-server-form";
import { ChallengeFields } from "~/components/forms/code-challenge";
import { challengeAnswerOf, challengeOf } from "~/lib/code-challenge.server";
import { endpoints } from "../../contract/endpoints";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, "account");
  const { userData } = await signedIn.api.call(endpoints.profileUser).catch((error: unknown) => {
    throw routeErrorFrom(error);
  });
  return data(
    { email: userData.email, verified: userData.emailVerified, title: `${t("email.title")} — Konok` },
    { headers: await signedIn.headers() },
  );
}

const schema = (t: Awaited<ReturnType<typeof getT>>) =>
  z.object({
    email: z
      .string({ required_error: t("account:email.required") })
      .trim()
      .toLowerCase()
      .max(254, t("common:form.tooLong"))
      .email(t("common:form.emailInvalid")),
  });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, ["account", "common"]);
  const formData = await readForm(request);
  const submission = parseForm(formData, schema(t));
  if (submission.status !== "success") return data(submission.reply(), { status: 422, headers: await signedIn.headers() });
  const { email } = submission.value;
  const next = localizePath("/profile/email/link-confirm", signedIn.locale);
  let headers: HeadersInit;
  try {
    headers = await sendCode(signedIn, context, { purpose: "email_link", target: email, send: (api) => api.call(endpoints.emailLinkSendCode, { body: { email } }), challenge: challengeAnswerOf(formData) });
  } catch (error) {
    // Sent a moment ago to this very address (the back button, a double tap): the code is on its way.
    if (error instanceof ApiError && error.status === 429 && readPending(signedIn.session, context, "email_link")?.target === email) {
      throw redirect(next, { headers: await signedIn.headers() });
    }
    // Over the address limit: the challenge goes back in the form (decision 0073).
    const reply = { ...replyWithApiError(submission, error, { t, fields: { email: "email" } }), challenge: challengeOf(error) };
    return data(reply, { status: error instanceof ApiError && error.status === 429 ? 429 : 422, headers: await signedIn.headers() });
  }
  throw redirect(next, { headers });
}

export default function LinkEmail() {
  const { email, verified } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const { path } = useLocale();
  const [form, fields] = useServerForm({ lastResult });
  return (
    <div>
      <PageHeader title={email ? t("email.changeTitle") : t("email.title")} description={t("email.subtitle")} back={{ to: path("/profile"), label: t("common.backToProfile") }} />
      <StepCard>
        {email ? (
          <p className="mb-5 flex flex-wrap items-center gap-2 text-sm text-stone-600">
            {t("email.current")} <span className="break-all font-medium text-stone-900">{email}</span>
            {verified ? <Badge tone="success">{t("profile.emailVerified")}</Badge> : null}
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="email-form">
          <ChallengeFields token={lastResult && "challenge" in lastResult && typeof lastResult.challenge === "string" ? lastResult.challenge : undefined} />
          <FormAlert errors={form.errors} id={form.errorId} />
          <TextField field={fields.email} type="email" label={t("fields.email")} autoComplete="email" inputMode="email" placeholder="name@example.com" />
          <SubmitButton>{t("email.submit")}</SubmitButton>
        </Form>
        <p className="mt-4 text-xs text-stone-500">{t("email.why")}</p>
      </StepCard>
    </div>
  );
}
