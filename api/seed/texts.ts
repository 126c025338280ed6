/**
 * Text building blocks of the demo listings and reviews, in ru, en and ky. Each list keeps the same
 * meaning at the same index in all three languages, so a choice is made once and rendered thrice.
 */
import type { Localized } from "../../contract/common";
import type { ParamSlug } from "./directory";
import type { Place, TypeSlug } from "./places";

const s = (ru: string, en: string, ky: string): Localized => ({ ru, en, ky });

export type Gender = "m" | "f" | "n";

/** Adjectives for unnamed listings: Russian forms by gender. */
export const ADJECTIVES: { ru: Record<Gender, string>; en: string; ky: string; only?: TypeSlug[] }[] = [
  { ru: { m: "Уютный", f: "Уютная", n: "Уютное" }, en: "Cosy", ky: "Жайлуу" },
  { ru: { m: "Светлый", f: "Светлая", n: "Светлое" }, en: "Bright", ky: "Жарык" },
  { ru: { m: "Просторный", f: "Просторная", n: "Просторное" }, en: "Spacious", ky: "Кенен" },
  { ru: { m: "Современный", f: "Современная", n: "Современное" }, en: "Modern", ky: "Заманбап" },
  { ru: { m: "Тихий", f: "Тихая", n: "Тихое" }, en: "Quiet", ky: "Тынч" },
  { ru: { m: "Стильный", f: "Стильная", n: "Стильное" }, en: "Stylish", ky: "Стилдүү" },
  { ru: { m: "Солнечный", f: "Солнечная", n: "Солнечное" }, en: "Sunny", ky: "Күнөстүү" },
  { ru: { m: "Новый", f: "Новая", n: "Новое" }, en: "New", ky: "Жаңы" },
  { ru: { m: "Тёплый", f: "Тёплая", n: "Тёплое" }, en: "Warm", ky: "Жылуу" },
  { ru: { m: "Семейный", f: "Семейная", n: "Семейное" }, en: "Family", ky: "Үй-бүлөлүк", only: ["house", "cottage"] },
  { ru: { m: "Уединённый", f: "Уединённая", n: "Уединённое" }, en: "Secluded", ky: "Оолак", only: ["house", "cottage"] },
  { ru: { m: "Большой", f: "Большая", n: "Большое" }, en: "Large", ky: "Чоң", only: ["house", "cottage"] },
];

/** Title nouns of unnamed subtypes. */
export const SUBTYPE_NOUNS: Record<string, { ru: string; g: Gender; en: string; ky: string }> = {
  "apartment-studio": { ru: "студия", g: "f", en: "studio", ky: "студия" },
  "apartment-1-room": { ru: "однокомнатная квартира", g: "f", en: "one-room apartment", ky: "бир бөлмөлүү батир" },
  "apartment-2-room": { ru: "двухкомнатная квартира", g: "f", en: "two-room apartment", ky: "эки бөлмөлүү батир" },
  "apartment-3-room": { ru: "трёхкомнатная квартира", g: "f", en: "three-room apartment", ky: "үч бөлмөлүү батир" },
  "apartment-penthouse": { ru: "пентхаус", g: "m", en: "penthouse", ky: "пентхаус" },
  "house-entire": { ru: "дом", g: "m", en: "house", ky: "үй" },
  "house-villa": { ru: "вилла", g: "f", en: "villa", ky: "вилла" },
  "house-dacha": { ru: "дача", g: "f", en: "dacha", ky: "дача" },
  "house-townhouse": { ru: "таунхаус", g: "m", en: "townhouse", ky: "таунхаус" },
  "cottage-chalet": { ru: "шале", g: "n", en: "chalet", ky: "шале" },
  "cottage-a-frame": { ru: "А-фрейм", g: "m", en: "A-frame cabin", ky: "А-фрейм үй" },
  "cottage-log": { ru: "деревянный коттедж", g: "m", en: "log cabin", ky: "жыгач коттедж" },
};

/** Units of complexes: a plain noun phrase, no adjective. */
export const UNIT_NOUNS: Record<string, Localized> = {
  "room-standard": s("Стандартный номер", "Standard room", "стандарттык бөлмө"),
  "room-deluxe": s("Номер люкс", "Deluxe room", "люкс бөлмө"),
  "room-family": s("Семейный номер", "Family room", "үй-бүлөлүк бөлмө"),
  "resort-cottage-small": s("Малый коттедж", "Small cottage", "кичи коттедж"),
  "resort-cottage-large": s("Большой коттедж", "Large cottage", "чоң коттедж"),
};

