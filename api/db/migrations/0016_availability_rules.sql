ALTER TABLE "estates" ADD COLUMN "advance_notice_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "same_day_until_hour" smallint;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "preparation_nights" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "booking_window_months" smallint;--> statement-breakpoint
-- The search index reads the availability rules (contract/availability-rules.ts): a change of
-- them, like a change of any other search field, is logged for the index to reload the estate.
DROP TRIGGER "search_changes_from_estates" ON "estates";--> statement-breakpoint
CREATE TRIGGER "search_changes_from_estates" AFTER INSERT OR DELETE OR UPDATE OF
	"status", "parent_id", "capacity", "bed_count", "price", "type_id", "subtype_id", "star", "rating",
	"parameter_ids", "nutrition_ids", "is_instant_confirmation", "lat", "lng", "score", "created_at", "search_text",
	"available_from", "advance_notice_days", "same_day_until_hour", "preparation_nights", "booking_window_months"
	ON "estates" FOR EACH ROW EXECUTE FUNCTION "search_changes_from_estates"();
