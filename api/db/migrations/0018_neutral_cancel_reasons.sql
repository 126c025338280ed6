-- The guests' cancellation reasons in Russian were masculine ("Нашёл другой вариант", "Заболел"):
-- reworded without a gender, as the seed now writes them (api/seed/directory.ts). Only the seeded
-- wording is replaced; a reason an operator reworded is left as it is.
UPDATE "cancel_reasons" SET "name" = jsonb_set("name", '{ru}', '"Нашёлся другой вариант"')
	WHERE "side" = 'guest' AND "name"->>'ru' = 'Нашёл другой вариант';--> statement-breakpoint
UPDATE "cancel_reasons" SET "name" = jsonb_set(jsonb_set("name", '{ru}', '"Болезнь"'), '{en}', '"Illness"')
	WHERE "side" = 'guest' AND "name"->>'ru' = 'Заболел';