export type Feature = {
  key: string;
  text: Localized;
  /** The parameter the title promises, added to the listing's parameters. */
  param?: ParamSlug;
  types: TypeSlug[];
  when?: (p: Place) => boolean;
};

const APT: TypeSlug[] = ["apartment"];
const HOMES: TypeSlug[] = ["house", "cottage"];
const UNITS: TypeSlug[] = ["room", "resort-cottage"];

/** Title features: "with mountain views" and the like. */
export const FEATURES: Feature[] = [
  { key: "mountain-view", text: s("с видом на горы", "with mountain views", "тоо көрүнгөн"), param: "mountain-view", types: [...APT, ...HOMES, ...UNITS], when: (p) => p.mountainView >= 0.3 },
  { key: "lake-view", text: s("с видом на озеро", "with lake views", "көл көрүнгөн"), param: "lake-view", types: [...APT, ...HOMES, ...UNITS], when: (p) => p.lake },
  { key: "beach", text: s("у пляжа", "near the beach", "пляждын жанындагы"), types: [...APT, ...HOMES], when: (p) => p.lake && !p.ring },
  { key: "balcony", text: s("с балконом", "with a balcony", "балкону бар"), param: "balcony", types: [...APT, "room"] },
  { key: "park", text: s("у парка", "by the park", "парктын жанындагы"), types: APT, when: (p) => p.city },
  { key: "courtyard", text: s("в тихом дворе", "in a quiet courtyard", "тынч короодогу"), types: APT, when: (p) => p.city },
  { key: "workspace", text: s("с рабочим местом", "with a workspace", "иш орду бар"), param: "wifi", types: APT },
  { key: "new-building", text: s("в новостройке", "in a new building", "жаңы үйдөгү"), types: APT, when: (p) => p.city },
  { key: "panoramic", text: s("с панорамными окнами", "with panoramic windows", "панорамалык терезелери бар"), types: [...APT, ...HOMES, "room"] },
  { key: "sauna", text: s("с сауной", "with a sauna", "саунасы бар"), param: "sauna", types: [...HOMES, "resort-cottage"] },
  { key: "fireplace", text: s("с камином", "with a fireplace", "камини бар"), param: "fireplace", types: [...HOMES, "resort-cottage"] },
  { key: "terrace", text: s("с террасой", "with a terrace", "террасасы бар"), types: [...HOMES, "resort-cottage"] },
  { key: "garden", text: s("с садом", "with a garden", "багы бар"), types: HOMES },
  { key: "pool", text: s("с бассейном", "with a swimming pool", "бассейни бар"), param: "pool", types: ["house"] },
  { key: "bbq", text: s("с мангалом", "with a BBQ area", "мангалы бар"), param: "bbq", types: [...HOMES, "resort-cottage"] },
  { key: "river", text: s("у реки", "by the river", "дарыянын жээгиндеги"), types: HOMES, when: (p) => !p.city && !p.lake },
];

