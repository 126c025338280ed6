import type { StayContact } from "../../../contract/booking";
import { Card, formatPhone } from "~/components/profile/ui";
import { useTranslation } from "~/i18n/use-translation";
import { openStreetMapUrl } from "~/lib/map-link";

/**
 * The paid trip's address, a map link and the host's phone and e-mail. The API gives `contact`
 * only to the guest of a paid booking, so this card appears exactly when the guest needs to find
 * the place and reach the host (issue 27).
 */
export function StayContactCard({ contact }: { contact: StayContact }) {
  const { t } = useTranslation("booking");
  return (
    <Card title={t("contact.title")} id="stay-contact" testId="stay-contact">
      <dl className="grid grid-cols-1 gap-y-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-4">
        <dt className="text-stone-500">{t("contact.address")}</dt>
        <dd className="min-w-0">
          <address className="not-italic" data-testid="stay-address">
            <span className="block font-semibold text-stone-900">{contact.city}</span>
            <span className="block break-words text-stone-800">{contact.address}</span>
          </address>
          <a href={openStreetMapUrl(contact.lat, contact.lng)} target="_blank" rel="noopener noreferrer" className="mt-1 inline-flex min-h-11 items-center font-medium text-brand-700 underline" data-testid="stay-map-link">
            {t("contact.openMap")} <span aria-hidden="true">&nbsp;↗</span>
          </a>
        </dd>
        <dt className="text-stone-500">{t("contact.phone")}</dt>
        <dd data-testid="host-phone">
          {contact.hostPhone ? (
            <a href={`tel:+${contact.hostPhone}`} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
              {formatPhone(contact.hostPhone)}
            </a>
          ) : (
            <span className="text-stone-700">{t("contact.noPhone")}</span>
          )}
        </dd>
        {contact.hostEmail ? (
          <>
            <dt className="text-stone-500">{t("contact.email")}</dt>
            <dd className="min-w-0" data-testid="host-email">
              <a href={`mailto:${contact.hostEmail}`} className="inline-flex min-h-11 items-center break-all font-medium text-brand-700 underline">
                {contact.hostEmail}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}
