-- The search index reads available_from (a listing is not found for stays before its first
-- bookable date, decision 0037): a change of it, like a change of any other search field, is
-- logged for the index to reload the estate.
DROP TRIGGER "search_changes_from_estates" ON "estates";--> statement-breakpoint
CREATE TRIGGER "search_changes_from_estates" AFTER INSERT OR DELETE OR UPDATE OF
	"status", "parent_id", "capacity", "bed_count", "price", "type_id", "subtype_id", "star", "rating",
	"parameter_ids", "nutrition_ids", "is_instant_confirmation", "lat", "lng", "score", "created_at", "search_text",
	"available_from"
	ON "estates" FOR EACH ROW EXECUTE FUNCTION "search_changes_from_estates"();
