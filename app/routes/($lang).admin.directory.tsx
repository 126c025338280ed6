import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { LOCALES } from "../../contract/common";
import { endpoints, type BodyOf, type FieldName, type Fields } from "../../contract/endpoints";
import { ESTATE_KINDS } from "../../contract/listing-steps";
import {
  AMENITY_GROUPS,
  AMENITY_ICONS,
  DIRECTORY_KINDS,
  DIRECTORY_NAME_MAX,
  DIRECTORY_SLUG_MAX,
  TYPE_ICONS,
  type DIRECTORY_CREATE_SCHEMAS,
  type DIRECTORY_UPDATE_SCHEMAS,
  type DirectoryAdminResponse,
  type DirectoryKind,
  type DirectoryRow,
} from "../../contract/operator-directory";
import { buttonClass, dangerButtonClass, FieldError, inputClass, Notice, Section } from "~/components/admin/ui";
import { ParameterIcon } from "~/components/estate/parameter-icons";
import { kindKey } from "~/components/host/host-nav";
import { TypeIcon } from "~/components/home/type-icon";
import { getT } from "~/i18n/i18n.server";
import { localizePath } from "~/i18n/config";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { ApiError } from "~/lib/api.server";
import { readForm } from "~/lib/forms.server";
import { consoleError, replyFrom, requireOperator } from "~/lib/operator.server";
import { formBody } from "~/components/admin/localized-body";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, { name: "robots", content: "noindex" }];

/** Each kind's list in the API's answer. */
const LISTS: Record<DirectoryKind, keyof DirectoryAdminResponse> = { type: "types", subtype: "subtypes", amenity: "amenities", meal: "meals" };
const isKind = (v: string | null | undefined): v is DirectoryKind => (DIRECTORY_KINDS as readonly string[]).includes(v ?? "");
const idOf = (v: string | null | undefined) => (/^\d{1,9}$/.test(v ?? "") ? Number(v) : null);

/**
 * The fields each kind's form sends when it changes an entry, and the ones more it sends when it
 * adds one: fields of the kind's body in contract/operator-directory.ts (the typecheck holds that).
 */
const SAVED_FIELDS: { [K in DirectoryKind]: readonly FieldName<Fields<(typeof DIRECTORY_UPDATE_SCHEMAS)[K]>>[] } = {
  type: ["name", "sortOrder", "icon"],
  subtype: ["name", "sortOrder"],
  amenity: ["name", "sortOrder", "icon", "group"],
  meal: ["name", "sortOrder"],
};
const CREATED_FIELDS: { [K in DirectoryKind]: readonly FieldName<Fields<(typeof DIRECTORY_CREATE_SCHEMAS)[K]>>[] } = {
  type: ["slug", "kind"],
  subtype: ["slug", "typeId"],
  amenity: ["slug"],
  meal: ["slug"],
};

