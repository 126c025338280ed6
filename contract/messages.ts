/**
 * Every message the API sends for a person to read, by key, in ru, en and ky. The API throws keys
 * (with parameters) and its error layer writes them in the request's language; the contract's
 * schemas name keys as their zod messages, so a refusal cannot reach a person in English by
 * accident. The listing wizard's messages (listing-text.ts) are part of it: the web form shows
 * the same ones. `{name}` is a parameter.
 */
import type { Locale } from "./locales";
import { LISTING_MESSAGES } from "./listing-text";

type L = Record<Locale, string>;
const s = (ru: string, en: string, ky: string): L => ({ ru, en, ky });

const API_MESSAGES = {
  // ── Accounts and sign-in ──────────────────────────────────────────────────────────────────
  wrongCredentials: s("Неверный номер телефона или пароль", "Wrong phone number or password", "Телефон номери же сырсөз туура эмес"),
  tooManyLogins: s(
    "Слишком много попыток входа. Попробуйте через {minutes} мин или восстановите пароль",
    "Too many sign-in attempts. Try again in {minutes} min or reset your password",
    "Кирүү аракети өтө көп. {minutes} мүнөттөн кийин кайталаңыз же сырсөздү калыбына келтириңиз",
  ),
  tooManyRequests: s("Слишком много запросов. Попробуйте через {minutes} мин", "Too many requests. Try again in {minutes} min", "Суроо-талап өтө көп. {minutes} мүнөттөн кийин кайталаңыз"),
  codeChallenge: s(
    "Сейчас из вашей сети просят много кодов. Подождите {seconds} с и отправьте ещё раз: с включённым JavaScript браузер сделает это сам",
    "Many codes are being asked for from your network right now. Wait {seconds} s and send again; with JavaScript on, your browser does it by itself",
    "Азыр тармагыңыздан көп код суралууда. {seconds} секунд күтүп, кайра жөнөтүңүз: JavaScript күйүк болсо, браузер муну өзү жасайт",
  ),
  resendWait: s("Новый код можно запросить через {seconds} с", "You can ask for a new code in {seconds} s", "Жаңы кодду {seconds} секунддан кийин сураса болот"),
  tooManyCodes: s(
    "Слишком много кодов для этого адреса. Попробуйте через {minutes} мин",
    "Too many codes for this number. Try again in {minutes} min",
    "Бул дарекке коддор өтө көп. {minutes} мүнөттөн кийин кайталаңыз",
  ),
  tooManyCodesAccount: s(
    "Вы запросили слишком много кодов. Попробуйте через {minutes} мин",
    "You have asked for too many codes. Try again in {minutes} min",
    "Сиз өтө көп код сурадыңыз. {minutes} мүнөттөн кийин кайталаңыз",
  ),
  tooManyCodesToday: s(
    "На этот номер сегодня отправлено слишком много кодов. Попробуйте завтра",
    "Too many codes have gone to this number today. Try again tomorrow",
    "Бул номерге бүгүн өтө көп код жөнөтүлдү. Эртең кайталаңыз",
  ),
  smsBusy: s(
    "Сейчас мы не можем отправить SMS. Попробуйте через {minutes} мин",
    "We cannot send SMS right now. Try again in {minutes} min",
    "Азыр SMS жөнөтө албайбыз. {minutes} мүнөттөн кийин кайталаңыз",
  ),
  phoneCountryClosed: s(
    "На номера этой страны мы пока не отправляем SMS. Укажите номер другой страны",
    "We do not send SMS to numbers of this country yet. Use a number of another country",
    "Бул өлкөнүн номерлерине азырынча SMS жөнөтпөйбүз. Башка өлкөнүн номерин жазыңыз",
  ),
  codeExpired: s("Срок действия кода истёк. Запросите новый", "The code has expired. Ask for a new one", "Коддун мөөнөтү бүттү. Жаңысын сураңыз"),
  codeWrong: s("Неверный код. Осталось попыток: {left}", "Wrong code. Tries left: {left}", "Код туура эмес. Калган аракет: {left}"),
  codeTooManyTries: s("Слишком много неверных попыток. Запросите новый код", "Too many wrong tries. Ask for a new code", "Туура эмес аракет өтө көп. Жаңы код сураңыз"),
  phoneTaken: s(
    "Этот номер уже зарегистрирован. Войдите или восстановите пароль",
    "This number is already registered. Sign in or reset your password",
    "Бул номер катталган. Кириңиз же сырсөздү калыбына келтириңиз",
  ),
  phoneUnknown: s("Аккаунт с этим номером не найден", "No account with this number", "Бул номер менен аккаунт табылган жок"),
  emailTaken: s("Этот e-mail уже привязан к другому аккаунту", "This e-mail belongs to another account", "Бул e-mail башка аккаунтка байланган"),
  verificationExpired: s("Подтверждение устарело. Начните заново", "The confirmation has expired. Please start again", "Ырастоо эскирди. Кайрадан баштаңыз"),
  sessionEnded: s("Сеанс завершён. Войдите снова", "Your session has ended. Please sign in again", "Сеанс аяктады. Кайра кириңиз"),
  currentPasswordWrong: s("Текущий пароль указан неверно", "The current password is wrong", "Учурдагы сырсөз туура эмес"),
  accountHasStays: s(
    "Аккаунт пока нельзя удалить: у вас есть проживание, которое идёт сейчас, или гости в ваших объектах. Подробности — на странице удаления",
    "The account cannot be deleted yet: a stay is under way, or guests are booked at your listings. The deletion page says what to do",
    "Аккаунтту азырынча өчүрүүгө болбойт: азыр жүрүп жаткан жашооңуз же объекттериңизде коноктор бар. Эмне кылуу керектиги өчүрүү баракчасында жазылган",
  ),
  guestDeletedAccount: s(
    "Гость удалил аккаунт: бронирование отменено, оплата возвращена гостю полностью",
    "The guest deleted their account: the booking is cancelled and the payment refunded to them in full",
    "Конок аккаунтун өчүрдү: брондоо жокко чыгарылды, төлөм коноккө толук кайтарылды",
  ),
  guestDeletedAccountUnpaid: s(
    "Гость удалил аккаунт: бронирование отменено",
    "The guest deleted their account: the booking is cancelled",
    "Конок аккаунтун өчүрдү: брондоо жокко чыгарылды",
  ),
  noPhoneToUnlink: s("К аккаунту не привязан номер телефона", "No phone number is linked to this account", "Аккаунтка телефон номери байланган эмес"),
  unlinkNeedsEmail: s(
    "Сначала привяжите e-mail: без телефона вы будете входить по нему",
    "Link an e-mail first: without a phone you will sign in with it",
    "Адегенде e-mail байлаңыз: телефонсуз аны менен киресиз",
  ),
  referralUnknown: s("Такого кода приглашения нет", "There is no such invitation code", "Мындай чакыруу коду жок"),
  phoneRequired: s("Введите номер телефона", "Enter your phone number", "Телефон номериңизди жазыңыз"),
  phoneDigits: s("Введите номер телефона цифрами, с кодом страны", "Enter the phone number in digits, with its country code", "Телефон номерин өлкө коду менен сан түрүндө жазыңыз"),
  phoneKg: s("В кыргызском номере 9 цифр после +996", "A Kyrgyz number has 9 digits after +996", "Кыргыз номеринде +996дан кийин 9 сан болот"),
  passwordRequired: s("Введите пароль", "Enter a password", "Сырсөз жазыңыз"),
  loginPasswordRequired: s("Введите ваш пароль", "Enter your password", "Сырсөзүңүздү жазыңыз"),
  currentPasswordRequired: s("Введите текущий пароль", "Enter your current password", "Учурдагы сырсөздү жазыңыз"),
  passwordSame: s("Новый пароль должен отличаться от текущего", "Choose a password different from the current one", "Жаңы сырсөз учурдагыдан башка болушу керек"),
  codeRequired: s("Введите код", "Enter the code", "Кодду жазыңыз"),
  codeSixDigits: s("Код состоит из 6 цифр", "The code is 6 digits", "Код 6 сандан турат"),
  emailRequired: s("Введите e-mail", "Enter your e-mail", "E-mail жазыңыз"),
  emailInvalid: s("Введите правильный адрес e-mail", "Enter a valid e-mail address", "Туура e-mail дарегин жазыңыз"),
  nameRequired: s("Введите имя", "Enter your name", "Атыңызды жазыңыз"),

  // ── Guests: search, estates, bookings ─────────────────────────────────────────────────────
  estateNotFound: s("Объект не найден", "Estate not found", "Объект табылган жок"),
  estateTypeNotFound: s("Тип жилья не найден", "Estate type not found", "Турак жайдын түрү табылган жок"),
  estateIdInvalid: s("Укажите номер объекта", "Must be an estate id", "Объекттин номерин көрсөтүңүз"),
  bothDates: s("Выберите обе даты", "Choose both dates", "Эки күндү тең тандаңыз"),
  checkOutAfterCheckIn: s("Дата выезда должна быть позже даты заезда", "Check-out must be after check-in", "Чыгуу күнү кирүү күнүнөн кийин болушу керек"),
  stayTooLong: s("Срок проживания — не больше {n} ночей", "A stay is at most {n} nights", "Жашоо мөөнөтү эң көп {n} түн"),
  rangeTooLong: s("Не больше {n} дней за раз", "At most {n} days at once", "Бир жолу эң көп {n} күн"),
  endBeforeStart: s("Конец не может быть раньше начала", "The end must not be before the start", "Аягы башталышынан мурун боло албайт"),
  priceRange: s("Максимальная цена ниже минимальной", "The maximum price is below the minimum", "Эң жогорку баа эң төмөнкүдөн аз"),
  bothCorners: s("Укажите оба угла карты", "Give both map corners", "Картанын эки бурчун тең көрсөтүңүз"),
  mapCornerRequired: s("Для поиска по карте нужны оба угла области", "A map search needs both corners of the area", "Карта боюнча издөө үчүн аймактын эки бурчу керек"),
  mapTopBelowBottom: s("Верхний край карты ниже нижнего", "The top edge is below the bottom edge", "Картанын үстүңкү чети астыңкысынан төмөн"),
  mapRightLeftOfLeft: s("Правый край карты левее левого", "The right edge is left of the left edge", "Картанын оң чети сол четинен солдо"),
  avatarUrl: s(
    "Адрес фото должен начинаться с https://",
    "The photo's address must start with https://",
    "Сүрөттүн дареги https:// менен башталышы керек",
  ),
  dateNotReal: s("Такой даты нет", "Not a real date", "Мындай күн жок"),
  birthDateFuture: s("Дата рождения не может быть в будущем", "The date of birth cannot be in the future", "Туулган күн келечекте боло албайт"),
  dateOutOfRange: s("Введите дату между 1900 и 2199 годом", "Enter a date between the years 1900 and 2199", "1900-жыл менен 2199-жылдын ортосундагы күндү жазыңыз"),
  bookComplexUnit: s("Выберите номер в комплексе, чтобы забронировать", "Choose one of the complex's units to book", "Брондоо үчүн комплекстеги бөлмөлөрдүн бирин тандаңыз"),
  bookOwnListing: s("Нельзя забронировать своё собственное объявление", "You cannot book your own listing", "Өзүңүздүн жарыяңызды брондой албайсыз"),
  checkInPast: s("Дата заезда не может быть в прошлом", "Check-in cannot be in the past", "Кирүү күнү өткөн күн боло албайт"),
  bookingTooFar: s("Бронировать можно не дальше чем на {n} дней вперёд", "Bookings open at most {n} days ahead", "Эң көп {n} күн алдын ала брондосо болот"),
  arrivalWindow: s("Приезжайте между {from} и {until}", "Arrive between {from} and {until}", "{from} менен {until} ортосунда келиңиз"),
  capacityMax: s("Наибольшее число гостей здесь: {n}", "The most guests this place sleeps: {n}", "Бул жерге эң көп батчу конок саны: {n}"),
  nightsMax: s("Наибольшее число ночей: {n}", "The most nights: {n}", "Эң көп түн саны: {n}"),
  nightsMin: s("Наименьшее число ночей: {n}", "The fewest nights: {n}", "Эң аз түн саны: {n}"),
  datesTaken: s("Эти даты уже заняты. Выберите другие", "These dates are already taken. Please choose others", "Бул күндөр бош эмес. Башка күндөрдү тандаңыз"),
  bookingNotFound: s("Бронирование не найдено", "Booking not found", "Брондоо табылган жок"),
  bookingChanged: s(
    "Бронирование изменилось тем временем. Обновите страницу и попробуйте снова",
    "The booking changed meanwhile. Reload it and try again",
    "Брондоо ушул аралыкта өзгөрдү. Баракты жаңылап, кайра аракет кылыңыз",
  ),
  bookingTransition: s(
    "В нынешнем состоянии бронирования это действие недоступно",
    "This cannot be done with the booking in its current state",
    "Брондоонун азыркы абалында бул аракетти жасоого болбойт",
  ),
  chooseReason: s("Выберите причину", "Choose a reason", "Себебин тандаңыз"),
  notAwaitingPayment: s("Это бронирование не ожидает оплаты", "This booking is not waiting for payment", "Бул брондоо төлөмдү күтүп турган жок"),
  paymentTimeOver: s("Время на оплату этого бронирования истекло", "The time to pay for this booking is over", "Бул брондоону төлөө убактысы бүттү"),
  paymentNotFound: s("Платёж не найден", "Payment not found", "Төлөм табылган жок"),
  paymentSignature: s("Неверная подпись платежа", "Invalid payment signature", "Төлөмдүн колтамгасы туура эмес"),
  paymentGatewayDown: s(
    "Платёжный сервис сейчас не отвечает. Бронирование сохранено — попробуйте оплатить ещё раз через минуту",
    "The payment service is not answering right now. Your booking is kept: try paying again in a minute",
    "Төлөм кызматы азыр жооп бербей жатат. Брондоо сакталды — бир мүнөттөн кийин кайра төлөп көрүңүз",
  ),
  payoutUntil: s("Укажите дату в формате ГГГГ-ММ-ДД", "Give a date as YYYY-MM-DD", "Күндү ЖЖЖЖ-АА-КК түрүндө көрсөтүңүз"),
  payoutReference: s("Укажите номер или ссылку перевода", "Give the transfer's reference", "Которуунун номерин же шилтемесин көрсөтүңүз"),
  payoutNotFound: s("Выплата не найдена", "Payout not found", "Төлөм табылган жок"),
  payoutAlreadyPaid: s("Эта выплата уже отмечена как проведённая", "This payout is already marked paid", "Бул төлөм буга чейин төлөндү деп белгиленген"),
  /** What the payer reads on the gateway's page (pg_description). */
  paymentDescription: s("Konok: бронирование №{id}, {title}, {from} – {to}", "Konok: booking #{id}, {title}, {from} – {to}", "Konok: №{id} брондоо, {title}, {from} – {to}"),
  /** The gateway shows it to a payer whose payment we refused (pg_description of a `rejected` answer). */
  paymentRejected: s(
    "Бронирование больше не ждёт оплаты, деньги не будут списаны",
    "The booking no longer awaits payment; no money will be taken",
    "Брондоо мындан ары төлөмдү күтпөйт, акча алынбайт",
  ),

  // ── Chat and realtime ──────────────────────────────────────────────────────────────────────
  conversationNotFound: s("Переписка не найдена", "Conversation not found", "Кат алышуу табылган жок"),
  chatOwnListing: s("Это ваше собственное объявление", "This is your own listing", "Бул өзүңүздүн жарыяңыз"),
  chatTargetNeeded: s("Укажите объект или бронирование", "Give estateId or bookingId", "Объектти же брондоону көрсөтүңүз"),
  messageEmpty: s("Напишите сообщение", "Write a message", "Билдирүү жазыңыз"),
  realtimeOff: s("Обновления в реальном времени не настроены", "Realtime is not configured", "Реалдуу убакыттагы жаңылануулар жөндөлгөн эмес"),
  channelForbidden: s("Вы не можете подключиться к этому каналу", "You may not join this channel", "Бул каналга кошула албайсыз"),

  // ── Hosts ──────────────────────────────────────────────────────────────────────────────────
  listingNotFound: s("Объявление не найдено", "Listing not found", "Жарыя табылган жок"),
  photoNotFound: s("Фотография не найдена", "Photo not found", "Сүрөт табылган жок"),
  stepNotFound: s("Такого шага нет", "Step not found", "Мындай кадам жок"),
  uploadTooLarge: s(
    "Загрузка больше 110 МБ: отправляйте меньше фотографий за раз",
    "The upload is over 110 MB: send fewer photos at a time",
    "Жүктөө 110 МБдан ашык: бир жолу азыраак сүрөт жөнөтүңүз",
  ),
  calendarBookingHolds: s("Бронирование #{id}{guest} занимает даты {from} – {to}", "Booking #{id}{guest} holds {from} – {to}", "#{id} брондоо{guest} {from} – {to} күндөрүн ээлеп турат"),
  advanceNotice: s("Хозяин принимает бронирования с заездом не раньше {date}", "The host takes stays beginning on {date} or later", "Ээси {date} же андан кийин башталган конокторду гана кабыл алат"),
  bookingWindow: s("Хозяин открыл бронирование только на {n} мес. вперёд", "The host takes bookings only {n} months ahead", "Ээси брондоону {n} ай алдыга гана ачкан"),
  // Calendar sync: what a host reads next to an imported calendar (services/calendar-sync/).
  importNameRequired: s("Назовите календарь, например «Airbnb»", "Name the calendar, for example “Airbnb”", "Календарга ат бериңиз, мисалы «Airbnb»"),
  importNameTooLong: s("Название — не больше 60 знаков", "The name is at most 60 characters", "Аталышы 60 белгиден ашпасын"),
  importUrlInvalid: s(
    "Вставьте адрес календаря целиком, он начинается с https://",
    "Paste the calendar's whole address; it starts with https://",
    "Календардын дарегин толугу менен коюңуз, ал https:// менен башталат",
  ),
  importTooMany: s("У объекта уже {n} календарей — это предел", "This object already imports {n} calendars, the limit", "Объектте {n} календарь бар — бул чек"),
  importDuplicate: s("Этот календарь уже подключён", "This calendar is already connected", "Бул календарь мурунтан туташкан"),
  importOwnFeed: s("Это адрес календаря самого объекта в Konok", "This is the object's own Konok calendar address", "Бул объекттин Konokтогу өз календарынын дареги"),
  icalUnreachable: s("Адрес не отвечает: {detail}", "The address does not answer: {detail}", "Дарек жооп бербейт: {detail}"),
  icalHttpStatus: s("Сервер календаря ответил ошибкой {status}", "The calendar's server answered with error {status}", "Календардын сервери {status} ката менен жооп берди"),
  icalTooSlow: s("Календарь не загрузился за {seconds} с", "The calendar did not load within {seconds} s", "Календарь {seconds} секундда жүктөлгөн жок"),
  icalTooLarge: s("Файл календаря больше {kb} КБ", "The calendar file is over {kb} KB", "Календардын файлы {kb} КБдан чоң"),
  icalPrivateAddress: s(
    "Адрес ведёт во внутреннюю сеть ({address}); можно только публичные адреса",
    "The address leads into a private network ({address}); only public addresses are allowed",
    "Дарек ички тармакка алып барат ({address}); жалпыга ачык даректер гана уруксат",
  ),
  icalTooManyRedirects: s("Слишком много перенаправлений", "Too many redirects", "Өтө көп багыттоо"),
  icalNotCalendar: s("По адресу не календарь iCalendar (.ics)", "The address does not hold an iCalendar (.ics) calendar", "Даректе iCalendar (.ics) календары жок"),
  icalAbsurdEvent: s(
    "В календаре событие длиной {nights} ночей ({from} – {to}); больше {max} не принимаем",
    "The calendar has an event of {nights} nights ({from} – {to}); we accept at most {max}",
    "Календарда {nights} түндүк окуя бар ({from} – {to}); {max} түндөн ашыгын кабыл албайбыз",
  ),
  icalBadEvent: s("Событие без правильных дат: {uid}", "An event without valid dates: {uid}", "Туура даталары жок окуя: {uid}"),
  icalTooManyEvents: s("В календаре больше {max} событий", "The calendar has more than {max} events", "Календарда {max} окуядан ашык бар"),
  publishMissingSteps: s("Чтобы опубликовать, заполните шаги: {steps}", "To publish, finish these steps: {steps}", "Жарыялоо үчүн бул кадамдарды толтуруңуз: {steps}"),

  // ── Content and route rules ───────────────────────────────────────────────────────────────
  articleNotFound: s("Статья не найдена", "Article not found", "Макала табылган жок"),
  pageNotFound: s("Страница не найдена", "Page not found", "Барак табылган жок"),
  routePathInvalid: s(
    "Путь начинается с /, без языкового префикса, /api, ? и #",
    "A path starts with /, without a language prefix, /api, ? or #",
    "Жол / менен башталат, тил префикси, /api, ? жана # жок",
  ),
  routeTargetInvalid: s("Укажите путь, начинающийся с /, или адрес https://", "Give a path starting with / or an https:// URL", "/ менен башталган жолду же https:// дарегин көрсөтүңүз"),
  redirectLoop: s("Переадресация зациклится: {path}", "The redirect would loop: {path}", "Багыттоо тегеректе айланып калат: {path}"),
  slugFormat: s(
    "Только строчные латинские буквы, цифры и дефисы, от 2 до {n} знаков",
    "Lowercase Latin letters, digits and hyphens only, 2 to {n} characters",
    "Латын тамгаларынын кичинелери, сандар жана дефистер гана, 2ден {n} белгиге чейин",
  ),
  slugTaken: s("Этот адрес уже занят", "This address is already taken", "Бул дарек бош эмес"),
  httpsUrl: s("Укажите адрес, начинающийся с https://", "Give an address starting with https://", "https:// менен башталган даректи көрсөтүңүз"),
  contentNotFound: s("Материал не найден", "Content not found", "Материал табылган жок"),
  editedMeanwhile: s(
    "Пока вы редактировали, другой оператор сохранил свою версию (показана выше). Ваш текст остался в форме: сравните и сохраните снова, если он должен её заменить",
    "Another operator saved their version while you were editing (shown above). What you typed is still in the form: compare, and save again if it should replace theirs",
    "Сиз оңдоп жатканда башка оператор өз версиясын сактады (жогоруда көрсөтүлгөн). Сиздин текст формада калды: салыштырып, аны алмаштырышы керек болсо кайра сактаңыз",
  ),

  // ── The directory editor (contract/operator-directory.ts) ──────────────────────────────
  directoryEntryNotFound: s("Запись справочника не найдена", "Directory entry not found", "Маалымдаманын жазуусу табылган жок"),
  directorySlugTaken: s("Такой код уже есть в справочнике", "The directory already has this code", "Маалымдамада мындай код бар"),
  alreadyRetired: s("Эта запись уже убрана из выбора", "This entry is already retired", "Бул жазуу тандоодон мурунтан эле алынган"),
  lastTypeOfKind: s(
    "Это последний предлагаемый тип для такого вида объектов: без него нельзя будет создать новое объявление. Сначала добавьте или верните другой",
    "This is the last offered type for this kind of listing: without it no new listing of the kind could be made. Add or bring back another first",
    "Бул мындай объекттер үчүн сунушталган акыркы түр: ансыз жаңы жарыя түзүүгө болбой калат. Адегенде башкасын кошуңуз же кайтарыңыз",
  ),
  notRetired: s("Эта запись и так предлагается", "This entry is offered already", "Бул жазуу ансыз да сунушталат"),

  // ── Operators ─────────────────────────────────────────────────────────────────────────────
  accountBlocked: s(
    "Аккаунт заблокирован администрацией Konok. Напишите в поддержку, если это ошибка",
    "This account has been blocked by Konok. Contact support if this is a mistake",
    "Бул аккаунт Konok тарабынан бөгөттөлгөн. Ката болсо, колдоо кызматына жазыңыз",
  ),
  reasonRequired: s("Укажите причину (не короче 3 символов)", "Give a reason (at least 3 characters)", "Себебин көрсөтүңүз (кеминде 3 белги)"),
  userNotFound: s("Пользователь не найден", "User not found", "Колдонуучу табылган жок"),
  cannotBlockOperator: s("Оператора нельзя заблокировать из консоли: его удаляют командой на сервере", "An operator cannot be blocked from the console: remove them with the command on the server", "Операторду консолдон бөгөттөөгө болбойт: аны сервердеги буйрук менен өчүрүшөт"),
  alreadyBlocked: s("Пользователь уже заблокирован", "The user is already blocked", "Колдонуучу мурунтан эле бөгөттөлгөн"),
  notBlocked: s("Пользователь не заблокирован", "The user is not blocked", "Колдонуучу бөгөттөлгөн эмес"),
  reviewNotFound: s("Отзыв не найден", "Review not found", "Пикир табылган жок"),
  reviewNotYet: s("Отзыв можно оставить после окончания проживания", "A review can be written once the stay is over", "Пикирди жашоо аяктагандан кийин калтырса болот"),
  reviewWindowClosed: s(
    "Срок для отзыва истёк: отзывы пишут в течение 14 дней после выезда",
    "The time for a review is over: reviews are written within 14 days of check-out",
    "Пикир жазуу мөөнөтү бүттү: пикирлер чыгып кеткенден кийин 14 күндүн ичинде жазылат",
  ),
  reviewExists: s("Вы уже оставили отзыв об этом проживании", "You have already reviewed this stay", "Бул жашоо тууралуу пикириңизди мурун эле калтыргансыз"),
  replyExists: s("На этот отзыв вы уже ответили", "You have already replied to this review", "Бул пикирге мурун эле жооп бергенсиз"),
  listingNotPublished: s("Объявление не опубликовано: снимать с публикации нечего", "The listing is not published: there is nothing to take down", "Жарыя жарыяланган эмес: алып салууга эч нерсе жок"),
  listingNotAwaitingReview: s(
    "Объявление не ждёт проверки: его уже проверили или хозяин изменил его",
    "The listing is not waiting for review: it was already decided on, or the host changed it",
    "Жарыя текшерүүнү күтпөйт: ал буга чейин каралган же ээси аны өзгөрткөн",
  ),
  reviewAlreadyHidden: s("Отзыв уже скрыт", "The review is already hidden", "Пикир мурунтан эле жашырылган"),
  reviewNotHidden: s("Отзыв не скрыт", "The review is not hidden", "Пикир жашырылган эмес"),

  // ── Any request ────────────────────────────────────────────────────────────────────────────
  notFound: s("Не найдено", "Not found", "Табылган жок"),
  apiPathNotFound: s("Такого адреса API нет: {path}", "Not Found: {path}", "Мындай API дареги жок: {path}"),
  forbidden: s("Недостаточно прав", "You are not allowed to do this", "Укугуңуз жетишсиз"),
  badRequest: s("Запрос не удалось обработать", "Bad Request", "Суроону иштетүү мүмкүн болгон жок"),
  tooLarge: s("Запрос слишком большой", "The request is too large", "Суроо өтө чоң"),
  serverError: s("Ошибка на сервере. Попробуйте позже", "Internal Server Error", "Сервердеги ката. Кийинчерээк аракет кылыңыз"),
  opensOn: s(
    "Это жильё можно забронировать с {date}. Выберите заезд не раньше",
    "This place can be booked from {date}. Choose a check-in on or after it",
    "Бул жайды {date} баштап брондоого болот. Ошол күндөн кийинки келүүнү тандаңыз",
  ),
  hostModeRequired: s(
    "Это раздел хозяина. Переключитесь в режим хозяина, чтобы продолжить",
    "This is the host's area. Switch to host mode to continue",
    "Бул ээсинин бөлүмү. Улантуу үчүн ээ режимине которулуңуз",
  ),
  readOnly: s(
    "Сейчас мы не можем сохранить изменения. Попробуйте через несколько минут",
    "We can't save changes right now. Please try again in a few minutes",
    "Азыр өзгөртүүлөрдү сактай албайбыз. Бир нече мүнөттөн кийин кайталап көрүңүз",
  ),
  photoStorageUnavailable: s(
    "Сейчас мы не можем сохранить фото. Попробуйте через минуту: уже добавленные фото на месте",
    "We can't save photos right now. Please try again in a minute: the photos already added are kept",
    "Азыр сүрөттөрдү сактай албайбыз. Бир мүнөттөн кийин кайталап көрүңүз: мурда кошулган сүрөттөр сакталды",
  ),
  invalidValue: s("Недопустимое значение в запросе", "The request contains a value that is not allowed", "Суроодо уруксат берилбеген маани бар"),
  invalidField: s("Недопустимое значение", "Invalid value", "Жараксыз маани"),
  invalidFormat: s("Неверный формат", "Wrong format", "Формат туура эмес"),
  malformedJson: s("Тело запроса — не JSON", "Malformed JSON", "Суроонун денеси JSON эмес"),
  tooFewItems: s("Слишком мало элементов, нужно не меньше {n}", "Too few items: at least {n}", "Элементтер өтө аз, кеминде {n} керек"),
  tooManyItems: s("Слишком много элементов, допустимо не больше {n}", "Too many items: at most {n}", "Элементтер өтө көп, эң көп {n} болот"),
} satisfies Record<string, L>;

export const MESSAGES = { ...LISTING_MESSAGES, ...API_MESSAGES } satisfies Record<string, L>;
export type MessageKey = keyof typeof MESSAGES;

/** The API's catalogue keys and the wizard's must not share a name (one would hide the other). */
export const MESSAGE_KEY_CLASHES = Object.keys(API_MESSAGES).filter((k) => k in LISTING_MESSAGES);
