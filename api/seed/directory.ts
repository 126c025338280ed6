/**
 * Directory data of the marketplace (types, subtypes, parameters, nutrition, phone codes, apps,
 * contacts, socials, cancel reasons, articles) in ru, en and ky, and its insertion.
 */
import { sql } from "drizzle-orm";
import type { Localized } from "../../contract/common";
import {
  articles,
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
  { side: "guest", type: "cancel", name: s("Нашёл другой вариант", "I found another place", "Башка жер таптым") },
  { side: "guest", type: "cancel", name: s("Заболел", "I got sick", "Ооруп калдым") },
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

export const ARTICLES: { type: string; slug: string; title: Localized; summary: Localized; body: Localized; coverKey: string; daysAgo: number }[] = [
  {
    type: "guide",
    slug: "issyk-kul-choosing-a-shore",
    coverKey: "demo/lake-1",
    daysAgo: 40,
    title: s("Иссык-Куль: как выбрать берег для отдыха", "Issyk-Kul: choosing your shore", "Ысык-Көл: эс алуу үчүн кайсы жээкти тандоо керек"),
    summary: s(
      "Северный берег — пляжи и пансионаты, южный — тишина, каньоны и юрты.",
      "The north shore has beaches and resorts; the south shore has quiet bays, canyons and yurts.",
      "Түндүк жээкте пляждар жана пансионаттар, түштүк жээкте тынч булуңдар, капчыгайлар жана боз үйлөр.",
    ),
    body: s(
      "Иссык-Куль — одно из крупнейших высокогорных озёр мира, и оно не замерзает даже зимой. Сезон купания длится с конца июня до начала сентября, вода прогревается до 20–22 °C.\n\nСеверный берег (Чолпон-Ата, Бостери) — это песчаные пляжи, кафе и развлечения. Здесь удобно отдыхать с детьми, но на июль и август жильё лучше бронировать заранее.\n\nЮжный берег (Тамга, Кызыл-Суу, Бокомбаево) тише и живописнее: каньон Сказка, горячие источники, юрточные лагеря у самой воды. Возьмите тёплую одежду — вечером с гор дует прохладный ветер.",
      "Issyk-Kul is one of the largest alpine lakes in the world, and it never freezes, even in winter. The swimming season runs from late June to early September, when the water warms up to 20–22 °C.\n\nThe north shore (Cholpon-Ata, Bosteri) means sandy beaches, cafés and entertainment. It is easy with children, but book ahead for July and August.\n\nThe south shore (Tamga, Kyzyl-Suu, Bokonbaevo) is quieter and more scenic: the Skazka canyon, hot springs and yurt camps right by the water. Bring warm clothes: in the evening a cool wind blows down from the mountains.",
      "Ысык-Көл — дүйнөдөгү эң чоң бийик тоолуу көлдөрдүн бири, ал кышында да тоңбойт. Сууга түшүү мезгили июндун аягынан сентябрдын башына чейин уланат, суу 20–22 °C чейин жылыйт.\n\nТүндүк жээк (Чолпон-Ата, Бостери) — кумдуу пляждар, кафелер жана көңүл ачуучу жайлар. Балдар менен эс алууга ыңгайлуу, бирок июль-августка турак жайды алдын ала брондогон жакшы.\n\nТүштүк жээк (Тамга, Кызыл-Суу, Бөкөнбаев) тынчыраак жана кооз: Жомок капчыгайы, ысык булактар жана суунун жээгиндеги боз үй лагерлери. Жылуу кийим алыңыз — кечинде тоодон салкын шамал согот.",
    ),
  },
  {
    type: "guide",
    slug: "karakol-weekend",
    coverKey: "demo/mountains-2",
    daysAgo: 25,
    title: s("Каракол за выходные", "A weekend in Karakol", "Караколдо дем алыш күндөр"),
    summary: s(
      "Дунганская мечеть, ашлян-фу, ущелье Джети-Огуз и горнолыжная база в получасе езды.",
      "A Dungan mosque, ashlan-fu, the Jeti-Oguz gorge and a ski base half an hour away.",
      "Дунган мечити, ашлянфу, Жети-Өгүз капчыгайы жана жарым сааттык аралыктагы тоо лыжа базасы.",
    ),
    body: s(
      "Каракол — главный город восточного Прииссыкулья и отправная точка для походов в Тянь-Шань. Начните с деревянного Свято-Троицкого собора и Дунганской мечети, построенной без единого гвоздя.\n\nОбязательно попробуйте ашлян-фу — холодную острую лапшу, которую подают на местном базаре. Вечером прогуляйтесь по тихим улицам с домами начала XX века.\n\nНа второй день поезжайте в ущелье Джети-Огуз к скалам «Семь быков» и «Разбитое сердце» или поднимитесь к горячим источникам Алтын-Арашан. Зимой в 30 минутах от города работает горнолыжная база «Каракол».",
      "Karakol is the main town of eastern Issyk-Kul and the starting point for treks into the Tian Shan. Start with the wooden Holy Trinity Cathedral and the Dungan Mosque, built without a single nail.\n\nBe sure to try ashlan-fu, a cold, spicy noodle dish served at the local bazaar. In the evening, walk the quiet streets lined with early 20th-century houses.\n\nOn day two, drive to the Jeti-Oguz gorge to see the Seven Bulls and Broken Heart rocks, or hike up to the Altyn-Arashan hot springs. In winter the Karakol ski base is 30 minutes from town.",
      "Каракол — Ысык-Көлдүн чыгыш тарабынын негизги шаары жана Теңир-Тоого жөө саякаттын башталышы. Саякатты жыгачтан курулган Ыйык Үч Бирдик чиркөөсүнөн жана бир да мык колдонулбай салынган Дунган мечитинен баштаңыз.\n\nЖергиликтүү базарда сатылган ашлянфуну — муздак, ачуу кесмени сөзсүз татып көрүңүз. Кечинде XX кылымдын башындагы үйлөрү бар тынч көчөлөрдү кыдырыңыз.\n\nЭкинчи күнү Жети-Өгүз капчыгайына барып, «Жети өгүз» жана «Сынган жүрөк» аскаларын көрүңүз же Алтын-Арашан ысык булактарына чыгыңыз. Кышында шаардан 30 мүнөттүк аралыкта «Каракол» тоо лыжа базасы иштейт.",
    ),
  },
  {
    type: "guide",
    slug: "song-kul-night-in-a-yurt",
    coverKey: "demo/yurts-2",
    daysAgo: 12,
    title: s("Сон-Куль: ночь в юрте на высоте 3000 метров", "Song-Kul: a night in a yurt at 3,000 metres", "Соң-Көл: 3000 метр бийиктиктеги боз үйдө бир түн"),
    summary: s(
      "Когда ехать, что взять с собой и как устроены юрточные лагеря на высокогорном озере.",
      "When to go, what to pack and how the yurt camps on the alpine lake work.",
      "Качан баруу керек, эмнени алуу керек жана бийик тоолуу көлдөгү боз үй лагерлери кандай иштейт.",
    ),
    body: s(
      "Озеро Сон-Куль лежит на высоте 3016 метров в Нарынской области. Летом сюда поднимаются пастухи со стадами, и на берегах вырастают юрточные лагеря.\n\nСезон короткий: с середины июня до середины сентября. Дорога из Кочкора занимает около трёх часов, последний участок идёт через перевал. Даже в июле ночью бывает около нуля, поэтому возьмите тёплые вещи — хозяева дадут толстые войлочные одеяла.\n\nВ лагерях обычно полный пансион: свежий хлеб, кымыз, бешбармак. Днём можно покататься на лошадях, а ночью смотреть на звёзды — вокруг ни одного городского огня.",
      "Song-Kul lies at 3,016 metres in the Naryn region. In summer, herders bring their flocks up here and yurt camps appear along the shores.\n\nThe season is short: mid-June to mid-September. The drive from Kochkor takes about three hours, the last stretch over a pass. Even in July nights can drop to freezing, so pack warm layers; hosts provide thick felt blankets.\n\nCamps usually offer full board: fresh bread, kymyz (fermented mare's milk) and beshbarmak. Ride horses by day and watch the stars at night: there is not a single city light around.",
      "Соң-Көл Нарын облусунда деңиз деңгээлинен 3016 метр бийиктикте жайгашкан. Жайында малчылар малын айдап чыгышат да, жээктерде боз үй лагерлери тигилет.\n\nМезгил кыска: июндун ортосунан сентябрдын ортосуна чейин. Кочкордон жол болжол менен үч саат алат, акыркы бөлүгү ашуу аркылуу өтөт. Июлда да түнкүсүн нөлгө чейин суук болот, ошондуктан жылуу кийим алыңыз — үй ээлери калың кийиз төшөнчү беришет.\n\nЛагерлерде адатта толук пансион: жаңы нан, кымыз, бешбармак. Күндүз ат минип сейилдеп, түнкүсүн жылдыздарды тамашалаңыз — айланада шаардын бир да жарыгы жок.",
    ),
  },
  {
    type: "hosts",
    slug: "listing-that-gets-booked",
    coverKey: "demo/apartment-2",
    daysAgo: 5,
    title: s("Как подготовить объявление, которое бронируют", "How to make a listing guests book", "Конокторду тарткан жарнаманы кантип даярдоо керек"),
    summary: s("Фото при дневном свете, честное описание и быстрые ответы.", "Daylight photos, an honest description and quick replies.", "Күндүзгү жарыктагы сүрөттөр, так сүрөттөмө жана тез жооп."),
    body: s(
      "Снимайте днём, при открытых шторах, и начните с самого выигрышного кадра: вида из окна, гостиной или двора. Пять–восемь фотографий достаточно, если на них видно каждую комнату.\n\nВ описании честно укажите, что рядом, как добраться и что входит в цену. Гости ценят точность больше, чем красивые слова.\n\nОтвечайте на запросы в течение часа и держите календарь в актуальном состоянии — так объявление поднимается выше в поиске.",
      "Shoot in daylight with the curtains open, and lead with your best shot: the view, the living room or the yard. Five to eight photos are enough if every room is shown.\n\nIn the description, be honest about what is nearby, how to get there and what the price includes. Guests value accuracy more than fine words.\n\nReply to requests within an hour and keep your calendar up to date: that lifts your listing in search.",
      "Күндүз, пардаларды ачып тартыңыз жана эң жакшы сүрөттөн баштаңыз: терезеден көрүнгөн көрүнүш, конок бөлмө же короо. Ар бир бөлмө көрүнсө, беш-сегиз сүрөт жетиштүү.\n\nСүрөттөмөдө жакын жерде эмне бар экенин, кантип жетүүгө болорун жана баага эмне кирерин так жазыңыз. Коноктор кооз сөздөн көрө тактыкты жогору баалашат.\n\nСурамдарга бир сааттын ичинде жооп бериңиз жана календарды дайыма жаңылап туруңуз — ошондо жарнамаңыз издөөдө жогору көтөрүлөт.",
    ),
  },
];

export type DirectoryIds = {
  types: Map<string, { id: number; kind: string }>;
  subtypes: Map<string, number>;
  parameters: Map<string, number>;
  nutrition: Map<string, number>;
  guestCancelReasonIds: number[];
};

/** Inserts the whole directory (into empty tables) and returns the ids by slug. */
export async function insertDirectory(db: SeedDb, now: Date): Promise<DirectoryIds> {
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
  await db.insert(articles).values(
    ARTICLES.map(({ daysAgo, ...a }) => ({ ...a, publishedAt: new Date(now.getTime() - daysAgo * 86_400_000), createdAt: new Date(now.getTime() - daysAgo * 86_400_000) })),
  );
  return loadDirectoryIds(db);
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