/** Proper names of hotels, hostels, guest houses, camps and complexes. */
export const PROPER_NAMES: Localized[] = [
  s("Ала-Тоо", "Ala-Too", "Ала-Тоо"),
  s("Тянь-Шань", "Tian Shan", "Теңир-Тоо"),
  s("Ак-Кеме", "Ak-Keme", "Ак-Кеме"),
  s("Жибек Жолу", "Jibek Jolu", "Жибек Жолу"),
  s("Манас", "Manas", "Манас"),
  s("Нур", "Nur", "Нур"),
  s("Сапар", "Sapar", "Сапар"),
  s("Кут", "Kut", "Кут"),
  s("Номад", "Nomad", "Номад"),
  s("Достук", "Dostuk", "Достук"),
  s("Айгуль", "Aigul", "Айгүл"),
  s("Бермет", "Bermet", "Бермет"),
  s("Жайлоо", "Jailoo", "Жайлоо"),
  s("Тулпар", "Tulpar", "Тулпар"),
  s("Алтын Кен", "Altyn Ken", "Алтын Кен"),
  s("Арча", "Archa", "Арча"),
  s("Эдельвейс", "Edelweiss", "Эдельвейс"),
  s("Золотые пески", "Golden Sands", "Алтын кумдар"),
  s("Голубой Иссык-Куль", "Blue Issyk-Kul", "Көгүлтүр Ысык-Көл"),
  s("Аврора", "Aurora", "Аврора"),
  s("Радуга", "Raduga", "Радуга"),
  s("Солнечный берег", "Sunny Shore", "Күнөстүү жээк"),
  s("Звёздная ночь", "Starry Night", "Жылдыздуу түн"),
  s("Мурас", "Muras", "Мурас"),
  s("Береке", "Bereke", "Береке"),
  s("Ордо", "Ordo", "Ордо"),
  s("Тенгри", "Tengri", "Теңир"),
  s("Ак-Марал", "Ak-Maral", "Ак-Марал"),
  s("Чынар", "Chynar", "Чынар"),
  s("Кең-Сай", "Ken-Sai", "Кең-Сай"),
  s("Ак-Бата", "Ak-Bata", "Ак-Бата"),
  s("Асман", "Asman", "Асман"),
  s("Көк-Жайык", "Kok-Jaiyk", "Көк-Жайык"),
  s("Тамга", "Tamga", "Тамга"),
  s("Байтик", "Baitik", "Байтик"),
  s("Саякат", "Sayakat", "Саякат"),
  s("Кербен", "Kerben", "Кербен"),
  s("Ак-Суу", "Ak-Suu", "Ак-Суу"),
  s("Бугу", "Bugu", "Бугу"),
  s("Ысык-Ата", "Issyk-Ata", "Ысык-Ата"),
  s("Сары-Булак", "Sary-Bulak", "Сары-Булак"),
  s("Кумтөр", "Kumtor", "Кумтөр"),
  s("Бакыт", "Bakyt", "Бакыт"),
  s("Таш-Рабат", "Tash-Rabat", "Таш-Рабат"),
  s("Ала-Көл", "Ala-Kul", "Ала-Көл"),
];

/** Titles of named listings by subtype: the name, the kind of place and where it is. */
export const NAMED_TITLES: Record<string, (n: Localized, p: Place) => Localized> = {
  "hotel-boutique": (n, p) => s(`Бутик-отель «${n.ru}» ${p.at.ru}`, `${n.en} Boutique Hotel ${p.at.en}`, `${p.at.ky} «${n.ky}» бутик-мейманканасы`),
  "hotel-business": (n, p) => s(`Бизнес-отель «${n.ru}» ${p.at.ru}`, `${n.en} Business Hotel ${p.at.en}`, `${p.at.ky} «${n.ky}» бизнес-мейманканасы`),
  "hotel-mini": (n, p) => s(`Мини-отель «${n.ru}» ${p.at.ru}`, `${n.en} Mini-Hotel ${p.at.en}`, `${p.at.ky} «${n.ky}» мини-мейманканасы`),
  "hotel-resort": (n, p) => s(`Отель «${n.ru}» ${p.at.ru}`, `${n.en} Hotel ${p.at.en}`, `${p.at.ky} «${n.ky}» мейманканасы`),
  "hostel-dorm": (n, p) => s(`Хостел «${n.ru}» ${p.at.ru}: место в общем номере`, `${n.en} Hostel ${p.at.en}: bed in a dorm`, `${p.at.ky} «${n.ky}» хостели: жалпы бөлмөдөгү орун`),
  "hostel-private": (n, p) => s(`Хостел «${n.ru}» ${p.at.ru}: отдельная комната`, `${n.en} Hostel ${p.at.en}: private room`, `${p.at.ky} «${n.ky}» хостели: өзүнчө бөлмө`),
  "guest-house-family": (n, p) => s(`Гостевой дом «${n.ru}» ${p.at.ru}`, `${n.en} Guest House ${p.at.en}`, `${p.at.ky} «${n.ky}» конок үйү`),
  "guest-house-farm": (n, p) => s(`Агроусадьба «${n.ru}» ${p.at.ru}`, `${n.en} Farm Stay ${p.at.en}`, `${p.at.ky} «${n.ky}» айыл чарба конок үйү`),
  "guest-house-room": (n, p) => s(`Комната в гостевом доме «${n.ru}» ${p.at.ru}`, `Room at ${n.en} Guest House ${p.at.en}`, `${p.at.ky} «${n.ky}» конок үйүндөгү бөлмө`),
  "yurt-traditional": (n, p) => s(`Юрточный лагерь «${n.ru}» ${p.at.ru}`, `${n.en} Yurt Camp ${p.at.en}`, `${p.at.ky} «${n.ky}» боз үй лагери`),
  "yurt-comfort": (n, p) => s(`Юрты-комфорт «${n.ru}» ${p.at.ru}`, `${n.en} Comfort Yurts ${p.at.en}`, `${p.at.ky} «${n.ky}» ыңгайлуу боз үйлөрү`),
  "yurt-family": (n, p) => s(`Семейная юрта в лагере «${n.ru}» ${p.at.ru}`, `Family yurt at ${n.en} Camp ${p.at.en}`, `${p.at.ky} «${n.ky}» лагериндеги үй-бүлөлүк боз үй`),
  "sanatorium-medical": (n, p) => s(`Санаторий «${n.ru}» ${p.at.ru}`, `${n.en} Sanatorium ${p.at.en}`, `${p.at.ky} «${n.ky}» санаторийи`),
  "sanatorium-wellness": (n, p) => s(`Оздоровительный комплекс «${n.ru}» ${p.at.ru}`, `${n.en} Wellness Resort ${p.at.en}`, `${p.at.ky} «${n.ky}» ден соолук борбору`),
  "resort-lakeside": (n, p) => s(`База отдыха «${n.ru}» ${p.at.ru}`, `${n.en} Resort ${p.at.en}`, `${p.at.ky} «${n.ky}» эс алуу борбору`),
  "resort-mountain": (n, p) => s(`Горная база «${n.ru}» ${p.at.ru}`, `${n.en} Mountain Lodge ${p.at.en}`, `${p.at.ky} «${n.ky}» тоо эс алуу борбору`),
};

