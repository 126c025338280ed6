/**
 * Where the demo estates are: real towns and valleys of Kyrgyzstan with their coordinates, names in
 * three languages (with the grammatical forms the title templates need), streets and local sights.
 */
import type { Localized } from "../../contract/common";

export type TypeSlug =
  | "apartment"
  | "house"
  | "guest-house"
  | "hotel"
  | "hostel"
  | "yurt-camp"
  | "cottage"
  | "sanatorium"
  | "resort"
  | "room"
  | "resort-cottage";

export type Street = Localized;

export type Place = {
  slug: string;
  /** Settlement name, nominative: the estate's `city`. */
  name: Localized;
  /** "в Бишкеке" / "in Bishkek"; ky holds the attributive locative "Бишкектеги". */
  at: Localized;
  region: string;
  lat: number;
  lng: number;
  /** Scatter radius around the centre, km. */
  spreadKm: number;
  /** The lake lies south of the town (north shore of Issyk-Kul): keep estates on land. */
  lakeToSouth?: boolean;
  /** Estates sit on a ring around a lake centre (Song-Kul): [lat radius, lng radius] in degrees. */
  ring?: [number, number];
  lake: boolean;
  /** Chance a listing here has a mountain view. */
  mountainView: number;
  city: boolean;
  /** Share of the demo's plain estates. */
  weight: number;
  types: [TypeSlug, number][];
  priceFactor: number;
  streets: Street[];
  /** Address without a house number (remote places): used instead of streets. */
  fixedAddresses?: Localized[];
  sights: Localized[];
};

const s = (ru: string, en: string, ky: string): Localized => ({ ru, en, ky });

const LENINA = s("ул. Ленина", "Lenin St", "Ленин көчөсү");
const SOVETSKAYA = s("ул. Советская", "Sovetskaya St", "Советская көчөсү");
const TOKTOGULA = s("ул. Токтогула", "Toktogul St", "Токтогул көчөсү");
const MANASA = s("ул. Манаса", "Manas St", "Манас көчөсү");
const SADOVAYA = s("ул. Садовая", "Sadovaya St", "Бак көчөсү");
const NABEREZHNAYA = s("ул. Набережная", "Naberezhnaya St", "Жээк көчөсү");
const SHKOLNAYA = s("ул. Школьная", "Shkolnaya St", "Мектеп көчөсү");
const TSENTRALNAYA = s("ул. Центральная", "Tsentralnaya St", "Борбордук көчө");
const GAGARINA = s("ул. Гагарина", "Gagarin St", "Гагарин көчөсү");
const MIRA = s("ул. Мира", "Mira St", "Тынчтык көчөсү");
const TOWN = [LENINA, SOVETSKAYA, TOKTOGULA, MANASA, SADOVAYA, SHKOLNAYA, TSENTRALNAYA, GAGARINA, MIRA];

