/**
 * Messages a person reads, in the request's language. Field validation messages come from the
 * web app's own forms first; these are the answers only the API can give (wrong code, limits).
 */
import type { Locale } from "../../contract/common";

const catalog = {
  wrongCredentials: {
    ru: "Неверный номер телефона или пароль",
    en: "Wrong phone number or password",
    ky: "Телефон номери же сырсөз туура эмес",
  },
  tooManyLogins: {
    ru: "Слишком много попыток входа. Попробуйте через {minutes} мин или восстановите пароль",
    en: "Too many sign-in attempts. Try again in {minutes} min or reset your password",
    ky: "Кирүү аракети өтө көп. {minutes} мүнөттөн кийин кайталаңыз же сырсөздү калыбына келтириңиз",
  },
  tooManyRequests: {
    ru: "Слишком много запросов. Попробуйте через {minutes} мин",
    en: "Too many requests. Try again in {minutes} min",
    ky: "Суроо-талап өтө көп. {minutes} мүнөттөн кийин кайталаңыз",
  },
  resendWait: {
    ru: "Новый код можно запросить через {seconds} с",
    en: "You can ask for a new code in {seconds} s",
    ky: "Жаңы кодду {seconds} секунддан кийин сураса болот",
  },
  tooManyCodes: {
    ru: "Слишком много кодов для этого адреса. Попробуйте через {minutes} мин",
    en: "Too many codes for this number. Try again in {minutes} min",
    ky: "Бул дарекке коддор өтө көп. {minutes} мүнөттөн кийин кайталаңыз",
  },
  codeExpired: {
    ru: "Срок действия кода истёк. Запросите новый",
    en: "The code has expired. Ask for a new one",
    ky: "Коддун мөөнөтү бүттү. Жаңысын сураңыз",
  },
  codeWrong: {
    ru: "Неверный код. Осталось попыток: {left}",
    en: "Wrong code. Tries left: {left}",
    ky: "Код туура эмес. Калган аракет: {left}",
  },
  codeTooManyTries: {
    ru: "Слишком много неверных попыток. Запросите новый код",
    en: "Too many wrong tries. Ask for a new code",
    ky: "Туура эмес аракет өтө көп. Жаңы код сураңыз",
  },
  phoneTaken: {
    ru: "Этот номер уже зарегистрирован. Войдите или восстановите пароль",
    en: "This number is already registered. Sign in or reset your password",
    ky: "Бул номер катталган. Кириңиз же сырсөздү калыбына келтириңиз",
  },
  phoneUnknown: {
    ru: "Аккаунт с этим номером не найден",
    en: "No account with this number",
    ky: "Бул номер менен аккаунт табылган жок",
  },
  emailTaken: {
    ru: "Этот e-mail уже привязан к другому аккаунту",
    en: "This e-mail belongs to another account",
    ky: "Бул e-mail башка аккаунтка байланган",
  },
  verificationExpired: {
    ru: "Подтверждение устарело. Начните заново",
    en: "The confirmation has expired. Please start again",
    ky: "Ырастоо эскирди. Кайрадан баштаңыз",
  },
  sessionEnded: {
    ru: "Сеанс завершён. Войдите снова",
    en: "Your session has ended. Please sign in again",
    ky: "Сеанс аяктады. Кайра кириңиз",
  },
  currentPasswordWrong: {
    ru: "Текущий пароль указан неверно",
    en: "The current password is wrong",
    ky: "Учурдагы сырсөз туура эмес",
  },
  noPhoneToUnlink: {
    ru: "К аккаунту не привязан номер телефона",
    en: "No phone number is linked to this account",
    ky: "Аккаунтка телефон номери байланган эмес",
  },
  unlinkNeedsEmail: {
    ru: "Сначала привяжите e-mail: без телефона вы будете входить по нему",
    en: "Link an e-mail first: without a phone you will sign in with it",
    ky: "Адегенде e-mail байлаңыз: телефонсуз аны менен киресиз",
  },
  referralUnknown: {
    ru: "Такого кода приглашения нет",
    en: "There is no such invitation code",
    ky: "Мындай чакыруу коду жок",
  },
  invalidValue: {
    ru: "Недопустимое значение в запросе",
    en: "The request contains a value that is not allowed",
    ky: "Суроодо уруксат берилбеген маани бар",
  },
  datesTaken: {
    ru: "Эти даты уже заняты. Выберите другие",
    en: "These dates are already taken. Please choose others",
    ky: "Бул күндөр бош эмес. Башка күндөрдү тандаңыз",
  },
  opensOn: {
    ru: "Это жильё можно забронировать с {date}. Выберите заезд не раньше",
    en: "This place can be booked from {date}. Choose a check-in on or after it",
    ky: "Бул жайды {date} баштап брондоого болот. Ошол күндөн кийинки келүүнү тандаңыз",
  },
  hostModeRequired: {
    ru: "Это раздел хозяина. Переключитесь в режим хозяина, чтобы продолжить",
    en: "This is the host's area. Switch to host mode to continue",
    ky: "Бул ээсинин бөлүмү. Улантуу үчүн ээ режимине которулуңуз",
  },
  forbidden: {
    ru: "Недостаточно прав",
    en: "You are not allowed to do this",
    ky: "Укугуңуз жетишсиз",
  },
  articleNotFound: {
    ru: "Статья не найдена",
    en: "Article not found",
    ky: "Макала табылган жок",
  },
  pageNotFound: {
    ru: "Страница не найдена",
    en: "Page not found",
    ky: "Барак табылган жок",
  },
} satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof catalog;

export function message(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  return catalog[key][locale].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ""));
}
