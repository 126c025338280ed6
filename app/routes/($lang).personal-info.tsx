import { getFormProps } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { z } from "zod";
import { FlowCard } from "~/components/auth/flow-card";
import { useSignupSteps } from "~/components/auth/signup-page";
import { FormAlert, Notice, SubmitButton, TextField } from "~/components/forms/fields";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { requireUser, toSessionUser } from "~/lib/auth.server";
import { birthDateProblem, DATE_MIN, todayInBishkek } from "../../contract/dates";
import { parseForm, readForm } from "~/lib/forms.server";
import { replyFromApi } from "~/lib/phone-code.server";
import { commitSession } from "~/lib/session.server";
import { useServerForm } from "~/components/forms/use-server-form";
import { endpoints } from "../../contract/endpoints";

/*
 * Sign-up step 3. SPEC section 2 lists /personal-info under "unauthorized only": in the original
 * app the account was created only after this screen. Here /set-password creates the account
 * (the API's POST /api/register needs only the proved number and a password) and signs the
 * person in, so this step is an update of the signed-in user's profile and its guard is
 * `requireUser`. A visitor lands on the login page; skipping it leaves a working account.
 */

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const { userData } = await signedIn.api.call(endpoints.profileUser).catch((e: unknown) => {
    throw routeErrorFrom(e);
  });
  const t = await getT(signedIn.locale, "auth");
  return data(
    {
      title: `${t("about.title")} — Konok`,
      mode: userData.mode,
      today: todayInBishkek(),
      defaults: { firstName: userData.firstName, lastName: userData.lastName, birthDate: userData.birthDate ?? "" },
    },
    { headers: await signedIn.headers() },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

const schema = (t: Awaited<ReturnType<typeof getT>>, today: string) =>
  z.object({
    firstName: z.string({ required_error: t("common:form.nameRequired") }).trim().min(1, t("common:form.nameRequired")).max(60, t("common:form.tooLong")),
    lastName: z.string().trim().max(60, t("common:form.tooLong")).optional(),
    birthDate: z
      .string()
      .superRefine((value, ctx) => {
        const problem = birthDateProblem(value, today);
        if (problem) ctx.addIssue({ code: "custom", message: t(problem === "future" ? "auth:validation.birthDateFuture" : "auth:validation.birthDateInvalid") });
      })
      .optional(),
  });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const { locale } = signedIn;
  const t = await getT(locale, ["auth", "common"]);
  const submission = parseForm(await readForm(request), schema(t, todayInBishkek()));
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  try {
    const { userData } = await signedIn.api.call(endpoints.profileUpdate, { body: {
      firstName: submission.value.firstName,
      lastName: submission.value.lastName ?? "",
      birthDate: submission.value.birthDate ?? null,
      locale,
      mode: signedIn.user.mode,
    } });
    // The header shows the new name at once; committing also carries any refreshed tokens.
    signedIn.session.set("user", toSessionUser(userData));
    throw redirect(localizePath("/", locale), { headers: await commitSession(signedIn.session, context) });
  } catch (error) {
    if (error instanceof Response) throw error;
    const result = replyFromApi(submission, error, { t, fields: { firstName: "firstName", lastName: "lastName", birthDate: "birthDate" } });
    return data(result, { status: 422, headers: await signedIn.headers() });
  }
}

export default function PersonalInfo() {
  const { mode, today, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const { path } = useLocale();
  const labels = useSignupSteps();
  const [form, fields] = useServerForm({ id: "personal-info", lastResult, defaultValue: defaults });
  return (
    <FlowCard step={{ current: 4, labels }} title={t("about.title")} subtitle={t(mode === "host" ? "about.hostSubtitle" : "about.subtitle")}>
      <div className="mb-5">
        <Notice tone="success">{t(mode === "host" ? "about.hostCreated" : "about.created")}</Notice>
      </div>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert errors={form.errors} id={form.errorId} />
        <TextField field={fields.firstName} label={t("fields.firstName")} autoComplete="given-name" maxLength={60} />
        <TextField field={fields.lastName} label={t("about.lastNameOptional")} autoComplete="family-name" maxLength={60} />
        <TextField field={fields.birthDate} type="date" label={t("about.birthDate")} autoComplete="bday" min={DATE_MIN} max={today} />
        <SubmitButton>{t("about.submit")}</SubmitButton>
      </Form>
      <p className="mt-4 text-center">
        <Link to={path("/")} className="inline-flex min-h-11 items-center px-3 text-sm font-medium text-stone-600 hover:text-stone-900 hover:underline" data-testid="skip">
          {t("about.skip")}
        </Link>
      </p>
    </FlowCard>
  );
}
