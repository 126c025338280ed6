import type { Locale } from "~/i18n/config";

/**
 * Popular places to stay. The search matches city, address and title in every language, so the
 * name in the reader's language is the query. `tone` picks the card's colours on the home page.
 */
export type Destination = { key: string; names: Record<Locale, string>; tone: string };

export const DESTINATIONS: Destination[] = [
  { key: "bishkek", names: { ru: "Бишкек", en: "Bishkek", ky: "Бишкек" }, tone: "from-rose-500 to-orange-400" },
  { key: "cholpon-ata", names: { ru: "Чолпон-Ата", en: "Cholpon-Ata", ky: "Чолпон-Ата" }, tone: "from-sky-600 to-cyan-400" },
  { key: "karakol", names: { ru: "Каракол", en: "Karakol", ky: "Каракол" }, tone: "from-emerald-600 to-lime-400" },
  { key: "osh", names: { ru: "Ош", en: "Osh", ky: "Ош" }, tone: "from-amber-600 to-yellow-400" },
  { key: "naryn", names: { ru: "Нарын", en: "Naryn", ky: "Нарын" }, tone: "from-indigo-600 to-violet-400" },
  { key: "arslanbob", names: { ru: "Арсланбоб", en: "Arslanbob", ky: "Арстанбап" }, tone: "from-green-700 to-teal-400" },
];
