import { getFormProps } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { z } from "zod";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { PageHeader, StepCard } from "~/components/profile/ui";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { requireUser } from "~/lib/auth.server";
import { parseForm, passwordField, readForm, replyWithApiError } from "~/lib/forms.server";
import { useServerForm } from "~/components/forms/use-server-form";
import { endpoints } from "../../contract/endpoints";

const PASSWORDS = ["currentPassword", "newPassword", "repeatPassword"];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

// SPEC lists this page as public, but a password can only be changed on an account: sign in first.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, "account");
  return data({ title: `${t("password.title")} — Konok` }, { headers: await signedIn.headers() });
}

const schema = (t: Awaited<ReturnType<typeof getT>>) =>
  z
    .object({
      currentPassword: z.string({ required_error: t("account:password.currentRequired") }).max(128, t("common:form.tooLong")),
      newPassword: passwordField(t),
      repeatPassword: z.string({ required_error: t("account:password.repeatRequired") }),
    })
    .superRefine((value, ctx) => {
      if (value.newPassword !== value.repeatPassword) ctx.addIssue({ code: "custom", path: ["repeatPassword"], message: t("common:form.passwordMismatch") });
      if (value.newPassword === value.currentPassword) ctx.addIssue({ code: "custom", path: ["newPassword"], message: t("account:password.sameAsCurrent") });
    });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, ["account", "common"]);
  const submission = parseForm(await readForm(request), schema(t));
  if (submission.status !== "success") return data(submission.reply({ hideFields: PASSWORDS }), { status: 422, headers: await signedIn.headers() });
  try {
    await signedIn.api.call(endpoints.changePassword, { body: { currentPassword: submission.value.currentPassword, newPassword: submission.value.newPassword } });
  } catch (error) {
    const reply = replyWithApiError(submission, error, { t, fields: { currentPassword: "currentPassword", newPassword: "newPassword" }, hideFields: PASSWORDS });
    return data(reply, { status: 422, headers: await signedIn.headers() });
  }
  throw redirect(`${localizePath("/profile", signedIn.locale)}?done=password`, { headers: await signedIn.headers() });
}

export default function ChangePassword() {
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const { path } = useLocale();
  const [form, fields] = useServerForm({ lastResult, secrets: PASSWORDS });
  return (
    <div>
      <PageHeader title={t("password.title")} description={t("password.subtitle")} back={{ to: path("/profile"), label: t("common.backToProfile") }} />
      <StepCard>
        <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="password-form">
          <FormAlert errors={form.errors} id={form.errorId} />
          <TextField field={fields.currentPassword} type="password" label={t("fields.currentPassword")} autoComplete="current-password" />
          <TextField field={fields.newPassword} type="password" label={t("auth:fields.newPassword")} hint={t("password.hint")} autoComplete="new-password" />
          <TextField field={fields.repeatPassword} type="password" label={t("auth:fields.repeatPassword")} autoComplete="new-password" />
          <SubmitButton>{t("password.submit")}</SubmitButton>
        </Form>
        {/* The reset page is for visitors only (SPEC section 2): a signed-in person is told the way there. */}
        <p className="mt-5 text-sm text-stone-600">{t("password.forgot")}</p>
      </StepCard>
    </div>
  );
}
