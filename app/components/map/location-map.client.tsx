/**
 * The estate page's interactive map: one pin on the estate, loaded only when the guest asks for
 * it (sections.tsx `Location` imports this module with a dynamic import). The wheel does not zoom
 * it, so scrolling the page past it stays scrolling.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { L, createMap, htmlIcon, loadLeafletCss, type Tiles } from "./leaflet.client";

const PIN = `<svg viewBox="0 0 24 24" aria-hidden="true" class="absolute left-0 top-0 h-10 w-10 -translate-x-1/2 -translate-y-full text-brand-600 drop-shadow-md">
  <path fill="currentColor" stroke="white" stroke-width="1.5" d="M12 22.5s7.5-6.6 7.5-12.75a7.5 7.5 0 0 0-15 0C4.5 15.9 12 22.5 12 22.5z"/>
  <circle cx="12" cy="9.75" r="2.75" fill="white"/>
</svg>`;

export default function LocationMap({ lat, lng, label, tiles }: { lat: number; lng: number; label: string; tiles: Tiles }) {
  const { t } = useTranslation("estate");
  const element = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const { url, attribution } = tiles;

  useEffect(() => {
    let map: L.Map | null = null;
    let live = true;
    void loadLeafletCss().then(() => {
      if (!live || !element.current) return;
      map = createMap(element.current, { url, attribution }, { scrollWheelZoom: false, onTilesFailed: () => setTilesFailed(true) });
      map.setView([lat, lng], 15);
      L.marker([lat, lng], { icon: htmlIcon(PIN), title: label, keyboard: false }).addTo(map);
      setReady(true);
    });
    return () => {
      live = false;
      map?.remove();
    };
  }, [lat, lng, label, url, attribution]);

  return (
    <div className="relative isolate h-full w-full" data-testid="location-map">
      <div ref={element} className="absolute inset-0 bg-stone-100" role="region" aria-label={t("location.mapLabel", { title: label })} />
      {!ready ? <p className="absolute inset-0 flex items-center justify-center text-sm text-stone-600">{t("location.loadingMap")}</p> : null}
      {tilesFailed ? (
        <p className="absolute bottom-7 left-2 right-2 z-[1000] rounded-lg bg-white/90 px-2 py-1 text-xs text-stone-600 shadow-sm sm:right-auto sm:max-w-xs" data-testid="map-tiles-failed">
          {t("location.tilesFailed")}
        </p>
      ) : null}
    </div>
  );
}