/**
 * `/admin/directory?edit={kind}-{id}` or `?add={kind}` (`&type={id}` for a subtype): listing types
 * with their subtypes, amenities by group and meals; the form at the top adds one or edits the one
 * chosen, which can also be retired or brought back (decision 0076).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const lists = await signedIn.api.call(endpoints.operatorDirectory).catch((e: unknown) => {
    throw consoleError(e);
  });
  const search = new URL(request.url).searchParams;
  const [editKind, editId] = (search.get("edit") ?? "").split("-");
  const editing = isKind(editKind) ? (lists[LISTS[editKind]].find((r) => r.id === idOf(editId)) ?? null) : null;
  const addKind = search.get("add");
  const form = editing ? { kind: editKind as DirectoryKind, row: editing } : isKind(addKind) ? { kind: addKind, row: null, typeId: idOf(search.get("type")) } : null;
  const t = await getT(signedIn.locale, "admin");
  return data({ lists, form, title: `${t("directory.title")} — ${t("title")}` }, { headers: await signedIn.headers() });
}

type Reply = { ok: false; message: string; errors: Record<string, string[]>; values: Record<string, string>; theirs?: DirectoryRow | null };

/** The form's strings as the API takes them: `name.ky` becomes `{ name: { ky } }`. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const form = await readForm(request);
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") values[name] = value;
  const { entry, id: rawId, intent = "save", ...fields } = values;
  if (!isKind(entry)) return data<Reply>({ ok: false, message: "", errors: {}, values }, { status: 400 });
  const id = idOf(rawId);
  try {
    if ((intent === "retire" || intent === "restore") && id !== null)
      await signedIn.api.call(intent === "retire" ? endpoints.operatorDirectoryRetire : endpoints.operatorDirectoryRestore, { params: { kind: entry, id }, body: { editVersion: values.editVersion } });
    else if (id === null)
      await signedIn.api.call(endpoints.operatorDirectoryCreate, { params: { kind: entry }, body: formBody<BodyOf<typeof endpoints.operatorDirectoryCreate>>(fields, [...CREATED_FIELDS[entry], ...SAVED_FIELDS[entry]]) });
    else await signedIn.api.call(endpoints.operatorDirectorySave, { params: { kind: entry, id }, body: formBody<BodyOf<typeof endpoints.operatorDirectorySave>>(fields, [...SAVED_FIELDS[entry], "editVersion"]) });
    const done = intent === "retire" ? "retired" : intent === "restore" ? "restored" : id === null ? "created" : "saved";
    // A retired or restored entry stays open, its other button at hand; a saved one goes back to the lists.
    const open = id !== null && (intent === "retire" || intent === "restore") ? `edit=${entry}-${id}&` : "";
    throw redirect(`${localizePath("/admin/directory", signedIn.locale)}?${open}done=${done}`, { headers: await signedIn.headers() });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 409 && id !== null) {
      // Changed meanwhile (or already retired, or the last type of its kind): the entry as it is
      // now is shown, what was typed stays in the form, which takes its token, so saving again is
      // a choice made knowing theirs.
      const lists = await signedIn.api.call(endpoints.operatorDirectory).catch((e: unknown) => {
        throw consoleError(e);
      });
      const theirs = lists[LISTS[entry]].find((r) => r.id === id) ?? null;
      const changed = theirs && String(theirs.editVersion) !== values.editVersion ? theirs : null;
      return data<Reply>({ ok: false, message: error.message, errors: {}, values: { ...values, editVersion: String(theirs?.editVersion ?? values.editVersion) }, theirs: changed }, { status: 409 });
    }
    return data<Reply>(replyFrom(error, values) as Reply, { status: 422 });
  }
}

type Control = { id: string; name: string; defaultValue: string; "aria-invalid"?: true; "aria-describedby"?: string };

export default function AdminDirectory() {
  const { lists, form } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [search] = useSearchParams();
  const { t } = useTranslation("admin");
  const { t: words } = useTranslation("estates");
  const { path, locale } = useLocale();
  const done = search.get("done");
  const here = path("/admin/directory");
  const nameOf = (r: DirectoryRow) => r.name[locale] || r.name.ru;
  const groupName = (g: string) => words(`parameterGroups.${g}`, { defaultValue: g });

  // What the form shows: what was typed when a save was refused, else the entry being edited.
  const kind: DirectoryKind | null = reply && isKind(reply.values.entry) ? reply.values.entry : (form?.kind ?? null);
  const row = reply ? (lists[LISTS[kind ?? "type"]].find((r) => String(r.id) === reply.values.id) ?? null) : (form?.row ?? null);
  const errors = reply?.errors ?? {};
  const value = (name: string, fallback = "") => {
    if (reply) return reply.values[name] ?? "";
    const [field, lang] = name.split(".");
    const v = (row as Record<string, unknown> | null)?.[field];
    return lang ? String((v as Record<string, string> | undefined)?.[lang] ?? "") : v === undefined || v === null ? fallback : String(v);
  };
  const labelled = (name: string, label: string, control: (common: Control) => ReactNode, hint?: string) => {
    const id = `dir-${name.replace(".", "-")}`;
    const described = [hint ? `${id}-hint` : null, errors[name] ? `${id}-error` : null].filter(Boolean).join(" ");
    return (
      <div key={name}>
        <label htmlFor={id} className="block text-sm font-medium text-stone-800">
          {label}
        </label>
        {control({ id, name, defaultValue: value(name), "aria-invalid": errors[name] ? true : undefined, "aria-describedby": described || undefined })}
        {hint ? (
          <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
            {hint}
          </p>
        ) : null}
        <FieldError id={`${id}-error`} messages={errors[name]} />
      </div>
    );
  };
  /** A choice of icons, each drawn beside its name. */
  const icons = (options: readonly string[], draw: (icon: string) => ReactNode, fallback: string) => {
    const chosen = value("icon", fallback);
    return (
      <fieldset className="sm:col-span-2" aria-describedby={errors.icon ? "dir-icon-error" : undefined}>
        <legend className="text-sm font-medium text-stone-800">{t("directory.fields.icon")}</legend>
        <div className="mt-1 grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 sm:grid-cols-4" data-testid="icon-choices">
          {options.map((icon) => (
            <label key={icon} className="flex min-h-11 min-w-0 cursor-pointer items-center gap-2 rounded-lg px-2 py-1 text-sm text-stone-800 ring-1 ring-stone-300 has-[:checked]:bg-stone-100 has-[:checked]:ring-2 has-[:checked]:ring-stone-900">
              <input type="radio" name="icon" value={icon} defaultChecked={chosen === icon} className="h-4 w-4 shrink-0" />
              <span className="shrink-0 text-stone-700">{draw(icon)}</span>
              {/* One column on a 360 px phone: two cut long names ("Кар бүртүгү (кондиционер)") mid-word. */}
              <span className="min-w-0 break-words">{t(`directory.icons.${icon}`, { defaultValue: icon })}</span>
            </label>
          ))}
        </div>
        <FieldError id="dir-icon-error" messages={errors.icon} />
      </fieldset>
    );
  };

  const editor = kind ? (
    <Section title={row ? t("directory.editTitle", { name: nameOf(row) }) : t(`directory.add.${kind}`)} testId="directory-form">
      {reply?.theirs ? (
        <div className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200" data-testid="their-version">
          <p className="font-medium">{t("directory.theirs")}</p>
          <ul className="mt-1">
            {LOCALES.map((l) => (
              <li key={l} lang={l}>
                {t(`content.languages.${l}`)}: {reply.theirs!.name[l]}
              </li>
            ))}
            {reply.theirs.retiredAt ? <li>{t("directory.retired")}</li> : null}
          </ul>
        </div>
      ) : null}
      <Form method="post" action={`${here}${row ? `?edit=${kind}-${row.id}` : `?add=${kind}`}`} className="grid gap-4 sm:grid-cols-2" noValidate key={row ? `${kind}-${row.id}` : `new-${kind}`}>
        <input type="hidden" name="entry" value={kind} />
        {row ? <input type="hidden" name="id" value={String(row.id)} /> : null}
        {row ? <input type="hidden" name="editVersion" value={reply?.values.editVersion ?? String(row.editVersion)} /> : null}
        {row ? (
          <p className="text-sm text-stone-700 sm:col-span-2">
            {t("directory.slug")}: <span className="font-mono">{row.slug}</span> · {t("directory.inUse", { count: row.inUse })}
          </p>
        ) : (
          labelled("slug", t("directory.fields.slug"), (c) => <input {...c} maxLength={DIRECTORY_SLUG_MAX} autoCapitalize="none" spellCheck={false} className={inputClass} />, t("directory.slugHint"))
        )}
        {!row && kind === "type"
          ? labelled("kind", t("directory.fields.kind"), (c) => (
              <select {...c} className={inputClass}>
                {ESTATE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`listings.kind.${kindKey(k)}`)}
                  </option>
                ))}
              </select>
            ))
          : null}
        {!row && kind === "subtype"
          ? labelled("typeId", t("directory.fields.type"), (c) => (
              <select {...c} defaultValue={reply ? c.defaultValue : String(form && "typeId" in form ? (form.typeId ?? "") : "")} className={inputClass}>
                {lists.types.map((ty) => (
                  <option key={ty.id} value={ty.id}>
                    {nameOf(ty)}
                  </option>
                ))}
              </select>
            ))
          : null}
        {LOCALES.map((l) =>
          labelled(`name.${l}`, `${t("directory.fields.name")} · ${t(`content.languages.${l}`)}`, (c) => <input {...c} lang={l} maxLength={DIRECTORY_NAME_MAX} className={inputClass} />),
        )}
        {labelled("sortOrder", t("directory.fields.sortOrder"), (c) => <input {...c} defaultValue={value("sortOrder", "100")} type="number" inputMode="numeric" min={0} max={999} className={inputClass} />, t("directory.sortHint"))}
        {kind === "amenity"
          ? labelled("group", t("directory.fields.group"), (c) => (
              <select {...c} defaultValue={value("group", "general")} className={inputClass}>
                {AMENITY_GROUPS.map((g) => (
                  <option key={g} value={g}>
                    {groupName(g)}
                  </option>
                ))}
              </select>
            ))
          : null}
        {kind === "type" ? icons(TYPE_ICONS, (icon) => <TypeIcon slug="" icon={icon} className="h-6 w-6" />, "house") : null}
        {kind === "amenity" ? icons(AMENITY_ICONS, (icon) => <ParameterIcon icon={icon} className="h-5 w-5" />, "check") : null}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <button type="submit" name="intent" value="save" className={buttonClass}>
            {row ? t("directory.save") : t("directory.create")}
          </button>
          <Link to={here} className="inline-flex min-h-11 items-center px-2 text-sm font-medium text-stone-700 underline underline-offset-2">
            {t("directory.cancel")}
          </Link>
        </div>
      </Form>
      {row ? (
        <Form method="post" action={`${here}?edit=${kind}-${row.id}`} className="mt-4 border-t border-stone-200 pt-4" data-testid="retire-form">
          <input type="hidden" name="entry" value={kind} />
          <input type="hidden" name="id" value={String(row.id)} />
          <input type="hidden" name="editVersion" value={reply?.values.editVersion ?? String(row.editVersion)} />
          <p className="mb-3 text-sm text-stone-700">{row.retiredAt ? t("directory.restoreNote") : t("directory.retireNote", { count: row.inUse })}</p>
          {row.retiredAt ? (
            <button type="submit" name="intent" value="restore" className={buttonClass}>
              {t("directory.restore")}
            </button>
          ) : (
            <button type="submit" name="intent" value="retire" className={dangerButtonClass}>
              {t("directory.retire")}
            </button>
          )}
        </Form>
      ) : null}
    </Section>
  ) : null;

  const item = (k: DirectoryKind, r: DirectoryRow, icon?: ReactNode) => (
    <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid={`${k}-row`} data-slug={r.slug} data-retired={r.retiredAt ? "true" : undefined}>
      {icon ? <span className="text-stone-700">{icon}</span> : null}
      <span className={`min-w-0 break-words ${r.retiredAt ? "text-stone-600 line-through" : "text-stone-900"}`}>{nameOf(r)}</span>
      <span className="font-mono text-xs text-stone-600">{r.slug}</span>
      {r.retiredAt ? <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-800">{t("directory.retired")}</span> : null}
      <span className="text-xs text-stone-600">{t("directory.inUse", { count: r.inUse })}</span>
      <Link to={`${here}?edit=${k}-${r.id}`} className="ml-auto inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline" aria-label={`${t("directory.edit")}: ${nameOf(r)}`}>
        {t("directory.edit")}
      </Link>
    </li>
  );
  const addLink = (k: DirectoryKind, query = "", label = t(`directory.add.${k}`)) => (
    <Link to={`${here}?add=${k}${query}`} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2" data-testid={`add-${k}`}>
      {label}
    </Link>
  );
  // The known groups in their order, then any other a row has (made outside the console).
  const groupKeys = [...new Set<string>([...AMENITY_GROUPS, ...lists.amenities.map((a) => a.group ?? "general")])];
  const amenityGroups = groupKeys.map((g) => [g, lists.amenities.filter((a) => (a.group ?? "general") === g)] as const).filter(([, rows]) => rows.length);

  return (
    <div data-testid="admin-directory">
      <h1 className="mb-2 text-2xl font-bold tracking-tight text-stone-900">{t("directory.title")}</h1>
      <p className="mb-5 text-sm text-stone-700">{t("directory.intro")}</p>
      {done ? (
        <Notice tone="ok" testId="action-done">
          {t(`directory.done.${done}`, { defaultValue: "" })}
        </Notice>
      ) : null}
      {reply && !Object.keys(errors).length && reply.message ? (
        <Notice tone="error" testId="action-error">
          {reply.message}
        </Notice>
      ) : null}
      {editor}

      <Section title={t("directory.lists.type")} testId="section-type">
        <ul className="divide-y divide-stone-200 text-sm">
          {lists.types.map((ty) => (
            <li key={ty.id} className="py-2" data-testid="type-group" data-slug={ty.slug}>
              <ul>
                {item("type", ty, <TypeIcon slug={ty.slug} icon={ty.icon ?? ""} className="h-5 w-5" />)}
              </ul>
              <p className="text-xs text-stone-600">{t(`listings.kind.${kindKey(ty.kind ?? "simple")}`)}</p>
              <ul className="ml-4 border-l border-stone-200 pl-3" aria-label={t("directory.subtypesOf", { name: nameOf(ty) })}>
                {lists.subtypes.filter((s) => s.typeId === ty.id).map((s) => item("subtype", s))}
              </ul>
              <p className="ml-4 pl-3">{addLink("subtype", `&type=${ty.id}`, t("directory.addSubtypeOf", { name: nameOf(ty) }))}</p>
            </li>
          ))}
        </ul>
        <p className="mt-2">{addLink("type")}</p>
      </Section>

      <Section title={t("directory.lists.amenity")} testId="section-amenity">
        {amenityGroups.map(([g, rows]) => (
          <div key={g} className="mb-3">
            <h3 className="text-sm font-semibold text-stone-800">{groupName(g)}</h3>
            <ul className="divide-y divide-stone-200 text-sm">{rows.map((a) => item("amenity", a, <ParameterIcon icon={a.icon ?? ""} slug={a.slug} className="h-5 w-5" />))}</ul>
          </div>
        ))}
        <p className="mt-2">{addLink("amenity")}</p>
      </Section>

      <Section title={t("directory.lists.meal")} testId="section-meal">
        <ul className="divide-y divide-stone-200 text-sm">{lists.meals.map((m) => item("meal", m))}</ul>
        <p className="mt-2">{addLink("meal")}</p>
      </Section>
    </div>
  );
}
