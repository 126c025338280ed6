/**
 * The footer's contacts, social links and app links, on every page. They change only when an
 * operator edits them, yet were two API calls (three queries) on each signed-in page, which the
 * page cache cannot serve: they are asked once a minute per language instead. A failed answer is
 * not kept, so the next page asks again.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { Locale } from "../../contract/common";
import type { ContactsResponse, MobileAppsResponse } from "../../contract/directory";
import { createApiClient } from "./api.server";
import { endpoints } from "../../contract/endpoints";

export type FooterData = { contacts: ContactsResponse["contacts"]; socials: ContactsResponse["socials"]; apps: MobileAppsResponse["mobileAppDatas"] };

const KEEP_MS = 60_000;
const kept = new Map<Locale, { until: number; footer: Promise<FooterData> }>();

export function footerData(context: Pick<AppLoadContext, "apiFetch" | "config">, locale: Locale): Promise<FooterData> {
  const now = Date.now();
  const hit = kept.get(locale);
  if (hit && hit.until > now) return hit.footer;
  const api = createApiClient(context, { locale });
  const footer = Promise.all([api.call(endpoints.guestContacts), api.call(endpoints.guestMobileApps)]).then(
    ([contacts, apps]) => ({ contacts: contacts.contacts, socials: contacts.socials, apps: apps.mobileAppDatas }),
  );
  kept.set(locale, { until: now + KEEP_MS, footer });
  // Decoration: a failing API must not take the page down, nor be remembered.
  return footer.catch(() => {
    if (kept.get(locale)?.footer === footer) kept.delete(locale);
    return { contacts: [], socials: [], apps: [] };
  });
}

/**
 * Forgets what is kept, so the next page asks the API again: the console calls it after an operator
 * changes a contact, a social link or an app link, which then shows on this node at once (other
 * nodes within their minute).
 */
export function forgetFooter(): void {
  kept.clear();
}
