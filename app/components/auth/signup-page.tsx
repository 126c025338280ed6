import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { richText } from "~/i18n/rich-text";
import { useLocale } from "~/i18n/use-locale";
import type { SignupAction, SignupLoader } from "~/routes-server/($lang).sms.server";
import { CodeStepForms } from "./code-step";
import { FlowCard } from "./flow-card";
import { PhoneStepForm } from "./phone-step";
import { SIGNUP_PATHS } from "./signup-paths";

const linkClass = "font-semibold text-brand-700 hover:underline";

/**
 * Step labels of sign-up, used by /sms, /set-password and /personal-info alike: the code is a step
 * of its own (issue 27: the code page read "Step 1 of 3 · Phone number").
 */
export function useSignupSteps() {
  const { t } = useTranslation("auth");
  return [t("steps.phone"), t("steps.code"), t("steps.password"), t("steps.about")];
}

/** /sms, /register and /host/sms: the phone, then the code, on one URL. */
export function SignupPage() {
  const { variant, invited, stage, code, phoneStep } = useLoaderData<SignupLoader>();
  const reply = useActionData<SignupAction>();
  const { t } = useTranslation("auth");
  const { path } = useLocale();
  const labels = useSignupSteps();
  const here = path(SIGNUP_PATHS[variant]);
  const host = variant === "host";

  const footer = (
    <>
      <p>
        {t("signup.haveAccount")}{" "}
        <Link to={path("/login")} className={linkClass}>
          {t("signup.signIn")}
        </Link>
      </p>
      <p>
        {host ? t("signup.guestPrompt") : t("signup.hostPrompt")}{" "}
        <Link to={path(host ? SIGNUP_PATHS.guest : SIGNUP_PATHS.host)} className={linkClass}>
          {host ? t("signup.guestLink") : t("signup.hostLink")}
        </Link>
      </p>
    </>
  );

  if (stage === "code" && code) {
    return (
      <FlowCard step={{ current: 2, labels }} title={t("code.title")} subtitle={t("code.subtitle")} footer={footer}>
        <CodeStepForms
          view={code}
          changeHref={`${here}?change=1`}
          verifyResult={reply?.intent === "verify" ? reply.result : undefined}
          resendResult={reply?.intent === "resend" ? reply.result : undefined}
          resendChallenge={reply?.intent === "resend" && "challenge" in reply ? reply.challenge : undefined}
        />
      </FlowCard>
    );
  }

  if (!phoneStep) return null;
  // "You have been invited" only with an invitation: /register without a code is a plain sign-up (issue 27).
  const title = host ? t("signup.hostTitle") : invited ? t("signup.referralTitle") : t("signup.title");
  const subtitle = host ? t("signup.hostSubtitle") : invited ? t("signup.referralSubtitle") : t("signup.subtitle");
  return (
    <FlowCard step={{ current: 1, labels }} title={title} subtitle={subtitle} footer={footer}>
      {host ? <HostBenefits /> : null}
      <PhoneStepForm
        countries={phoneStep.countries}
        defaults={phoneStep.defaults}
        honeypot={phoneStep.honeypot}
        lastResult={reply?.intent === "send" ? reply.result : undefined}
        challenge={reply?.intent === "send" ? reply.challenge : undefined}
        referral={variant === "referral"}
        submitLabel={t("signup.sendCode")}
      >
        <p className="text-xs text-stone-500">{t("signup.smsNote")}</p>
        <p className="text-xs text-stone-500">
          {richText(t("signup.terms"), {
            terms: <Link to={path("/terms")} className="underline" />,
            privacy: <Link to={path("/privacy")} className="underline" />,
          })}
        </p>
      </PhoneStepForm>
    </FlowCard>
  );
}

function HostBenefits() {
  const { t } = useTranslation("auth");
  const items = [t("signup.hostBenefits.list"), t("signup.hostBenefits.bookings"), t("signup.hostBenefits.free")];
  return (
    <ul className="mb-6 space-y-2 rounded-2xl bg-brand-50 p-4 text-sm text-stone-800" data-testid="host-benefits">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 fill-brand-600">
            <path d="M8.1 13.6 4.5 10l-1.4 1.4 5 5 9-9-1.4-1.4z" />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
