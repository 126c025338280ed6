/**
 * The house_rules step's answers as the sentences the estate page shows under "House rules", in
 * every language (guests read them; the host only ticked boxes).
 */
import type { Localized } from "../../../contract/common";

type Rules = { checkInFrom: string; checkInUntil: string; checkOutFrom: string; checkOutUntil: string; pets: boolean; smoking: boolean; parties: boolean; quietFrom?: string; quietUntil?: string };

export function houseRulesText(r: Rules): Localized {
  const lines = {
    ru: [
      `Заезд с ${r.checkInFrom} до ${r.checkInUntil}, выезд с ${r.checkOutFrom} до ${r.checkOutUntil}.`,
      r.pets ? "Можно с животными." : "Без животных.",
      r.smoking ? "Курить можно." : "Не курить.",
      r.parties ? "Вечеринки разрешены." : "Без вечеринок.",
      r.quietFrom && r.quietUntil ? `Тихие часы с ${r.quietFrom} до ${r.quietUntil}.` : "",
    ],
    en: [
      `Check-in from ${r.checkInFrom} to ${r.checkInUntil}, check-out from ${r.checkOutFrom} to ${r.checkOutUntil}.`,
      r.pets ? "Pets allowed." : "No pets.",
      r.smoking ? "Smoking allowed." : "No smoking.",
      r.parties ? "Parties allowed." : "No parties.",
      r.quietFrom && r.quietUntil ? `Quiet hours from ${r.quietFrom} to ${r.quietUntil}.` : "",
    ],
    ky: [
      `Кирүү ${r.checkInFrom} – ${r.checkInUntil}, чыгуу ${r.checkOutFrom} – ${r.checkOutUntil}.`,
      r.pets ? "Үй жаныбарлары менен болот." : "Үй жаныбарлары менен болбойт.",
      r.smoking ? "Тамеки тартууга болот." : "Тамеки тартууга болбойт.",
      r.parties ? "Кечелерге уруксат." : "Кечелер болбойт.",
      r.quietFrom && r.quietUntil ? `Тынч сааттар ${r.quietFrom} – ${r.quietUntil}.` : "",
    ],
  };
  const join = (list: string[]) => list.filter(Boolean).join(" ");
  return { ru: join(lines.ru), en: join(lines.en), ky: join(lines.ky) };
}
