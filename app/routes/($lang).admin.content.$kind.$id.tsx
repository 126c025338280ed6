import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { LOCALES, type Locale } from "../../contract/common";
import { ARTICLE_TYPES, FAQ_AUDIENCES } from "../../contract/content";
import {
  CONTENT_KINDS,
  CONTENT_TEXTS,
  isCreatable,
  LONG_TEXTS,
  type ContentItem,
  type ContentKind,
  type CONTENT_SCHEMAS,
  type CreatableKind,
} from "../../contract/operator-content";
import { ContentPreview } from "~/components/admin/content-preview";
import { AuditList, buttonClass, FieldError, inputClass, Notice, Section } from "~/components/admin/ui";
import { getT } from "~/i18n/i18n.server";
import { localizePath } from "~/i18n/config";
import { useLocale } from "~/i18n/use-locale";
import { useTranslation } from "~/i18n/use-translation";
import { ApiError } from "~/lib/api.server";
import { readForm } from "~/lib/forms.server";
import { consoleError, notFoundResponse, replyFrom, requireOperator } from "~/lib/operator.server";
import { endpoints, type BodyOf, type FieldName, type Fields } from "../../contract/endpoints";
import { formBody } from "~/components/admin/localized-body";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }, { name: "robots", content: "noindex" }];

/**
 * The plain (one-language) fields each kind's form has, in order; the rest of an item is shown, not
 * edited. Each is a field of the kind's body in contract/operator-content.ts (the typecheck holds that).
 */
const PLAIN_FIELDS: { [K in ContentKind]: readonly FieldName<Fields<(typeof CONTENT_SCHEMAS)[K]>>[] } = {
  faq: ["audience", "anchor", "sortOrder"],
  article: ["type", "slug", "region", "publishedOn"],
  legal: [],
  promo: ["discountPercent", "startsOn", "endsOn"],
};
/** The texts of a kind, each in every language: the same list the kind's schema is built from. */
const textFields = <K extends ContentKind>(kind: K) => Object.keys(CONTENT_TEXTS[kind]) as FieldName<Fields<(typeof CONTENT_SCHEMAS)[K]>>[];
/** Fields shown for information only. */
const READ_ONLY_FIELDS: Record<ContentKind, readonly string[]> = { faq: [], article: [], legal: ["kind", "version", "effectiveFrom"], promo: ["slug"] };

function routeParams(params: { kind?: string; id?: string }): { kind: CreatableKind; id: null } | { kind: ContentKind; id: number } {
  const kind = params.kind as ContentKind;
  if (!(CONTENT_KINDS as readonly string[]).includes(kind)) throw notFoundResponse();
  if (params.id === "new" && isCreatable(kind)) return { kind, id: null };
  if (!params.id || !/^\d{1,9}$/.test(params.id)) throw notFoundResponse();
  return { kind, id: Number(params.id) };
}

/** An empty item for the form of a new one. */
function blank(kind: ContentKind): ContentItem {
  const texts = Object.fromEntries(Object.keys(CONTENT_TEXTS[kind]).map((name) => [name, { ru: "", en: "", ky: "" }]));
  const fields: Record<string, string> = kind === "faq" ? { audience: "guests", anchor: "", sortOrder: "100" } : { type: "guide", slug: "", region: "", publishedOn: "" };
  return { kind, id: 0, editVersion: 0, label: "", fields, texts, publicPath: null, updatedAt: null };
}

