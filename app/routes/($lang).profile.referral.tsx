import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { CopyButton } from "~/components/profile/copy-button";
import { Pager, pageFrom } from "~/components/profile/pager";
import { Badge, Card, PageHeader } from "~/components/profile/ui";
import { localizePath, type Locale } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { useLocale } from "~/i18n/use-locale";
import { routeErrorFrom } from "~/lib/api.server";
import { requireUser } from "~/lib/auth.server";
import { formatDate } from "~/lib/format";
import { telegramShareHref, whatsappShareHref } from "~/lib/share-links";
import { endpoints } from "../../contract/endpoints";

const PER_PAGE = 16;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Konok" }];

/** The API's link (`/register?ref=CODE`) on this site, in the page's language: a friend opens it as it is. */
function absoluteLink(link: string, publicUrl: string, locale: Locale): string {
  const url = new URL(link, "http://relative.invalid");
  return `${publicUrl.replace(/\/+$/, "")}${localizePath(url.pathname, locale)}${url.search}`;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, context, params);
  const t = await getT(signedIn.locale, "account");
  const page = pageFrom(request);
  const [info, invited] = await Promise.all([
    signedIn.api.call(endpoints.referralInfo),
    signedIn.api.call(endpoints.invitedUsers, { query: { page, perPage: PER_PAGE } }),
  ]).catch((error: unknown) => {
    throw routeErrorFrom(error);
  });
  const link = absoluteLink(info.link, context.config.publicUrl, signedIn.locale);
  return data(
    {
      code: info.code,
      link,
      shareText: t("referral.shareText"),
      invitedCount: info.invitedCount,
      bookedCount: info.bookedCount,
      invited: { ...invited, items: invited.items.map((u) => ({ ...u, joined: formatDate(u.joinedAt.slice(0, 10), signedIn.locale) })) },
      lastPage: Math.max(1, Math.ceil(invited.total / PER_PAGE)),
      title: `${t("referral.title")} — Konok`,
    },
    { headers: await signedIn.headers() },
  );
}

export default function Referral() {
  const { code, link, shareText, invitedCount, bookedCount, invited, lastPage } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  const { path } = useLocale();
  const telegram = telegramShareHref(link, shareText);
  const whatsapp = whatsappShareHref(link, shareText);

  return (
    <div className="max-w-3xl space-y-5">
      <PageHeader title={t("referral.title")} description={t("referral.subtitle")} />

      <Card title={t("referral.linkTitle")} description={t("referral.linkText")} id="share" testId="referral-share">
        <p className="select-all break-all rounded-2xl bg-stone-100 px-4 py-3 font-mono text-sm text-stone-900" data-testid="referral-link">
          {link}
        </p>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <CopyButton value={link} label={t("referral.copy")} copiedLabel={t("referral.copied")} />
          <a href={telegram} target="_blank" rel="noopener noreferrer" className="btn-secondary" data-testid="share-telegram">
            <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 text-sky-500">
              <path fill="currentColor" d="M21.4 4.2 2.9 11.3c-1.3.5-1.2 1.2-.2 1.5l4.7 1.5 1.8 5.6c.2.6.1.9.8.9.5 0 .7-.2 1-.5l2.3-2.2 4.8 3.5c.9.5 1.5.2 1.7-.8l3.1-14.7c.3-1.3-.5-1.9-1.5-1.4ZM8.9 14l9.3-5.9c.4-.3.9-.1.5.2l-7.9 7.1-.3 3.3Z" />
            </svg>
            {t("referral.shareTelegram")}
          </a>
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className="btn-secondary" data-testid="share-whatsapp">
            <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 text-emerald-600">
              <path fill="currentColor" d="M12 2.5a9.4 9.4 0 0 0-8.1 14.2L2.5 21.5l4.9-1.3A9.4 9.4 0 1 0 12 2.5Zm0 17.2c-1.4 0-2.8-.4-4-1.1l-.3-.2-2.9.8.8-2.8-.2-.3a7.8 7.8 0 1 1 6.6 3.6Zm4.3-5.8c-.2-.1-1.4-.7-1.6-.8-.2-.1-.4-.1-.5.1l-.7.9c-.1.2-.3.2-.5.1a6.4 6.4 0 0 1-3.2-2.8c-.2-.4.2-.4.7-1.3.1-.1 0-.3 0-.4l-.7-1.7c-.2-.4-.4-.4-.5-.4h-.5a.9.9 0 0 0-.7.3 2.8 2.8 0 0 0-.9 2.1c0 1.2.9 2.4 1 2.6.1.2 1.8 2.7 4.3 3.8 1.6.7 2.2.7 3 .6.5-.1 1.4-.6 1.6-1.1.2-.6.2-1 .1-1.1l-.4-.2Z" />
            </svg>
            {t("referral.shareWhatsapp")}
          </a>
        </div>
        <p className="mt-4 text-sm text-stone-600">
          {t("referral.codeLabel")}{" "}
          <strong className="select-all font-mono text-base tracking-widest text-stone-900" data-testid="referral-code">
            {code}
          </strong>
        </p>
      </Card>

      <div className="grid grid-cols-2 gap-3" data-testid="referral-counts">
        <div className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5">
          <p className="text-3xl font-bold tabular-nums text-stone-900">{invitedCount}</p>
          <p className="mt-1 text-sm text-stone-600">{t("referral.invited", { count: invitedCount })}</p>
        </div>
        <div className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5">
          <p className="text-3xl font-bold tabular-nums text-stone-900">{bookedCount}</p>
          <p className="mt-1 text-sm text-stone-600">{t("referral.booked", { count: bookedCount })}</p>
        </div>
      </div>

      <Card title={t("referral.listTitle")} id="invited" testId="invited-list">
        {invited.items.length ? (
          <ul className="divide-y divide-stone-100">
            {invited.items.map((u) => (
              <li key={u.id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium text-stone-900">{u.name}</p>
                  <p className="text-sm text-stone-500">{t("referral.joined", { date: u.joined })}</p>
                </div>
                {u.hasBooked ? <Badge tone="success">{t("referral.hasBooked")}</Badge> : <Badge>{t("referral.notBooked")}</Badge>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-600" data-testid="invited-empty">
            {invited.page > 1 ? t("referral.pageEmpty") : t("referral.empty")}
          </p>
        )}
        <Pager page={invited.page} lastPage={lastPage} hrefFor={(p) => `${path("/profile/referral")}?page=${p}`} />
      </Card>
    </div>
  );
}
