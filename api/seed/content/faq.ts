/**
 * The questions of /faq as first published (before issue 31 they lived in the translation files),
 * inserted where their anchor is missing: the console edits them afterwards, and a start never
 * overwrites an edit.
 */
import type { Localized } from "../../../contract/common";
import type { FaqAudience } from "../../../contract/content";

export const FAQ_ITEMS: { audience: FaqAudience; anchor: string; question: Localized; answer: Localized }[] = [
  {
    audience: "guests",
    anchor: "book",
    question: {"ru": "Как забронировать жильё?", "en": "How do I book a stay?", "ky": "Турак жайды кантип брондойм?"},
    answer: {"ru": "Найдите объект в поиске, выберите даты и число гостей на его странице и нажмите «Забронировать». Хозяин подтверждает запрос, после чего его нужно оплатить в указанный срок.", "en": "Find a place in search, pick your dates and number of guests on its page and press \"Book\". The host confirms the request, and then you pay within the time shown.", "ky": "Издөөдөн объект таап, анын барагында күндөрдү жана коноктордун санын тандап, «Брондоо» баскычын басыңыз. Ээси сурамды тастыктайт, андан кийин белгиленген мөөнөттө төлөшүңүз керек."},
  },
  {
    audience: "guests",
    anchor: "pay",
    question: {"ru": "Как оплатить бронирование?", "en": "How do I pay for a booking?", "ky": "Брондоону кантип төлөйм?"},
    answer: {"ru": "Банковской картой на защищённой странице платёжного провайдера. Konok не хранит данные карты. Чек об оплате появится в разделе «Транзакции» профиля.", "en": "By bank card on the payment provider's secure page. Konok does not store your card details. The receipt appears under \"Transactions\" in your profile.", "ky": "Төлөм провайдеринин корголгон барагында банк картасы менен. Konok картанын маалыматтарын сактабайт. Төлөмдүн чеги профилдин «Транзакциялар» бөлүмүндө пайда болот."},
  },
  {
    audience: "guests",
    anchor: "cancel",
    question: {"ru": "Можно ли отменить бронирование?", "en": "Can I cancel a booking?", "ky": "Брондоону жокко чыгарсам болобу?"},
    answer: {"ru": "Да, на странице бронирования в профиле. Сколько вернётся, зависит от правил отмены объекта — они показаны до оплаты.", "en": "Yes, from the booking's page in your profile. How much is refunded depends on the estate's cancellation rules, shown before you pay.", "ky": "Ооба, профилдеги брондоонун барагынан. Канча кайтарылары объекттин жокко чыгаруу эрежелерине жараша болот — алар төлөмгө чейин көрсөтүлөт."},
  },
  {
    audience: "guests",
    anchor: "contact",
    question: {"ru": "Как связаться с хозяином?", "en": "How do I contact the host?", "ky": "Ээси менен кантип байланышам?"},
    answer: {"ru": "После бронирования откройте его в профиле и напишите в чат. Телефон хозяина виден в подтверждённом бронировании.", "en": "After booking, open it in your profile and write in the chat. The host's phone number is shown in a confirmed booking.", "ky": "Брондогондон кийин аны профилден ачып, чатка жазыңыз. Ээсинин телефону тастыкталган брондоодо көрүнөт."},
  },
  {
    audience: "hosts",
    anchor: "list",
    question: {"ru": "Как разместить своё жильё?", "en": "How do I list my place?", "ky": "Турак жайымды кантип жайгаштырам?"},
    answer: {"ru": "Войдите, переключитесь в режим хозяина и создайте объявление: тип, адрес, фото, описание, цена и правила. После проверки оно появится в поиске.", "en": "Sign in, switch to host mode and create a listing: type, address, photos, description, price and rules. After review it appears in search.", "ky": "Кирип, ээ режимине которулуп, жарнама түзүңүз: түрү, дареги, сүрөттөрү, сүрөттөмөсү, баасы жана эрежелери. Текшерүүдөн кийин ал издөөдө пайда болот."},
  },
  {
    audience: "hosts",
    anchor: "commission",
    question: {"ru": "Сколько стоит размещение?", "en": "What does listing cost?", "ky": "Жайгаштыруу канча турат?"},
    answer: {"ru": "Размещение бесплатное. Konok берёт комиссию только с оплаченных бронирований; её размер зависит от формата сотрудничества и виден при создании объявления.", "en": "Listing is free. Konok takes a commission only on paid bookings; its rate depends on the cooperation format and is shown when you create a listing.", "ky": "Жайгаштыруу акысыз. Konok төлөнгөн брондоолордон гана комиссия алат; анын өлчөмү кызматташуу форматына жараша болот жана жарнама түзүүдө көрүнөт."},
  },
  {
    audience: "hosts",
    anchor: "calendar",
    question: {"ru": "Как закрыть даты в календаре?", "en": "How do I block dates in my calendar?", "ky": "Календардагы күндөрдү кантип жабам?"},
    answer: {"ru": "В разделе «Календарь» выберите объект и отметьте занятые дни. Закрытые даты сразу перестают быть доступны для бронирования.", "en": "In \"Calendar\", choose the listing and mark the busy days. Blocked dates stop being bookable at once.", "ky": "«Календарь» бөлүмүндө объектти тандап, бош эмес күндөрдү белгилеңиз. Жабылган күндөр дароо брондоого жеткиликсиз болот."},
  },
  {
    audience: "hosts",
    anchor: "requests",
    question: {"ru": "Сколько времени есть на ответ гостю?", "en": "How long do I have to answer a guest?", "ky": "Конокко жооп берүүгө канча убакыт бар?"},
    answer: {"ru": "Запрос нужно подтвердить или отклонить в течение 24 часов, иначе он отменится автоматически. Быстрые ответы поднимают объявление в поиске.", "en": "Confirm or decline a request within 24 hours, or it is cancelled automatically. Quick replies lift your listing in search.", "ky": "Сурамды 24 сааттын ичинде тастыктоо же четке кагуу керек, антпесе ал автоматтык түрдө жокко чыгат. Тез жооп берүү жарнаманы издөөдө жогору көтөрөт."},
  },
];
