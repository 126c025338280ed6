/**
 * Server-side form handling shared by every action: conform + zod validation with messages in
 * the page's language, and API refusals turned into errors next to the fields they concern.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { TFunction } from "i18next";
import { z } from "zod";
import type { CountryCode } from "../../contract/directory";
import { joinPhone, phoneProblem, stripPhone } from "../../contract/phone";
import { ApiError, type ApiClient } from "./api.server";
import { endpoints } from "../../contract/endpoints";

type AnySubmission = { reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]> };

/**
 * The form's fields. Read from a clone, so remix-auth's strategy can still read the body itself
 * (Node's fetch refuses a body read twice).
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.clone().formData();
  } catch {
    // A broken body is the sender's mistake, not ours: 400 with a message, never a 500. Only
    // upload paths get here with one: elsewhere server/remix-handler.ts has already shown the
    // page's form again for a body no form sends (415) or a broken one (400).
    throw new Response("The form could not be read. Please send it again from the page.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

export const parseForm = <S extends z.ZodTypeAny>(formData: FormData, schema: S) => parseWithZod(formData, { schema });

/**
 * An API refusal as conform errors: field messages next to their fields (renamed where the form
 * names a field differently), anything else as form-level lines of "field: message" (SPEC 5).
 */
export function replyWithApiError(
  submission: AnySubmission,
  error: unknown,
  options: { fields?: Record<string, string>; hideFields?: string[]; t: TFunction } ,
): SubmissionResult<string[]> {
  if (!(error instanceof ApiError)) throw error;
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  const known = options.fields ?? {};
  for (const [apiField, messages] of Object.entries(error.errors)) {
    const formField = known[apiField] ?? (apiField in known ? apiField : null);
    if (formField) fieldErrors[formField] = messages;
    else formErrors.push(...messages.map((m) => `${apiField}: ${m}`));
  }
  if (!Object.keys(fieldErrors).length && !formErrors.length) {
    formErrors.push(error.status >= 500 || error.status === 408 ? options.t("common:form.unavailable") : error.message);
  }
  return submission.reply({ formErrors, fieldErrors, hideFields: options.hideFields });
}

// ── Field schemas with the page's messages ──────────────────────────────────────────────────

export function phoneFields(t: TFunction) {
  return {
    countryCode: z.string({ required_error: t("common:form.required") }).regex(/^\d{1,4}$/, t("common:form.countryCode")),
    // Digits only here; the length is checked on the joined number by withPhoneCheck (contract/phone.ts).
    phone: z
      .string({ required_error: t("common:form.phoneRequired") })
      .transform(stripPhone)
      .pipe(z.string().regex(/^\d+$/, t("common:form.phoneInvalid"))),
  };
}

/**
 * Country code + national number, checked together by the API's rule (contract/phone.ts): 8–15
 * digits in all, a Kyrgyz number has 9 after +996. Only fields that passed their own check get it:
 * one message at a time.
 */
export function withPhoneCheck<T extends { countryCode: string; phone: string }>(t: TFunction) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (!/^\d{1,4}$/.test(value.countryCode) || !/^\d+$/.test(value.phone)) return;
    const problem = phoneProblem(fullPhone(value));
    if (problem) ctx.addIssue({ code: "custom", path: ["phone"], message: t(problem === "kg" ? "common:form.phoneKg" : "common:form.phoneInvalid") });
  };
}

/** The API's phoneNumber: country code and national number, digits only (a leading 0 dropped). */
export const fullPhone = (value: { countryCode: string; phone: string }) => joinPhone(value.countryCode, value.phone);

export const passwordField = (t: TFunction) =>
  z.string({ required_error: t("common:form.passwordRequired") }).min(8, t("common:form.passwordShort")).max(128, t("common:form.tooLong"));

/** An e-mail address as the API compares them: trimmed and lower-cased. */
export const emailField = (t: TFunction) =>
  z
    .string({ required_error: t("common:form.emailRequired") })
    .trim()
    .toLowerCase()
    .max(254, t("common:form.tooLong"))
    .email(t("common:form.emailInvalid"));

export const codeField = (t: TFunction) =>
  z
    .string({ required_error: t("common:form.codeRequired") })
    .transform((v) => v.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, t("common:form.codeInvalid")));

/** Country codes for the phone field, Kyrgyzstan first (as the API orders them). */
export async function loadCountryCodes(api: ApiClient): Promise<CountryCode[]> {
  const data = await api.call(endpoints.countryPhoneData);
  return data.countryCodes;
}
