/**
 * Promo landing pages. Dates are relative to the day the promo is first inserted, so a fresh
 * site shows a running offer; its estates are the partner resorts and sanatoriums on Issyk-Kul.
 */
import type { Localized } from "../../../contract/common";

export type PromoSeed = {
  slug: string;
  title: Localized;
  summary: Localized;
  body: Localized;
  terms: Localized;
  coverKey: string;
  discountPercent: number;
  startsInDays: number;
  lastsDays: number;
  /** Partner estates: published resorts and sanatoriums of this region, up to `estateLimit`. */
  region: string;
  estateTypes: string[];
  estateLimit: number;
};

const s = (ru: string, en: string, ky: string): Localized => ({ ru, en, ky });

export const PROMOS: PromoSeed[] = [
  {
    slug: "raduga",
    coverKey: "demo/lake-2",
    discountPercent: 15,
    startsInDays: -14,
    lastsDays: 120,
    region: "issyk-kul",
    estateTypes: ["resort", "sanatorium"],
    estateLimit: 8,
    title: s("«Радуга»: −15% на отдых в партнёрских пансионатах", "Raduga: 15% off stays at partner resorts", "«Радуга»: өнөктөш пансионаттарда эс алууга −15%"),
    summary: s(
      "Сезонное предложение на пансионаты и санатории Иссык-Куля: скидка на каждую ночь при бронировании через Konok.",
      "A seasonal offer for Issyk-Kul resorts and sanatoriums: a discount on every night booked through Konok.",
      "Ысык-Көлдөгү пансионаттар жана санаторийлер үчүн мезгилдик сунуш: Konok аркылуу брондолгон ар бир түнгө арзандатуу.",
    ),
    body: s(
      "Партнёрские пансионаты и санатории на северном и южном берегу Иссык-Куля дают гостям Konok скидку 15% на проживание. Выберите объект из списка ниже, забронируйте даты в пределах срока акции, и скидка будет учтена хозяином при подтверждении.\n\nВ предложение входят номера с питанием, лечебные программы санаториев и семейные коттеджи у воды.",
      "Partner resorts and sanatoriums on the north and south shores of Issyk-Kul give Konok guests 15% off their stay. Choose an estate from the list below, book dates within the offer period, and the host applies the discount when confirming.\n\nThe offer covers rooms with meals, the sanatoriums' health programmes and family cottages by the water.",
      "Ысык-Көлдүн түндүк жана түштүк жээгиндеги өнөктөш пансионаттар жана санаторийлер Konok конокторуна жашоого 15% арзандатуу беришет. Төмөнкү тизмеден объект тандап, сунуштун мөөнөтүнүн ичинде күндөрдү брондоңуз, ээси тастыктап жатканда арзандатууну эсепке алат.\n\nСунушка тамагы менен бөлмөлөр, санаторийлердин дарылоо программалары жана суунун жээгиндеги үй-бүлөлүк коттедждер кирет.",
    ),
    terms: s(
      "Скидка действует на ночи проживания в пределах срока акции и не суммируется с другими предложениями. Бронирование должно быть оплачено через Konok. Условия отмены — по правилам объекта.",
      "The discount applies to nights within the offer period and cannot be combined with other offers. The booking must be paid through Konok. Cancellation follows the estate's own rules.",
      "Арзандатуу сунуштун мөөнөтүнүн ичиндеги түндөргө гана колдонулат жана башка сунуштар менен кошулбайт. Брондоо Konok аркылуу төлөнүшү керек. Жокко чыгаруу объекттин эрежелери боюнча.",
    ),
  },
];