/** Opening sentences by type; `{at}` is the place phrase (ru, en) or its attributive form (ky). */
export const INTROS: Record<TypeSlug, Localized[]> = {
  apartment: [
    s("Квартира {at} с продуманной планировкой и всем необходимым для жизни.", "A well-planned apartment {at} with everything you need for a stay.", "{at} ыңгайлуу батир, жашоо үчүн керектүүнүн баары бар."),
    s("Удобная квартира {at}: подойдёт и для командировки, и для отпуска.", "A comfortable apartment {at}, good for business trips and holidays alike.", "{at} батир иш сапарына да, эс алууга да ылайыктуу."),
    s("Чистая и светлая квартира {at} после свежего ремонта.", "A clean, bright apartment {at}, freshly renovated.", "{at} жаңы оңдоодон өткөн таза жана жарык батир."),
  ],
  house: [
    s("Отдельный дом {at} с собственным двором — места хватит большой компании.", "A detached house {at} with its own yard, roomy enough for a big group.", "{at} өзүнчө короосу бар үй — чоң топко орун жетет."),
    s("Дом {at}, где можно отдохнуть всей семьёй вдали от шума.", "A house {at} where the whole family can unwind away from the noise.", "{at} үй — бүт үй-бүлө менен ызы-чуудан алыс эс алса болот."),
    s("Просторный дом {at} с уютной гостиной и двором для вечерних посиделок.", "A spacious house {at} with a cosy living room and a yard for evenings outside.", "{at} жайлуу конок бөлмөсү жана кечки отуруш үчүн короосу бар кенен үй."),
  ],
  "guest-house": [
    s("Семейный гостевой дом {at}: хозяева встречают гостей как родных.", "A family-run guest house {at} where the hosts welcome you like relatives.", "{at} үй-бүлөлүк конок үй: ээлери конокторду туугандай тосуп алышат."),
    s("Гостевой дом {at} с домашней кухней и тёплой атмосферой.", "A guest house {at} with home cooking and a warm atmosphere.", "{at} үй тамагы жана жылуу маанайы бар конок үй."),
    s("Небольшой гостевой дом {at} — хорошая база для прогулок по окрестностям.", "A small guest house {at}, a good base for exploring the area.", "{at} чакан конок үй — айлананы кыдыруу үчүн жакшы жай."),
  ],
  hotel: [
    s("Отель {at} с круглосуточной стойкой регистрации и уютными номерами.", "A hotel {at} with a 24-hour front desk and comfortable rooms.", "{at} күнү-түнү иштеген кабыл алуу бөлүмү жана жайлуу бөлмөлөрү бар мейманкана."),
    s("Современный отель {at}: удобные кровати, быстрый Wi‑Fi и внимательный персонал.", "A modern hotel {at}: comfy beds, fast Wi‑Fi and attentive staff.", "{at} заманбап мейманкана: ыңгайлуу керебеттер, тез Wi‑Fi жана сылык кызматкерлер."),
    s("Отель {at} рядом с главными достопримечательностями.", "A hotel {at} close to the main sights.", "{at} негизги көрүнүктүү жерлерге жакын мейманкана."),
  ],
  hostel: [
    s("Хостел {at} для путешественников: общая кухня, чистые душевые и шкафчики.", "A travellers' hostel {at}: shared kitchen, clean showers and lockers.", "{at} саякатчылар үчүн хостел: жалпы ашкана, таза душ жана шкафтар."),
    s("Недорогой хостел {at} с дружной атмосферой и полезными советами от хозяев.", "A budget hostel {at} with a friendly vibe and useful tips from the hosts.", "{at} арзан хостел: маанайы достук, ээлери пайдалуу кеңештерди беришет."),
    s("Хостел {at} — удобная точка старта для поездок по Кыргызстану.", "A hostel {at}, a handy starting point for trips around Kyrgyzstan.", "{at} хостел — Кыргызстан боюнча саякатты баштоо үчүн ыңгайлуу жай."),
  ],
  "yurt-camp": [
    s("Юрточный лагерь {at}: настоящие войлочные юрты, печка и тёплые одеяла.", "A yurt camp {at}: real felt yurts, a stove and warm blankets.", "{at} боз үй лагери: чыныгы кийиз үйлөр, меш жана жылуу төшөнчүлөр."),
    s("Несколько юрт {at} — ночь под звёздами и утренний чай с кымызом.", "A few yurts {at}: a night under the stars and morning tea with kymyz.", "{at} бир нече боз үй — жылдыздар астында түнөө жана эртең менен кымыз менен чай."),
    s("Юрты {at} среди альпийских лугов, где пасутся лошади.", "Yurts {at} among alpine meadows where horses graze.", "{at} жылкылар жайылган альп шалбааларынын арасындагы боз үйлөр."),
  ],
  cottage: [
    s("Коттедж {at} для тех, кто хочет тишины и свежего воздуха.", "A cottage {at} for anyone after peace and fresh air.", "{at} тынчтыкты жана таза абаны сүйгөндөр үчүн коттедж."),
    s("Коттедж {at} с большой верандой, где приятно пить чай по вечерам.", "A cottage {at} with a large veranda for evening tea.", "{at} кечинде чай ичүүгө жагымдуу чоң верандасы бар коттедж."),
    s("Коттедж {at} — отличное место для отдыха с друзьями или семьёй.", "A cottage {at}, perfect for a getaway with friends or family.", "{at} коттедж — достор же үй-бүлө менен эс алуу үчүн эң сонун жер."),
  ],
  sanatorium: [
    s("Санаторий {at} с лечебными программами, бассейном и собственной территорией.", "A sanatorium {at} with treatment programmes, a swimming pool and private grounds.", "{at} дарылоо программалары, бассейни жана өз аймагы бар санаторий."),
    s("Оздоровительный комплекс {at}: минеральная вода, процедуры и спокойный отдых.", "A health resort {at}: mineral water, treatments and quiet rest.", "{at} ден соолукту чыңдоочу комплекс: минералдык суу, дарылоо жана тынч эс алуу."),
  ],
  resort: [
    s("База отдыха {at} с большой зелёной территорией.", "A resort {at} with large green grounds.", "{at} кенен жашыл аймагы бар эс алуу борбору."),
    s("База отдыха {at}: номера и коттеджи на любой бюджет.", "A resort {at} with rooms and cottages for every budget.", "{at} ар кандай бюджетке ылайык бөлмөлөрү жана коттедждери бар эс алуу борбору."),
  ],
  room: [
    s("Номер на территории комплекса с собственной ванной комнатой.", "A room within the complex with a private bathroom.", "Комплекстин ичиндеги өзүнчө ванна бөлмөсү бар бөлмө."),
    s("Уютный номер с удобной кроватью и всем необходимым.", "A cosy room with a comfortable bed and all the essentials.", "Ыңгайлуу керебети жана керектүүнүн баары бар жайлуу бөлмө."),
  ],
  "resort-cottage": [
    s("Отдельный коттедж на территории комплекса.", "A separate cottage on the complex grounds.", "Комплекстин аймагындагы өзүнчө коттедж."),
    s("Коттедж с верандой в тихой части территории.", "A cottage with a veranda in a quiet corner of the grounds.", "Аймактын тынч бурчундагы верандасы бар коттедж."),
  ],
};

