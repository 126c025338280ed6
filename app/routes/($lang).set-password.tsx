import { getFormProps } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { FlowCard } from "~/components/auth/flow-card";
import { ProvedPhone } from "~/components/auth/proved-phone";
import { NewPasswordFields } from "~/components/auth/password-fields";
import { useSignupSteps } from "~/components/auth/signup-page";
import { signupStart } from "~/components/auth/signup-paths";
import { FormAlert, SubmitButton, TextField } from "~/components/forms/fields";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { requireAnonymous, startSession } from "~/lib/auth.server";
import { parseForm, readForm } from "~/lib/forms.server";
import { readPending } from "~/lib/pending.server";
import { apiForVisitor, phoneDisplay, replyFromApi, referralCodeField } from "~/lib/phone-code.server";
import { newPasswordSchema } from "~/lib/passwords.server";
import { localeFromParams } from "~/lib/request.server";
import { getSession } from "~/lib/session.server";
import { useServerForm } from "~/components/forms/use-server-form";
import { endpoints } from "../../contract/endpoints";

/** Sign-up step 2: only with a number proved on /sms (or /register, /host/sms) moments ago. */
async function provedSignup({ request, context, params }: LoaderFunctionArgs) {
  await requireAnonymous(request, context, params);
  const locale = localeFromParams(params);
  const session = await getSession(request, context);
  const pending = readPending(session, context, "register");
  if (!pending?.verificationToken) throw redirect(localizePath(signupStart(pending ?? { mode: "guest" }), locale));
  return { locale, pending: { ...pending, verificationToken: pending.verificationToken } };
}

export async function loader(args: LoaderFunctionArgs) {
  const { locale, pending } = await provedSignup(args);
  const t = await getT(locale, "auth");
  return {
    title: `${t("password.title")} — Konok`,
    phone: phoneDisplay(pending),
    mode: pending.mode,
    referralCode: pending.referralCode ?? null,
    startOver: `${localizePath(signupStart(pending), locale)}?change=1`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, { name: "robots", content: "noindex" }];

const schema = (t: Awaited<ReturnType<typeof getT>>) => newPasswordSchema(t, { referralCode: referralCodeField(t).optional() });

export async function action(args: ActionFunctionArgs) {
  const { locale, pending } = await provedSignup(args);
  const { request, context } = args;
  const t = await getT(locale, ["auth", "common"]);
  const submission = parseForm(await readForm(request), schema(t));
  const hideFields = ["password", "repeatPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }), restart: false }, { status: 422 });
  // The invitation code is editable here only when the sign-up came with one.
  const referralCode = pending.referralCode ? submission.value.referralCode : undefined;
  try {
    const login = await apiForVisitor(context, request, locale).call(endpoints.register, { body: {
      verificationToken: pending.verificationToken,
      password: submission.value.password,
      mode: pending.mode,
      locale,
      ...(referralCode ? { referralCode } : {}),
    } });
    const headers = await startSession(request, context, login);
    throw redirect(localizePath("/personal-info", locale), { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    const result = replyFromApi(submission, error, { t, fields: { password: "password", referralCode: "referralCode" }, hideFields });
    // The proof expired (30 minutes) or the number was taken meanwhile: only starting over helps.
    const errors = (error as { errors?: Record<string, string[]> }).errors ?? {};
    const restart = "verificationToken" in errors || "phoneNumber" in errors;
    return data({ result, restart }, { status: 422 });
  }
}

export default function SetPassword() {
  const { phone, mode, referralCode, startOver } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const { path } = useLocale();
  const labels = useSignupSteps();
  const [form, fields] = useServerForm<{ password: string; repeatPassword: string; referralCode: string }>({ id: "set-password", lastResult: reply?.result, defaultValue: { referralCode: referralCode ?? "" } });
  return (
    <FlowCard
      step={{ current: 3, labels }}
      title={t("password.title")}
      subtitle={t(mode === "host" ? "password.hostSubtitle" : "password.subtitle")}
      footer={
        <p>
          {t("signup.haveAccount")}{" "}
          <Link to={path("/login")} className="font-semibold text-brand-700 hover:underline">
            {t("signup.signIn")}
          </Link>
        </p>
      }
    >
      <ProvedPhone phone={phone} changeHref={startOver} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert errors={form.errors} id={form.errorId} />
        {reply?.restart ? (
          <p>
            <Link to={startOver} className="btn-secondary w-full">
              {t("password.startOver")}
            </Link>
          </p>
        ) : null}
        {/* A username field lets password managers save the new password under the phone number. */}
        <input type="text" value={phone} autoComplete="username" readOnly hidden />
        <NewPasswordFields result={reply?.result} password={fields.password} repeat={fields.repeatPassword} label={t("fields.password")} />
        {referralCode ? <TextField field={fields.referralCode} label={t("fields.referralCode")} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={20} /> : null}
        <SubmitButton>{t(mode === "host" ? "password.hostSubmit" : "password.submit")}</SubmitButton>
      </Form>
    </FlowCard>
  );
}
