import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { LOCALES } from "../../contract/common";
import {
  APP_PLATFORMS,
  CONTACT_GROUPS,
  CONTACT_KINDS,
  SOCIAL_KINDS,
  type ContactGroup,
  type ContactsAdminResponse,
  type CONTACT_SCHEMAS,
} from "../../contract/operator-content";
import { buttonClass, dangerButtonClass, FieldError, inputClass, Notice, Section } from "~/components/admin/ui";
import { getT } from "~/i18n/i18n.server";
import { localizePath } from "~/i18n/config";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { ApiError } from "~/lib/api.server";
import { forgetFooter } from "~/lib/footer.server";
import { readForm } from "~/lib/forms.server";
import { consoleError, replyFrom, requireOperator } from "~/lib/operator.server";
import { endpoints, type BodyOf, type FieldName, type Fields } from "../../contract/endpoints";
import { formBody } from "~/components/admin/localized-body";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, { name: "robots", content: "noindex" }];

/** A field of the group's body in contract/operator-content.ts (the typecheck holds the lists below to it). */
type GroupField<G extends ContactGroup> = FieldName<Fields<(typeof CONTACT_SCHEMAS)[G]>>;
/** Each group's fields in the form's order: choices, one-line texts, texts in each language (and `sortOrder`, every group's). */
const FIELDS: { [G in ContactGroup]: { choice: [GroupField<G>, readonly string[]]; texts: GroupField<G>[]; localized: GroupField<G>[] } } = {
  contact: { choice: ["kind", CONTACT_KINDS], texts: ["value"], localized: ["label"] },
  social: { choice: ["kind", SOCIAL_KINDS], texts: ["url"], localized: [] },
  app: { choice: ["platform", APP_PLATFORMS], texts: ["name", "url"], localized: [] },
};
const SECTIONS: Record<ContactGroup, keyof ContactsAdminResponse> = { contact: "contacts", social: "socials", app: "apps" };

