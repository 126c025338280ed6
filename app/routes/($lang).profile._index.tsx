import { getFormProps } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { z } from "zod";
import type { UserData } from "../../contract/account";
import { FormAlert, Notice, SubmitButton, TextField } from "~/components/forms/fields";
import { SelectField } from "~/components/profile/select-field";
import { Badge, Card, PageHeader, formatPhone } from "~/components/profile/ui";
import { LOCALES, localizePath, type Locale } from "~/i18n/config";
import { getT, localeCookie } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { requireUser, toSessionUser } from "~/lib/auth.server";
import { formatDate } from "~/lib/format";
import { birthDateProblem, DATE_MIN, todayInBishkek } from "../../contract/dates";
import { parseForm, readForm, replyWithApiError } from "~/lib/forms.server";
import { commitSession } from "~/lib/session.server";
import { useServerForm } from "~/components/forms/use-server-form";
import { endpoints } from "../../contract/endpoints";

/** Where the account's code flows and forms come back to, and what the notice then says. */
const DONE = ["saved", "email", "phone", "unlinked", "password"] as const;
type Done = (typeof DONE)[number];

/** Language names as their speakers write them: a person looks for their own language. */
const LANGUAGE_NAMES: Record<Locale, string> = { ru: "Русский", en: "English", ky: "Кыргызча" };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, "account");
  const { userData } = await signedIn.api.call(endpoints.profileUser).catch((error: unknown) => {
    throw routeErrorFrom(error);
  });
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      user: userData,
      // Dates are formatted here once: the server's and the browser's Intl may differ in detail.
      memberSince: formatDate(userData.createdAt.slice(0, 10), signedIn.locale),
      birthDate: userData.birthDate ? formatDate(userData.birthDate, signedIn.locale) : null,
      done: (DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null,
      today: todayInBishkek(),
      title: `${t("profile.title")} — Konok`,
    },
    { headers: await signedIn.headers() },
  );
}

const BIRTH_DATE_MESSAGES = { notReal: "account:edit.birthDateInvalid", future: "account:edit.birthDateFuture", tooEarly: "account:edit.birthDateTooOld" } as const;

const schema = (t: Awaited<ReturnType<typeof getT>>, today: string) =>
  z.object({
    firstName: z
      .string({ required_error: t("common:form.nameRequired") })
      .trim()
      .min(1, t("common:form.nameRequired"))
      .max(60, t("common:form.tooLong")),
    lastName: z.string().trim().max(60, t("common:form.tooLong")).optional(),
    birthDate: z
      .string()
      .trim()
      .optional()
      .superRefine((value, ctx) => {
        if (!value) return;
        const problem = birthDateProblem(value, today);
        if (problem) ctx.addIssue({ code: "custom", message: t(BIRTH_DATE_MESSAGES[problem]) });
      }),
    locale: z.enum(LOCALES, { errorMap: () => ({ message: t("account:edit.localeInvalid") }) }),
    /** The language the account had when the form was shown: the page follows only a change. */
    previousLocale: z.string().optional(),
  });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, ["account", "common"]);
  const submission = parseForm(await readForm(request), schema(t, todayInBishkek()));
  if (submission.status !== "success") return data(submission.reply(), { status: 422, headers: await signedIn.headers() });

  const { firstName, lastName, birthDate, locale, previousLocale } = submission.value;
  let userData: UserData;
  try {
    ({ userData } = await signedIn.api.call(endpoints.profileUpdate, { body: {
      firstName,
      lastName: lastName ?? "",
      birthDate: birthDate || null,
      locale,
    } }));
  } catch (error) {
    const reply = replyWithApiError(submission, error, { t, fields: { firstName: "firstName", lastName: "lastName", birthDate: "birthDate", locale: "locale" } });
    return data(reply, { status: 422, headers: await signedIn.headers() });
  }
  // The header shows the new name at once.
  signedIn.session.set("user", toSessionUser(userData));
  const headers = new Headers(await commitSession(signedIn.session, context));
  // A newly chosen language is also the site's language from now on.
  let target = signedIn.locale;
  if (previousLocale && previousLocale !== userData.locale) {
    target = userData.locale;
    headers.append("Set-Cookie", await localeCookie.serialize(target, { secure: context.config.production }));
  }
  throw redirect(`${localizePath("/profile", target)}?done=saved`, { headers });
}

