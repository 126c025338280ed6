ALTER TABLE "bookings" ADD COLUMN "price_breakdown" jsonb;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "cleaning_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "extra_guest_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "extra_guests_above" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "weekly_discount" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "monthly_discount" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The search's price filter and "cheapest first" sort read what a stay costs (contract/stay-price.ts):
-- the weekend price, the fees and discounts and the host's per-date prices are search fields now,
-- and a change of them is logged for the index to reload the estate.
DROP TRIGGER "search_changes_from_estates" ON "estates";--> statement-breakpoint
CREATE TRIGGER "search_changes_from_estates" AFTER INSERT OR DELETE OR UPDATE OF
	"status", "parent_id", "capacity", "bed_count", "price", "type_id", "subtype_id", "star", "rating",
	"parameter_ids", "nutrition_ids", "is_instant_confirmation", "lat", "lng", "score", "created_at", "search_text",
	"available_from", "advance_notice_days", "same_day_until_hour", "preparation_nights", "booking_window_months",
	"weekend_price", "cleaning_fee", "extra_guest_fee", "extra_guests_above", "weekly_discount", "monthly_discount"
	ON "estates" FOR EACH ROW EXECUTE FUNCTION "search_changes_from_estates"();--> statement-breakpoint
CREATE TRIGGER "search_changes_from_prices" AFTER INSERT OR DELETE OR UPDATE
	ON "estate_prices" FOR EACH ROW EXECUTE FUNCTION "search_changes_from_estate_rows"();
