/**
 * Directory data of the marketplace (types, subtypes, parameters, nutrition, phone codes, apps,
 * contacts, socials, cancel reasons) in ru, en and ky, and its insertion. Articles, legal documents
 * and promos are content: api/seed/content.
 */
import { sql } from "drizzle-orm";
import type { Localized } from "../../contract/common";
import {
  cancelReasons,
  contacts,
  countries,
  estateSubtypes,
  estateTypes,
  mobileApps,
  nutritionTypes,
  parameters,
  socials,
} from "../db/schema";
import type { Db } from "../db/client";
import type { TypeSlug } from "./places";
import type { SeedDb } from "./sql";

const s = (ru: string, en: string, ky: string): Localized => ({ ru, en, ky });

export type TypeDef = {
  slug: TypeSlug;
  name: Localized;
  icon: string;
  kind: "simple" | "complex" | "complex.simple";
  subtypes: { slug: string; name: Localized }[];
};

export const ESTATE_TYPES: TypeDef[] = [
  {
    slug: "apartment",
    name: s("Квартира", "Apartment", "Батир"),
    icon: "apartment",
    kind: "simple",
    subtypes: [
      { slug: "apartment-studio", name: s("Студия", "Studio", "Студия") },
      { slug: "apartment-1-room", name: s("1-комнатная квартира", "One-room apartment", "Бир бөлмөлүү батир") },
      { slug: "apartment-2-room", name: s("2-комнатная квартира", "Two-room apartment", "Эки бөлмөлүү батир") },
      { slug: "apartment-3-room", name: s("3-комнатная квартира", "Three-room apartment", "Үч бөлмөлүү батир") },
      { slug: "apartment-penthouse", name: s("Пентхаус", "Penthouse", "Пентхаус") },
    ],
  },
  {
    slug: "house",
    name: s("Дом", "House", "Үй"),
    icon: "house",
    kind: "simple",
    subtypes: [
      { slug: "house-entire", name: s("Дом целиком", "Entire house", "Толук үй") },
      { slug: "house-villa", name: s("Вилла", "Villa", "Вилла") },
      { slug: "house-dacha", name: s("Дача", "Dacha", "Дача") },
      { slug: "house-townhouse", name: s("Таунхаус", "Townhouse", "Таунхаус") },
    ],
  },
  {
    slug: "guest-house",
    name: s("Гостевой дом", "Guest house", "Конок үй"),
    icon: "guest_house",
    kind: "simple",
    subtypes: [
      { slug: "guest-house-family", name: s("Семейный гостевой дом", "Family guest house", "Үй-бүлөлүк конок үй") },
      { slug: "guest-house-farm", name: s("Агроусадьба", "Farm stay", "Айыл чарба конок үйү") },
      { slug: "guest-house-room", name: s("Комната в гостевом доме", "Room in a guest house", "Конок үйдөгү бөлмө") },
    ],
  },
  {
    slug: "hotel",
    name: s("Отель", "Hotel", "Мейманкана"),
    icon: "hotel",
    kind: "simple",
    subtypes: [
      { slug: "hotel-boutique", name: s("Бутик-отель", "Boutique hotel", "Бутик-мейманкана") },
      { slug: "hotel-business", name: s("Бизнес-отель", "Business hotel", "Бизнес-мейманкана") },
      { slug: "hotel-mini", name: s("Мини-отель", "Mini-hotel", "Мини-мейманкана") },
      { slug: "hotel-resort", name: s("Курортный отель", "Resort hotel", "Курорттук мейманкана") },
    ],
  },
  {
    slug: "hostel",
    name: s("Хостел", "Hostel", "Хостел"),
    icon: "hostel",
    kind: "simple",
    subtypes: [
      { slug: "hostel-dorm", name: s("Место в общем номере", "Bed in a dorm", "Жалпы бөлмөдөгү орун") },
      { slug: "hostel-private", name: s("Отдельная комната", "Private room", "Өзүнчө бөлмө") },
    ],
  },
  {
    slug: "yurt-camp",
    name: s("Юрточный лагерь", "Yurt camp", "Боз үй лагери"),
    icon: "yurt",
    kind: "simple",
    subtypes: [
      { slug: "yurt-traditional", name: s("Традиционная юрта", "Traditional yurt", "Салттуу боз үй") },
      { slug: "yurt-comfort", name: s("Юрта-комфорт", "Comfort yurt", "Ыңгайлуу боз үй") },
      { slug: "yurt-family", name: s("Семейная юрта", "Family yurt", "Үй-бүлөлүк боз үй") },
    ],
  },
  {
    slug: "cottage",
    name: s("Коттедж", "Cottage", "Коттедж"),
    icon: "cottage",
    kind: "simple",
    subtypes: [
      { slug: "cottage-chalet", name: s("Шале", "Chalet", "Шале") },
      { slug: "cottage-a-frame", name: s("А-фрейм", "A-frame cabin", "А-фрейм үй") },
      { slug: "cottage-log", name: s("Деревянный коттедж", "Log cabin", "Жыгач коттедж") },
    ],
  },
  {
    slug: "sanatorium",
    name: s("Санаторий", "Sanatorium", "Санаторий"),
    icon: "sanatorium",
    kind: "complex",
    subtypes: [
      { slug: "sanatorium-medical", name: s("Лечебный санаторий", "Medical sanatorium", "Дарылоочу санаторий") },
      { slug: "sanatorium-wellness", name: s("Оздоровительный комплекс", "Wellness complex", "Ден соолукту чыңдоочу комплекс") },
    ],
  },
  {
    slug: "resort",
    name: s("База отдыха", "Resort complex", "Эс алуу борбору"),
    icon: "resort",
    kind: "complex",
    subtypes: [
      { slug: "resort-lakeside", name: s("База отдыха на берегу", "Lakeside resort", "Жээктеги эс алуу борбору") },
      { slug: "resort-mountain", name: s("Горная база отдыха", "Mountain resort", "Тоодогу эс алуу борбору") },
    ],
  },
  {
    slug: "room",
    name: s("Номер", "Room", "Бөлмө"),
    icon: "room",
    kind: "complex.simple",
    subtypes: [
      { slug: "room-standard", name: s("Стандарт", "Standard room", "Стандарттык бөлмө") },
      { slug: "room-deluxe", name: s("Люкс", "Deluxe room", "Люкс бөлмө") },
      { slug: "room-family", name: s("Семейный номер", "Family room", "Үй-бүлөлүк бөлмө") },
    ],
  },
  {
    slug: "resort-cottage",
    name: s("Коттедж в комплексе", "Cottage in a resort", "Комплекстеги коттедж"),
    icon: "cottage",
    kind: "complex.simple",
    subtypes: [
      { slug: "resort-cottage-small", name: s("Малый коттедж", "Small cottage", "Кичи коттедж") },
      { slug: "resort-cottage-large", name: s("Большой коттедж", "Large cottage", "Чоң коттедж") },
    ],
  },
];

