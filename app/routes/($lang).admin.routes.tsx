import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { RouteRuleRow } from "../../contract/operator-content";
import { buttonClass, dangerButtonClass, FieldError, inputClass, Notice, Section } from "~/components/admin/ui";
import { getT } from "~/i18n/i18n.server";
import { localizePath } from "~/i18n/config";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { ApiError } from "~/lib/api.server";
import { readForm } from "~/lib/forms.server";
import { consoleError, replyFrom, requireOperator } from "~/lib/operator.server";
import { endpoints } from "../../contract/endpoints";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, { name: "robots", content: "noindex" }];

/** `/admin/routes?edit={id}`: the redirects; the form adds one, or changes or removes the one being edited. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const { rules } = await signedIn.api.call(endpoints.operatorRouteRules).catch((e: unknown) => {
    throw consoleError(e);
  });
  const editId = Number(new URL(request.url).searchParams.get("edit") ?? "0");
  const t = await getT(signedIn.locale, "admin");
  return data({ rules, editing: rules.find((r) => r.id === editId) ?? null, title: `${t("routes.title")} — ${t("title")}` }, { headers: await signedIn.headers() });
}

type Reply = { ok: false; message: string; errors: Record<string, string[]>; values: Record<string, string>; theirs?: RouteRuleRow | null };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const form = await readForm(request);
  const values = Object.fromEntries(["id", "path", "target", "status", "editVersion", "intent"].map((name) => [name, String(form.get(name) ?? "")]));
  const id = /^\d{1,9}$/.test(values.id) ? Number(values.id) : null;
  const here = localizePath("/admin/routes", signedIn.locale);
  try {
    if (values.intent === "delete" && id !== null) {
      await signedIn.api.call(endpoints.operatorRouteRuleRemove, { params: { id }, body: { editVersion: values.editVersion } });
      throw redirect(`${here}?done=deleted`, { headers: await signedIn.headers() });
    }
    const rule = { path: values.path, target: values.target, status: Number(values.status) || 301 };
    await (id === null
      ? signedIn.api.call(endpoints.operatorRouteRuleCreate, { body: rule })
      : signedIn.api.call(endpoints.operatorRouteRuleSave, { params: { id }, body: { ...rule, editVersion: values.editVersion } }));
    throw redirect(`${here}?done=${id === null ? "created" : "saved"}`, { headers: await signedIn.headers() });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 409 && id !== null) {
      // Changed meanwhile: their rule is shown, the form keeps what was typed and takes their token.
      const { rules } = await signedIn.api.call(endpoints.operatorRouteRules);
      const theirs = rules.find((r) => r.id === id) ?? null;
      return data<Reply>({ ok: false, message: error.message, errors: {}, values: { ...values, editVersion: String(theirs?.editVersion ?? values.editVersion) }, theirs }, { status: 409 });
    }
    return data<Reply>(replyFrom(error, values) as Reply, { status: 422 });
  }
}

export default function AdminRoutes() {
  const { rules, editing } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [search] = useSearchParams();
  const { t } = useTranslation("admin");
  const { path } = useLocale();
  const done = search.get("done");
  const errors = reply?.errors ?? {};
  const typed = reply?.values;
  const value = (name: "path" | "target" | "status") => typed?.[name] ?? (editing ? String(editing[name]) : name === "status" ? "301" : "");
  const field = (name: "path" | "target", hint: string) => (
    <div>
      <label htmlFor={`rule-${name}`} className="block text-sm font-medium text-stone-800">
        {t(`routes.${name}`)}
      </label>
      <input
        id={`rule-${name}`}
        name={name}
        defaultValue={value(name)}
        maxLength={500}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`rule-${name}-hint${errors[name] ? ` rule-${name}-error` : ""}`}
        className={inputClass}
      />
      <p id={`rule-${name}-hint`} className="mt-1 text-xs text-stone-600">
        {hint}
      </p>
      <FieldError id={`rule-${name}-error`} messages={errors[name]} />
    </div>
  );
  return (
    <div data-testid="admin-routes">
      <h1 className="mb-2 text-2xl font-bold tracking-tight text-stone-900">{t("routes.title")}</h1>
      <p className="mb-5 text-sm text-stone-700">{t("routes.intro")}</p>
      {done ? (
        <Notice tone="ok" testId="action-done">
          {t(`routes.done.${done}`, { defaultValue: "" })}
        </Notice>
      ) : null}
      {reply && !reply.ok && !Object.keys(errors).length ? (
        <Notice tone="error" testId="action-error">
          {reply.message}
        </Notice>
      ) : null}
      {reply?.theirs ? (
        <p className="mb-4 break-all text-sm text-stone-800" data-testid="their-version">
          {t("routes.theirs")}: {reply.theirs.path} → {reply.theirs.target} ({reply.theirs.status})
        </p>
      ) : null}

      <Section title={editing ? t("routes.editTitle", { path: editing.path }) : t("routes.addTitle")} testId="rule-form">
        <Form method="post" className="space-y-4" noValidate key={editing?.id ?? "new"}>
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <input type="hidden" name="editVersion" value={typed?.editVersion ?? String(editing?.editVersion ?? "")} />
          {field("path", t("routes.pathHint"))}
          {field("target", t("routes.targetHint"))}
          <div>
            <label htmlFor="rule-status" className="block text-sm font-medium text-stone-800">
              {t("routes.status")}
            </label>
            <select id="rule-status" name="status" defaultValue={value("status")} className={inputClass}>
              <option value="301">{t("routes.permanent")}</option>
              <option value="302">{t("routes.temporary")}</option>
            </select>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" name="intent" value="save" className={buttonClass}>
              {t("routes.save")}
            </button>
            {editing ? (
              <Link to={path("/admin/routes")} className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium text-stone-700 underline underline-offset-2">
                {t("routes.cancel")}
              </Link>
            ) : null}
          </div>
        </Form>
        {editing ? (
          <Form method="post" className="mt-4 border-t border-stone-200 pt-4" data-testid="rule-delete">
            <input type="hidden" name="id" value={editing.id} />
            <input type="hidden" name="editVersion" value={typed?.editVersion ?? String(editing.editVersion)} />
            <button type="submit" name="intent" value="delete" className={dangerButtonClass}>
              {t("routes.delete")}
            </button>
          </Form>
        ) : null}
      </Section>

      <Section title={t("routes.list")} testId="rules">
        {rules.length === 0 ? (
          <p className="text-sm text-stone-700">{t("routes.empty")}</p>
        ) : (
          <ul className="divide-y divide-stone-200 text-sm">
            {rules.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="rule-row" data-path={r.path}>
                <span className="break-all font-mono text-stone-900">{r.path}</span>
                <span aria-hidden="true">→</span>
                <span className="break-all font-mono text-stone-900">{r.target}</span>
                <span className="text-stone-600">{r.status}</span>
                <Link to={`${path("/admin/routes")}?edit=${r.id}`} className="ml-auto inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline" aria-label={t("routes.editLabel", { path: r.path })}>
                  {t("routes.edit")}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
