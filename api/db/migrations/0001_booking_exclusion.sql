-- No two active bookings of one estate may overlap, whatever the application code does
-- (a check-then-insert transaction lets concurrent requests double-book on PostgreSQL).
-- daterange is [check_in, check_out): a stay ending on the day another starts does not overlap.
-- The API maps the violation (SQLSTATE 23P01) to HTTP 409.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("estate_id" WITH =, daterange("check_in", "check_out") WITH &&) WHERE ("active");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_dates_order" CHECK ("check_out" > "check_in");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_rating_range" CHECK ("rating" BETWEEN 1 AND 5);--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "estates"("id") ON DELETE CASCADE;