export type ParamSlug =
  | "wifi"
  | "parking"
  | "sauna"
  | "pool"
  | "kitchen"
  | "mountain-view"
  | "lake-view"
  | "air-conditioning"
  | "washing-machine"
  | "tv"
  | "fireplace"
  | "bbq"
  | "playground"
  | "pets-allowed"
  | "transfer"
  | "horse-riding"
  | "hot-water"
  | "heating"
  | "balcony"
  | "elevator";

export const PARAMETERS: { slug: ParamSlug; icon: string; group: string; name: Localized }[] = [
  { slug: "wifi", icon: "wifi", group: "comfort", name: s("Wi‑Fi", "Wi‑Fi", "Wi‑Fi") },
  { slug: "air-conditioning", icon: "air_conditioning", group: "comfort", name: s("Кондиционер", "Air conditioning", "Кондиционер") },
  { slug: "heating", icon: "heating", group: "comfort", name: s("Отопление", "Heating", "Жылытуу") },
  { slug: "hot-water", icon: "hot_water", group: "comfort", name: s("Горячая вода", "Hot water", "Ысык суу") },
  { slug: "tv", icon: "tv", group: "comfort", name: s("Телевизор", "TV", "Телевизор") },
  { slug: "fireplace", icon: "fireplace", group: "comfort", name: s("Камин", "Fireplace", "Камин") },
  { slug: "elevator", icon: "elevator", group: "comfort", name: s("Лифт", "Elevator", "Лифт") },
  { slug: "kitchen", icon: "kitchen", group: "kitchen", name: s("Кухня", "Kitchen", "Ашкана") },
  { slug: "washing-machine", icon: "washing_machine", group: "kitchen", name: s("Стиральная машина", "Washing machine", "Кир жуугуч машина") },
  { slug: "balcony", icon: "balcony", group: "outdoor", name: s("Балкон", "Balcony", "Балкон") },
  { slug: "bbq", icon: "bbq", group: "outdoor", name: s("Мангал", "BBQ grill", "Мангал") },
  { slug: "playground", icon: "playground", group: "outdoor", name: s("Детская площадка", "Playground", "Балдар аянтчасы") },
  { slug: "parking", icon: "parking", group: "outdoor", name: s("Парковка", "Parking", "Унаа токтотуучу жай") },
  { slug: "sauna", icon: "sauna", group: "wellness", name: s("Сауна", "Sauna", "Сауна") },
  { slug: "pool", icon: "pool", group: "wellness", name: s("Бассейн", "Swimming pool", "Бассейн") },
  { slug: "mountain-view", icon: "mountain_view", group: "view", name: s("Вид на горы", "Mountain view", "Тоолорго көрүнүш") },
  { slug: "lake-view", icon: "lake_view", group: "view", name: s("Вид на озеро", "Lake view", "Көлгө көрүнүш") },
  { slug: "transfer", icon: "transfer", group: "services", name: s("Трансфер", "Airport transfer", "Трансфер") },
  { slug: "horse-riding", icon: "horse_riding", group: "services", name: s("Конные прогулки", "Horse riding", "Ат минип сейилдөө") },
  { slug: "pets-allowed", icon: "pets_allowed", group: "rules", name: s("Можно с животными", "Pets allowed", "Үй жаныбарлары менен болот") },
];

