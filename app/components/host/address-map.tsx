import { Suspense, lazy, useEffect, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { isInKyrgyzstan } from "../../../contract/kyrgyzstan";
import type { PlaceOption } from "../../../contract/listing-steps";
import type { PinPoint } from "~/components/map/pin-map.client";

/** Leaflet and the pin come only with JavaScript, on this step (docs/decisions/0008-leaflet-on-demand.md). */
const PinMap = lazy(() =>
  import("~/components/map/maps.client").then(
    (m) => ({ default: m.PinMap }),
    () => ({ default: MapFailed }),
  ),
);

function MapFailed() {
  const { t } = useTranslation("listing");
  return <p className="p-4 text-sm text-amber-900">{t("map.failed")}</p>;
}

const parse = (text: string) => {
  const value = Number(text.trim().replace(",", "."));
  return text.trim() && Number.isFinite(value) ? value : null;
};

/** The point the form's fields hold, if they hold one inside Kyrgyzstan. */
function pointOf(latText: string, lngText: string): PinPoint | null {
  const lat = parse(latText);
  const lng = parse(lngText);
  if (lat === null || lng === null) return null;
  if (!isInKyrgyzstan(lat, lng)) return null;
  return { lat, lng };
}

/**
 * The address step's map, with JavaScript only: the pin and the form's own fields agree. Moving
 * the pin (dragging it, clicking the map, arrow keys on the focused pin) writes the latitude and
 * longitude fields of the same plain form; typing a town the suggestions know (or picking it from
 * them) or typing coordinates moves the pin. A settlement they do not know leaves the pin where it
 * is: the host puts it on the place.
 * The form is posted as without JavaScript, so the server sees the fields and nothing else.
 */
export function AddressMap({ ids, places, tiles }: { ids: { place: string; lat: string; lng: string }; places: PlaceOption[]; tiles: { url: string; attribution: string } }) {
  const { t } = useTranslation("listing");
  const [scripted, setScripted] = useState(false);
  const [point, setPoint] = useState<PinPoint | null>(null);
  useEffect(() => setScripted(true), []);

  // Where the pin starts, and the fields it follows. The listeners sit on the document, so a
  // field the form renders anew (after a failed save) is still heard.
  useEffect(() => {
    const byId = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLSelectElement | null;
    const centreOf = (typed: string) => {
      const key = typed.trim().toLowerCase();
      const place = key ? places.find((p) => p.slug === key || p.names.some((n) => n.toLowerCase() === key)) : undefined;
      return place ? { lat: place.lat, lng: place.lng } : null;
    };
    setPoint(pointOf(byId(ids.lat)?.value ?? "", byId(ids.lng)?.value ?? "") ?? centreOf(byId(ids.place)?.value ?? ""));
    const onPlace = (event: Event) => {
      const target = event.target as HTMLElement | null;
      if (target?.id !== ids.place) return;
      const centre = centreOf((target as HTMLInputElement).value);
      const [lat, lng] = [byId(ids.lat), byId(ids.lng)];
      if (!centre || !lat || !lng) return;
      lat.value = String(centre.lat);
      lng.value = String(centre.lng);
      setPoint(centre);
    };
    const onTyped = (event: Event) => {
      const id = (event.target as HTMLElement | null)?.id;
      // A known town's whole name typed (or picked from the suggestions) moves the pin at once.
      if (id === ids.place) return onPlace(event);
      if (id !== ids.lat && id !== ids.lng) return;
      const typed = pointOf(byId(ids.lat)?.value ?? "", byId(ids.lng)?.value ?? "");
      if (typed) setPoint(typed);
    };
    document.addEventListener("change", onPlace);
    document.addEventListener("input", onTyped);
    return () => {
      document.removeEventListener("change", onPlace);
      document.removeEventListener("input", onTyped);
    };
  }, [ids.place, ids.lat, ids.lng, places]);

  if (!scripted) return null;

  const onPick = (picked: PinPoint) => {
    const inputs = [
      [document.getElementById(ids.lat), picked.lat],
      [document.getElementById(ids.lng), picked.lng],
    ] as const;
    for (const [input, value] of inputs) if (input instanceof HTMLInputElement) input.value = String(value);
    // Conform (and anything else listening) learns of the new values as if they were typed.
    for (const [input] of inputs) input?.dispatchEvent(new Event("input", { bubbles: true }));
    setPoint(picked);
  };

  const texts = { region: t("map.region"), pin: t("map.pin"), loading: t("map.loading"), tilesFailed: t("map.tilesFailed") };
  return (
    <div>
      <p id="address-map-hint" className="mb-2 text-sm text-stone-600">
        {t("map.hint")}
      </p>
      <div className="h-72 overflow-hidden rounded-2xl bg-stone-100 ring-1 ring-stone-200 sm:h-80">
        <Suspense fallback={<p className="p-4 text-sm text-stone-600">{texts.loading}</p>}>
          <PinMap point={point} tiles={tiles} texts={texts} onPick={onPick} />
        </Suspense>
      </div>
    </div>
  );
}
