ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'hi'));--> statement-breakpoint
-- Issue 30, hand-written from here: search reads the Hindi name and description too. search_all (0018)
-- is rebuilt with them (its index goes with the column and is made again); a literal or fuzzy match on
-- the Hindi name uses its own trigram index.
ALTER TABLE "products" DROP COLUMN IF EXISTS "search_all";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_all" text GENERATED ALWAYS AS (
  rr_search_words("name" || ' ' || "name_hi" || ' ' || "category" || ' ' || coalesce("origin", '') || ' ' || coalesce("planet", '') || ' ' || "description" || ' ' || "description_hi")
) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_all_trgm_idx" ON "products" USING gin ("search_all" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_hi_trgm_idx" ON "products" USING gin (lower("name_hi") gin_trgm_ops);--> statement-breakpoint
-- The search memo's generation moves when the Hindi texts change, as it does for the English ones (0023).
DROP TRIGGER IF EXISTS products_search_update ON products;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_search_update
  AFTER UPDATE OF name, name_hi, description, description_hi, category, origin, planet, mukhi, is_draft ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (old.name IS DISTINCT FROM new.name OR old.description IS DISTINCT FROM new.description
        OR old.name_hi IS DISTINCT FROM new.name_hi OR old.description_hi IS DISTINCT FROM new.description_hi
        OR old.category IS DISTINCT FROM new.category OR old.origin IS DISTINCT FROM new.origin
        OR old.planet IS DISTINCT FROM new.planet OR old.mukhi IS DISTINCT FROM new.mukhi
        OR old.is_draft IS DISTINCT FROM new.is_draft)
  EXECUTE FUNCTION rr_search_changed();
