import { Suspense, lazy, useEffect, useState } from "react";
import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/i18n/use-locale";
import type { EstateDetail } from "../../../contract/estate";
import type { PageEstate } from "~/lib/photo-srcset";
import { Icon, type IconName } from "~/components/icon";
import { openStreetMapUrl } from "~/lib/map-link";

export function SectionTitle({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="text-xl font-semibold text-stone-900">
      {children}
    </h2>
  );
}

/** "Contact the host": a form, so it works without JavaScript; a visitor signs in first. */
function ContactHost({ estateId }: { estateId: number }) {
  const { t } = useTranslation("common");
  const { path } = useLocale();
  const location = useLocation();
  return (
    <Form method="post" action={path("/chat/start")} className="w-full sm:ml-auto sm:w-auto sm:shrink-0">
      <input type="hidden" name="estateId" value={estateId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className="btn-secondary min-h-11 w-full text-sm sm:w-auto" data-testid="contact-host">
        {t("chat.contactHost")}
      </button>
    </Form>
  );
}

/** Who hosts and the main numbers: guests, beds, type, stars. */
export function Overview({ estate }: { estate: PageEstate }) {
  const { t } = useTranslation("estate");
  const facts: { icon: IconName; text: string }[] = [
    { icon: "users", text: t("facts.guests", { count: estate.capacity }) },
    { icon: "bed", text: t("facts.beds", { count: estate.bedCount }) },
    { icon: "home", text: estate.subtype ? `${estate.type.name} · ${estate.subtype.name}` : estate.type.name },
    ...(estate.star ? [{ icon: "star" as const, text: t("facts.stars", { count: estate.star }) }] : []),
    ...(estate.children.length ? [{ icon: "door" as const, text: t("facts.units", { count: estate.children.length }) }] : []),
  ];
  const since = /^\d{4}/.test(estate.host.since) ? estate.host.since.slice(0, 4) : null;
  return (
    <section aria-labelledby="host-title" className="border-b border-stone-200 pb-6">
      {/* Wrapping: at 360 px the button goes under the name instead of squeezing it to a word a line. */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3" data-testid="host-block">
        {estate.host.avatar ? (
          <img src={estate.host.avatar} alt="" width={56} height={56} loading="lazy" className="h-14 w-14 shrink-0 rounded-full object-cover" />
        ) : (
          <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-stone-900 text-xl font-semibold text-white" aria-hidden="true">
            {estate.host.name.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="min-w-0 flex-1 basis-44">
          <h2 id="host-title" className="text-lg font-semibold" data-testid="host-name">
            {t("host.title", { name: estate.host.name })}
          </h2>
          {since ? <p className="text-sm text-stone-600">{t("host.since", { year: since })}</p> : null}
        </div>
        <ContactHost estateId={estate.id} />
      </div>
      <ul className="mt-5 flex flex-wrap gap-2" data-testid="facts">
        {facts.map((fact) => (
          <li key={fact.text} className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-sm text-stone-800 ring-1 ring-stone-200">
            <Icon name={fact.icon} className="h-4 w-4 text-stone-500" />
            {fact.text}
          </li>
        ))}
        {/* A complex's units each book their own way (their cards say how), so the complex says nothing. */}
        {estate.children.length === 0 ? (
          <li
            className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm ring-1 ${estate.isInstantConfirmation ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-white text-stone-800 ring-stone-200"}`}
            data-testid="booking-mode-chip"
          >
            <Icon name={estate.isInstantConfirmation ? "bolt" : "clock"} className="h-4 w-4" />
            {estate.isInstantConfirmation ? t("booking.instantTitle") : t("booking.requestTitle")}
          </li>
        ) : null}
      </ul>
    </section>
  );
}

export function Description({ text }: { text: string }) {
  const { t } = useTranslation("estate");
  if (!text.trim()) return null;
  return (
    <section aria-labelledby="description-title">
      <SectionTitle id="description-title">{t("description.title")}</SectionTitle>
      <div className="mt-3 space-y-3 leading-relaxed text-stone-700" data-testid="description">
        {text
          .split(/\n{2,}/)
          .filter((p) => p.trim())
          .map((paragraph, i) => (
            <p key={i} className="whitespace-pre-line break-words">
              {paragraph.trim()}
            </p>
          ))}
      </div>
    </section>
  );
}

/** The interactive map comes with Leaflet only when asked for (docs/decisions/0008-leaflet-on-demand.md). */
const LocationMap = lazy(() =>
  import("~/components/map/maps.client").then(
    (m) => ({ default: m.LocationMap }),
    () => ({ default: MapFailed }),
  ),
);

function MapFailed() {
  const { t } = useTranslation("estate");
  return <p className="p-4 text-sm text-amber-900">{t("location.mapFailed")}</p>;
}

/**
 * Where the estate is: address, coordinates and a link to OpenStreetMap, plain HTML with no map
 * script and no tiles to wait for. With script a "Show on map" button opens an interactive map
 * with the pin, and only then loads Leaflet and the tiles.
 */
export function Location({ estate, tiles }: { estate: Pick<EstateDetail, "lat" | "lng" | "city" | "address" | "title">; tiles: { url: string; attribution: string } }) {
  const { t } = useTranslation("estate");
  const [scripted, setScripted] = useState(false);
  const [mapOpen, setMapOpen] = useState(false);
  useEffect(() => setScripted(true), []);
  const lat = estate.lat.toFixed(5);
  const lng = estate.lng.toFixed(5);
  const osm = openStreetMapUrl(estate.lat, estate.lng);
  return (
    <section aria-labelledby="location-title" data-testid="location">
      <SectionTitle id="location-title">{t("location.title")}</SectionTitle>
      <div className="mt-4 flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-stone-200 sm:flex-row sm:items-center">
        <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Icon name="pin" className="h-8 w-8" />
        </span>
        <div className="min-w-0 flex-1">
          <address className="not-italic">
            <span className="block font-semibold text-stone-900">{estate.city}</span>
            <span className="block break-words text-stone-700">{estate.address}</span>
          </address>
          <p className="mt-1 text-sm text-stone-500">
            {t("location.coordinates")}: <span className="tabular-nums">{lat}, {lng}</span>
          </p>
        </div>
        <div className="flex shrink-0 flex-col gap-2">
          {scripted ? (
            <button type="button" onClick={() => setMapOpen(!mapOpen)} aria-expanded={mapOpen} className="btn-secondary" data-testid="show-map">
              {mapOpen ? t("location.hideMap") : t("location.showMap")}
            </button>
          ) : null}
          <a href={osm} target="_blank" rel="noopener noreferrer" className="btn-secondary" data-testid="osm-link">
            {t("location.openMap")} ↗
          </a>
        </div>
      </div>
      {mapOpen ? (
        <div className="mt-4 h-72 overflow-hidden rounded-2xl bg-stone-100 ring-1 ring-stone-200 sm:h-96">
          <Suspense fallback={<p className="p-4 text-sm text-stone-600">{t("location.loadingMap")}</p>}>
            <LocationMap lat={estate.lat} lng={estate.lng} label={estate.title} tiles={tiles} />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
