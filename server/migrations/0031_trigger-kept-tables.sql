-- The tables kept by triggers (migrations 0021 and 0023) now have schema definitions (decision 0039), so drizzle
-- records them here; they exist already, made by those migrations, which this changes nothing of.
CREATE TABLE IF NOT EXISTS "published_product_counts" (
	"category" text PRIMARY KEY NOT NULL,
	"published" integer NOT NULL,
	CONSTRAINT "published_product_counts_published_check" CHECK ("published_product_counts"."published" >= 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_generation" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"generation" bigint NOT NULL,
	"changed_by" bigint NOT NULL,
	CONSTRAINT "search_generation_one_row" CHECK ("search_generation"."id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_name_words" (
	"word" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "search_name_words_products_check" CHECK ("search_name_words"."products" >= 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_name_words_trgm_idx" ON "search_name_words" USING gin ("word" gin_trgm_ops);