export type Closing = { text: Localized; when?: "city" | "rural" | "apartment" | "camp" | "wifi" };

export const CLOSINGS: Closing[] = [
  { text: s("Хозяева всегда на связи и помогут с трансфером и экскурсиями.", "The hosts are always in touch and can help with transfers and tours.", "Ээлери дайыма байланышта, трансфер жана экскурсия боюнча жардам беришет.") },
  { text: s("Постельное бельё и полотенца включены в стоимость.", "Bed linen and towels are included.", "Шейшептер жана сүлгүлөр баасына кирет.") },
  { text: s("Заселение бесконтактное — ключи в сейфе у двери.", "Self check-in: the keys are in a lockbox by the door.", "Өз алдынча жайгашуу — ачкычтар эшиктин жанындагы сейфте."), when: "apartment" },
  { text: s("Рядом магазины, кафе и аптека.", "Shops, cafés and a pharmacy are nearby.", "Жакын жерде дүкөндөр, кафелер жана дарыкана бар."), when: "city" },
  { text: s("Можем организовать конные прогулки и поездки по окрестностям.", "We can arrange horse rides and trips around the area.", "Ат минип сейилдөө жана айлананы кыдыруу саякаттарын уюштура алабыз."), when: "rural" },
  { text: s("Вечером можно посидеть у костра и послушать комуз.", "In the evening, sit by the campfire and listen to the komuz.", "Кечинде от жанында отуруп, комуз уга аласыз."), when: "camp" },
  { text: s("Подходит для удалённой работы: стабильный интернет и рабочий стол.", "Good for remote work: stable internet and a desk.", "Алыстан иштөөгө ылайыктуу: туруктуу интернет жана иш столу."), when: "wifi" },
  { text: s("Будем рады видеть вас в любое время года.", "We are happy to host you in any season.", "Жылдын каалаган мезгилинде сиздерди күтөбүз.") },
];

