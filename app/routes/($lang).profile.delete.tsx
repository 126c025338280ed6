import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { z } from "zod";
import type { DeletionPlan, DeletionStay } from "../../contract/account";
import { ChallengeFields } from "~/components/forms/code-challenge";
import { FormAlert, SubmitButton } from "~/components/forms/fields";
import { apiMessage, codeStage, pendingCode, resendAction, statusOf } from "~/components/profile/code-flow.server";
import { CodeForm, ResendCode, type CodeActionData } from "~/components/profile/code-step";
import { writePending } from "~/lib/pending.server";
import { PageHeader, StepCard, dangerButton, formatTarget } from "~/components/profile/ui";
import { localizePath } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { formatDate, formatPrice } from "~/lib/format";
import { routeErrorFrom } from "~/lib/api.server";
import { challengeAnswerOf, challengeOf } from "~/lib/code-challenge.server";
import { getSignedIn, requireUser } from "~/lib/auth.server";
import { codeField, parseForm, readForm, replyWithApiError } from "~/lib/forms.server";
import { localeFromParams } from "~/lib/request.server";
import { commitSession, destroySession } from "~/lib/session.server";
import { endpoints } from "../../contract/endpoints";

type ActionData = CodeActionData | { intent: "send"; error: string; challenge?: string };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // Right after deletion there is no account any more: the page says goodbye instead of asking to sign in.
  if (new URL(request.url).searchParams.get("deleted") === "1" && !(await getSignedIn(request, context, params))) {
    const t = await getT(localeFromParams(params), "account");
    return data({ deleted: true as const, title: `${t("delete.doneTitle")} — Konok` });
  }
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, "account");
  const [{ userData }, plan] = await Promise.all([
    signedIn.api.call(endpoints.profileUser),
    // What happens to each stay not yet over: told before the code is asked for (issue 27).
    signedIn.api.call(endpoints.deletionPlan),
  ]).catch((error: unknown) => {
    throw routeErrorFrom(error);
  });
  return data(
    {
      deleted: false as const,
      // The code goes to the phone, or to the e-mail when no phone is linked (as the API does).
      sendTo: userData.phoneNumber ?? userData.email ?? "",
      stage: codeStage(signedIn, context, "delete_account"),
      plan,
      title: `${t("delete.title")} — Konok`,
    },
    { headers: await signedIn.headers() },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, ["account", "common"]);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const stage = codeStage(signedIn, context, "delete_account");
  const here = localizePath("/profile/delete", signedIn.locale);

  if (intent === "resend" && stage) {
    return resendAction(signedIn, context, t, { purpose: "delete_account", target: stage.target, send: (api) => api.call(endpoints.deletionSendCode, { body: {} }), challenge: challengeAnswerOf(formData) });
  }
  if (intent === "send") {
    try {
      const sent = await signedIn.apiWith({ challenge: challengeAnswerOf(formData) }).call(endpoints.deletionSendCode);
      writePending(signedIn.session, context, pendingCode("delete_account", sent));
    } catch (error) {
      return data<ActionData>({ intent: "send", error: apiMessage(error, t), challenge: challengeOf(error) }, { status: statusOf(error), headers: await signedIn.headers() });
    }
    throw redirect(here, { headers: await commitSession(signedIn.session, context) });
  }
  if (!stage) throw redirect(here, { headers: await signedIn.headers() });

  const submission = parseForm(formData, z.object({ code: codeField(t) }));
  if (submission.status !== "success") {
    return data<ActionData>({ intent: "confirm", result: submission.reply() }, { status: 422, headers: await signedIn.headers() });
  }
  try {
    await signedIn.api.call(endpoints.deletionConfirm, { body: { code: submission.value.code } });
  } catch (error) {
    const result = replyWithApiError(submission, error, { t, fields: { code: "code" } });
    return data<ActionData>({ intent: "confirm", result }, { status: 422, headers: await signedIn.headers() });
  }
  // The API has signed the account out everywhere; this browser forgets it too.
  throw redirect(`${here}?deleted=1`, { headers: await destroySession(signedIn.session, context) });
}

