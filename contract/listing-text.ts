/**
 * Words of the listing wizard in ru, en and ky: the validation messages (the API and the web form
 * give the same ones, so they live beside the schemas, not in app/locales) and the step titles and
 * intro texts the API's refusals name ("finish: Photos, Price").
 */
import type { Locale } from "./locales";

type L = Record<Locale, string>;
const s = (ru: string, en: string, ky: string): L => ({ ru, en, ky });

export const LISTING_MESSAGES = {
  required: s("Заполните это поле", "Fill in this field", "Бул талааны толтуруңуз"),
  choose: s("Выберите вариант", "Choose an option", "Вариантты тандаңыз"),
  number: s("Введите число", "Enter a number", "Сан жазыңыз"),
  wholeNumber: s("Введите целое число", "Enter a whole number", "Бүтүн сан жазыңыз"),
  atLeast: s("Не меньше {n}", "At least {n}", "Кеминде {n}"),
  atMost: s("Не больше {n}", "At most {n}", "Эң көп {n}"),
  tooShort: s("Не короче {n} символов", "At least {n} characters", "Кеминде {n} белги"),
  tooLong: s("Не длиннее {n} символов", "At most {n} characters", "Эң көп {n} белги"),
  titleOne: s("Напишите название хотя бы на одном языке", "Write the title in at least one language", "Аталышты жок дегенде бир тилде жазыңыз"),
  descriptionOne: s("Напишите описание хотя бы на одном языке", "Write the description in at least one language", "Сүрөттөмөнү жок дегенде бир тилде жазыңыз"),
  outsideKg: s(
    "Эта точка не в Кыргызстане: проверьте координаты или поставьте точку на карте",
    "This point is not in Kyrgyzstan: check the coordinates or put the pin on the map",
    "Бул чекит Кыргызстанда эмес: координаттарды текшериңиз же картага чекит коюңуз",
  ),
  coordsBoth: s("Укажите и широту, и долготу", "Give both the latitude and the longitude", "Кеңдикти да, узундукту да көрсөтүңүз"),
  placeName: s("Напишите название города или села", "Type the name of the town or village", "Шаардын же айылдын атын жазыңыз"),
  bedsForGuests: s("Слишком мало кроватей для стольких гостей", "Too few beds for that many guests", "Мынча конокко керебет аз"),
  maxBelowMin: s("Максимум ночей не может быть меньше минимума", "The maximum nights cannot be below the minimum", "Эң көп түн эң аздан кем болбойт"),
  extraGuestsAbove: s(
    "Укажите, сколько гостей входит в цену без доплаты",
    "Say how many guests the price includes before the fee applies",
    "Баага кошумча акысыз канча конок кирерин көрсөтүңүз",
  ),
  monthlyBelowWeekly: s(
    "Скидка за месяц не может быть меньше скидки за неделю",
    "The monthly discount cannot be below the weekly one",
    "Айлык арзандатуу жумалыктан аз болбойт",
  ),
  windowOrder: s("Конец окна не может быть раньше начала", "The window cannot end before it starts", "Убакыт башталганга чейин бүтпөйт"),
  quietBoth: s("Укажите и начало, и конец тихих часов", "Give both the start and the end of quiet hours", "Тынч сааттын башын да, аягын да көрсөтүңүз"),
  quietSame: s(
    "Тихие часы не могут начинаться и заканчиваться в одно время: укажите разные часы или оставьте оба поля пустыми",
    "Quiet hours cannot start and end at the same time: choose different hours, or leave both empty",
    "Тынч сааттар бир убакта башталып, бир убакта бүтпөйт: башка сааттарды тандаңыз же экөөнү тең бош калтырыңыз",
  ),
  subtypeOfType: s("Подтип «{subtype}» не относится к типу «{type}»", "The subtype “{subtype}” does not belong to the type “{type}”", "«{subtype}» түрчөсү «{type}» түрүнө кирбейт"),
  date: s("Введите дату в формате гггг-мм-дд", "Enter a date as yyyy-mm-dd", "Күндү жжжж-аа-кк түрүндө жазыңыз"),
  notPast: s("Дата не может быть в прошлом", "The date cannot be in the past", "Күн өткөндө болбойт"),
  tooFar: s("Не позже чем через два года", "No more than two years ahead", "Эки жылдан ашпашы керек"),
  taxId: s("ИНН — 14 цифр", "The tax id (INN) has 14 digits", "СТН — 14 сан"),
  payoutAccount: s("Номер счёта или карты — от 16 до 20 цифр", "An account or card number has 16 to 20 digits", "Эсеп же карта номери 16–20 сан"),
  typeKind: s("Этот тип не подходит для такого объекта", "This type does not fit this kind of listing", "Бул түр мындай объектиге туура келбейт"),
  placeNeedsPoint: s(
    "Мы пока не знаем, где «{place}»: поставьте точку на карте или введите координаты",
    "We do not know where {place} is yet: put the pin on the map or type the coordinates",
    "«{place}» кайда экенин азырынча билбейбиз: картага чекит коюңуз же координаттарды жазыңыз",
  ),
  // An entry the operator retired (decision 0076): a listing that has it keeps it, nobody picks it anew.
  retiredChoice: s("Этот вариант больше не предлагается: выберите другой", "This choice is no longer offered: pick another", "Бул тандоо мындан ары сунушталбайт: башкасын тандаңыз"),
  unknownParameter: s("Такого удобства нет в списке", "That amenity is not on the list", "Мындай ыңгайлуулук тизмеде жок"),
  photoNeeded: s("Загрузите хотя бы одну фотографию", "Upload at least one photo", "Жок дегенде бир сүрөт жүктөңүз"),
  photoType: s("Это не фотография JPEG, PNG, WebP или HEIC", "This is not a JPEG, PNG, WebP or HEIC photo", "Бул JPEG, PNG, WebP же HEIC сүрөтү эмес"),
  photoTooBig: s("Файл больше 20 МБ", "The file is over 20 MB", "Файл 20 МБдан чоң"),
  photoTooManyPixels: s(
    "Слишком большое разрешение: не больше 50 мегапикселей (например, 8000 × 6000). Уменьшите фото или сохраните его как JPEG",
    "The picture is too large: at most 50 megapixels (8000 × 6000, say). Make it smaller or save it as JPEG",
    "Сүрөттүн өлчөмү өтө чоң: 50 мегапикселден ашпашы керек (мисалы, 8000 × 6000). Аны кичирейтиңиз же JPEG кылып сактаңыз",
  ),
  photoTooSmall: s(
    "Фото слишком маленькое ({width} × {height}): нужно не меньше 1024 × 683 пикселей, иначе на странице объекта оно будет размытым",
    "The photo is too small ({width} × {height}): it needs at least 1024 × 683 pixels, or it looks blurred on the listing's page",
    "Сүрөт өтө кичинекей ({width} × {height}): кеминде 1024 × 683 пиксел керек, болбосо объекттин баракчасында бүдөмүк көрүнөт",
  ),
  photoTooMany: s("У объекта уже 50 фотографий", "The listing already has 50 photos", "Объекттин 50 сүрөтү бар"),
  photoUnreadable: s(
    "Не удалось прочитать фото: файл повреждён или слишком большой. Попробуйте другое фото или сохраните его как JPEG",
    "The photo could not be read: the file is damaged or too large. Try another photo or save it as JPEG",
    "Сүрөттү окуй алган жокпуз: файл бузулган же өтө чоң. Башка сүрөттү тандаңыз же аны JPEG кылып сактаңыз",
  ),
  publishMissing: s("Чтобы опубликовать, заполните шаги", "To publish, finish these steps", "Жарыялоо үчүн бул кадамдарды толтуруңуз"),
  parentUnpublished: s("Сначала опубликуйте комплекс", "Publish the complex first", "Адегенде комплексти жарыялаңыз"),
  notDraft: s("Удалить можно только черновик", "Only a draft can be deleted", "Черновикти гана өчүрсө болот"),
  parentRequired: s("Выберите комплекс, к которому относится номер", "Choose the complex this unit belongs to", "Бөлмө кайсы комплекске тиешелүү экенин тандаңыз"),
  stepNotInKind: s("У этого объекта нет такого шага", "This listing has no such step", "Бул объектте мындай кадам жок"),
} satisfies Record<string, L>;
export type ListingMessage = keyof typeof LISTING_MESSAGES;

