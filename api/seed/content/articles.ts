/**
 * The articles of /articles: guides to regions, travel tips, news and advice for hosts, written for
 * each language (not translated word by word). `region` names the estates shown under a guide.
 * Inserted at every start where missing (by type and slug), so new ones reach running sites.
 */
import type { Localized } from "../../../contract/common";

export type ArticleSeed = {
  type: "guide" | "tips" | "news" | "hosts";
  slug: string;
  region: string | null;
  title: Localized;
  summary: Localized;
  body: Localized;
  coverKey: string;
  daysAgo: number;
};

const s = (ru: string, en: string, ky: string): Localized => ({ ru, en, ky });

const FIRST_ARTICLES: ArticleSeed[] = [
  {
    type: "guide",
    slug: "issyk-kul-choosing-a-shore",
    region: "issyk-kul",
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
    region: "issyk-kul",
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
    region: "naryn",
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
    region: null,
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

const MORE_ARTICLES: ArticleSeed[] = [
  {
    type: "guide",
    slug: "ala-archa-day-trip",
    region: "chuy",
    coverKey: "demo/mountains-1",
    daysAgo: 60,
    title: s("Ала-Арча: день в горах в сорока минутах от Бишкека", "Ala-Archa: a mountain day forty minutes from Bishkek", "Ала-Арча: Бишкектен кырк мүнөттө тоодо бир күн"),
    summary: s(
      "Нацпарк с ледниками, водопадом Ак-Сай и тропами на любой уровень подготовки.",
      "A national park with glaciers, the Ak-Sai waterfall and trails for every level of fitness.",
      "Мөңгүлөрү, Ак-Сай шаркыратмасы жана ар кандай деңгээлге ылайык жолдору бар улуттук парк.",
    ),
    body: s(
      "Природный парк Ала-Арча начинается в 40 километрах к югу от Бишкека. Дорога поднимается вдоль реки до альплагеря на высоте около 2100 метров, откуда расходятся все тропы.\n\nСамый популярный маршрут ведёт к водопаду Ак-Сай: три-четыре часа подъёма с набором около 800 метров. Спокойнее прогулка вдоль реки по главному ущелью: тропа почти ровная и подходит семьям с детьми.\n\nВход в парк платный, берите наличные. Погода в горах меняется быстро: даже летом возьмите куртку и воду, а выходите рано утром, пока облака не закрыли вершины.",
      "Ala-Archa Nature Park begins 40 kilometres south of Bishkek. The road climbs along the river to the mountaineering camp at about 2,100 metres, where every trail starts.\n\nThe most popular route leads to the Ak-Sai waterfall: three to four hours up with about 800 metres of climbing. An easier walk follows the river along the main gorge; the path is almost flat and suits families with children.\n\nThe park charges an entrance fee, so bring cash. Mountain weather changes fast: even in summer take a jacket and water, and set off early, before clouds cover the peaks.",
      "Ала-Арча жаратылыш паркы Бишкектен 40 чакырым түштүктө башталат. Жол дарыяны бойлоп деңиз деңгээлинен 2100 метрдей бийиктиктеги альплагерге чейин көтөрүлөт, бардык жолдор ошол жерден башталат.\n\nЭң белгилүү маршрут Ак-Сай шаркыратмасына алып барат: 800 метрдей бийиктикке үч-төрт саат чыгасыз. Жеңилирээк сейил негизги капчыгай менен дарыяны бойлоп өтөт: жол дээрлик түз, балдары бар үй-бүлөлөргө ылайыктуу.\n\nПаркка кирүү акылуу, накталай акча алып алыңыз. Тоодо аба ырайы тез өзгөрөт: жайында да куртка менен суу алыңыз, булуттар чокуларды жаба электе эрте чыгыңыз.",
    ),
  },
  {
    type: "guide",
    slug: "arslanbob-walnut-forest",
    region: "jalal-abad",
    coverKey: "demo/guesthouse-2",
    daysAgo: 55,
    title: s("Арсланбоб: в самом большом ореховом лесу мира", "Arslanbob: inside the world's largest walnut forest", "Арстанбап: дүйнөдөгү эң чоң жаңгак токоюнда"),
    summary: s(
      "Гостевые дома в садах, два водопада и осенний сбор орехов вместе с местными семьями.",
      "Guest houses among orchards, two waterfalls and the autumn walnut harvest with local families.",
      "Бактардын арасындагы конок үйлөр, эки шаркыратма жана жергиликтүү үй-бүлөлөр менен күзгү жаңгак терүү.",
    ),
    body: s(
      "Село Арсланбоб в Джалал-Абадской области окружено реликтовым орехово-плодовым лесом площадью в десятки тысяч гектаров. Сюда едут за тенью, прохладой и тишиной, когда в долине жарко.\n\nОт села ведут тропы к большому водопаду высотой около 80 метров и к малому, который можно увидеть за пару часов прогулки. Местные гиды предлагают конные прогулки к священным озёрам и ночёвки на джайлоо.\n\nЛучшее время — май–июнь и сентябрь–октябрь. В конце сентября начинается сбор орехов: многие семьи переселяются в лес, и гостям рады помочь и угостить свежим хлебом с мёдом.",
      "The village of Arslanbob in the Jalal-Abad region sits in a relic walnut and fruit forest covering tens of thousands of hectares. People come for shade, cool air and quiet when the valley is hot.\n\nTrails lead from the village to the big waterfall, about 80 metres high, and to the small one, which takes a couple of hours on foot. Local guides offer horse rides to sacred lakes and nights on the summer pastures.\n\nThe best months are May–June and September–October. The walnut harvest starts at the end of September: many families move into the forest, and guests are welcome to help and share fresh bread with honey.",
      "Жалал-Абад облусундагы Арстанбап айылы он миңдеген гектар аянттагы байыркы жаңгак-мөмө токою менен курчалган. Өрөөндө ысык болгондо бул жакка салкын жана тынчтык издеп келишет.\n\nАйылдан 80 метрдей бийиктиктеги чоң шаркыратмага жана эки сааттык жөө жүрүштө көрүүгө боло турган кичине шаркыратмага жолдор бар. Жергиликтүү гиддер ыйык көлдөргө ат менен сейилдөөнү жана жайлоодо түнөөнү сунушташат.\n\nЭң ылайыктуу убакыт — май-июнь жана сентябрь-октябрь. Сентябрдын аягында жаңгак терүү башталат: көп үй-бүлөлөр токойго көчүп чыгышат, коноктордун жардамына кубанышат жана жаңы нан менен бал беришет.",
    ),
  },
  {
    type: "guide",
    slug: "osh-sulaiman-too",
    region: "osh",
    coverKey: "demo/mountains-4",
    daysAgo: 48,
    title: s("Ош: Сулайман-Тоо и самый старый базар Ферганской долины", "Osh: Sulaiman-Too and the Fergana Valley's oldest bazaar", "Ош: Сулайман-Тоо жана Фергана өрөөнүнүн эң байыркы базары"),
    summary: s(
      "Священная гора из списка ЮНЕСКО, Жайма-базар и ошский плов.",
      "A sacred mountain on the UNESCO list, the Jayma bazaar and Osh plov.",
      "ЮНЕСКОнун тизмесиндеги ыйык тоо, Жайма базары жана Ош палоосу.",
    ),
    body: s(
      "Ош — второй по величине город Кыргызстана и один из древнейших городов Центральной Азии. Над центром возвышается гора Сулайман-Тоо, включённая в список Всемирного наследия ЮНЕСКО.\n\nПодъём на вершину занимает около получаса по каменной лестнице. Наверху — небольшая мечеть Бабура и вид на весь город, а в скалах устроен музей с пещерными залами.\n\nПосле горы идите на Жайма-базар вдоль реки Ак-Буура: здесь продают специи, сухофрукты, ножи и шёлк. Обязательно попробуйте местный плов из жёлтой моркови и самсу из тандыра.",
      "Osh is Kyrgyzstan's second city and one of the oldest towns in Central Asia. Above its centre rises Sulaiman-Too, a mountain on the UNESCO World Heritage list.\n\nThe climb to the top takes about half an hour up a stone staircase. At the summit stands Babur's small mosque with a view over the whole city, and a museum fills caves in the rock.\n\nAfter the mountain, head to the Jayma bazaar along the Ak-Buura river for spices, dried fruit, knives and silk. Be sure to try local plov made with yellow carrots, and samsa from the tandoor.",
      "Ош — Кыргызстандын экинчи чоң шаары жана Борбордук Азиядагы эң байыркы шаарлардын бири. Шаардын борборунда ЮНЕСКОнун Дүйнөлүк мурастар тизмесине кирген Сулайман-Тоо турат.\n\nТаш тепкичтер менен чокуга чыгуу жарым саатча убакытты алат. Үстүндө Бабурдун кичинекей мечити жана бүт шаардын көрүнүшү, ал эми аскада үңкүр залдары бар музей жайгашкан.\n\nТоодон кийин Ак-Буура дарыясынын боюндагы Жайма базарына барыңыз: бул жерде татымалдар, кургатылган мөмөлөр, бычак жана жибек сатылат. Сары сабиз менен бышырылган жергиликтүү палоодон жана тандыр самсадан сөзсүз даам татып көрүңүз.",
    ),
  },
  {
    type: "guide",
    slug: "bishkek-in-two-days",
    region: "bishkek",
    coverKey: "demo/apartment-1",
    daysAgo: 35,
    title: s("Бишкек за два дня", "Bishkek in two days", "Бишкек эки күндө"),
    summary: s(
      "Площадь Ала-Too, Ошский базар, бульвар Эркиндик и вечер в горах над городом.",
      "Ala-Too Square, the Osh bazaar, Erkindik boulevard and an evening in the hills above the city.",
      "Ала-Тоо аянты, Ош базары, Эркиндик бульвары жана шаардын үстүндөгү тоодо кеч.",
    ),
    body: s(
      "Первый день начните с площади Ала-Too и смены почётного караула у флагштока, затем пройдите по тенистому бульвару Эркиндик к филармонии. Обедать стоит в чайхане с лагманом и манты.\n\nВо второй половине дня отправляйтесь на Ошский базар: это лучший способ почувствовать город. Здесь покупают курут, мёд, войлочные изделия и калпаки.\n\nВторой день посвятите горам: до ущелья Ала-Арча или до смотровой площадки над городом ехать меньше часа. Вечером вернитесь в центр на концерт комуза или в ресторан с кыргызской кухней.",
      "Start the first day at Ala-Too Square with the changing of the guard at the flagpole, then walk the shady Erkindik boulevard to the Philharmonic. Lunch in a chaikhana with lagman and manty.\n\nIn the afternoon go to the Osh bazaar, the best way to feel the city. People buy kurut, honey, felt goods and kalpak hats here.\n\nGive the second day to the mountains: the Ala-Archa gorge or the viewpoints above the city are less than an hour away. In the evening come back to the centre for a komuz concert or a restaurant with Kyrgyz food.",
      "Биринчи күндү Ала-Тоо аянтынан, желек түркүгүнүн жанындагы ардак каруулдун алмашуусунан баштаңыз, андан соң көлөкөлүү Эркиндик бульвары менен филармонияга чейин басыңыз. Түшкү тамакты лагман жана манты менен чайканада ичиңиз.\n\nТүштөн кийин Ош базарына барыңыз: шаарды сезүүнүн эң жакшы жолу ушул. Бул жерден курут, бал, кийиз буюмдар жана калпак сатып алышат.\n\nЭкинчи күндү тоого арнаңыз: Ала-Арча капчыгайына же шаардын үстүндөгү көрүү аянтчаларына бир сааттан аз жол. Кечинде борборго кайтып, комуз концертине же кыргыз тамактары бар ресторанга барыңыз.",
    ),
  },
  {
    type: "guide",
    slug: "tash-rabat-caravanserai",
    region: "naryn",
    coverKey: "demo/yurts-4",
    daysAgo: 30,
    title: s("Таш-Рабат: каменный караван-сарай на Шёлковом пути", "Tash-Rabat: a stone caravanserai on the Silk Road", "Таш-Рабат: Жибек жолундагы таш кербен сарай"),
    summary: s(
      "Средневековое здание на высоте 3500 метров, юрты у входа и дорога к Чатыр-Кёлю.",
      "A medieval building at 3,500 metres, yurts at its gate and the road to Chatyr-Kul.",
      "3500 метр бийиктиктеги орто кылымдагы имарат, эшигинин алдындагы боз үйлөр жана Чатыр-Көлгө жол.",
    ),
    body: s(
      "Таш-Рабат стоит в уединённой долине Нарынской области, примерно в 90 километрах от Нарына. Каменное здание с куполом и тридцатью кельями веками укрывало караваны по дороге в Кашгар.\n\nРядом с караван-сараем летом работают юрточные лагеря: можно переночевать, поесть горячего бешбармака и утром подняться верхом на перевал с видом на озеро Чатыр-Кёль.\n\nДорога частично грунтовая, но проходима для обычной машины в сухую погоду. Сезон — с июня по сентябрь; ночью даже в августе холодно, поэтому тёплые вещи обязательны.",
      "Tash-Rabat stands in a remote valley of the Naryn region, about 90 kilometres from Naryn town. The domed stone building with thirty cells sheltered caravans on the way to Kashgar for centuries.\n\nIn summer, yurt camps work next to the caravanserai: you can spend the night, eat hot beshbarmak and ride up to a pass overlooking Chatyr-Kul lake in the morning.\n\nThe road is partly gravel but passable for an ordinary car in dry weather. The season runs from June to September; nights are cold even in August, so bring warm clothes.",
      "Таш-Рабат Нарын облусунун алыскы өрөөнүндө, Нарын шаарынан 90 чакырымдай аралыкта турат. Отуз бөлмөсү бар күмбөздүү таш имарат кылымдар бою Кашкарга бара жаткан кербендерге баш калкалоочу жай болгон.\n\nЖайында кербен сарайдын жанында боз үй лагерлери иштейт: түнөп, ысык бешбармак жеп, эртең менен ат менен Чатыр-Көл көрүнгөн ашууга чыгууга болот.\n\nЖолдун бир бөлүгү шагылдуу, бирок кургак күнү жөнөкөй унаа өтө алат. Мезгил — июндан сентябрга чейин; август айында да түнкүсүн суук болот, ошондуктан жылуу кийим сөзсүз керек.",
    ),
  },
  {
    type: "guide",
    slug: "chon-kemin-valley",
    region: "chuy",
    coverKey: "demo/mountains-3",
    daysAgo: 20,
    title: s("Чон-Кемин: долина для конных прогулок и рафтинга", "Chon-Kemin: a valley for riding and rafting", "Чоң-Кемин: ат менен сейилдөө жана рафтинг өрөөнү"),
    summary: s(
      "Национальный парк в трёх часах от Бишкека, гостевые дома и сплав по реке Чу.",
      "A national park three hours from Bishkek, guest houses and rafting on the Chuy river.",
      "Бишкектен үч саатта жайгашкан улуттук парк, конок үйлөр жана Чүй дарыясы менен рафтинг.",
    ),
    body: s(
      "Долина Чон-Кемин тянется более чем на 100 километров между хребтами Кунгей Ала-Тоо и Заилийский Алатау. Здесь находится национальный парк с еловыми лесами и альпийскими лугами.\n\nВ сёлах долины работают уютные гостевые дома: хозяева готовят на дровяной печи и организуют конные походы к горным озёрам. Летом на реке Чу проводят рафтинг для начинающих.\n\nИз Бишкека удобно ехать через Токмок и Боомское ущелье. Долина хорошо подходит для остановки по пути на Иссык-Куль, если хочется тишины вместо пляжей.",
      "The Chon-Kemin valley runs for more than 100 kilometres between the Kungey Ala-Too and Trans-Ili Alatau ranges. It is home to a national park with spruce forests and alpine meadows.\n\nThe villages of the valley have cosy guest houses: hosts cook on wood stoves and organise horse treks to mountain lakes. In summer there is beginner-friendly rafting on the Chuy river.\n\nFrom Bishkek the drive goes through Tokmok and the Boom gorge. The valley is a good stop on the way to Issyk-Kul if you want quiet instead of beaches.",
      "Чоң-Кемин өрөөнү Күңгөй Ала-Тоо менен Иле Ала-Тоосунун ортосунда 100 чакырымдан ашык созулат. Бул жерде карагай токойлору жана альп шалбаалары бар улуттук парк жайгашкан.\n\nӨрөөндүн айылдарында жайлуу конок үйлөр иштейт: ээлери отун меш менен тамак жасап, тоо көлдөрүнө ат менен жүрүштү уюштурушат. Жайында Чүй дарыясында жаңы баштагандар үчүн рафтинг болот.\n\nБишкектен Токмок жана Боом капчыгайы аркылуу баруу ыңгайлуу. Пляждын ордуна тынчтык кааласаңыз, Ысык-Көлгө бара жатканда бул өрөөндө токтоп өтүү жакшы.",
    ),
  },
  {
    type: "tips",
    slug: "what-to-pack-for-the-mountains",
    region: null,
    coverKey: "demo/mountains-5",
    daysAgo: 18,
    title: s("Что взять в горы Кыргызстана летом", "What to pack for Kyrgyzstan's mountains in summer", "Жайында Кыргызстандын тоолоруна эмне алуу керек"),
    summary: s(
      "Днём солнце, ночью мороз: короткий список вещей для юрты и тропы.",
      "Sun by day, frost by night: a short packing list for yurts and trails.",
      "Күндүз күн, түнкүсүн суук: боз үй жана жол үчүн кыска тизме.",
    ),
    body: s(
      "На высоте больше 2500 метров перепад температур за сутки может превышать 20 градусов. Возьмите флис или пуховку, шапку и перчатки даже в июле.\n\nСолнце в горах жёсткое: нужны очки, крем с высоким фактором защиты и головной убор. Воду из горных рек лучше кипятить или фильтровать.\n\nДля троп нужна удобная обувь с хорошей подошвой и дождевик. Наличные в сомах пригодятся обязательно: в юрточных лагерях и сёлах карты принимают редко.",
      "Above 2,500 metres the temperature can swing by more than 20 degrees in a day. Bring a fleece or a down jacket, a hat and gloves even in July.\n\nThe mountain sun is harsh: you need sunglasses, high-factor sunscreen and a hat. Water from mountain rivers is best boiled or filtered.\n\nFor trails, wear comfortable shoes with a good sole and carry a rain jacket. Cash in som is a must: yurt camps and villages rarely take cards.",
      "2500 метрден бийик жерде бир күндүн ичинде температура 20 градустан ашык өзгөрүшү мүмкүн. Июлда да флис же пуховик, баш кийим жана мээлей алыңыз.\n\nТоодогу күн катуу тийет: көз айнек, күчтүү коргоочу крем жана баш кийим керек. Тоо дарыяларынын суусун кайнатып же чыпкалап ичкен жакшы.\n\nЖол үчүн таманы бекем ыңгайлуу бут кийим жана жамгырдан сактагыч кийим керек. Сом менен накталай акча сөзсүз керек болот: боз үй лагерлеринде жана айылдарда карта сейрек кабыл алынат.",
    ),
  },
  {
    type: "tips",
    slug: "getting-around-kyrgyzstan",
    region: null,
    coverKey: "demo/lake-3",
    daysAgo: 14,
    title: s("Как передвигаться по Кыргызстану", "Getting around Kyrgyzstan", "Кыргызстанда кантип жүрүү керек"),
    summary: s(
      "Маршрутки, такси по приложению, аренда машины и внутренние рейсы.",
      "Minibuses, app taxis, car hire and domestic flights.",
      "Маршруткалар, тиркеме аркылуу такси, унаа ижарасы жана ички каттамдар.",
    ),
    body: s(
      "Между городами чаще всего ездят на маршрутках и общих такси: из Бишкека они уходят с Западного и Восточного автовокзалов, когда наберётся полная машина.\n\nВ Бишкеке и Оше удобно вызывать такси через приложение: цена известна заранее, торговаться не нужно. Машину напрокат можно взять в столице, но на горных дорогах лучше выбрать полный привод.\n\nМежду Бишкеком и Ошем летают внутренние рейсы: час в воздухе вместо десяти часов по серпантину. Летом рейсы есть и в Тамчы на Иссык-Куле.",
      "Between towns most people travel by marshrutka minibuses and shared taxis: from Bishkek they leave the Western and Eastern bus stations once the car is full.\n\nIn Bishkek and Osh it is easy to book a taxi in an app: the price is known in advance and there is no haggling. You can hire a car in the capital, but four-wheel drive is the better choice for mountain roads.\n\nDomestic flights link Bishkek and Osh: an hour in the air instead of ten hours of switchbacks. In summer there are also flights to Tamchy on Issyk-Kul.",
      "Шаарлардын ортосунда көбүнчө маршрутка жана жалпы такси менен жүрүшөт: Бишкектен алар Батыш жана Чыгыш автобекеттеринен унаа толгондо жөнөшөт.\n\nБишкекте жана Ошто тиркеме аркылуу такси чакыруу ыңгайлуу: баасы алдын ала белгилүү, соодалашуунун кереги жок. Борбордон унааны ижарага алса болот, бирок тоо жолдоруна толук приводдуу унаа ылайыктуу.\n\nБишкек менен Оштун ортосунда ички каттамдар учат: серпантин менен он сааттын ордуна абада бир саат. Жайында Ысык-Көлдөгү Тамчыга да каттамдар бар.",
    ),
  },
  {
    type: "tips",
    slug: "visiting-a-kyrgyz-home",
    region: null,
    coverKey: "demo/yurts-1",
    daysAgo: 9,
    title: s("В гостях у кыргызской семьи: простые правила", "Visiting a Kyrgyz home: simple customs", "Кыргыз үй-бүлөсүндө конокто: жөнөкөй эрежелер"),
    summary: s(
      "Как войти в юрту, почему не отказываются от чая и что привезти хозяевам.",
      "How to enter a yurt, why you never refuse tea and what to bring your hosts.",
      "Боз үйгө кантип кирүү керек, эмне үчүн чайдан баш тартышпайт жана ээлерине эмне алып баруу керек.",
    ),
    body: s(
      "Гостеприимство в Кыргызстане — не услуга, а традиция. Гостя сажают на почётное место напротив входа, и первым делом наливают чай: отказываться невежливо, достаточно выпить хотя бы глоток.\n\nОбувь снимают у входа. Хлеб не кладут лицевой стороной вниз и не бросают крошки на пол, а после еды благодарят хозяев жестом «оомин».\n\nВ подарок принято привозить сладости к чаю или фрукты. Спросите разрешения, прежде чем фотографировать людей, особенно старших.",
      "Hospitality in Kyrgyzstan is not a service but a tradition. A guest is seated in the place of honour opposite the door and offered tea first: refusing is impolite, so take at least a sip.\n\nShoes come off at the entrance. Bread is never placed upside down and crumbs are not dropped on the floor; after the meal, thank your hosts with the \"oomin\" gesture.\n\nSweets for tea or fruit make a good gift. Ask before photographing people, especially elders.",
      "Кыргызстанда меймандостук кызмат эмес, салт. Конокту эшиктин маңдайындагы төргө отургузуп, биринчи чай куюшат: баш тартуу сылык эмес, жок дегенде бир ууртам ичиңиз.\n\nБут кийимди эшиктин алдына чечишет. Нанды оодарып коюшпайт, күкүмүн жерге түшүрүшпөйт, тамактан кийин ээлерине «оомин» деп ыраазычылык билдиришет.\n\nБелек катары чайга таттуу же мөмө алып барышат. Адамдарды, өзгөчө улууларды сүрөткө тартаардан мурун уруксат сураңыз.",
    ),
  },
  {
    type: "news",
    slug: "konok-speaks-kyrgyz",
    region: null,
    coverKey: "demo/hotel-1",
    daysAgo: 3,
    title: s("Konok теперь полностью на кыргызском языке", "Konok now speaks Kyrgyz throughout", "Konok эми толугу менен кыргыз тилинде"),
    summary: s(
      "Поиск, бронирование, профиль и статьи доступны на трёх языках.",
      "Search, booking, profile and articles are available in three languages.",
      "Издөө, брондоо, профиль жана макалалар үч тилде жеткиликтүү.",
    ),
    body: s(
      "Мы перевели весь сайт на кыргызский язык: поиск жилья, страницу объекта, бронирование, личный кабинет и статьи о путешествиях. Язык можно сменить в шапке сайта, а выбор запоминается.\n\nАдреса страниц на кыргызском начинаются с /ky, на английском — с /en, поэтому ссылкой на нужную версию легко поделиться.\n\nЕсли вы заметили неточность в переводе, напишите нам через раздел поддержки в профиле — мы исправим её в ближайшем обновлении.",
      "We have translated the whole site into Kyrgyz: the stay search, estate pages, booking, your profile and the travel articles. You can switch language in the site header, and your choice is remembered.\n\nKyrgyz pages live under /ky and English ones under /en, so sharing a link to the right version is easy.\n\nIf you spot a mistake in a translation, write to us through the support section of your profile and we will fix it in the next update.",
      "Биз бүт сайтты кыргыз тилине котордук: турак жай издөө, объекттин барагы, брондоо, жеке кабинет жана саякат тууралуу макалалар. Тилди сайттын башындагы баскыч менен алмаштырса болот, тандооңуз эсте калат.\n\nКыргызча барактардын дареги /ky менен, англисчелери /en менен башталат, ошондуктан керектүү версияга шилтеме менен бөлүшүү оңой.\n\nКотормодо ката байкасаңыз, профилдеги колдоо бөлүмү аркылуу бизге жазыңыз — кийинки жаңыртууда оңдойбуз.",
    ),
  },
  {
    type: "tips",
    slug: "best-season-to-visit",
    region: null,
    coverKey: "demo/lake-4",
    daysAgo: 70,
    title: s("Когда ехать в Кыргызстан", "When to visit Kyrgyzstan", "Кыргызстанга качан баруу керек"),
    summary: s(
      "Лето для гор и озёр, осень для садов и орехов, зима для лыж.",
      "Summer for mountains and lakes, autumn for orchards and walnuts, winter for skiing.",
      "Жай тоо менен көлгө, күз бак-дарак менен жаңгакка, кыш лыжага.",
    ),
    body: s(
      "Главный сезон — с середины июня до середины сентября. В это время открыты перевалы, работают юрточные лагеря на Сон-Куле и у Таш-Рабата, а вода в Иссык-Куле прогревается для купания.\n\nВесна и осень хороши для городов и долин: в апреле и мае цветут сады Ферганской долины, а в сентябре и октябре начинается сбор урожая и орехов в Арсланбобе. Жилья больше, а цены ниже, чем летом.\n\nЗимой едут на горнолыжные базы под Караколом и в окрестностях Бишкека. Сезон катания длится с декабря по март, а южный берег Иссык-Куля в это время особенно тих и красив.",
      "The main season runs from mid-June to mid-September. Mountain passes are open, the yurt camps at Song-Kul and Tash-Rabat are working, and Issyk-Kul warms up enough to swim.\n\nSpring and autumn suit towns and valleys: orchards of the Fergana Valley blossom in April and May, and in September and October the harvest and the walnut picking in Arslanbob begin. There are more places to stay and prices are lower than in summer.\n\nIn winter people come for the ski bases near Karakol and around Bishkek. The ski season lasts from December to March, and the south shore of Issyk-Kul is especially quiet and beautiful then.",
      "Негизги мезгил — июндун ортосунан сентябрдын ортосуна чейин. Бул убакта ашуулар ачык, Соң-Көлдө жана Таш-Рабаттын жанында боз үй лагерлери иштейт, Ысык-Көлдүн суусу сууга түшкөнгө жетиштүү жылыйт.\n\nЖаз менен күз шаарлар жана өрөөндөр үчүн жакшы: апрель-майда Фергана өрөөнүнүн бактары гүлдөйт, ал эми сентябрь-октябрда Арстанбапта түшүм жана жаңгак жыйноо башталат. Турак жай көп, баалар жайкыга караганда арзан.\n\nКышында Караколдун жанындагы жана Бишкектин тегерегиндеги тоо лыжа базаларына барышат. Лыжа тебүү мезгили декабрдан мартка чейин уланат, бул убакта Ысык-Көлдүн түштүк жээги өзгөчө тынч жана кооз.",
    ),
  },
  {
    type: "guide",
    slug: "karakol-ski-base-in-winter",
    region: "issyk-kul",
    coverKey: "demo/mountains-2",
    daysAgo: 65,
    title: s("Каракол зимой: лыжи, горячие источники и пельмени", "Karakol in winter: skiing, hot springs and dumplings", "Кышкы Каракол: лыжа, ысык булактар жана чүчпара"),
    summary: s(
      "Горнолыжная база в ущелье, термальные источники Алтын-Арашана и тихий город под снегом.",
      "A ski base in the gorge, the Altyn-Arashan thermal springs and a quiet town under snow.",
      "Капчыгайдагы тоо лыжа базасы, Алтын-Арашандын жылуу булактары жана кар баскан тынч шаар.",
    ),
    body: s(
      "Горнолыжная база Каракола находится в ущелье над городом, подъём на машине занимает около получаса. Трассы проложены через еловый лес, а снег держится с декабря до конца марта.\n\nПосле катания многие едут к горячим источникам: в Аксуу рядом с городом или в долину Алтын-Арашан, куда зимой добираются на внедорожнике. Купание в тёплой воде под падающим снегом запоминается надолго.\n\nВечером в городе согреют дунганские пельмени и горячий чай с облепихой. Зимой жильё в Караколе дешевле летнего, но отопление лучше уточнить у хозяина заранее.",
      "Karakol's ski base sits in a gorge above the town, about half an hour's drive up. The runs cut through spruce forest, and the snow stays from December until the end of March.\n\nAfter skiing many people head for the hot springs: at Ak-Suu near the town, or in the Altyn-Arashan valley, reached by four-wheel drive in winter. A soak in warm water while snow falls is hard to forget.\n\nIn the evening, Dungan dumplings and hot sea-buckthorn tea will warm you up in town. Winter stays in Karakol cost less than summer ones, but ask your host about heating in advance.",
      "Караколдун тоо лыжа базасы шаардын үстүндөгү капчыгайда жайгашкан, унаа менен жарым саатча чыгасыз. Трассалар карагай токою аркылуу өтөт, кар декабрдан марттын аягына чейин жатат.\n\nЛыжадан кийин көптөр ысык булактарга барышат: шаардын жанындагы Ак-Сууга же кышында жол тандабас унаа менен жетчү Алтын-Арашан өрөөнүнө. Жаап жаткан кардын астында жылуу сууга түшүү узакка эсте калат.\n\nКечинде шаарда дунган чүчпарасы жана чычырканак кошулган ысык чай жылытат. Кышында Караколдогу турак жай жайкыдан арзан, бирок жылытуу тууралуу ээсинен алдын ала сураңыз.",
    ),
  },
  {
    type: "tips",
    slug: "money-and-mobile-internet",
    region: null,
    coverKey: "demo/apartment-3",
    daysAgo: 75,
    title: s("Деньги и мобильный интернет в Кыргызстане", "Money and mobile internet in Kyrgyzstan", "Кыргызстанда акча жана мобилдик интернет"),
    summary: s(
      "Где менять валюту, когда нужны наличные и как купить местную SIM-карту.",
      "Where to change money, when you need cash and how to get a local SIM card.",
      "Валютаны кайдан алмаштыруу, накталай акча качан керек жана жергиликтүү SIM-картаны кантип алуу керек.",
    ),
    body: s(
      "Национальная валюта — сом. Обменные пункты есть в каждом городе, курс в них обычно выгоднее, чем в аэропорту. Банкоматы принимают международные карты в Бишкеке, Оше и Караколе, но в сёлах и горах нужны наличные.\n\nМестную SIM-карту можно купить в салоне связи по паспорту за несколько минут. Мобильный интернет работает в городах и вдоль основных трасс, а на высокогорных озёрах связи часто нет — предупредите близких заранее.\n\nВ городах удобно платить картой и через QR-коды банковских приложений. Чаевые не обязательны, но в кафе принято оставлять около десяти процентов.",
      "The national currency is the som. Every town has exchange offices, and their rates are usually better than at the airport. Cash machines take international cards in Bishkek, Osh and Karakol, but villages and the mountains need cash.\n\nA local SIM card takes a few minutes to buy at a mobile shop with your passport. Mobile internet works in towns and along the main roads, but there is often no signal at the alpine lakes, so let your family know in advance.\n\nIn towns it is easy to pay by card or by the QR codes of banking apps. Tipping is not required, but around ten per cent is usual in cafés.",
      "Улуттук акча — сом. Ар бир шаарда алмашуу жайлары бар, алардагы курс аэропорттогудан адатта пайдалуураак. Банкоматтар Бишкекте, Ошто жана Караколдо эл аралык карталарды кабыл алат, бирок айылдарда жана тоодо накталай акча керек.\n\nЖергиликтүү SIM-картаны байланыш салонунан паспорт менен бир нече мүнөттө сатып алса болот. Мобилдик интернет шаарларда жана негизги жолдордун боюнда иштейт, ал эми бийик тоолуу көлдөрдө көбүнчө байланыш жок — жакындарыңызга алдын ала эскертиңиз.\n\nШаарларда карта же банк тиркемелеринин QR-коддору менен төлөө ыңгайлуу. Чай пул милдеттүү эмес, бирок кафелерде он пайыздай калтыруу салтка айланган.",
    ),
  },
];

export const ARTICLES: ArticleSeed[] = [...FIRST_ARTICLES, ...MORE_ARTICLES];
