-- The search reads `estates` row by row (walks in the order's index, scans of the filters'
-- matches), and at ~1.7 KB a row most of each page was text it never tests: title, city and
-- address (shown on cards and the estate page) and the long description and house rules. The
-- text moves to a 1:1 table, and `estates` keeps only `search_text` (the lower-cased title, city
-- and address the location search matches), now a plain column kept by a trigger. The table is
-- then rewritten so the freed space is given back: about a third of the pages, which fit PGlite's
-- buffer cache. See docs/decisions/0007-narrow-estates-for-search.md.
CREATE TABLE "estate_texts" (
	"estate_id" integer PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"city" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"ru":"","en":"","ky":""}'::jsonb NOT NULL,
	"house_rules" jsonb DEFAULT '{"ru":"","en":"","ky":""}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estate_texts" ADD CONSTRAINT "estate_texts_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "estate_texts" ("estate_id", "title", "city", "address", "description", "house_rules")
	SELECT "id", "title", "city", "address", "description", "house_rules" FROM "estates" ORDER BY "id";--> statement-breakpoint
-- search_text keeps its values; from now on a trigger on estate_texts writes it.
ALTER TABLE "estates" ALTER COLUMN "search_text" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "estates" ALTER COLUMN "search_text" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "estates" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "estates" DROP COLUMN "description";--> statement-breakpoint
ALTER TABLE "estates" DROP COLUMN "city";--> statement-breakpoint
ALTER TABLE "estates" DROP COLUMN "address";--> statement-breakpoint
ALTER TABLE "estates" DROP COLUMN "house_rules";--> statement-breakpoint
-- DROP COLUMN leaves the values in place; rewriting the table drops them (VACUUM FULL cannot run
-- inside the migrations' transaction, CLUSTER on a named table can).
CLUSTER "estates" USING "estates_pkey";--> statement-breakpoint
-- The map walks points nearest-first; a star filter reads the few estates with stars.
CREATE INDEX "estates_point_gist" ON "estates" USING gist (point("lng", "lat")) WHERE "estates"."status" = 'published' AND "estates"."parent_id" IS NULL;--> statement-breakpoint
CREATE INDEX "estates_star_idx" ON "estates" USING btree ("star") WHERE "estates"."star" IS NOT NULL;--> statement-breakpoint
-- What search_text holds: the expression of the generated column it was.
CREATE FUNCTION "estate_search_text"(title jsonb, city jsonb, address jsonb) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT lower(coalesce(title->>'ru','') || ' ' || coalesce(title->>'en','') || ' ' || coalesce(title->>'ky','') || ' ' || coalesce(city->>'ru','') || ' ' || coalesce(city->>'en','') || ' ' || coalesce(city->>'ky','') || ' ' || coalesce(address->>'ru','') || ' ' || coalesce(address->>'en','') || ' ' || coalesce(address->>'ky','')) $$;--> statement-breakpoint
CREATE FUNCTION "estate_texts_sync_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		UPDATE estates SET search_text = '' WHERE id = OLD.estate_id AND search_text <> '';
	ELSE
		UPDATE estates SET search_text = estate_search_text(NEW.title, NEW.city, NEW.address)
			WHERE id = NEW.estate_id AND search_text IS DISTINCT FROM estate_search_text(NEW.title, NEW.city, NEW.address);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "estate_texts_sync_search_text" AFTER INSERT OR DELETE OR UPDATE OF "title", "city", "address" ON "estate_texts"
	FOR EACH ROW EXECUTE FUNCTION "estate_texts_sync_search_text"();--> statement-breakpoint
-- Spellings for misspelt location words come from the words of listed estates (search-location.ts).
CREATE TABLE "estate_words" (
	"word" text PRIMARY KEY NOT NULL,
	"estates" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "estate_words_trgm" ON "estate_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The words of a search text, split as search-location.ts splits what a guest types.
CREATE FUNCTION "estate_words_of"(search_text text) RETURNS SETOF text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	AS $$ SELECT DISTINCT w FROM regexp_split_to_table(search_text, '[\s,.;:!?()"«»]+') AS w WHERE w <> '' $$;--> statement-breakpoint
-- Keeps estate_words in step with the listed estates (published, not a unit). Words are upserted
-- in sorted order, so concurrent writers lock them in the same order.
CREATE FUNCTION "estates_sync_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' AND OLD.status = 'published' AND OLD.parent_id IS NULL THEN
		UPDATE estate_words SET estates = estates - 1
			WHERE word IN (SELECT estate_words_of(OLD.search_text));
		DELETE FROM estate_words WHERE estates <= 0 AND word IN (SELECT estate_words_of(OLD.search_text));
	END IF;
	IF TG_OP <> 'DELETE' AND NEW.status = 'published' AND NEW.parent_id IS NULL THEN
		INSERT INTO estate_words (word, estates)
			SELECT w, 1 FROM estate_words_of(NEW.search_text) AS w ORDER BY w
			ON CONFLICT (word) DO UPDATE SET estates = estate_words.estates + 1;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "estates_sync_words" AFTER INSERT OR DELETE OR UPDATE OF "search_text", "status", "parent_id" ON "estates"
	FOR EACH ROW EXECUTE FUNCTION "estates_sync_words"();--> statement-breakpoint
INSERT INTO "estate_words" ("word", "estates")
	SELECT w, count(*)::int FROM "estates" e CROSS JOIN LATERAL estate_words_of(e."search_text") AS w
	WHERE e."status" = 'published' AND e."parent_id" IS NULL
	GROUP BY w;--> statement-breakpoint
ANALYZE "estates";--> statement-breakpoint
ANALYZE "estate_texts";--> statement-breakpoint
ANALYZE "estate_words";
