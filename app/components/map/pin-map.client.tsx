/**
 * The listing wizard's address map: one draggable pin that says where the place is. Loaded only
 * with JavaScript and only on the address step (address-map.tsx imports it lazily through
 * maps.client.ts). Dragging the pin, clicking the map or moving the focused pin with the arrow
 * keys calls `onPick` with the new point; a new `point` from outside (a city chosen, coordinates
 * typed) moves the pin there. Tiles may fail (offline, the tests): the pin works on the plain
 * background.
 *
 * Like the other maps it imports libraries only; its words come in `texts`.
 */
import { useEffect, useRef, useState } from "react";
import { L, createMap, htmlIcon, loadLeafletCss, type Tiles } from "./leaflet.client";

export type PinPoint = { lat: number; lng: number };
export type PinMapTexts = { region: string; pin: string; loading: string; tilesFailed: string };

const PIN = `<svg viewBox="0 0 24 24" aria-hidden="true" class="absolute left-0 top-0 h-11 w-11 -translate-x-1/2 -translate-y-full text-brand-600 drop-shadow-md group-focus-visible:text-stone-900">
  <path fill="currentColor" stroke="white" stroke-width="1.5" d="M12 22.5s7.5-6.6 7.5-12.75a7.5 7.5 0 0 0-15 0C4.5 15.9 12 22.5 12 22.5z"/>
  <circle cx="12" cy="9.75" r="2.75" fill="white"/>
</svg>`;

/** The country when there is no point yet. */
const COUNTRY_CENTER: [number, number] = [41.3, 74.6];
/** How far one arrow key moves the pin, in screen pixels (Shift: five times as far). */
const KEY_STEP = 10;

const round = (value: number) => Math.round(value * 1e6) / 1e6;

export default function PinMap({ point, tiles, texts, onPick }: { point: PinPoint | null; tiles: Tiles; texts: PinMapTexts; onPick: (point: PinPoint) => void }) {
  const element = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const placePin = useRef<((latlng: L.LatLngExpression) => L.Marker) | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const pick = useRef(onPick);
  pick.current = onPick;
  const first = useRef(point);
  const { url, attribution } = tiles;
  const { pin: pinTitle } = texts;

  useEffect(() => {
    let created: L.Map | null = null;
    let live = true;
    void loadLeafletCss().then(() => {
      if (!live || !element.current) return;
      created = createMap(element.current, { url, attribution }, { scrollWheelZoom: false, onTilesFailed: () => setTilesFailed(true) });
      const start = first.current;
      created.setView(start ? [start.lat, start.lng] : COUNTRY_CENTER, start ? 15 : 6);
      setMap(created);
    });
    return () => {
      live = false;
      created?.remove();
      marker.current = null;
      setMap(null);
    };
  }, [url, attribution]);

  // The pin: placed where the point is (none until there is one), draggable and keyboard-movable.
  useEffect(() => {
    if (!map) return;
    const moveTo = (latlng: L.LatLng) => pick.current({ lat: round(latlng.lat), lng: round(latlng.lng) });
    const place = (latlng: L.LatLngExpression) => {
      if (marker.current) return marker.current.setLatLng(latlng);
      const created = L.marker(latlng, { icon: htmlIcon(PIN), draggable: true, autoPan: true, keyboard: true, title: pinTitle, riseOnHover: true }).addTo(map);
      created.on("dragend", () => moveTo(created.getLatLng()));
      const icon = created.getElement();
      icon?.setAttribute("aria-label", pinTitle);
      icon?.setAttribute("data-testid", "address-pin");
      icon?.addEventListener("keydown", (event) => {
        const delta = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[event.key];
        if (!delta) return;
        event.preventDefault();
        event.stopPropagation();
        const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
        const at = map.latLngToContainerPoint(created.getLatLng()).add([delta[0] * step, delta[1] * step]);
        const next = map.containerPointToLatLng(at);
        created.setLatLng(next);
        if (!map.getBounds().pad(-0.1).contains(next)) map.panTo(next);
        moveTo(next);
      });
      marker.current = created;
      return created;
    };
    const onClick = (event: L.LeafletMouseEvent) => {
      place(event.latlng);
      moveTo(event.latlng);
    };
    map.on("click", onClick);
    placePin.current = place;
    return () => {
      map.off("click", onClick);
      placePin.current = null;
    };
  }, [map, pinTitle]);

  // A point from outside (the city chosen, coordinates typed): the pin goes there.
  useEffect(() => {
    if (!map || !point) return;
    const current = marker.current?.getLatLng();
    if (current && round(current.lat) === round(point.lat) && round(current.lng) === round(point.lng)) return;
    placePin.current?.([point.lat, point.lng]);
    // A far point (another city) or a country-wide view: the map goes there; a near one only moves the pin.
    if (map.getZoom() < 13 || !map.getBounds().pad(-0.1).contains([point.lat, point.lng])) map.setView([point.lat, point.lng], Math.max(map.getZoom(), 13), { animate: false });
  }, [map, point]);

  return (
    <div className="relative isolate h-full w-full" data-testid="address-map" data-ready={map ? "true" : undefined}>
      <div ref={element} className="absolute inset-0 bg-stone-100" role="region" aria-label={texts.region} />
      {!map ? <p className="absolute inset-0 flex items-center justify-center text-sm text-stone-600">{texts.loading}</p> : null}
      {tilesFailed ? (
        <p className="absolute bottom-7 left-2 right-2 z-[1000] rounded-lg bg-white/90 px-2 py-1 text-xs text-stone-700 shadow-sm sm:right-auto sm:max-w-xs" data-testid="map-tiles-failed">
          {texts.tilesFailed}
        </p>
      ) : null}
    </div>
  );
}