export type NutritionSlug = "none" | "breakfast" | "half-board" | "full-board" | "all-inclusive" | "kitchen-access";

export const NUTRITION: { slug: NutritionSlug; name: Localized }[] = [
  { slug: "none", name: s("Без питания", "No meals", "Тамак-ашсыз") },
  { slug: "breakfast", name: s("Завтрак", "Breakfast", "Эртең мененки тамак") },
  { slug: "half-board", name: s("Полупансион", "Half board", "Жарым пансион") },
  { slug: "full-board", name: s("Полный пансион", "Full board", "Толук пансион") },
  { slug: "all-inclusive", name: s("Всё включено", "All inclusive", "Баары камтылган") },
  { slug: "kitchen-access", name: s("Доступ к кухне", "Kitchen access", "Ашканага кирүү мүмкүнчүлүгү") },
];

export const COUNTRIES: { iso: string; name: Localized; phoneCode: string; mask: string; flag: string }[] = [
  { iso: "KG", name: s("Кыргызстан", "Kyrgyzstan", "Кыргызстан"), phoneCode: "+996", mask: "### ### ###", flag: "🇰🇬" },
  { iso: "KZ", name: s("Казахстан", "Kazakhstan", "Казакстан"), phoneCode: "+7", mask: "### ### ## ##", flag: "🇰🇿" },
  { iso: "RU", name: s("Россия", "Russia", "Орусия"), phoneCode: "+7", mask: "### ### ## ##", flag: "🇷🇺" },
  { iso: "UZ", name: s("Узбекистан", "Uzbekistan", "Өзбекстан"), phoneCode: "+998", mask: "## ### ## ##", flag: "🇺🇿" },
  { iso: "TJ", name: s("Таджикистан", "Tajikistan", "Тажикстан"), phoneCode: "+992", mask: "## ### ####", flag: "🇹🇯" },
  { iso: "TR", name: s("Турция", "Turkey", "Түркия"), phoneCode: "+90", mask: "### ### ## ##", flag: "🇹🇷" },
  { iso: "CN", name: s("Китай", "China", "Кытай"), phoneCode: "+86", mask: "### #### ####", flag: "🇨🇳" },
  { iso: "US", name: s("США", "United States", "АКШ"), phoneCode: "+1", mask: "### ### ####", flag: "🇺🇸" },
  { iso: "DE", name: s("Германия", "Germany", "Германия"), phoneCode: "+49", mask: "### ########", flag: "🇩🇪" },
  { iso: "AE", name: s("ОАЭ", "United Arab Emirates", "Бириккен Араб Эмираттары"), phoneCode: "+971", mask: "## ### ####", flag: "🇦🇪" },
  { iso: "GB", name: s("Великобритания", "United Kingdom", "Улуу Британия"), phoneCode: "+44", mask: "#### ######", flag: "🇬🇧" },
  { iso: "KR", name: s("Южная Корея", "South Korea", "Түштүк Корея"), phoneCode: "+82", mask: "## #### ####", flag: "🇰🇷" },
  { iso: "BY", name: s("Беларусь", "Belarus", "Беларусь"), phoneCode: "+375", mask: "## ###-##-##", flag: "🇧🇾" },
  { iso: "AZ", name: s("Азербайджан", "Azerbaijan", "Азербайжан"), phoneCode: "+994", mask: "## ### ## ##", flag: "🇦🇿" },
  { iso: "IN", name: s("Индия", "India", "Индия"), phoneCode: "+91", mask: "##### #####", flag: "🇮🇳" },
];