export const RULES = {
  smoking: s("Курение в помещении запрещено.", "No smoking indoors.", "Имаратта тамеки тартууга тыюу салынат."),
  quiet: s("Тишина с 23:00 до 07:00.", "Quiet hours 23:00–07:00.", "Түнкү тынчтык убактысы: 23:00–07:00."),
  parties: s("Без вечеринок и шумных мероприятий.", "No parties or loud events.", "Кече жана ызы-чуу иш-чаралар өткөрүлбөйт."),
  petsYes: s("Можно с домашними животными.", "Pets are welcome.", "Үй жаныбарлары менен келүүгө болот."),
  petsNo: s("Без домашних животных.", "No pets.", "Үй жаныбарлары менен келүүгө болбойт."),
  shoes: s("Обувь снимаем у входа.", "Please take off your shoes at the door.", "Бут кийимди эшиктин алдында чечиңиз."),
  fire: s("Не разводите огонь вне печи и кострища.", "Do not light fires outside the stove or fire pit.", "Отту меш менен коломтодон башка жерде жакпаңыз."),
  children: s("Дети любого возраста приветствуются.", "Children of all ages are welcome.", "Бардык курактагы балдар кабыл алынат."),
  documents: s("При заселении нужен паспорт или ID-карта.", "A passport or ID card is required at check-in.", "Жайгашууда паспорт же ID-карта талап кылынат."),
  water: s("Пожалуйста, бережно расходуйте горячую воду.", "Please use hot water sparingly.", "Ысык сууну үнөмдүү колдонуңуз."),
  visitors: s("Посторонние гости — по согласованию с хозяином.", "Visitors only by arrangement with the host.", "Бөтөн конокторду үй ээси менен макулдашып гана чакырыңыз."),
  times: (checkIn: string, checkOut: string) =>
    s(`Заезд после ${checkIn}, выезд до ${checkOut}.`, `Check-in from ${checkIn}, check-out by ${checkOut}.`, `Кирүү убактысы — ${checkIn}, чыгуу убактысы — ${checkOut}.`),
};

// ── Reviews ─────────────────────────────────────────────────────────────────────────────────

type Lines = Record<"ru" | "en" | "ky", string[]>;
export type ReviewDetail = { text: Localized; needs?: "meals" | "view" | "kids" };

