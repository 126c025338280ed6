import { getFormProps } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { z } from "zod";
import { FormAlert, PhoneField, SubmitButton } from "~/components/forms/fields";
import { sendCode } from "~/components/profile/code-flow.server";
import { readPending } from "~/lib/pending.server";
import { PageHeader, StepCard, formatPhone } from "~/components/profile/ui";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { ApiError, routeErrorFrom } from "~/lib/api.server";
import { requireUser } from "~/lib/auth.server";
import { fullPhone, loadCountryCodes, parseForm, phoneFields, readForm, replyWithApiError, withPhoneCheck } from "~/lib/forms.server";
import { useServerForm } from "~/components/forms/use-server-form";
import { ChallengeFields } from "~/components/forms/code-challenge";
import { challengeAnswerOf, challengeOf } from "~/lib/code-challenge.server";
import { endpoints } from "../../contract/endpoints";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, "account");
  const [{ userData }, countries] = await Promise.all([
    signedIn.api.call(endpoints.profileUser),
    loadCountryCodes(signedIn.api),
  ]).catch((error: unknown) => {
    throw routeErrorFrom(error);
  });
  return data(
    { phone: userData.phoneNumber, countries, title: `${t(userData.phoneNumber ? "phone.changeTitle" : "phone.title")} — Konok` },
    { headers: await signedIn.headers() },
  );
}

const schema = (t: Awaited<ReturnType<typeof getT>>) => z.object(phoneFields(t)).superRefine(withPhoneCheck(t));

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, ["account", "common"]);
  const formData = await readForm(request);
  const submission = parseForm(formData, schema(t));
  if (submission.status !== "success") return data(submission.reply(), { status: 422, headers: await signedIn.headers() });
  const phoneNumber = fullPhone(submission.value);
  const next = localizePath("/profile/phone/link-confirm", signedIn.locale);
  let headers: HeadersInit;
  try {
    headers = await sendCode(signedIn, context, { purpose: "phone_link", target: phoneNumber, send: (api) => api.call(endpoints.phoneLinkSendCode, { body: { phoneNumber } }), challenge: challengeAnswerOf(formData) });
  } catch (error) {
    // Sent a moment ago to this very number (the back button, a double tap): the code is on its way.
    if (error instanceof ApiError && error.status === 429 && readPending(signedIn.session, context, "phone_link")?.target === phoneNumber) {
      throw redirect(next, { headers: await signedIn.headers() });
    }
    // Over the address limit: the challenge goes back in the form (decision 0073).
    const reply = { ...replyWithApiError(submission, error, { t, fields: { phoneNumber: "phone" } }), challenge: challengeOf(error) };
    return data(reply, { status: error instanceof ApiError && error.status === 429 ? 429 : 422, headers: await signedIn.headers() });
  }
  throw redirect(next, { headers });
}

export default function LinkPhone() {
  const { phone, countries } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const { path } = useLocale();
  const [form, fields] = useServerForm({ lastResult });
  return (
    <div>
      <PageHeader
        title={phone ? t("phone.changeTitle") : t("phone.title")}
        description={phone ? t("phone.changeSubtitle") : t("phone.subtitle")}
        back={{ to: path("/profile"), label: t("common.backToProfile") }}
      />
      <StepCard>
        {phone ? (
          <p className="mb-5 text-sm text-stone-600">
            {t("phone.current")} <span className="font-medium text-stone-900">{formatPhone(phone)}</span>
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="phone-form">
          <ChallengeFields token={lastResult && "challenge" in lastResult && typeof lastResult.challenge === "string" ? lastResult.challenge : undefined} />
          <FormAlert errors={form.errors} id={form.errorId} />
          <PhoneField countryCode={fields.countryCode} phone={fields.phone} countries={countries} label={t("phone.newLabel")} />
          <SubmitButton>{t("phone.submit")}</SubmitButton>
        </Form>
        <p className="mt-4 text-xs text-stone-500">{t("phone.why")}</p>
      </StepCard>
    </div>
  );
}
