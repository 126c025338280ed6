import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { CodeField, FormAlert, Notice, SubmitButton } from "~/components/forms/fields";
import { ChallengeFields } from "~/components/forms/code-challenge";
import { useServerForm } from "~/components/forms/use-server-form";

/** The code step as the server describes it (see CodeStepView in phone-code.server.ts). */
export type CodeStepData = {
  phoneDisplay: string;
  channel?: "sms" | "email";
  resendIn: number;
  resendAfter: string;
  resentAt: string | null;
  validMinutes: number;
};

/**
 * Step "enter the code": the number it went to (as typed) with a way to change it, the code
 * field, and a separate form asking for a new code.
 */
export function CodeStepForms({
  view,
  changeHref,
  verifyResult,
  resendResult,
  resendChallenge,
}: {
  view: CodeStepData;
  changeHref: string;
  verifyResult?: SubmissionResult<string[]> | null;
  resendResult?: SubmissionResult<string[]> | null;
  /** The API's challenge, when the last "new code" was over the address limit. */
  resendChallenge?: string;
}) {
  const { t } = useTranslation("auth");
  const [form, fields] = useServerForm({ id: "code-step", lastResult: verifyResult });
  const [resendForm] = useServerForm({ id: "resend-code", lastResult: resendResult });
  const byEmail = view.channel === "email";
  return (
    <div className="space-y-5">
      <div className="rounded-2xl bg-stone-50 px-4 py-3 ring-1 ring-stone-200">
        <p className="text-sm text-stone-600">{t(byEmail ? "code.sentToEmail" : "code.sentTo")}</p>
        <div className="flex flex-wrap items-center justify-between gap-x-3">
          <p className="text-lg font-semibold tabular-nums text-stone-900 [overflow-wrap:anywhere]" data-testid="code-phone">
            {view.phoneDisplay}
          </p>
          <Link to={changeHref} className="-mx-2 flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-100" data-testid="change-number">
            {t(byEmail ? "code.changeEmail" : "code.change")}
          </Link>
        </div>
        {/* The code leaves through the outbox after this page answered: a slow gateway delays it, never loses it. */}
        <p className="mt-1 text-xs text-stone-600" data-testid="code-sending">
          {t("code.sending")}
        </p>
      </div>
      {view.resentAt ? <Notice tone="success">{t("code.resent", { time: view.resentAt })}</Notice> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="verify" />
        <CodeField field={fields.code} label={t(byEmail ? "fields.emailCode" : "fields.code")} />
        <p className="-mt-2 text-xs text-stone-500">{t("code.validFor", { count: view.validMinutes })}</p>
        <SubmitButton name="intent" value="verify">
          {t("code.submit")}
        </SubmitButton>
      </Form>
      <Form method="post" {...getFormProps(resendForm)} className="space-y-3 border-t border-stone-200 pt-5">
        <p className="text-sm text-stone-600">{t(byEmail ? "code.noEmail" : "code.noSms")}</p>
        <FormAlert errors={resendForm.errors} id={resendForm.errorId} />
        <ChallengeFields token={resendChallenge} />
        <ResendButton resendIn={view.resendIn} resendAfter={view.resendAfter} />
      </Form>
    </div>
  );
}

const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * Without JavaScript the button is always there, with the clock time from which a new code may
 * be asked for (a too-early press gets the API's refusal). With JavaScript it counts down and
 * unlocks itself. The countdown starts from the seconds the server measured, not the device's
 * clock, which may be wrong.
 */
export function ResendButton({ resendIn, resendAfter }: { resendIn: number; resendAfter: string }) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    const deadline = Date.now() + resendIn * 1000;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(seconds);
      return seconds;
    };
    if (tick() === 0) return;
    const timer = window.setInterval(() => {
      if (tick() === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [resendIn, resendAfter]);
  const hydrated = left !== null;
  const waiting = hydrated && left > 0;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "resend";
  return (
    <>
      <button
        type="submit"
        name="intent"
        value="resend"
        className="btn-secondary min-h-12 w-full tabular-nums"
        disabled={waiting || busy}
        aria-busy={busy}
        data-testid="resend"
      >
        {waiting ? t("code.resendIn", { time: mmss(left) }) : t("code.resend")}
      </button>
      {!hydrated && resendIn > 0 ? (
        <p className="text-center text-xs text-stone-500" data-testid="resend-after">
          {t("code.resendAfter", { time: resendAfter })}
        </p>
      ) : null}
    </>
  );
}