export default function ProfilePage() {
  const { user, memberSince, birthDate, done, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const { path } = useLocale();
  const [form, fields] = useServerForm({
    lastResult,
    defaultValue: { firstName: user.firstName, lastName: user.lastName, birthDate: user.birthDate ?? "", locale: user.locale },
  });
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const nextMode = user.mode === "host" ? "guest" : "host";

  return (
    <div className="max-w-3xl space-y-5">
      <PageHeader title={t("profile.title")} description={t("profile.subtitle")} />
      {done ? (
        <div data-testid="profile-notice">
          <Notice tone="success">{t(`profile.done.${done}`)}</Notice>
        </div>
      ) : null}

      <Card testId="profile-overview">
        <div className="flex items-center gap-4">
          <span aria-hidden="true" className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xl font-bold text-white">
            {(user.firstName || "?").slice(0, 1).toUpperCase()}
          </span>
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold text-stone-900" data-testid="profile-name">
              {fullName || t("profile.noName")}
            </p>
            <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-stone-600">
              <Badge tone="brand">{t(`profile.mode.${user.mode}`)}</Badge>
              <span>{t("profile.memberSince", { date: memberSince })}</span>
            </p>
          </div>
        </div>

        <dl className="mt-5 divide-y divide-stone-100 border-t border-stone-100">
          <Row label={t("auth:fields.phone")} testId="profile-phone">
            {user.phoneNumber ? <span className="font-medium text-stone-900">{formatPhone(user.phoneNumber)}</span> : <span className="text-stone-500">{t("profile.phoneNone")}</span>}
            <Actions>
              <ActionLink to={path("/profile/phone/link")}>{user.phoneNumber ? t("profile.phoneChange") : t("profile.phoneLink")}</ActionLink>
              {user.phoneNumber ? <ActionLink to={path("/profile/phone/unlink-confirm")}>{t("profile.phoneUnlink")}</ActionLink> : null}
            </Actions>
          </Row>
          <Row label={t("fields.email")} testId="profile-email">
            {user.email ? (
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="break-all font-medium text-stone-900">{user.email}</span>
                {user.emailVerified ? (
                  <Badge tone="success" testId="email-verified">
                    {t("profile.emailVerified")}
                  </Badge>
                ) : (
                  <Badge tone="warning">{t("profile.emailUnverified")}</Badge>
                )}
              </span>
            ) : (
              <span className="text-stone-500">{t("profile.emailNone")}</span>
            )}
            <Actions>
              <ActionLink to={path("/profile/email/link")}>{user.email ? (user.emailVerified ? t("profile.emailChange") : t("profile.emailConfirm")) : t("profile.emailLink")}</ActionLink>
            </Actions>
          </Row>
          <Row label={t("profile.modeLabel")} testId="profile-mode">
            <span className="font-medium text-stone-900">{t(`profile.mode.${user.mode}`)}</span>
            <Actions>
              <Form method="post" action={path("/mode")}>
                <input type="hidden" name="mode" value={nextMode} />
                <input type="hidden" name="redirectTo" value={path("/profile")} />
                <button type="submit" className="inline-flex min-h-10 items-center rounded-full px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50">
                  {t(`profile.switchTo.${nextMode}`)}
                </button>
              </Form>
            </Actions>
          </Row>
          <Row label={t("fields.locale")}>
            <span className="font-medium text-stone-900" lang={user.locale}>
              {LANGUAGE_NAMES[user.locale]}
            </span>
          </Row>
          <Row label={t("fields.birthDate")}>
            {birthDate ? <span className="font-medium text-stone-900">{birthDate}</span> : <span className="text-stone-500">{t("profile.notSet")}</span>}
          </Row>
        </dl>
      </Card>

      <Card title={t("edit.title")} description={t("edit.subtitle")} id="edit">
        <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="profile-form">
          <FormAlert errors={form.errors} id={form.errorId} />
          <input type="hidden" name="previousLocale" value={user.locale} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={fields.firstName} label={t("auth:fields.firstName")} autoComplete="given-name" maxLength={60} />
            <TextField field={fields.lastName} label={t("auth:fields.lastName")} autoComplete="family-name" maxLength={60} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={fields.birthDate} type="date" label={t("fields.birthDate")} hint={t("edit.birthDateHint")} autoComplete="bday" min={DATE_MIN} max={today} />
            <SelectField
              field={fields.locale}
              label={t("fields.locale")}
              hint={t("edit.localeHint")}
              options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l], lang: l }))}
            />
          </div>
          <div className="pt-1 sm:flex sm:justify-end">
            <SubmitButton className="btn-primary w-full sm:w-auto">{t("edit.submit")}</SubmitButton>
          </div>
        </Form>
      </Card>

      <Card title={t("menu.title")} testId="profile-menu">
        <ul className="-mx-2 divide-y divide-stone-100">
          <MenuLink to={path("/profile/booking")} title={t("menu.bookings")} text={t("menu.bookingsText")} />
          <MenuLink to={path("/profile/notifications")} title={t("menu.notifications")} text={t("menu.notificationsText")} />
          <MenuLink to={path("/profile/mail")} title={t("menu.mail")} text={t("menu.mailText")} />
          <MenuLink to={path("/profile/transactions")} title={t("menu.transactions")} text={t("menu.transactionsText")} />
          <MenuLink to={path("/profile/referral")} title={t("menu.referral")} text={t("menu.referralText")} />
          <MenuLink to={path("/profile/change-password")} title={t("menu.password")} text={t("menu.passwordText")} />
          <MenuLink to={path("/profile/support")} title={t("menu.support")} text={t("menu.supportText")} />
          <MenuLink to={path("/profile/delete")} title={t("menu.delete")} text={t("menu.deleteText")} danger />
        </ul>
      </Card>
    </div>
  );
}

function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4" data-testid={testId}>
      <dt className="text-sm text-stone-500 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3 gap-y-1">{children}</dd>
    </div>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <span className="-mr-3 flex flex-wrap items-center">{children}</span>;
}

function ActionLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex min-h-10 items-center rounded-full px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50">
      {children}
    </Link>
  );
}

function MenuLink({ to, title, text, danger = false }: { to: string; title: string; text: string; danger?: boolean }) {
  return (
    <li>
      <Link to={to} className="flex min-h-14 items-center gap-3 rounded-2xl px-2 py-3 hover:bg-stone-50">
        <span className="min-w-0 flex-1">
          <span className={`block font-medium ${danger ? "text-red-700" : "text-stone-900"}`}>{title}</span>
          <span className="mt-0.5 block text-sm text-stone-500">{text}</span>
        </span>
        <span aria-hidden="true" className="text-stone-400">
          ›
        </span>
      </Link>
    </li>
  );
}