export const MOBILE_APPS: { platform: "ios" | "android" | "huawei"; name: string; url: string }[] = [
  { platform: "ios", name: "App Store", url: "https://apps.apple.com/kg/app/konok/id6400000000" },
  { platform: "android", name: "Google Play", url: "https://play.google.com/store/apps/details?id=kg.konok.app" },
  { platform: "huawei", name: "AppGallery", url: "https://appgallery.huawei.com/app/C110000000" },
];

export const CONTACTS: { kind: "phone" | "email" | "address" | "whatsapp"; value: string; label: Localized }[] = [
  { kind: "phone", value: "+996 555 000 000", label: s("Служба поддержки, ежедневно 9:00–21:00", "Support, daily 9:00–21:00", "Колдоо кызматы, күн сайын 9:00–21:00") },
  { kind: "whatsapp", value: "+996 555 000 001", label: s("Написать в WhatsApp", "Message us on WhatsApp", "WhatsApp аркылуу жазуу") },
  { kind: "email", value: "hello@konok.kg", label: s("Электронная почта", "Email", "Электрондук почта") },
  {
    kind: "address",
    value: "ул. Киевская 95, Бишкек 720040",
    label: s("Бишкек, ул. Киевская 95, офис 4", "Office 4, 95 Kievskaya St, Bishkek", "Бишкек ш., Киев көчөсү 95, 4-кеңсе"),
  },
];

export const SOCIALS: { kind: "instagram" | "facebook" | "telegram" | "tiktok" | "youtube"; url: string }[] = [
  { kind: "instagram", url: "https://www.instagram.com/konok.kg" },
  { kind: "telegram", url: "https://t.me/konok_kg" },
  { kind: "facebook", url: "https://www.facebook.com/konok.kg" },
  { kind: "tiktok", url: "https://www.tiktok.com/@konok.kg" },
];

/** `type` is the kind of cancellation a reason is offered for: a cancellation, or a host declining a request. */
export const CANCEL_REASONS: { side: "guest" | "host"; type: "cancel" | "decline"; name: Localized }[] = [
  { side: "guest", type: "cancel", name: s("Изменились планы", "My plans changed", "Пландарым өзгөрдү") },
  // Russian past tense has a gender ("нашёл", "нашла"): the guests' reasons are worded without one.
  { side: "guest", type: "cancel", name: s("Нашёлся другой вариант", "I found another place", "Башка жер таптым") },
  { side: "guest", type: "cancel", name: s("Болезнь", "Illness", "Ооруп калдым") },
  { side: "guest", type: "cancel", name: s("Проблемы с дорогой или билетами", "Travel or ticket problems", "Жол же билет боюнча көйгөй") },
  { side: "guest", type: "cancel", name: s("Хозяин попросил отменить", "The host asked me to cancel", "Үй ээси жокко чыгарууну суранды") },
  { side: "guest", type: "cancel", name: s("Другое", "Other", "Башка") },
  { side: "host", type: "cancel", name: s("Объект недоступен в эти даты", "The place is unavailable on these dates", "Бул күндөрү объект бош эмес") },
  { side: "host", type: "cancel", name: s("Ремонт или поломка", "Repairs or a breakdown", "Оңдоо иштери же бузулуу") },
  { side: "host", type: "cancel", name: s("Гость нарушил правила", "The guest broke the house rules", "Конок эрежелерди бузду") },
  { side: "host", type: "cancel", name: s("Двойное бронирование", "Double booking", "Кош брондоо") },
  { side: "host", type: "cancel", name: s("Другое", "Other", "Башка") },
  { side: "host", type: "decline", name: s("Даты уже заняты", "The dates are already taken", "Бул күндөр бош эмес") },
  { side: "host", type: "decline", name: s("Не подходит число гостей", "The number of guests does not fit", "Коноктордун саны туура келбейт") },
  { side: "host", type: "decline", name: s("Не могу принять в эти даты", "I cannot host on these dates", "Бул күндөрү кабыл ала албайм") },
  { side: "host", type: "decline", name: s("Другое", "Other", "Башка") },
];

export type DirectoryIds = {
  types: Map<string, { id: number; kind: string }>;
  subtypes: Map<string, number>;
  parameters: Map<string, number>;
  nutrition: Map<string, number>;
  guestCancelReasonIds: number[];
};