export const STEP_TITLES: Record<string, L> = {
  intro1: s("Добро пожаловать", "Welcome", "Кош келиңиз"),
  intro2: s("Как это работает", "How it works", "Бул кантип иштейт"),
  type: s("Тип жилья", "Type of place", "Турак жайдын түрү"),
  title: s("Название", "Title", "Аталышы"),
  address: s("Адрес", "Address", "Дареги"),
  capacity: s("Вместимость", "Capacity", "Сыйымдуулугу"),
  intro3: s("Расскажите о месте", "Describe the place", "Жай жөнүндө айтып бериңиз"),
  photo: s("Фотографии", "Photos", "Сүрөттөр"),
  description: s("Описание", "Description", "Сүрөттөмө"),
  parameters: s("Удобства и питание", "Amenities and meals", "Ыңгайлуулуктар жана тамак"),
  complex_parameters: s("Территория", "Grounds", "Аймак"),
  intro4: s("Цены и правила", "Prices and rules", "Баалар жана эрежелер"),
  price: s("Цена", "Price", "Баасы"),
  house_rules: s("Правила дома", "House rules", "Үй эрежелери"),
  booking_rules: s("Правила бронирования", "Booking rules", "Брондоо эрежелери"),
  start: s("Начало приёма гостей", "First available date", "Конок кабыл алуунун башталышы"),
  intro5: s("Последние шаги", "Final steps", "Акыркы кадамдар"),
  cooperation_format: s("Формат сотрудничества", "Cooperation format", "Кызматташуу түрү"),
  landlord_data: s("Данные арендодателя", "Landlord details", "Ижарага берүүчүнүн маалыматы"),
  preview: s("Предпросмотр", "Preview", "Алдын ала көрүү"),
  congrats: s("Поздравляем!", "Congratulations!", "Куттуктайбыз!"),
};

export const stepTitle = (step: string, locale: Locale) => STEP_TITLES[step]?.[locale] ?? step;
