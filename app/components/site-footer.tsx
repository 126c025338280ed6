import { Link } from "@remix-run/react";
import { memo } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { Contact, MobileApp, Social } from "../../contract/directory";
import { localizePath, type Locale } from "~/i18n/config";
import { Icon } from "./icon";
import { ServerRendered, useServerOnlyData } from "./server-rendered";

export type FooterData = { contacts: Contact[]; socials: Social[]; apps: MobileApp[] };

const contactHref = (c: Contact) =>
  c.kind === "phone" ? `tel:${c.value.replace(/[^+\d]/g, "")}` : c.kind === "email" ? `mailto:${c.value}` : c.kind === "whatsapp" ? `https://wa.me/${c.value.replace(/\D/g, "")}` : undefined;

export const SiteFooter = memo(function SiteFooter({ locale, footer }: { locale: Locale; footer?: FooterData }) {
  const { t } = useTranslation("common");
  // A document's render has the footer's data put aside by the root loader, out of the page's
  // hydration data (components/server-rendered.tsx); a client-side navigation's data carries it.
  const serverFooter = useServerOnlyData<FooterData>("footer");
  const path = (to: string) => localizePath(to, locale);
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white text-sm text-stone-600">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <div className="flex items-center gap-2 font-bold text-stone-900">
            <Icon name="konok" className="h-7 w-7" /> Konok
          </div>
          <p className="mt-3 max-w-xs">{t("footer.tagline")}</p>
        </div>
        <div>
          <h2 className="font-semibold text-stone-900">{t("footer.explore")}</h2>
          <ul className="mt-3 space-y-2">
            <li><Link to={path("/estates")} className="hover:text-stone-900">{t("nav.stays")}</Link></li>
            <li><Link to={path("/app")} className="hover:text-stone-900">{t("nav.app")}</Link></li>
            <li><Link to={path("/articles")} className="hover:text-stone-900">{t("footer.articles")}</Link></li>
            <li><Link to={path("/faq")} className="hover:text-stone-900">{t("footer.faq")}</Link></li>
            <li><Link to={path("/terms")} className="hover:text-stone-900">{t("footer.terms")}</Link></li>
            <li><Link to={path("/privacy")} className="hover:text-stone-900">{t("footer.privacy")}</Link></li>
            <li><a href="/sitemap.xml" className="hover:text-stone-900">{t("footer.sitemap")}</a></li>
          </ul>
        </div>
        {/* Contacts, social links and apps show data and nothing else: rendered by the server, not hydrated. */}
        <ServerRendered id="footer-directory" className="contents" data={footer ?? serverFooter}>
          {(data) => <FooterDirectory footer={data} />}
        </ServerRendered>
      </div>
      <div className="border-t border-stone-100 py-4 text-center text-xs text-stone-500">
        © {new Date().getFullYear()} Konok · {t("footer.rights")}
      </div>
    </footer>
  );
});

function FooterDirectory({ footer }: { footer: FooterData }) {
  const { t } = useTranslation("common");
  return (
    <>
      <div>
        <h2 className="font-semibold text-stone-900">{t("footer.contacts")}</h2>
        <ul className="mt-3 space-y-2" data-testid="footer-contacts">
          {footer.contacts.map((c) => {
            const href = contactHref(c);
            // The office's address: its label is the address in the page's language, the value the
            // Russian postal form, which on English and Kyrgyz pages would be the one line in Russian.
            if (c.kind === "address") return <li key={c.id} data-testid="footer-address">{c.label}</li>;
            return (
              <li key={c.id}>
                <span className="block text-xs text-stone-500">{c.label}</span>
                {href ? <a href={href} className="hover:text-stone-900">{c.value}</a> : <span>{c.value}</span>}
              </li>
            );
          })}
        </ul>
      </div>
      <div>
        <h2 className="font-semibold text-stone-900">{t("footer.follow")}</h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {footer.socials.map((s) => (
            <li key={s.id}>
              <a href={s.url} rel="noopener noreferrer" target="_blank" className="rounded-full border border-stone-200 px-3 py-1 capitalize hover:bg-stone-100">
                {s.kind}
              </a>
            </li>
          ))}
        </ul>
        <h2 className="mt-6 font-semibold text-stone-900">{t("footer.apps")}</h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {footer.apps.map((a) => (
            <li key={a.id}>
              <a href={a.url} rel="noopener noreferrer" target="_blank" className="rounded-lg bg-stone-900 px-3 py-1.5 text-white hover:bg-stone-700">
                {a.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
