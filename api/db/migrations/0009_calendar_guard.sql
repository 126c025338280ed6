CREATE TABLE "estate_min_stays" (
	"estate_id" integer NOT NULL,
	"date" date NOT NULL,
	"min_nights" smallint NOT NULL,
	CONSTRAINT "estate_min_stays_estate_id_date_pk" PRIMARY KEY("estate_id","date")
);
--> statement-breakpoint
ALTER TABLE "estate_min_stays" ADD CONSTRAINT "estate_min_stays_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A night is either booked or blocked, never both, whatever the application code does. The
-- exclusion constraint cannot see across two tables, so both writers first lock the estate's row
-- (FOR NO KEY UPDATE: foreign-key checks elsewhere still pass) and then look at the other table;
-- the second of two concurrent writers waits for the first to commit and then sees its row.
-- SQLSTATE KN001 and KN002 are answered with 409 naming the booking (api/lib/error-handler.ts).
CREATE FUNCTION "calendar_guard_blocked_date"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE taken integer;
BEGIN
	PERFORM 1 FROM estates WHERE id = NEW.estate_id FOR NO KEY UPDATE;
	SELECT id INTO taken FROM bookings
		WHERE estate_id = NEW.estate_id AND active AND check_in <= NEW.date AND check_out > NEW.date
		ORDER BY id LIMIT 1;
	IF taken IS NOT NULL THEN
		RAISE EXCEPTION 'night % of estate % is booked (booking %)', NEW.date, NEW.estate_id, taken
			USING ERRCODE = 'KN001', DETAIL = taken::text;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "calendar_guard_blocked_date" BEFORE INSERT OR UPDATE ON "estate_blocked_dates"
	FOR EACH ROW EXECUTE FUNCTION "calendar_guard_blocked_date"();--> statement-breakpoint
CREATE FUNCTION "calendar_guard_booking"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE closed date;
BEGIN
	-- The generated column "active" is not computed yet in a BEFORE trigger: test the status.
	IF NEW.status NOT IN ('pending_confirmation', 'pending_payment', 'paid_waiting_checkin', 'paid_occupied') THEN RETURN NEW; END IF;
	IF TG_OP = 'UPDATE' AND OLD.status IN ('pending_confirmation', 'pending_payment', 'paid_waiting_checkin', 'paid_occupied')
		AND NEW.estate_id = OLD.estate_id AND NEW.check_in = OLD.check_in AND NEW.check_out = OLD.check_out THEN
		RETURN NEW;
	END IF;
	PERFORM 1 FROM estates WHERE id = NEW.estate_id FOR NO KEY UPDATE;
	SELECT date INTO closed FROM estate_blocked_dates
		WHERE estate_id = NEW.estate_id AND date >= NEW.check_in AND date < NEW.check_out
		ORDER BY date LIMIT 1;
	IF closed IS NOT NULL THEN
		RAISE EXCEPTION 'night % of estate % is blocked', closed, NEW.estate_id
			USING ERRCODE = 'KN002', DETAIL = closed::text;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "calendar_guard_booking" BEFORE INSERT OR UPDATE OF "status", "estate_id", "check_in", "check_out" ON "bookings"
	FOR EACH ROW EXECUTE FUNCTION "calendar_guard_booking"();
