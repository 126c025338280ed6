import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import type { Contact } from "../../contract/directory";
import { Card, PageHeader } from "~/components/profile/ui";
import { getT } from "~/i18n/i18n.server";
import { apiFor, localeFromParams } from "~/lib/request.server";
import { endpoints } from "../../contract/endpoints";

const FAQ = ["book", "pay", "noAnswer", "cancel", "host", "chat"] as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

/** Public (SPEC section 2): a visitor who cannot sign in needs help most. */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const locale = localeFromParams(params);
  const t = await getT(locale, "account");
  // Without contacts the FAQ still helps: the page never fails on them.
  const { contacts, socials } = await apiFor(context, params)
    .call(endpoints.guestContacts)
    .catch(() => ({ contacts: [], socials: [] }));
  return { contacts, socials, title: `${t("support.title")} — Konok` };
}

const contactHref = (c: Contact) =>
  c.kind === "phone"
    ? `tel:${c.value.replace(/[^+\d]/g, "")}`
    : c.kind === "email"
      ? `mailto:${c.value}`
      : c.kind === "whatsapp"
        ? `https://wa.me/${c.value.replace(/\D/g, "")}`
        : null;

function ContactIcon({ kind }: { kind: Contact["kind"] }) {
  const p = { fill: "none", stroke: "currentColor", strokeWidth: 1.8, strokeLinecap: "round" as const, strokeLinejoin: "round" as const };
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5">
      {kind === "phone" ? (
        <path d="M6.5 3.5h3l1.5 4-2 1.5a11 11 0 0 0 6 6l1.5-2 4 1.5v3a2 2 0 0 1-2 2A16 16 0 0 1 4.5 5.5a2 2 0 0 1 2-2Z" {...p} />
      ) : kind === "email" ? (
        <>
          <rect x="3.5" y="5.5" width="17" height="13" rx="2" {...p} />
          <path d="m4 7 8 6 8-6" {...p} />
        </>
      ) : kind === "whatsapp" ? (
        <path d="M4 20l1.3-4A8 8 0 1 1 8 18.7Z M9 9.5c.5 2.5 2.5 4.5 5 5l1.2-1.2 2 1" {...p} />
      ) : (
        <>
          <path d="M12 21s-6.5-5.5-6.5-11a6.5 6.5 0 0 1 13 0c0 5.5-6.5 11-6.5 11Z" {...p} />
          <circle cx="12" cy="10" r="2.3" {...p} />
        </>
      )}
    </svg>
  );
}

export default function Support() {
  const { contacts, socials } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <div className="max-w-3xl space-y-5">
      <PageHeader title={t("support.title")} description={t("support.subtitle")} />

      <Card title={t("support.contactsTitle")} description={t("support.contactsText")} id="contacts" testId="support-contacts">
        {contacts.length ? (
          <ul className="grid gap-2 sm:grid-cols-2">
            {contacts.map((c) => {
              const href = contactHref(c);
              const body = (
                <>
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                    <ContactIcon kind={c.kind} />
                  </span>
                  <span className="min-w-0">
                    <span className="block text-xs text-stone-500">{c.label}</span>
                    <span className="block break-words font-medium text-stone-900">{c.value}</span>
                  </span>
                </>
              );
              return (
                <li key={c.id}>
                  {href ? (
                    <a href={href} className="flex min-h-14 items-center gap-3 rounded-2xl p-3 ring-1 ring-stone-200 hover:bg-stone-50" data-testid="support-contact">
                      {body}
                    </a>
                  ) : (
                    <div className="flex min-h-14 items-center gap-3 rounded-2xl p-3 ring-1 ring-stone-200" data-testid="support-contact">
                      {body}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-sm text-stone-600">{t("support.contactsUnavailable")}</p>
        )}
        {socials.length ? (
          <>
            <h3 className="mt-5 text-sm font-semibold text-stone-900">{t("support.socials")}</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {socials.map((s) => (
                <li key={s.id}>
                  <a href={s.url} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center rounded-full border border-stone-300 bg-white px-4 text-sm font-medium capitalize text-stone-800 hover:bg-stone-100">
                    {s.kind}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Card>

      <Card title={t("support.faqTitle")} id="faq" testId="support-faq">
        <div className="-mx-1 divide-y divide-stone-100">
          {FAQ.map((key) => (
            <details key={key} className="group px-1">
              <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 py-3 font-medium text-stone-900 [&::-webkit-details-marker]:hidden">
                {t(`support.faq.${key}.q`)}
                <span aria-hidden="true" className="shrink-0 text-xl leading-none text-stone-400 transition group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="pb-4 text-sm leading-relaxed text-stone-700">{t(`support.faq.${key}.a`)}</p>
            </details>
          ))}
        </div>
      </Card>
    </div>
  );
}
