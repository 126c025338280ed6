import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { CountryCode } from "../../../contract/directory";
import { HoneypotFields } from "~/components/forms/honeypot-fields";
import type { HoneypotProps } from "~/lib/honeypot.server";
import { FormAlert, PhoneField, SubmitButton, TextField } from "~/components/forms/fields";
import { ChallengeFields } from "~/components/forms/code-challenge";
import { useServerForm } from "~/components/forms/use-server-form";

/**
 * Step 1 of sign-up and reset: the phone number (country code + the national number as people
 * write it). A hidden honeypot catches bots before any SMS is sent.
 */
export function PhoneStepForm({
  countries,
  defaults,
  honeypot,
  lastResult,
  referral = false,
  submitLabel,
  challenge,
  children,
}: {
  countries: CountryCode[];
  defaults: { countryCode?: string; phone?: string; referralCode?: string };
  honeypot: HoneypotProps;
  lastResult?: SubmissionResult<string[]> | null;
  referral?: boolean;
  submitLabel: ReactNode;
  /** The API's challenge, when the last press was over the address limit. */
  challenge?: string;
  /** Small print under the button. */
  children?: ReactNode;
}) {
  const { t } = useTranslation("auth");
  const [form, fields] = useServerForm({ id: "phone-step", lastResult, defaultValue: defaults });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormAlert errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="send" />
      <HoneypotFields {...honeypot} label={t("honeypot")} />
      <ChallengeFields token={challenge} />
      <PhoneField countryCode={fields.countryCode} phone={fields.phone} countries={countries} label={t("fields.phone")} />
      {referral ? (
        <TextField
          field={fields.referralCode}
          label={t("fields.referralCode")}
          hint={t("signup.referralHint")}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
        />
      ) : null}
      <SubmitButton>{submitLabel}</SubmitButton>
      {children}
    </Form>
  );
}

/** Step 1 of a reset by e-mail: the account's confirmed address, with the same honeypot. */
export function EmailStepForm({
  defaults,
  honeypot,
  lastResult,
  submitLabel,
  challenge,
}: {
  defaults: { email?: string };
  honeypot: HoneypotProps;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: ReactNode;
  challenge?: string;
}) {
  const { t } = useTranslation("auth");
  const [form, fields] = useServerForm({ id: "email-step", lastResult, defaultValue: defaults });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormAlert errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="by" value="email" />
      <ChallengeFields token={challenge} />
      <HoneypotFields {...honeypot} label={t("honeypot")} />
      <TextField field={fields.email} type="email" label={t("fields.email")} autoComplete="username" inputMode="email" spellCheck={false} autoCapitalize="none" />
      <SubmitButton>{submitLabel}</SubmitButton>
    </Form>
  );
}
