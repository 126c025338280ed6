import { useTranslation } from "~/i18n/use-translation";
import type { EstateDetail } from "../../../contract/estate";
import type { PageUnit } from "~/lib/photo-srcset";
import { Icon, type IconName } from "~/components/icon";
import { ParameterIcon } from "./parameter-icons";
import { SectionTitle } from "./sections";
import { UnitCard } from "./unit-card";

const humanize = (group: string) => {
  const s = group.replace(/[_-]+/g, " ").trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/** Parameters grouped as the directory groups them, each with its icon; then the meals offered. */
export function Amenities({ parameters, nutrition }: { parameters: EstateDetail["parameters"]; nutrition: EstateDetail["nutrition"] }) {
  const { t } = useTranslation("estate");
  if (parameters.length === 0 && nutrition.length === 0) return null;
  const groups = new Map<string, EstateDetail["parameters"]>();
  for (const p of parameters) groups.set(p.group, [...(groups.get(p.group) ?? []), p]);
  return (
    <section aria-labelledby="amenities-title" data-testid="amenities">
      <SectionTitle id="amenities-title">{t("amenities.title")}</SectionTitle>
      <div className="mt-4 space-y-6">
        {[...groups.entries()].map(([group, items]) => (
          <div key={group}>
            <h3 className="mb-3 font-semibold text-stone-800">{t(`amenities.groups.${group}`, { defaultValue: humanize(group) })}</h3>
            <ul className="grid gap-3 sm:grid-cols-2">
              {items.map((p) => (
                <li key={p.id} className="flex items-center gap-3 text-stone-700" data-testid="parameter">
                  <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-stone-100 text-stone-700">
                    <ParameterIcon icon={p.icon} slug={p.slug} />
                  </span>
                  <span>{p.name}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {nutrition.length ? (
          <div data-testid="nutrition">
            <h3 className="mb-3 font-semibold text-stone-800">{t("amenities.nutrition")}</h3>
            <ul className="flex flex-wrap gap-2">
              {nutrition.map((n) => (
                <li key={n.id} className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1.5 text-sm text-amber-900 ring-1 ring-amber-200">
                  <Icon name="utensils" className="h-4 w-4" />
                  {n.name}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** Check-in and check-out times, stay length, the cancellation policy in plain words, house rules. */
export function StayRules({ estate }: { estate: Pick<EstateDetail, "checkInTime" | "checkOutTime" | "minNights" | "maxNights" | "cancellationPolicy" | "houseRules"> }) {
  const { t } = useTranslation("estate");
  const items: { icon: IconName; term: string; value: string }[] = [
    { icon: "login", term: t("rules.checkIn"), value: t("rules.after", { time: estate.checkInTime }) },
    { icon: "logout", term: t("rules.checkOut"), value: t("rules.before", { time: estate.checkOutTime }) },
    {
      icon: "moon",
      term: t("rules.stay"),
      value:
        estate.minNights === estate.maxNights
          ? t("rules.exactly", { count: estate.minNights })
          : `${t("rules.min", { count: estate.minNights })}, ${t("rules.max", { count: estate.maxNights })}`,
    },
  ];
  return (
    <section aria-labelledby="rules-title" data-testid="rules">
      <SectionTitle id="rules-title">{t("rules.title")}</SectionTitle>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.term} className="rounded-2xl bg-white p-4 ring-1 ring-stone-200">
            <dt className="flex items-center gap-2 text-sm text-stone-500">
              <Icon name={item.icon} className="h-4 w-4" />
              {item.term}
            </dt>
            <dd className="mt-1 font-semibold text-stone-900">{item.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 rounded-2xl bg-white p-4 ring-1 ring-stone-200" data-testid="cancellation" data-policy={estate.cancellationPolicy}>
        <h3 className="font-semibold text-stone-900">
          {t("cancellation.title")}: {t(`cancellation.${estate.cancellationPolicy}.name`)}
        </h3>
        <p className="mt-1 text-stone-700">{t(`cancellation.${estate.cancellationPolicy}.text`)}</p>
      </div>
      {estate.houseRules.trim() ? (
        <div className="mt-5" data-testid="house-rules">
          <h3 className="font-semibold text-stone-900">{t("rules.house")}</h3>
          <p className="mt-2 whitespace-pre-line break-words leading-relaxed text-stone-700">{estate.houseRules.trim()}</p>
        </div>
      ) : null}
    </section>
  );
}

/** The units of a complex, each with its price and how many it sleeps. */
export function Units({ units, search }: { units: PageUnit[]; search: string }) {
  const { t } = useTranslation("estate");
  if (units.length === 0) return null;
  return (
    <section id="units" aria-labelledby="units-title" className="scroll-mt-20" data-testid="units">
      <SectionTitle id="units-title">{t("units.title", { count: units.length })}</SectionTitle>
      <p className="mt-1 text-sm text-stone-600">{t("units.text")}</p>
      <ul className="mt-4 space-y-3">
        {units.map((unit) => (
          <li key={unit.id}>
            <UnitCard unit={unit} search={search} />
          </li>
        ))}
      </ul>
    </section>
  );
}