export const PLACES: Place[] = [
  {
    slug: "bishkek",
    name: s("Бишкек", "Bishkek", "Бишкек"),
    at: s("в Бишкеке", "in Bishkek", "Бишкектеги"),
    region: "bishkek",
    lat: 42.8746,
    lng: 74.5698,
    spreadKm: 4.5,
    lake: false,
    mountainView: 0.35,
    city: true,
    weight: 60,
    types: [["apartment", 52], ["hotel", 18], ["hostel", 12], ["house", 8], ["guest-house", 10]],
    priceFactor: 1.1,
    streets: [
      s("ул. Киевская", "Kievskaya St", "Киев көчөсү"),
      s("пр. Чуй", "Chuy Ave", "Чүй проспектиси"),
      s("пр. Манаса", "Manas Ave", "Манас проспектиси"),
      TOKTOGULA,
      s("ул. Исанова", "Isanov St", "Исанов көчөсү"),
      s("ул. Абдрахманова", "Abdrakhmanov St", "Абдрахманов көчөсү"),
      s("ул. Ибраимова", "Ibraimov St", "Ибраимов көчөсү"),
      s("бул. Эркиндик", "Erkindik Blvd", "Эркиндик бульвары"),
      s("ул. Московская", "Moskovskaya St", "Москва көчөсү"),
      s("ул. Боконбаева", "Bokonbaev St", "Бөкөнбаев көчөсү"),
      s("пр. Жибек Жолу", "Jibek Jolu Ave", "Жибек Жолу проспектиси"),
      s("ул. Ахунбаева", "Akhunbaev St", "Ахунбаев көчөсү"),
      s("ул. Горького", "Gorky St", "Горький көчөсү"),
      s("ул. Фрунзе", "Frunze St", "Фрунзе көчөсү"),
    ],
    sights: [
      s("До площади Ала-Тоо и Дубового парка — 10 минут пешком.", "Ala-Too Square and Oak Park are a 10-minute walk away.", "Ала-Тоо аянтына жана Эмен паркына чейин жөө 10 мүнөт."),
      s("Рядом Ошский базар, кофейни и остановки общественного транспорта.", "Osh Bazaar, coffee shops and public transport stops are nearby.", "Жакын жерде Ош базары, кофейнялар жана коомдук транспорттун аялдамалары бар."),
      s("Национальный парк Ала-Арча — в 40 минутах езды.", "Ala-Archa National Park is a 40-minute drive away.", "Ала-Арча улуттук паркына чейин унаа менен 40 мүнөт."),
      s("До филармонии и театра оперы и балета — пару остановок.", "The Philharmonic and the Opera and Ballet Theatre are a couple of stops away.", "Филармонияга жана опера жана балет театрына эки-үч аялдама."),
    ],
  },
  {
    slug: "osh",
    name: s("Ош", "Osh", "Ош"),
    at: s("в Оше", "in Osh", "Оштогу"),
    region: "osh",
    lat: 40.5283,
    lng: 72.7985,
    spreadKm: 3,
    lake: false,
    mountainView: 0.3,
    city: true,
    weight: 25,
    types: [["apartment", 35], ["hotel", 25], ["hostel", 15], ["guest-house", 25]],
    priceFactor: 0.95,
    streets: [
      LENINA,
      s("ул. Курманжан Датки", "Kurmanjan Datka St", "Курманжан Датка көчөсү"),
      s("пр. Масалиева", "Masaliev Ave", "Масалиев проспектиси"),
      s("ул. Навои", "Navoi St", "Навои көчөсү"),
      s("ул. Кыргызстан", "Kyrgyzstan St", "Кыргызстан көчөсү"),
    ],
    sights: [
      s("Священная гора Сулайман-Тоо совсем рядом.", "The sacred Sulaiman-Too mountain is close by.", "Ыйык Сулайман-Тоо тоосу жанында эле."),
      s("До Ошского базара, одного из древнейших на Шёлковом пути, — несколько минут.", "Osh Bazaar, one of the oldest on the Silk Road, is minutes away.", "Жибек жолундагы эң байыркы базарлардын бири — Ош базарына бир нече мүнөт."),
    ],
  },
  {
    slug: "cholpon-ata",
    name: s("Чолпон-Ата", "Cholpon-Ata", "Чолпон-Ата"),
    at: s("в Чолпон-Ате", "in Cholpon-Ata", "Чолпон-Атадагы"),
    region: "issyk-kul",
    lat: 42.649,
    lng: 77.082,
    spreadKm: 2.5,
    lakeToSouth: true,
    lake: true,
    mountainView: 0.7,
    city: false,
    weight: 35,
    types: [["guest-house", 30], ["house", 20], ["hotel", 20], ["cottage", 15], ["apartment", 15]],
    priceFactor: 1.15,
    streets: [SOVETSKAYA, LENINA, s("ул. Озёрная", "Ozernaya St", "Көл көчөсү"), s("ул. Курортная", "Kurortnaya St", "Курорт көчөсү"), MIRA],
    sights: [
      s("До песчаного пляжа — 5 минут пешком.", "A sandy beach is a 5-minute walk away.", "Кумдуу пляжга чейин жөө 5 мүнөт."),
      s("Рядом музей петроглифов под открытым небом и культурный центр «Рух Ордо».", "The open-air petroglyph museum and the Ruh Ordo cultural centre are nearby.", "Жакын жерде ачык асман алдындагы петроглифтер музейи жана «Рух Ордо» маданий борбору бар."),
    ],
  },
  {
    slug: "bosteri",
    name: s("Бостери", "Bosteri", "Бостери"),
    at: s("в Бостери", "in Bosteri", "Бостеридеги"),
    region: "issyk-kul",
    lat: 42.6497,
    lng: 77.172,
    spreadKm: 2,
    lakeToSouth: true,
    lake: true,
    mountainView: 0.6,
    city: false,
    weight: 20,
    types: [["guest-house", 30], ["cottage", 20], ["house", 20], ["hotel", 20], ["yurt-camp", 10]],
    priceFactor: 1.1,
    streets: [NABEREZHNAYA, SOVETSKAYA, s("ул. Курортная", "Kurortnaya St", "Курорт көчөсү"), SADOVAYA],
    sights: [
      s("Набережная с аттракционами и колесом обозрения — рядом.", "The promenade with rides and a Ferris wheel is close by.", "Аттракциондору жана панорамалык дөңгөлөгү бар жээк жолу жакын."),
      s("Тёплая вода и пологий вход в озеро — удобно с детьми.", "Warm water and a gentle slope into the lake, great with children.", "Суусу жылуу, көлгө кирүү жайык — балдар менен ыңгайлуу."),
    ],
  },
  {
    slug: "tamchy",
    name: s("Тамчы", "Tamchy", "Тамчы"),
    at: s("в Тамчы", "in Tamchy", "Тамчыдагы"),
    region: "issyk-kul",
    lat: 42.5598,
    lng: 76.6526,
    spreadKm: 1.5,
    lakeToSouth: true,
    lake: true,
    mountainView: 0.7,
    city: false,
    weight: 10,
    types: [["guest-house", 45], ["cottage", 25], ["yurt-camp", 15], ["house", 15]],
    priceFactor: 1,
    streets: [NABEREZHNAYA, TSENTRALNAYA, SADOVAYA, SHKOLNAYA],
    sights: [
      s("Тихий посёлок с широким пляжем, аэропорт неподалёку.", "A quiet village with a wide beach and an airport nearby.", "Кең пляжы бар тынч айыл, жанында аэропорт бар."),
      s("Здесь одни из лучших закатов на Иссык-Куле.", "Some of the best sunsets on Issyk-Kul are right here.", "Ысык-Көлдөгү эң кооз күн батыштардын бири ушул жерде."),
    ],
  },
  {
    slug: "balykchy",
    name: s("Балыкчы", "Balykchy", "Балыкчы"),
    at: s("в Балыкчы", "in Balykchy", "Балыкчыдагы"),
    region: "issyk-kul",
    lat: 42.4603,
    lng: 76.187,
    spreadKm: 2,
    lakeToSouth: true,
    lake: true,
    mountainView: 0.5,
    city: false,
    weight: 8,
    types: [["guest-house", 50], ["apartment", 25], ["hotel", 25]],
    priceFactor: 0.85,
    streets: TOWN,
    sights: [
      s("Ворота Иссык-Куля: удобная остановка по пути на озеро или в Нарын.", "The gateway to Issyk-Kul: a handy stop on the way to the lake or Naryn.", "Ысык-Көлдүн дарбазасы: көлгө же Нарынга бара жатканда токтоп өтүүгө ыңгайлуу."),
      s("Рядом рыбный рынок и западный пляж.", "The fish market and the western beach are nearby.", "Жанында балык базары жана батыш пляжы бар."),
    ],
  },
  {
    slug: "karakol",
    name: s("Каракол", "Karakol", "Каракол"),
    at: s("в Караколе", "in Karakol", "Караколдогу"),
    region: "issyk-kul",
    lat: 42.4907,
    lng: 78.3936,
    spreadKm: 2.2,
    lake: false,
    mountainView: 0.75,
    city: true,
    weight: 30,
    types: [["guest-house", 35], ["hostel", 15], ["hotel", 15], ["apartment", 10], ["cottage", 15], ["house", 10]],
    priceFactor: 1,
    streets: [s("ул. Абдрахманова", "Abdrakhmanov St", "Абдрахманов көчөсү"), TOKTOGULA, GAGARINA, s("ул. Пржевальского", "Przhevalsky St", "Пржевальский көчөсү"), LENINA],
    sights: [
      s("До горнолыжной базы «Каракол» — 30 минут езды.", "The Karakol ski base is a 30-minute drive away.", "«Каракол» тоо лыжа базасына чейин унаа менен 30 мүнөт."),
      s("Рядом Дунганская мечеть и Свято-Троицкий собор.", "The Dungan Mosque and the Holy Trinity Cathedral are nearby.", "Жакын жерде Дунган мечити жана Ыйык Үч Бирдик чиркөөсү бар."),
      s("Отсюда начинаются треки к Алтын-Арашану и озеру Ала-Куль.", "Treks to Altyn-Arashan and Ala-Kul Lake start from here.", "Алтын-Арашанга жана Ала-Көлгө жөө жолдор ушул жерден башталат."),
    ],
  },
  {
    slug: "jeti-oguz",
    name: s("Джети-Огуз", "Jeti-Oguz", "Жети-Өгүз"),
    at: s("в Джети-Огузе", "in Jeti-Oguz", "Жети-Өгүздөгү"),
    region: "issyk-kul",
    lat: 42.345,
    lng: 78.225,
    spreadKm: 1.5,
    lake: false,
    mountainView: 0.95,
    city: false,
    weight: 10,
    types: [["yurt-camp", 35], ["guest-house", 40], ["cottage", 25]],
    priceFactor: 0.95,
    streets: [TSENTRALNAYA, SADOVAYA, NABEREZHNAYA],
    sights: [
      s("Красные скалы «Семь быков» видны прямо с территории.", "The red Seven Bulls rocks are visible right from the grounds.", "«Жети өгүз» кызыл аскалары аймактан эле көрүнүп турат."),
      s("Рядом горячие источники и ущелье «Долина цветов».", "Hot springs and the Valley of Flowers gorge are nearby.", "Жакын жерде ысык булактар жана «Гүлдөр өрөөнү» капчыгайы бар."),
    ],
  },
  {
    slug: "kyzyl-suu",
    name: s("Кызыл-Суу", "Kyzyl-Suu", "Кызыл-Суу"),
    at: s("в Кызыл-Суу", "in Kyzyl-Suu", "Кызыл-Суудагы"),
    region: "issyk-kul",
    lat: 42.343,
    lng: 78.003,
    spreadKm: 1.5,
    lake: false,
    mountainView: 0.9,
    city: false,
    weight: 8,
    types: [["guest-house", 60], ["yurt-camp", 40]],
    priceFactor: 0.9,
    streets: [TSENTRALNAYA, SHKOLNAYA, SADOVAYA, MANASA],
    sights: [
      s("Тихое село у подножия хребта Терскей Ала-Тоо.", "A quiet village at the foot of the Terskey Ala-Too range.", "Тескей Ала-Тоонун этегиндеги тынч айыл."),
      s("Рядом ущелье Кызыл-Суу с термальными источниками.", "The Kyzyl-Suu gorge with its thermal springs is nearby.", "Жакын жерде термалдык булактары бар Кызыл-Суу капчыгайы."),
    ],
  },
  {
    slug: "naryn",
    name: s("Нарын", "Naryn", "Нарын"),
    at: s("в Нарыне", "in Naryn", "Нарындагы"),
    region: "naryn",
    lat: 41.4287,
    lng: 75.9911,
    spreadKm: 2,
    lake: false,
    mountainView: 0.9,
    city: true,
    weight: 12,
    types: [["guest-house", 45], ["hotel", 25], ["hostel", 15], ["apartment", 15]],
    priceFactor: 0.85,
    streets: [LENINA, TOKTOGULA, s("ул. Раззакова", "Razzakov St", "Раззаков көчөсү"), s("ул. Орозбакова", "Orozbakov St", "Орозбаков көчөсү")],
    sights: [
      s("Удобная остановка по пути к Таш-Рабату и перевалу Торугарт.", "A convenient stop on the way to Tash-Rabat and the Torugart pass.", "Таш-Рабатка жана Торугарт ашуусуна бара жаткан жолдо токтоого ыңгайлуу."),
      s("Город тянется вдоль реки Нарын между горами.", "The town stretches along the Naryn River between the mountains.", "Шаар Нарын дарыясынын боюнда тоолордун ортосунда созулуп жатат."),
    ],
  },
  {
    slug: "kochkor",
    name: s("Кочкор", "Kochkor", "Кочкор"),
    at: s("в Кочкоре", "in Kochkor", "Кочкордогу"),
    region: "naryn",
    lat: 42.2148,
    lng: 75.7553,
    spreadKm: 1.5,
    lake: false,
    mountainView: 0.85,
    city: false,
    weight: 10,
    types: [["guest-house", 70], ["yurt-camp", 30]],
    priceFactor: 0.85,
    streets: [s("ул. Орозбакова", "Orozbakov St", "Орозбаков көчөсү"), TSENTRALNAYA, SHKOLNAYA, MANASA],
    sights: [
      s("Здесь делают шырдаки — можно заглянуть в мастерскую войлока.", "This is the home of shyrdak felt carpets: drop in at a felt workshop.", "Бул жерде шырдак жасашат — кийиз устаканасына кирип көрсөңүз болот."),
      s("Отсюда ближе всего ехать на Сон-Куль.", "This is the closest starting point for Song-Kul.", "Соң-Көлгө бул жерден баруу эң жакын."),
    ],
  },
  {
    slug: "song-kul",
    name: s("Сон-Куль", "Song-Kul", "Соң-Көл"),
    at: s("на Сон-Куле", "at Song-Kul", "Соң-Көлдөгү"),
    region: "naryn",
    lat: 41.85,
    lng: 75.12,
    spreadKm: 0,
    ring: [0.095, 0.2],
    lake: true,
    mountainView: 1,
    city: false,
    weight: 14,
    types: [["yurt-camp", 100]],
    priceFactor: 1,
    streets: [],
    fixedAddresses: [
      s("северный берег озера Сон-Куль", "North shore of Song-Kul Lake", "Соң-Көлдүн түндүк жээги"),
      s("южный берег озера Сон-Куль", "South shore of Song-Kul Lake", "Соң-Көлдүн түштүк жээги"),
      s("западный берег озера Сон-Куль", "West shore of Song-Kul Lake", "Соң-Көлдүн батыш жээги"),
      s("восточный берег озера Сон-Куль", "East shore of Song-Kul Lake", "Соң-Көлдүн чыгыш жээги"),
    ],
    sights: [
      s("Лагерь стоит на берегу высокогорного озера на высоте 3016 метров.", "The camp stands on the shore of an alpine lake at 3,016 metres.", "Лагерь деңиз деңгээлинен 3016 метр бийиктиктеги көлдүн жээгинде турат."),
      s("Ночью над озером виден Млечный Путь.", "At night the Milky Way shines over the lake.", "Түнкүсүн көлдүн үстүндө Саманчынын жолу көрүнөт."),
    ],
  },
  {
    slug: "jalal-abad",
    name: s("Джалал-Абад", "Jalal-Abad", "Жалал-Абад"),
    at: s("в Джалал-Абаде", "in Jalal-Abad", "Жалал-Абаддагы"),
    region: "jalal-abad",
    lat: 40.9333,
    lng: 73.0017,
    spreadKm: 2.5,
    lake: false,
    mountainView: 0.4,
    city: true,
    weight: 10,
    types: [["apartment", 35], ["hotel", 30], ["guest-house", 35]],
    priceFactor: 0.9,
    streets: [LENINA, TOKTOGULA, s("ул. Эркиндик", "Erkindik St", "Эркиндик көчөсү"), MIRA],
    sights: [
      s("Рядом курорт с минеральными источниками и городской парк.", "A mineral spring resort and the city park are nearby.", "Жакын жерде минералдык булактары бар курорт жана шаардык парк бар."),
      s("Удобная база для поездок в Арсланбоб и на Сары-Челек.", "A handy base for trips to Arslanbob and Sary-Chelek.", "Арстанбапка жана Сары-Челекке саякаттоо үчүн ыңгайлуу жай."),
    ],
  },
  {
    slug: "arslanbob",
    name: s("Арсланбоб", "Arslanbob", "Арстанбап"),
    at: s("в Арсланбобе", "in Arslanbob", "Арстанбаптагы"),
    region: "jalal-abad",
    lat: 41.3333,
    lng: 72.9333,
    spreadKm: 1.5,
    lake: false,
    mountainView: 0.85,
    city: false,
    weight: 12,
    types: [["guest-house", 70], ["cottage", 15], ["yurt-camp", 15]],
    priceFactor: 0.85,
    streets: [TSENTRALNAYA, SADOVAYA, s("ул. Ореховая", "Orekhovaya St", "Жаңгак көчөсү"), SHKOLNAYA],
    sights: [
      s("Вокруг — крупнейший в мире реликтовый орехоплодный лес.", "All around is the world's largest wild walnut forest.", "Айланада дүйнөдөгү эң чоң жапайы жаңгак токою."),
      s("Пешком можно дойти до большого и малого водопадов.", "You can walk to the big and small waterfalls.", "Чоң жана кичи шаркыратмаларга жөө барса болот."),
    ],
  },
  {
    slug: "talas",
    name: s("Талас", "Talas", "Талас"),
    at: s("в Таласе", "in Talas", "Таластагы"),
    region: "talas",
    lat: 42.5228,
    lng: 72.2427,
    spreadKm: 2,
    lake: false,
    mountainView: 0.6,
    city: true,
    weight: 8,
    types: [["guest-house", 45], ["hotel", 25], ["house", 30]],
    priceFactor: 0.85,
    streets: [s("ул. Бердике Баатыра", "Berdike Baatyr St", "Бердике Баатыр көчөсү"), LENINA, MANASA, SADOVAYA],
    sights: [
      s("Рядом мемориальный комплекс «Манас Ордо».", "The Manas Ordo memorial complex is nearby.", "Жакын жерде «Манас Ордо» мемориалдык комплекси бар."),
      s("Тихая долина с садами и видом на Таласский хребет.", "A quiet valley of orchards with views of the Talas range.", "Бактары бар тынч өрөөн, Талас кырка тоосу көрүнүп турат."),
    ],
  },
  {
    slug: "batken",
    name: s("Баткен", "Batken", "Баткен"),
    at: s("в Баткене", "in Batken", "Баткендеги"),
    region: "batken",
    lat: 40.0625,
    lng: 70.8194,
    spreadKm: 2,
    lake: false,
    mountainView: 0.6,
    city: true,
    weight: 6,
    types: [["guest-house", 50], ["hotel", 30], ["house", 20]],
    priceFactor: 0.8,
    streets: [s("ул. Ысык-Кульская", "Issyk-Kulskaya St", "Ысык-Көл көчөсү"), LENINA, TSENTRALNAYA, SADOVAYA],
    sights: [
      s("Рядом абрикосовые сады и дорога к Айгуль-Ташу.", "Apricot orchards nearby and the road to Aigul-Tash.", "Жакын жерде өрүк бактары жана Айгүл-Ташка баруучу жол бар."),
      s("Отсюда начинаются маршруты в Лейлек и к пикам Памиро-Алая.", "Routes to Leilek and the Pamir-Alay peaks start here.", "Лейлекке жана Памир-Алай чокуларына жолдор ушул жерден башталат."),
    ],
  },
  {
    slug: "kara-balta",
    name: s("Кара-Балта", "Kara-Balta", "Кара-Балта"),
    at: s("в Кара-Балте", "in Kara-Balta", "Кара-Балтадагы"),
    region: "chuy",
    lat: 42.8146,
    lng: 73.8481,
    spreadKm: 2,
    lake: false,
    mountainView: 0.4,
    city: true,
    weight: 5,
    types: [["apartment", 40], ["house", 30], ["guest-house", 30]],
    priceFactor: 0.85,
    streets: TOWN,
    sights: [
      s("Удобно по пути в Талас и на Суусамыр.", "Convenient on the way to Talas and Suusamyr.", "Таласка жана Суусамырга бара жатканда ыңгайлуу."),
      s("До Бишкека — около часа езды.", "Bishkek is about an hour's drive away.", "Бишкекке чейин унаа менен болжол менен бир саат."),
    ],
  },
  {
    slug: "tokmok",
    name: s("Токмок", "Tokmok", "Токмок"),
    at: s("в Токмоке", "in Tokmok", "Токмоктогу"),
    region: "chuy",
    lat: 42.8421,
    lng: 75.3015,
    spreadKm: 2,
    lake: false,
    mountainView: 0.5,
    city: true,
    weight: 6,
    types: [["apartment", 35], ["house", 30], ["guest-house", 35]],
    priceFactor: 0.85,
    streets: TOWN,
    sights: [
      s("Рядом башня Бурана — минарет XI века.", "The Burana Tower, an 11th-century minaret, is nearby.", "Жакын жерде XI кылымдагы мунара — Бурана мунарасы бар."),
      s("Удобно по дороге на Иссык-Куль и в Чон-Кемин.", "Handy on the road to Issyk-Kul and Chon-Kemin.", "Ысык-Көлгө жана Чоң-Кеминге баруучу жолдо ыңгайлуу."),
    ],
  },
  {
    slug: "chon-kemin",
    name: s("Чон-Кемин", "Chon-Kemin", "Чоң-Кемин"),
    at: s("в долине Чон-Кемин", "in the Chon-Kemin valley", "Чоң-Кемин өрөөнүндөгү"),
    region: "chuy",
    lat: 42.78,
    lng: 76.12,
    spreadKm: 6,
    lake: false,
    mountainView: 1,
    city: false,
    weight: 8,
    types: [["guest-house", 45], ["yurt-camp", 25], ["cottage", 30]],
    priceFactor: 1,
    streets: [TSENTRALNAYA, NABEREZHNAYA, SADOVAYA],
    sights: [
      s("Долина вдоль горной реки — рафтинг и конные прогулки.", "A valley along a mountain river: rafting and horse rides.", "Тоо дарыясынын боюндагы өрөөн — рафтинг жана ат минип сейилдөө."),
      s("Национальный парк с еловыми лесами и альпийскими лугами.", "A national park of spruce forests and alpine meadows.", "Карагай токойлору жана альп шалбаалары бар улуттук парк."),
    ],
  },
  {
    slug: "ala-archa",
    name: s("Ала-Арча", "Ala-Archa", "Ала-Арча"),
    at: s("в ущелье Ала-Арча", "in the Ala-Archa gorge", "Ала-Арча капчыгайындагы"),
    region: "chuy",
    lat: 42.618,
    lng: 74.505,
    spreadKm: 3,
    lake: false,
    mountainView: 1,
    city: false,
    weight: 12,
    types: [["cottage", 40], ["guest-house", 25], ["house", 20], ["hotel", 15]],
    priceFactor: 1.1,
    streets: [s("дорога на Ала-Арчу", "Ala-Archa Rd", "Ала-Арча жолу"), TSENTRALNAYA, SADOVAYA],
    sights: [
      s("Вход в национальный парк Ала-Арча — в нескольких минутах.", "The entrance to Ala-Archa National Park is minutes away.", "Ала-Арча улуттук паркынын кире беришине бир нече мүнөт."),
      s("До Бишкека 40 минут, а воздух — чистый, горный.", "Bishkek is 40 minutes away, yet the air is pure mountain air.", "Бишкекке 40 мүнөт, ал эми аба таза, тоо абасы."),
    ],
  },
];

export function placeBySlug(slug: string): Place {
  const place = PLACES.find((p) => p.slug === slug);
  if (!place) throw new Error(`Unknown place ${slug}`);
  return place;
}
