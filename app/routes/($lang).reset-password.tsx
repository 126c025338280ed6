import { getFormProps } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { CountryCode } from "../../contract/directory";
import { CodeStepForms } from "~/components/auth/code-step";
import { FlowCard } from "~/components/auth/flow-card";
import { ProvedPhone } from "~/components/auth/proved-phone";
import { NewPasswordFields } from "~/components/auth/password-fields";
import { EmailStepForm, PhoneStepForm } from "~/components/auth/phone-step";
import { SignInMethodSwitch } from "~/components/auth/sign-in-method";
import { FormAlert, Notice, SubmitButton } from "~/components/forms/fields";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { requireAnonymous, startSession } from "~/lib/auth.server";
import { loadCountryCodes, parseForm, readForm } from "~/lib/forms.server";
import { newPasswordSchema } from "~/lib/passwords.server";
import { readPending } from "~/lib/pending.server";
import { honeypotFields } from "~/lib/honeypot.server";
import { apiForVisitor, codeStepView, intentOf, phoneDisplay, replyFromApi, runCodeIntent, type StepReply } from "~/lib/phone-code.server";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { getSession } from "~/lib/session.server";
import { useServerForm } from "~/components/forms/use-server-form";
import { endpoints } from "../../contract/endpoints";

/**
 * Password reset for visitors, in steps on one URL: the phone number (or, with `?by=email`, the
 * account's confirmed e-mail: issue 27), the code, the new password. The state between steps is sealed in the session (app/lib/pending.server.ts). The
 * API signs every other session out; this device is signed in and sees `?done=1`.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const locale = localeFromParams(params);
  const url = new URL(request.url);
  const session = await getSession(request, context);
  const t = await getT(locale, "auth");
  const title = `${t("reset.title")} — Konok`;
  const signedIn = Boolean(session.get("user") && session.get("tokens"));
  if (url.searchParams.has("done")) {
    if (signedIn) return { title, stage: "done" as const, code: null, phoneStep: null, phone: null, byEmail: false };
    throw redirect(localizePath("/reset-password", locale));
  }
  await requireAnonymous(request, context, params);
  const pending = readPending(session, context, "reset");
  if (pending && !url.searchParams.has("change")) {
    const byEmail = Boolean(pending.email);
    if (pending.verificationToken) return { title, stage: "password" as const, code: null, phoneStep: null, phone: phoneDisplay(pending), byEmail };
    return { title, stage: "code" as const, code: codeStepView(pending, locale), phoneStep: null, phone: null, byEmail };
  }
  const countries: CountryCode[] = await loadCountryCodes(apiFor(context, params)).catch((e: unknown) => {
    throw routeErrorFrom(e);
  });
  return {
    title,
    stage: "phone" as const,
    code: null,
    phone: null,
    byEmail: url.searchParams.get("by") === "email",
    phoneStep: {
      countries,
      defaults: { countryCode: pending?.countryCode, phone: pending?.phone, email: pending?.email },
      honeypot: honeypotFields(context),
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, { name: "robots", content: "noindex" }];

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAnonymous(request, context, params);
  const locale = localeFromParams(params);
  const t = await getT(locale, ["auth", "common"]);
  const formData = await readForm(request);
  const session = await getSession(request, context);
  const pending = readPending(session, context, "reset");
  const here = localizePath("/reset-password", locale);
  const intent = intentOf(formData);

  if (intent === "send" || intent === "verify" || intent === "resend") {
    return runCodeIntent(intent, formData, context, request, { flow: "reset", t, locale, session, pending, here, next: here });
  }
  if (intent !== "password") throw new Response("Bad Request", { status: 400 });
  if (!pending?.verificationToken) throw redirect(here);

  const submission = parseForm(formData, newPasswordSchema(t));
  const hideFields = ["password", "repeatPassword"];
  if (submission.status !== "success") return data<StepReply & { restart?: boolean }>({ intent, result: submission.reply({ hideFields }) }, { status: 422 });
  try {
    const login = await apiForVisitor(context, request, locale).call(endpoints.resetPassword, { body: {
      verificationToken: pending.verificationToken,
      password: submission.value.password,
    } });
    const headers = await startSession(request, context, login);
    throw redirect(`${here}?done=1`, { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    const result = replyFromApi(submission, error, { t, fields: { password: "password" }, hideFields });
    const errors = (error as { errors?: Record<string, string[]> }).errors ?? {};
    return data<StepReply & { restart?: boolean }>({ intent, result, restart: "verificationToken" in errors || "phoneNumber" in errors }, { status: 422 });
  }
}

export default function ResetPassword() {
  const { stage, code, phoneStep, phone, byEmail } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const { path } = useLocale();
  const here = path("/reset-password");
  const labels = byEmail ? [t("steps.email"), t("steps.emailCode"), t("steps.newPassword")] : [t("steps.phone"), t("steps.code"), t("steps.newPassword")];
  const sendChallenge = reply?.intent === "send" && "challenge" in reply ? reply.challenge : undefined;
  // "Change" goes back to the first step of the same kind.
  const changeHref = `${here}?change=1${byEmail ? "&by=email" : ""}`;
  const footer = (
    <p>
      {t("reset.remember")}{" "}
      <Link to={path("/login")} className="font-semibold text-brand-700 hover:underline">
        {t("reset.backToLogin")}
      </Link>
    </p>
  );

  if (stage === "done") {
    return (
      <FlowCard title={t("reset.doneTitle")}>
        <div className="space-y-5" data-testid="reset-done">
          <Notice tone="success">{t("reset.doneText")}</Notice>
          <Link to={path("/")} className="btn-primary min-h-12 w-full">
            {t("reset.toHome")}
          </Link>
        </div>
      </FlowCard>
    );
  }

  if (stage === "code" && code) {
    return (
      <FlowCard step={{ current: 2, labels }} title={t("code.title")} subtitle={t(byEmail ? "reset.codeSubtitleEmail" : "reset.codeSubtitle")} footer={footer}>
        <CodeStepForms
          view={code}
          changeHref={changeHref}
          verifyResult={reply?.intent === "verify" ? reply.result : undefined}
          resendResult={reply?.intent === "resend" ? reply.result : undefined}
          resendChallenge={reply?.intent === "resend" && "challenge" in reply ? reply.challenge : undefined}
        />
      </FlowCard>
    );
  }

  if (stage === "password" && phone) {
    return (
      <FlowCard step={{ current: 3, labels }} title={t("reset.passwordTitle")} subtitle={t("reset.passwordSubtitle")} footer={footer}>
        <NewPasswordForm phone={phone} byEmail={byEmail} changeHref={changeHref} reply={reply?.intent === "password" ? reply : undefined} />
      </FlowCard>
    );
  }

  if (!phoneStep) return null;
  return (
    <FlowCard
      step={{ current: 1, labels }}
      title={t("reset.title")}
      subtitle={t(byEmail ? "reset.subtitleEmail" : "reset.subtitle")}
      footer={
        <>
          {footer}
          <p>
            {t("login.noAccount")}{" "}
            <Link to={path("/sms")} className="font-semibold text-brand-700 hover:underline">
              {t("login.signUp")}
            </Link>
          </p>
        </>
      }
    >
      <SignInMethodSwitch current={byEmail ? "email" : "phone"} label={t("reset.method")} />
      {byEmail ? (
        <EmailStepForm defaults={{ email: phoneStep.defaults.email }} honeypot={phoneStep.honeypot} lastResult={reply?.intent === "send" ? reply.result : undefined} challenge={sendChallenge} submitLabel={t("signup.sendCode")} />
      ) : (
        <PhoneStepForm
          countries={phoneStep.countries}
          defaults={phoneStep.defaults}
          honeypot={phoneStep.honeypot}
          lastResult={reply?.intent === "send" ? reply.result : undefined}
          challenge={sendChallenge}
          submitLabel={t("signup.sendCode")}
        />
      )}
    </FlowCard>
  );
}

function NewPasswordForm({ phone, byEmail, changeHref, reply }: { phone: string; byEmail: boolean; changeHref: string; reply?: StepReply & { restart?: boolean } }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useServerForm<{ password: string; repeatPassword: string }>({ id: "new-password", lastResult: reply?.result });
  return (
    <>
      <ProvedPhone phone={phone} changeHref={changeHref} email={byEmail} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert errors={form.errors} id={form.errorId} />
        {reply?.restart ? (
          <Link to={changeHref} className="btn-secondary w-full">
            {t("password.startOver")}
          </Link>
        ) : null}
        <input type="hidden" name="intent" value="password" />
        <input type="text" value={phone} autoComplete="username" readOnly hidden />
        <NewPasswordFields result={reply?.result} password={fields.password} repeat={fields.repeatPassword} label={t("fields.newPassword")} />
        <SubmitButton>{t("reset.submit")}</SubmitButton>
      </Form>
    </>
  );
}