export default function DeleteAccount() {
  const loaderData = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const { path } = useLocale();

  if (loaderData.deleted) {
    return (
      <div className="mx-auto max-w-lg py-6 text-center" data-testid="account-deleted">
        <span aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200">
          <svg viewBox="0 0 24 24" className="h-7 w-7">
            <path d="m5 12.5 4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-stone-900">{t("delete.doneTitle")}</h1>
        <p className="mt-3 text-stone-600">{t("delete.doneText")}</p>
        <Link to={path("/")} className="btn-primary mt-6">
          {t("delete.toHome")}
        </Link>
      </div>
    );
  }

  const { sendTo, stage, plan } = loaderData;
  const sendError = outcome?.intent === "send" ? outcome.error : null;
  return (
    <div>
      <PageHeader title={t("delete.title")} description={t("delete.subtitle")} back={{ to: path("/profile"), label: t("common.backToProfile") }} />
      <StepCard>
        <div className="rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900" data-testid="delete-warning">
          <h2 className="font-semibold">{t("delete.whatHappens")}</h2>
          <ul className="mt-2 space-y-1.5">
            {(["point1", "point2", "point3", "point4"] as const).map((key) => (
              <li key={key} className="flex gap-2">
                <span aria-hidden="true">•</span>
                <span>{t(`delete.${key}`)}</span>
              </li>
            ))}
          </ul>
        </div>

        {plan.stays.length ? <StaysAhead plan={plan} /> : null}

        {!plan.canDelete ? null : stage ? (
          <div className="mt-6">
            <p className="mb-5 text-sm text-stone-600" data-testid="code-sent-to">
              {t("delete.sentTo")} <strong className={`${/^\d+$/.test(stage.target) ? "whitespace-nowrap" : "break-all"} font-semibold text-stone-900`}>{formatTarget(stage.target)}</strong>. {t("code.sending")} {t("code.validFor")}
            </p>
            <CodeForm
              lastResult={outcome?.intent === "confirm" ? outcome.result : undefined}
              label={/^\d+$/.test(stage.target) ? t("auth:fields.code") : t("fields.emailCode")}
              submitLabel={t("delete.confirmSubmit")}
              submitClassName={dangerButton}
            />
            <ResendCode resend={stage.resend} outcome={outcome?.intent === "send" ? undefined : outcome} />
          </div>
        ) : (
          <Form method="post" className="mt-6 space-y-4" data-testid="delete-send-form">
            <ChallengeFields token={outcome?.intent === "send" ? outcome.challenge : undefined} />
            {sendError ? <FormAlert errors={[sendError]} /> : null}
            <p className="text-sm text-stone-600">
              {t("delete.willSend")} <strong className={`${/^\d+$/.test(sendTo) ? "whitespace-nowrap" : "break-all"} font-semibold text-stone-900`}>{formatTarget(sendTo)}</strong>.
            </p>
            <SubmitButton className={dangerButton}>{t("delete.send")}</SubmitButton>
            <input type="hidden" name="intent" value="send" />
          </Form>
        )}
        <Link to={path("/profile")} className="btn-secondary mt-3 w-full">
          {t("delete.cancel")}
        </Link>
      </StepCard>
    </div>
  );
}

/**
 * Each stay not yet over and what deleting the account does to it: cancelled (a paid one refunded
 * in full, the host told), or, for a stay under way or guests at the person's listings, why the
 * deletion has to wait.
 */
function StaysAhead({ plan }: { plan: DeletionPlan }) {
  const { t } = useTranslation("account");
  const { locale, path } = useLocale();
  const dates = (s: DeletionStay) => `${formatDate(s.checkIn, locale, { day: "numeric", month: "short" })} – ${formatDate(s.checkOut, locale, { day: "numeric", month: "short", year: "numeric" })}`;
  return (
    <section className="mt-5 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950" aria-labelledby="stays-ahead" data-testid="deletion-stays">
      <h2 id="stays-ahead" className="font-semibold">
        {t("delete.stays.title")}
      </h2>
      <ul className="mt-2 space-y-3">
        {plan.stays.map((s) => (
          <li key={s.bookingId} data-testid="deletion-stay" data-outcome={s.outcome} data-booking-id={s.bookingId}>
            <p className="font-medium text-stone-900">
              {s.estateTitle} · <span className="whitespace-nowrap">{dates(s)}</span>
            </p>
            <p className="mt-0.5">
              {t(`delete.stays.${s.outcome}`, { amount: formatPrice(s.refund, locale) })}{" "}
              {s.outcome === "hosting" ? (
                <a href={path(`/host/booking/${s.bookingId}`)} className="font-medium underline">
                  {t("delete.stays.openBooking")}
                </a>
              ) : s.outcome === "staying" ? null : (
                <a href={path(`/profile/booking/${s.bookingId}`)} className="font-medium underline">
                  {t("delete.stays.openBooking")}
                </a>
              )}
            </p>
          </li>
        ))}
      </ul>
      {plan.canDelete ? null : (
        <p className="mt-3 font-semibold" role="status" data-testid="deletion-blocked">
          {t("delete.stays.blocked")}
        </p>
      )}
    </section>
  );
}
