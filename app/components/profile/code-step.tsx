/**
 * The second half of every code flow (link an e-mail, link or unlink a phone, delete the account):
 * the code field and the "send again" form. Both are plain POST forms; with JavaScript the resend
 * button counts down the 60 seconds live, without it the page says the clock time to come back at.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { CodeField, FormAlert, Notice, SubmitButton } from "~/components/forms/fields";
import { ChallengeFields } from "~/components/forms/code-challenge";
import { useServerForm } from "~/components/forms/use-server-form";

export type ResendState = { secondsLeft: number; time: string; sentAt: number };

/** What a code page's action answers: the confirm form's result, or how the resend went. */
export type CodeActionData = { intent: "confirm"; result: SubmissionResult<string[]> } | { intent: "resend"; sent: true } | { intent: "resend"; error: string; challenge?: string };

export function CodeForm({
  lastResult,
  label,
  submitLabel,
  submitClassName = "btn-primary w-full",
  children,
}: {
  lastResult?: SubmissionResult<string[]>;
  label: ReactNode;
  submitLabel: ReactNode;
  submitClassName?: string;
  children?: ReactNode;
}) {
  const [form, fields] = useServerForm({ lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="code-form">
      <FormAlert errors={form.errors} id={form.errorId} />
      <CodeField field={fields.code} label={label} />
      {children}
      <SubmitButton className={submitClassName}>{submitLabel}</SubmitButton>
      <input type="hidden" name="intent" value="confirm" />
    </Form>
  );
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

export function ResendCode({ resend, outcome }: { resend: ResendState; outcome?: CodeActionData }) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  // null until the browser runs this code: the server's HTML shows the clock time instead.
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    const end = Date.now() + resend.secondsLeft * 1000;
    const tick = () => {
      const next = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(next);
      return next;
    };
    if (tick() === 0) return;
    const timer = window.setInterval(() => {
      if (tick() === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [resend.secondsLeft, resend.sentAt]);

  const waiting = left !== null && left > 0;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "resend";
  const sent = outcome?.intent === "resend" && "sent" in outcome;
  const error = outcome?.intent === "resend" && "error" in outcome ? outcome.error : null;
  return (
    <Form method="post" className="mt-6 border-t border-stone-100 pt-5" data-testid="resend-form">
      <input type="hidden" name="intent" value="resend" />
      <ChallengeFields token={outcome?.intent === "resend" && "challenge" in outcome ? outcome.challenge : undefined} />
      <p className="text-sm text-stone-600">{t("code.noCode")}</p>
      {sent && !error ? (
        <div className="mt-3">
          <Notice tone="success">{t("code.resent")}</Notice>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="field-error" data-testid="resend-error">
          {error}
        </p>
      ) : null}
      {left === null && resend.secondsLeft > 0 ? (
        <p className="mt-2 text-sm text-stone-500" data-testid="resend-after">
          {t("code.resendAfter", { time: resend.time })}
        </p>
      ) : null}
      <button type="submit" className="btn-secondary mt-3 w-full" disabled={waiting || busy} aria-busy={busy} data-testid="resend">
        <span className={waiting ? "tabular-nums" : undefined}>{waiting ? t("code.resendIn", { time: clock(left ?? 0) }) : t("code.resend")}</span>
      </button>
    </Form>
  );
}