/** `/admin/content/{kind}/{id|new}`: edit an item's texts in the three languages, preview, save. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const { kind, id } = routeParams(params);
  const [item, history] =
    id === null
      ? [blank(kind), { entries: [], nextBefore: null }]
      : await Promise.all([
          signedIn.api.call(endpoints.operatorContentItem, { params: { kind, id } }).then((r) => r.item),
          signedIn.api.call(endpoints.operatorAudit, { query: { objectType: kind, objectId: String(id) } }),
        ]).catch((e: unknown) => {
          throw consoleError(e);
        });
  const t = await getT(signedIn.locale, "admin");
  const name = id === null ? t(`content.new.${kind}`) : `${t(`content.kind.${kind}`)} ${item.label}`;
  return data({ kind, isNew: id === null, item, history: history.entries, title: `${name} — ${t("title")}`, name }, { headers: await signedIn.headers() });
}

type Reply =
  | { ok: false; message: string; errors: Record<string, string[]>; values: Record<string, string>; conflict?: ContentItem }
  | { ok: true; preview: Locale; values: Record<string, string> };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const signedIn = await requireOperator(request, context, params);
  const { kind, id } = routeParams(params);
  const form = await readForm(request);
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && name !== "intent" && name !== "preview") values[name] = value;
  const preview = String(form.get("preview") ?? "");
  // A preview saves nothing: the page is drawn again with the form's texts shown as on the site.
  if ((LOCALES as readonly string[]).includes(preview)) return data<Reply>({ ok: true, preview: preview as Locale, values });
  try {
    const { item } = id === null
      ? await signedIn.api.call(endpoints.operatorContentCreate, {
          params: { kind },
          body: formBody<BodyOf<typeof endpoints.operatorContentCreate>>(values, [...PLAIN_FIELDS[kind], ...textFields(kind)]),
        })
      : await signedIn.api.call(endpoints.operatorContentSave, {
          params: { kind, id },
          body: formBody<BodyOf<typeof endpoints.operatorContentSave>>(values, [...PLAIN_FIELDS[kind], ...textFields(kind), "editVersion"]),
        });
    // After a post, a page of its own: reloading it does not save twice.
    throw redirect(`${localizePath(`/admin/content/${kind}/${item.id}`, signedIn.locale)}?done=${id === null ? "created" : "saved"}`, { headers: await signedIn.headers() });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 409 && id !== null) {
      // Saved meanwhile by someone else: their version is shown, what was typed stays in the form,
      // and the form now holds their token, so saving again is a choice made knowing theirs.
      const { item: current } = await signedIn.api.call(endpoints.operatorContentItem, { params: { kind, id } }).catch((e: unknown) => {
        throw consoleError(e);
      });
      return data<Reply>({ ok: false, message: error.message, errors: {}, values: { ...values, editVersion: String(current.editVersion) }, conflict: current }, { status: 409 });
    }
    const reply = replyFrom(error, values);
    return data<Reply>(reply as Reply, { status: 422 });
  }
}

export default function AdminContentItem() {
  const { kind, isNew, item, history, name } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const [search] = useSearchParams();
  const { t } = useTranslation("admin");
  const { path, locale: consoleLocale } = useLocale();
  const failed = reply && !reply.ok ? reply : null;
  const previewing = reply && reply.ok ? reply : null;
  const typed = reply?.values;
  const done = search.get("done");
  const errors = failed?.errors ?? {};
  const valueOf = (field: string, fallback: string) => typed?.[field] ?? fallback;
  const token = typed?.editVersion ?? String(item.editVersion);

  const input = (field: string, control: (common: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string }) => JSX.Element, label: string) => {
    const id = `field-${field.replace(".", "-")}`;
    const errorId = `${id}-error`;
    return (
      <div key={field}>
        <label htmlFor={id} className="block text-sm font-medium text-stone-800">
          {label}
        </label>
        {control({ id, name: field, "aria-invalid": errors[field] ? true : undefined, "aria-describedby": errors[field] ? errorId : undefined })}
        <FieldError id={errorId} messages={errors[field]} />
      </div>
    );
  };

  const plain = (field: string) => {
    const value = valueOf(field, item.fields[field] ?? "");
    const label = t(`content.fields.${field}`);
    if (field === "audience" || field === "type") {
      const options = field === "audience" ? FAQ_AUDIENCES : ARTICLE_TYPES;
      return input(
        field,
        (common) => (
          <select {...common} defaultValue={value} className={inputClass}>
            {options.map((o) => (
              <option key={o} value={o}>
                {t(field === "audience" ? `content.audiences.${o}` : `content.articleTypes.${o}`)}
              </option>
            ))}
          </select>
        ),
        label,
      );
    }
    const type = field === "publishedOn" || field === "startsOn" || field === "endsOn" ? "date" : field === "sortOrder" || field === "discountPercent" ? "number" : "text";
    return input(field, (common) => <input {...common} type={type} defaultValue={value} inputMode={type === "number" ? "numeric" : undefined} className={inputClass} />, label);
  };

  return (
    <div data-testid="admin-content-item" data-kind={kind} data-version={item.editVersion}>
      <Link to={path("/admin/content")} className="-ml-2 mb-2 inline-flex min-h-11 items-center gap-1 rounded-full px-2 text-sm font-medium text-stone-700 hover:bg-stone-100">
        <span aria-hidden="true">←</span> {t("content.back")}
      </Link>
      <h1 className="mb-1 break-words text-2xl font-bold tracking-tight text-stone-900">{name}</h1>
      <p className="mb-4 text-sm text-stone-600">
        {isNew ? null : t("content.version", { n: item.editVersion })}
        {item.publicPath ? (
          <>
            {" · "}
            <a href={path(item.publicPath)} className="font-medium text-brand-700 underline underline-offset-2" data-testid="public-link">
              {t("content.onSite")}: {path(item.publicPath)}
            </a>
          </>
        ) : null}
      </p>
      {done === "saved" || done === "created" ? (
        <Notice tone="ok" testId="action-done">
          {t(`content.${done}`)}
        </Notice>
      ) : null}
      {failed?.conflict ? (
        <div className="mb-4" data-testid="edit-conflict">
          <Notice tone="error" testId="action-error">
            {failed.message}
          </Notice>
          <Section title={t("content.theirs")} testId="their-version">
            <dl className="space-y-2 text-sm">
              {LOCALES.flatMap((l) =>
                Object.keys(CONTENT_TEXTS[kind]).map((field) => (
                  <div key={`${field}.${l}`}>
                    <dt className="font-medium text-stone-600">
                      {t(`content.fields.${field}`)} · {t(`content.languages.${l}`)}
                    </dt>
                    <dd lang={l} className="whitespace-pre-wrap break-words text-stone-900">
                      {failed.conflict!.texts[field]?.[l]}
                    </dd>
                  </div>
                )),
              )}
            </dl>
          </Section>
        </div>
      ) : failed ? (
        <Notice tone="error" testId="action-error">
          {Object.keys(errors).length ? t("content.fix") : failed.message}
        </Notice>
      ) : null}
      {previewing ? <ContentPreview kind={kind} locale={previewing.preview} values={previewing.values} /> : null}

      <Form method="post" className="space-y-5" data-testid="content-form" noValidate>
        <input type="hidden" name="editVersion" value={token} />
        {READ_ONLY_FIELDS[kind].length ? (
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {READ_ONLY_FIELDS[kind].map((field) => (
              <div key={field} className="contents">
                <dt className="font-medium text-stone-600">{t(`content.fields.${field}`)}</dt>
                <dd>{field === "kind" ? t(`content.legalKinds.${item.fields.kind}`) : item.fields[field]}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {PLAIN_FIELDS[kind].length ? <div className="grid gap-4 sm:grid-cols-2">{PLAIN_FIELDS[kind].map(plain)}</div> : null}
        <p className="text-sm text-stone-600">{t("content.formatHint")}</p>
        {LOCALES.map((l) => (
          <fieldset key={l} className="rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:p-5" data-testid={`texts-${l}`}>
            <legend className="px-1 text-base font-semibold text-stone-900">{t(`content.languages.${l}`)}</legend>
            <div className="space-y-4">
              {Object.entries(CONTENT_TEXTS[kind]).map(([field, max]) => {
                const name = `${field}.${l}`;
                const value = valueOf(name, item.texts[field]?.[l] ?? "");
                const label = t(`content.fields.${field}`);
                return input(
                  name,
                  (common) =>
                    LONG_TEXTS.has(field) ? (
                      <textarea {...common} lang={l} rows={field === "body" ? 12 : 4} maxLength={max} defaultValue={value} className={`${inputClass} py-2`} />
                    ) : (
                      <input {...common} lang={l} maxLength={max} defaultValue={value} className={inputClass} />
                    ),
                  label,
                );
              })}
            </div>
          </fieldset>
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" name="intent" value="save" className={buttonClass}>
            {t("content.save")}
          </button>
          {/* One button per language: the preview is drawn by the server, so it works without JavaScript. */}
          {[consoleLocale, ...LOCALES.filter((l) => l !== consoleLocale)].map((l) => (
            <button
              key={l}
              type="submit"
              name="preview"
              value={l}
              className="inline-flex min-h-11 items-center justify-center rounded-full bg-white px-4 text-sm font-semibold text-stone-900 ring-1 ring-stone-300 hover:bg-stone-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              data-testid={`preview-${l}`}
            >
              {t("content.previewIn", { language: t(`content.languages.${l}`) })}
            </button>
          ))}
        </div>
      </Form>

      {isNew ? null : (
        <Section title={t("content.history")} testId="content-history">
          {history.length === 0 ? <p className="text-sm text-stone-700">{t("content.noHistory")}</p> : <AuditList entries={history} />}
        </Section>
      )}
    </div>
  );
}