export const REVIEW_OPEN: Record<"great" | "good" | "ok" | "bad", Lines> = {
  great: {
    ru: ["Всё было просто отлично!", "Лучшее место, где мы останавливались в Кыргызстане.", "Остались в полном восторге.", "Очень рекомендую!", "Прекрасный отдых."],
    en: ["Everything was simply perfect!", "The best place we stayed at in Kyrgyzstan.", "We loved every minute.", "Highly recommended!", "A wonderful stay."],
    ky: ["Баары эле абдан жакшы болду!", "Кыргызстанда токтогон жерлерибиздин эң мыктысы.", "Абдан ыраазы болдук.", "Баарына сунуштайм!", "Сонун эс алдык."],
  },
  good: {
    ru: ["Хорошее место, нам понравилось.", "В целом всё хорошо.", "Приятное жильё за свои деньги.", "Хороший вариант для отдыха."],
    en: ["Nice place, we liked it.", "All good overall.", "A pleasant stay for the price.", "A good choice for a break."],
    ky: ["Жакшы жер, бизге жакты.", "Жалпысынан баары жакшы.", "Баасына жараша жакшы турак жай.", "Эс алуу үчүн жакшы вариант."],
  },
  ok: {
    ru: ["Нормально для одной-двух ночей.", "Неплохо, но есть что улучшить."],
    en: ["Fine for a night or two.", "Not bad, but there is room for improvement."],
    ky: ["Бир-эки түнгө жаман эмес.", "Жаман эмес, бирок жакшыртчу нерселер бар."],
  },
  bad: {
    ru: ["К сожалению, ожидания не оправдались.", "Фото не совсем соответствуют действительности."],
    en: ["Unfortunately, it did not meet our expectations.", "The photos don't quite match reality."],
    ky: ["Тилекке каршы, күткөнүбүздөй болгон жок.", "Сүрөттөр чындыкка толук дал келбейт."],
  },
};

export const REVIEW_DETAILS: ReviewDetail[] = [
  { text: s("Хозяева очень гостеприимные, встретили с чаем и горячими лепёшками.", "The hosts were so welcoming and met us with tea and hot bread.", "Үй ээлери абдан меймандос, чай жана ысык нан менен тосуп алышты.") },
  { text: s("Чисто, уютно, всё как на фото.", "Clean, cosy and exactly like the photos.", "Таза, жайлуу, баары сүрөттөгүдөй.") },
  { text: s("Вид из окна — просто сказка.", "The view from the window is a fairy tale.", "Терезеден көрүнгөн көрүнүш укмуш."), needs: "view" },
  { text: s("Кровати удобные, отлично выспались.", "Comfortable beds, we slept really well.", "Керебеттер ыңгайлуу, жакшы уктадык.") },
  { text: s("Завтраки вкусные и сытные.", "The breakfasts were tasty and filling.", "Эртең мененки тамак даамдуу жана тойимдүү болду."), needs: "meals" },
  { text: s("Отличное расположение, всё рядом.", "Great location, everything is close by.", "Жайгашкан жери эң сонун, баары жакын.") },
  { text: s("Дети были в восторге.", "The kids were thrilled.", "Балдар абдан кубанышты."), needs: "kids" },
  { text: s("Тихо и спокойно, хорошо отдохнули.", "Quiet and peaceful, we had a proper rest.", "Тынч жана бейпил, жакшы эс алдык.") },
  { text: s("Заселение прошло быстро, хозяин всё показал.", "Check-in was quick and the host showed us everything.", "Жайгашуу тез өттү, ээси баарын көрсөттү.") },
  { text: s("Хозяйка готовит невероятный бешбармак.", "The hostess cooks an incredible beshbarmak.", "Үй ээсинин бешбармагы укмуш даамдуу."), needs: "meals" },
];

export const REVIEW_MINOR: Lines = {
  ru: ["Немного шумно по вечерам, но это мелочи.", "Wi‑Fi иногда пропадал.", "Парковка небольшая, но место нашлось.", "Последние пару километров дорога плохая, но оно того стоит.", "Напор воды в душе слабоватый."],
  en: ["A little noisy in the evenings, but that's minor.", "The Wi‑Fi dropped out now and then.", "Parking is small, but we found a spot.", "The last couple of kilometres of road are rough, but it's worth it.", "The shower pressure is a bit weak."],
  ky: ["Кечинде бир аз ызы-чуу болот, бирок бул майда нерсе.", "Wi‑Fi кээде үзүлүп калды.", "Унаа токтотуучу жай кичинекей, бирок орун табылды.", "Акыркы эки чакырым жол начар, бирок ага татыктуу.", "Душтагы суунун басымы бир аз начар."],
};

export const REVIEW_BAD: Lines = {
  ru: ["Ночью было холодно, обогреватель не спасал.", "Уборка оставляет желать лучшего.", "Хозяин долго не отвечал на звонки."],
  en: ["It was cold at night and the heater didn't help.", "The cleaning could be much better.", "The host took a long time to answer calls."],
  ky: ["Түнкүсүн суук болду, жылыткыч жардам берген жок.", "Тазалоо начар болчу.", "Үй ээси телефонго көпкө чейин жооп берген жок."],
};