/** `/admin/contacts?edit={group}-{id}`: the footer's contacts, social links and app links. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const lists = await signedIn.api.call(endpoints.operatorContacts).catch((e: unknown) => {
    throw consoleError(e);
  });
  const [group, id] = (new URL(request.url).searchParams.get("edit") ?? "").split("-");
  const editing =
    (CONTACT_GROUPS as readonly string[]).includes(group) && /^\d+$/.test(id ?? "")
      ? { group: group as ContactGroup, row: (lists[SECTIONS[group as ContactGroup]] as { id: number }[]).find((r) => r.id === Number(id)) ?? null }
      : null;
  const t = await getT(signedIn.locale, "admin");
  return data({ lists, editing: editing?.row ? editing : null, title: `${t("contacts.title")} — ${t("title")}` }, { headers: await signedIn.headers() });
}

type Reply = { ok: false; message: string; errors: Record<string, string[]>; values: Record<string, string> };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const form = await readForm(request);
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") values[name] = value;
  const group = values.group as ContactGroup;
  if (!(CONTACT_GROUPS as readonly string[]).includes(group)) return data<Reply>({ ok: false, message: "", errors: {}, values }, { status: 400 });
  const id = /^\d{1,9}$/.test(values.id ?? "") ? Number(values.id) : null;
  const here = localizePath("/admin/contacts", signedIn.locale);
  try {
    const { intent } = values;
    const { choice, texts, localized } = FIELDS[group];
    const names = [choice[0], ...texts, ...localized, "sortOrder"] as const;
    if (intent === "delete" && id !== null) await signedIn.api.call(endpoints.operatorContactRemove, { params: { group, id }, body: { editVersion: values.editVersion } });
    else await (id === null
        ? signedIn.api.call(endpoints.operatorContactCreate, { params: { group }, body: formBody<BodyOf<typeof endpoints.operatorContactCreate>>(values, names) })
        : signedIn.api.call(endpoints.operatorContactSave, { params: { group, id }, body: formBody<BodyOf<typeof endpoints.operatorContactSave>>(values, [...names, "editVersion"]) }));
    // The footer this node keeps for a minute shows the change on the next page.
    forgetFooter();
    throw redirect(`${here}?done=${intent === "delete" ? "deleted" : id === null ? "created" : "saved"}`, { headers: await signedIn.headers() });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 409) {
      // Saved meanwhile by someone else: what was typed stays and the form takes their token, so a
      // second save is a choice made knowing theirs (with JavaScript, the loader is not run again
      // after a refused action, so the token must come with the answer).
      const lists = await signedIn.api.call(endpoints.operatorContacts).catch((e: unknown) => {
        throw consoleError(e);
      });
      const current = id === null ? undefined : (lists[SECTIONS[group]] as { id: number; editVersion: number }[]).find((r) => r.id === id);
      return data<Reply>({ ok: false, message: error.message, errors: {}, values: current ? { ...values, editVersion: String(current.editVersion) } : values }, { status: 409 });
    }
    return data<Reply>(replyFrom(error, values) as Reply, { status: 422 });
  }
}

export default function AdminContacts() {
  const { lists, editing } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [search] = useSearchParams();
  const { t } = useTranslation("admin");
  const { path } = useLocale();
  const done = search.get("done");

  const editor = (group: ContactGroup) => {
    const row = editing?.group === group ? (editing.row as unknown as Record<string, unknown>) : null;
    const mine = reply?.values.group === group ? reply : null;
    const errors = mine?.errors ?? {};
    const value = (name: string) => {
      if (mine) return mine.values[name] ?? "";
      const [field, locale] = name.split(".");
      const v = row?.[field];
      return locale ? String((v as Record<string, string> | undefined)?.[locale] ?? "") : v === undefined ? (name === "sortOrder" ? "100" : "") : String(v);
    };
    const labelled = (name: string, label: string, control: (common: { id: string; name: string; defaultValue: string; "aria-invalid"?: true; "aria-describedby"?: string }) => JSX.Element) => {
      const id = `${group}-${name.replace(".", "-")}`;
      return (
        <div key={name}>
          <label htmlFor={id} className="block text-sm font-medium text-stone-800">
            {label}
          </label>
          {control({ id, name, defaultValue: value(name), "aria-invalid": errors[name] ? true : undefined, "aria-describedby": errors[name] ? `${id}-error` : undefined })}
          <FieldError id={`${id}-error`} messages={errors[name]} />
        </div>
      );
    };
    const [choice, options] = FIELDS[group].choice;
    return (
      <div data-testid={`${group}-form`}>
        <h3 className="mb-2 font-semibold text-stone-900">{row ? t("contacts.editTitle") : t(`contacts.add.${group}`)}</h3>
        {mine && !Object.keys(errors).length ? (
          <Notice tone="error" testId="action-error">
            {mine.message}
          </Notice>
        ) : null}
        <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate key={row ? String(row.id) : "new"}>
          <input type="hidden" name="group" value={group} />
          {row ? <input type="hidden" name="id" value={String(row.id)} /> : null}
          {row ? <input type="hidden" name="editVersion" value={mine?.values.editVersion ?? String(row.editVersion)} /> : null}
          {labelled(choice, t(`contacts.fields.${choice}`), (common) => (
            <select {...common} className={inputClass}>
              {options.map((o) => (
                <option key={o} value={o}>
                  {t(`contacts.${choice}s.${o}`)}
                </option>
              ))}
            </select>
          ))}
          {FIELDS[group].texts.map((name) => labelled(name, t(`contacts.fields.${name}`), (common) => <input {...common} maxLength={500} className={inputClass} />))}
          {FIELDS[group].localized.flatMap((field) =>
            LOCALES.map((l) =>
              labelled(`${field}.${l}`, `${t(`contacts.fields.${field}`)} · ${t(`content.languages.${l}`)}`, (common) => <input {...common} lang={l} maxLength={100} className={inputClass} />),
            ),
          )}
          {labelled("sortOrder", t("contacts.fields.sortOrder"), (common) => <input {...common} type="number" inputMode="numeric" className={inputClass} />)}
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <button type="submit" name="intent" value="save" className={buttonClass}>
              {t("contacts.save")}
            </button>
            {row ? (
              <>
                <button type="submit" name="intent" value="delete" className={dangerButtonClass}>
                  {t("contacts.delete")}
                </button>
                <Link to={path("/admin/contacts")} className="inline-flex min-h-11 items-center px-2 text-sm font-medium text-stone-700 underline underline-offset-2">
                  {t("contacts.cancel")}
                </Link>
              </>
            ) : null}
          </div>
        </Form>
      </div>
    );
  };

  const rowsOf = (group: ContactGroup) => (
    <ul className="mb-4 divide-y divide-stone-200 text-sm" data-testid={`${group}-rows`}>
      {(lists[SECTIONS[group]] as unknown as Record<string, unknown>[]).map((r) => {
        const label = group === "contact" ? `${t(`contacts.kinds.${String(r.kind)}`)}: ${String(r.value)}` : group === "social" ? `${t(`contacts.kinds.${String(r.kind)}`)}: ${String(r.url)}` : `${String(r.name)}: ${String(r.url)}`;
        return (
          <li key={String(r.id)} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid={`${group}-row`} data-id={String(r.id)}>
            <span className="min-w-0 break-all text-stone-900">{label}</span>
            <Link to={`${path("/admin/contacts")}?edit=${group}-${String(r.id)}`} className="ml-auto inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline" aria-label={`${t("contacts.edit")}: ${label}`}>
              {t("contacts.edit")}
            </Link>
          </li>
        );
      })}
    </ul>
  );

  return (
    <div data-testid="admin-contacts">
      <h1 className="mb-2 text-2xl font-bold tracking-tight text-stone-900">{t("contacts.title")}</h1>
      <p className="mb-5 text-sm text-stone-700">{t("contacts.intro")}</p>
      {done ? (
        <Notice tone="ok" testId="action-done">
          {t(`contacts.done.${done}`, { defaultValue: "" })}
        </Notice>
      ) : null}
      {CONTACT_GROUPS.map((group) => (
        <Section key={group} title={t(`contacts.groups.${group}`)} testId={`section-${group}`}>
          {rowsOf(group)}
          {editor(group)}
        </Section>
      ))}
    </div>
  );
}
