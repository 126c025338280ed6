CREATE TABLE "search_changes" (
	"xid" bigint DEFAULT pg_current_xact_id()::text::bigint NOT NULL,
	"estate_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_changes_xid_idx" ON "search_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "search_changes_at_idx" ON "search_changes" USING btree ("at");--> statement-breakpoint
-- An estate's search fields changed (or it appeared or went away).
CREATE FUNCTION "search_changes_from_estates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO search_changes (estate_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "search_changes_from_estates" AFTER INSERT OR DELETE OR UPDATE OF
	"status", "parent_id", "capacity", "bed_count", "price", "type_id", "subtype_id", "star", "rating",
	"parameter_ids", "nutrition_ids", "is_instant_confirmation", "lat", "lng", "score", "created_at", "search_text"
	ON "estates" FOR EACH ROW EXECUTE FUNCTION "search_changes_from_estates"();--> statement-breakpoint
-- Bookings and blocked dates: the estate's free nights changed (both the old and the new estate
-- when a row moves, which the product never does, but the log should not depend on that).
CREATE FUNCTION "search_changes_from_estate_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN INSERT INTO search_changes (estate_id) VALUES (OLD.estate_id); END IF;
	IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.estate_id IS DISTINCT FROM OLD.estate_id) THEN
		INSERT INTO search_changes (estate_id) VALUES (NEW.estate_id);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "search_changes_from_bookings" AFTER INSERT OR DELETE OR UPDATE OF "status", "estate_id", "check_in", "check_out"
	ON "bookings" FOR EACH ROW EXECUTE FUNCTION "search_changes_from_estate_rows"();--> statement-breakpoint
CREATE TRIGGER "search_changes_from_blocked_dates" AFTER INSERT OR DELETE OR UPDATE
	ON "estate_blocked_dates" FOR EACH ROW EXECUTE FUNCTION "search_changes_from_estate_rows"();
