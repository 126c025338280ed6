import { getFormProps, getInputProps } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { z } from "zod";
import { AuthCard } from "~/components/forms/auth-card";
import { FormAlert, PhoneField, SubmitButton, TextField } from "~/components/forms/fields";
import { useLocale } from "~/i18n/use-locale";
import { getT } from "~/i18n/i18n.server";
import { localizePath } from "~/i18n/config";
import { authenticatorFor, requireAnonymous, safeRedirect, startSession } from "~/lib/auth.server";
import { emailField, fullPhone, loadCountryCodes, parseForm, phoneFields, readForm, replyWithApiError, withPhoneCheck } from "~/lib/forms.server";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { routeErrorFrom } from "~/lib/api.server";
import { useServerForm } from "~/components/forms/use-server-form";
import { methodOf, SignInMethodSwitch } from "~/components/auth/sign-in-method";

// Every private address a crawler follows leads here with its own `?redirectTo=`: one canonical
// sign-in page per language (decision 0060).
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Konok" },
  ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonical }] : []),
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAnonymous(request, context, params);
  const locale = localeFromParams(params);
  const t = await getT(locale, "auth");
  const countries = await loadCountryCodes(apiFor(context, params)).catch((e) => {
    throw routeErrorFrom(e);
  });
  const canonical = `${context.config.publicUrl.replace(/\/+$/, "")}${localizePath("/login", locale)}`;
  return { countries, title: `${t("login.title")} — Konok`, canonical };
}

const passwordField = (t: Awaited<ReturnType<typeof getT>>) => z.string({ required_error: t("common:form.passwordRequired") }).max(128, t("common:form.tooLong"));

const schema = (t: Awaited<ReturnType<typeof getT>>) =>
  z
    .object({
      ...phoneFields(t),
      password: passwordField(t),
      redirectTo: z.string().optional(),
    })
    .superRefine(withPhoneCheck(t));

/** The e-mail form (`by=email`): an account whose phone was unlinked signs in by its confirmed e-mail. */
const emailSchema = (t: Awaited<ReturnType<typeof getT>>) => z.object({ email: emailField(t), password: passwordField(t), redirectTo: z.string().optional() });

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAnonymous(request, context, params);
  const locale = localeFromParams(params);
  const t = await getT(locale, ["auth", "common"]);
  const formData = await readForm(request);
  const byEmail = formData.get("by") === "email";
  const submission = byEmail ? parseForm(formData, emailSchema(t)) : parseForm(formData, schema(t));
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 422 });

  // The strategy reads these from the original body: the normalised number or address and our language.
  const value = submission.value;
  const account: Record<string, string> = "email" in value ? { email: value.email } : { phoneNumber: fullPhone(value) };
  const body = new URLSearchParams({ ...account, password: value.password, locale });
  const login = await authenticatorFor(context)
    .authenticate("phone-password", new Request(request.url, { method: "POST", body }), { context })
    .catch((error: unknown) => ({ error: (error as { cause?: unknown }).cause ?? error }));
  if ("error" in login) {
    const reply = replyWithApiError(submission, login.error, { t, fields: { phoneNumber: "phone", email: "email", password: "password" }, hideFields: ["password"] });
    return data(reply, { status: 422 });
  }
  const headers = await startSession(request, context, login);
  // An operator's home is the console (issue 31); everyone else's the site's front page.
  const home = localizePath(login.userData.role === "operator" ? "/admin" : "/", locale);
  throw redirect(safeRedirect(submission.value.redirectTo, home), { headers });
}

export default function Login() {
  const { countries } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const { path } = useLocale();
  const [searchParams] = useSearchParams();
  // A refused password is never sent back in the HTML; with JavaScript the input would keep it.
  const [form, fields] = useServerForm({ lastResult, secrets: ["password"] });
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const method = methodOf(searchParams);
  return (
    <AuthCard
      title={t("login.title")}
      subtitle={t("login.subtitle")}
      footer={
        <>
          {t("login.noAccount")}{" "}
          <Link to={path("/sms")} className="font-semibold text-brand-700 hover:underline">
            {t("login.signUp")}
          </Link>
        </>
      }
    >
      <SignInMethodSwitch current={method} label={t("login.method")} />
      <Form method="post" {...getFormProps(form)} className="space-y-4" key={method}>
        <FormAlert errors={form.errors} id={form.errorId} />
        <input {...getInputProps(fields.redirectTo, { type: "hidden" })} value={redirectTo} key="redirectTo" />
        {method === "email" ? (
          <>
            <input type="hidden" name="by" value="email" />
            <TextField field={fields.email} type="email" label={t("fields.email")} autoComplete="username" inputMode="email" spellCheck={false} autoCapitalize="none" />
          </>
        ) : (
          <PhoneField countryCode={fields.countryCode} phone={fields.phone} countries={countries} label={t("fields.phone")} />
        )}
        <TextField field={fields.password} type="password" label={t("fields.password")} autoComplete="current-password" />
        <div className="flex justify-end text-sm">
          <Link to={path(method === "email" ? "/reset-password?by=email" : "/reset-password")} className="text-brand-700 hover:underline">
            {t("login.forgot")}
          </Link>
        </div>
        <SubmitButton>{t("login.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
