/**
 * Host mode's places, in the order a host uses them (Airbnb's hosting menu: today's bookings,
 * calendar, listings, messages, earnings) and the "list a new place" action. The header's account
 * menu and the bar on every host page (host-nav.tsx) both read this list, so a new host area (an
 * operator console, a payout ledger) is one more line here and one more key in `common.hostMenu`.
 * `also`: other paths that belong to the place (earnings live on the transactions page).
 */
export type HostMenuItem = { key: string; to: string; also?: readonly string[] };

export const HOST_MENU: readonly HostMenuItem[] = [
  { key: "bookings", to: "/host/booking" },
  { key: "calendar", to: "/host/calendar" },
  { key: "listings", to: "/host/objects" },
  { key: "messages", to: "/host/chat" },
  { key: "earnings", to: "/profile/transactions" },
];

/** The action beside the places: a new listing starts at /create (the wizard's kind choice). */
export const HOST_CREATE: HostMenuItem = { key: "create", to: "/create" };

/** Whether `pathname` (without the language prefix) is inside the item's place. */
export function isHostPlace(item: HostMenuItem, pathname: string): boolean {
  return [item.to, ...(item.also ?? [])].some((to) => pathname === to || pathname.startsWith(`${to}/`));
}