/** Inserts the whole directory (into empty tables) and returns the ids by slug. */
export async function insertDirectory(db: SeedDb, _now: Date): Promise<DirectoryIds> {
  const typeRows = await db
    .insert(estateTypes)
    .values(ESTATE_TYPES.map((t, i) => ({ slug: t.slug, name: t.name, icon: t.icon, kind: t.kind, sortOrder: i + 1 })))
    .returning({ id: estateTypes.id, slug: estateTypes.slug });
  const typeId = new Map(typeRows.map((r) => [r.slug, r.id]));
  await db.insert(estateSubtypes).values(
    ESTATE_TYPES.flatMap((t) => t.subtypes.map((st, i) => ({ typeId: typeId.get(t.slug)!, slug: st.slug, name: st.name, sortOrder: i + 1 }))),
  );
  await db.insert(parameters).values(PARAMETERS.map((p, i) => ({ slug: p.slug, name: p.name, icon: p.icon, group: p.group, sortOrder: i + 1 })));
  await db.insert(nutritionTypes).values(NUTRITION.map((n, i) => ({ slug: n.slug, name: n.name, sortOrder: i + 1 })));
  await db.insert(countries).values(COUNTRIES.map((c, i) => ({ ...c, sortOrder: i + 1 })));
  await db.insert(mobileApps).values(MOBILE_APPS.map((a, i) => ({ ...a, sortOrder: i + 1 })));
  await db.insert(contacts).values(CONTACTS.map((c, i) => ({ ...c, sortOrder: i + 1 })));
  await db.insert(socials).values(SOCIALS.map((c, i) => ({ ...c, sortOrder: i + 1 })));
  await db.insert(cancelReasons).values(CANCEL_REASONS.map((r, i) => ({ ...r, sortOrder: i + 1 })));
  return loadDirectoryIds(db);
}

const DIRECTORY_LOCK_KEY = 731_957_002;

/**
 * The directory (types, amenities, meals, countries, contacts…) of an empty database, demo or not:
 * without it a production start has no country codes to sign in with and no types to list. Once
 * any estate type exists the directory is the operators' to edit, and this does nothing.
 */
export async function seedDirectoryIfEmpty(db: Db): Promise<boolean> {
  const has = async (tx: SeedDb) => Boolean(((await tx.execute(sql`SELECT EXISTS (SELECT 1 FROM estate_types) AS seeded`)).rows[0] as { seeded: boolean } | undefined)?.seeded);
  if (await has(db)) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DIRECTORY_LOCK_KEY})`);
    if (await has(tx)) return false;
    await insertDirectory(tx, new Date());
    return true;
  });
}

/** Ids of the directory rows by slug, read back from the database. */
export async function loadDirectoryIds(db: SeedDb): Promise<DirectoryIds> {
  const [typeRows, subtypeRows, paramRows, nutritionRows, reasonRows] = await Promise.all([
    db.select({ id: estateTypes.id, slug: estateTypes.slug, kind: estateTypes.kind }).from(estateTypes),
    db.select({ id: estateSubtypes.id, slug: estateSubtypes.slug }).from(estateSubtypes),
    db.select({ id: parameters.id, slug: parameters.slug }).from(parameters),
    db.select({ id: nutritionTypes.id, slug: nutritionTypes.slug }).from(nutritionTypes),
    db.select({ id: cancelReasons.id }).from(cancelReasons).where(sql`${cancelReasons.side} = 'guest'`).orderBy(cancelReasons.sortOrder),
  ]);
  const dir: DirectoryIds = {
    types: new Map(typeRows.map((r) => [r.slug, { id: r.id, kind: r.kind }])),
    subtypes: new Map(subtypeRows.map((r) => [r.slug, r.id])),
    parameters: new Map(paramRows.map((r) => [r.slug, r.id])),
    nutrition: new Map(nutritionRows.map((r) => [r.slug, r.id])),
    guestCancelReasonIds: reasonRows.map((r) => r.id),
  };
  for (const t of ESTATE_TYPES) {
    if (!dir.types.has(t.slug)) throw new Error(`Directory is missing estate type "${t.slug}": seed it first`);
    for (const st of t.subtypes) if (!dir.subtypes.has(st.slug)) throw new Error(`Directory is missing subtype "${st.slug}"`);
  }
  for (const p of PARAMETERS) if (!dir.parameters.has(p.slug)) throw new Error(`Directory is missing parameter "${p.slug}"`);
  for (const n of NUTRITION) if (!dir.nutrition.has(n.slug)) throw new Error(`Directory is missing nutrition "${n.slug}"`);
  return dir;
}