export const REVIEW_CLOSE: Record<"great" | "ok", Lines> = {
  great: {
    ru: ["Обязательно вернёмся!", "Спасибо за гостеприимство!", "Рекомендую всем.", "Приедем ещё летом."],
    en: ["We'll definitely be back!", "Thank you for your hospitality!", "Recommended to everyone.", "We'll come again in summer."],
    ky: ["Сөзсүз кайра келебиз!", "Меймандостугуңуздарга рахмат!", "Баарына сунуштайм.", "Жайында дагы келебиз."],
  },
  ok: {
    ru: ["За эту цену — нормально."],
    en: ["OK for the price."],
    ky: ["Бул баага — жарайт."],
  },
};

// ── People ──────────────────────────────────────────────────────────────────────────────────

export type Person = { first: string; last: string; locale: "ru" | "en" | "ky" };

const KG_MALE = ["Айбек", "Нурлан", "Эрлан", "Данияр", "Азамат", "Тимур", "Канат", "Улан", "Бекзат", "Самат", "Эмиль", "Жоомарт", "Чынгыз", "Руслан", "Марат", "Талант", "Адилет", "Бакыт", "Нурбек", "Элдияр"];
const KG_FEMALE = ["Айгерим", "Жылдыз", "Асель", "Бермет", "Чолпон", "Гульнара", "Мээрим", "Айпери", "Нургуль", "Динара", "Айжан", "Камила", "Элиза", "Алия", "Назира", "Бегимай", "Айнура", "Жазгүл", "Нуриза", "Сезим"];
const KG_LAST = ["Асанов", "Токтосунов", "Абдыкадыров", "Исаков", "Жумабеков", "Осмонов", "Сатыбалдиев", "Касымов", "Мамытов", "Бейшеналиев", "Турдубаев", "Эсенов", "Кадыров", "Алиев", "Сыдыков", "Омурбеков", "Джумалиев", "Керимбеков", "Усенов", "Шаршеев"];
const RU_PEOPLE: [string, string][] = [["Ольга", "Иванова"], ["Дмитрий", "Петров"], ["Елена", "Ким"], ["Сергей", "Ли"], ["Анна", "Смирнова"], ["Игорь", "Пак"], ["Наталья", "Ковалёва"], ["Алексей", "Волков"], ["Мария", "Цой"], ["Андрей", "Морозов"]];
const EN_PEOPLE: [string, string][] = [["Anna", "Müller"], ["Thomas", "Becker"], ["Sarah", "Johnson"], ["Lukas", "Schmidt"], ["Emma", "Wilson"], ["David", "Brown"], ["Yuki", "Tanaka"], ["Marco", "Rossi"], ["Claire", "Martin"], ["James", "Taylor"], ["Sophie", "Dubois"], ["Jan", "Novák"]];

/** Female form of a Kyrgyz/Russian surname in -ов/-ев/-ин. */
function feminine(last: string): string {
  return /(ов|ев|ин)$/.test(last) ? `${last}а` : last;
}

/** A deterministic person for index `i` (the mix leans Kyrgyz, as the guests of a Kyrgyz site do). */
export function personAt(i: number, pick: (n: number) => number): Person {
  const kind = i % 10;
  if (kind < 6) {
    const female = pick(2) === 0;
    const first = female ? KG_FEMALE[pick(KG_FEMALE.length)] : KG_MALE[pick(KG_MALE.length)];
    const last = KG_LAST[pick(KG_LAST.length)];
    return { first, last: female ? feminine(last) : last, locale: kind < 3 ? "ky" : "ru" };
  }
  if (kind < 8) {
    const [first, last] = RU_PEOPLE[pick(RU_PEOPLE.length)];
    return { first, last, locale: "ru" };
  }
  const [first, last] = EN_PEOPLE[pick(EN_PEOPLE.length)];
  return { first, last, locale: "en" };
}

// ── Grammar helpers ─────────────────────────────────────────────────────────────────────────

export function ruPlural(n: number, one: string, few: string, many: string): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return one;
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return few;
  return many;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A directory name inside a sentence: "Парковка" → "парковка", but "Wi‑Fi", "TV" and "BBQ grill" stay. */
export function inSentence(name: string): string {
  return /^\p{Lu}[\p{Ll}\s]/u.test(name) && !name.startsWith("Wi") ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

export function joinList(items: string[], locale: "ru" | "en" | "ky"): string {
  if (items.length <= 1) return items.join("");
  const and = locale === "ru" ? " и " : locale === "en" ? " and " : " жана ";
  return `${items.slice(0, -1).join(", ")}${and}${items[items.length - 1]}`;
}
