-- How many published products each category holds, kept by the database on every write (catalog/listing.ts
-- reads it for the shop's unfiltered list and a category's list, so their `pages` costs one row, not a count
-- of every product). Hand-written: the table is outside the Drizzle schema, like search_name/search_all.
CREATE TABLE IF NOT EXISTS "published_product_counts" (
	"category" text PRIMARY KEY NOT NULL,
	"published" integer NOT NULL,
	CONSTRAINT "published_product_counts_published_check" CHECK ("published" >= 0)
);--> statement-breakpoint
INSERT INTO "published_product_counts" ("category", "published")
  SELECT "category", count(*) FROM "products" WHERE NOT "is_draft" GROUP BY "category"
ON CONFLICT ("category") DO UPDATE SET "published" = excluded."published";--> statement-breakpoint
-- Inserts and deletes, per statement (a bulk load adds each category once); categories in a fixed order so
-- two writers never wait for each other's rows the other way round. The words of names follow too (below).
CREATE OR REPLACE FUNCTION rr_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rr_name_words_add(ARRAY(SELECT w FROM new_rows, rr_fuzzy_words(new_rows.search_name) w));
  INSERT INTO published_product_counts AS c (category, published)
    SELECT category, count(*) FROM new_rows WHERE NOT is_draft GROUP BY category ORDER BY category
  ON CONFLICT (category) DO UPDATE SET published = c.published + excluded.published;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rr_products_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rr_name_words_remove(ARRAY(SELECT w FROM old_rows, rr_fuzzy_words(old_rows.search_name) w));
  UPDATE published_product_counts AS c SET published = c.published - d.n
    FROM (SELECT category, count(*) AS n FROM old_rows WHERE NOT is_draft GROUP BY category ORDER BY category) d
    WHERE c.category = d.category;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Publishing, hiding or moving a product, per row; the trigger's WHEN keeps every other update (stock, price,
-- rating: each order) free of it.
CREATE OR REPLACE FUNCTION rr_published_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT old.is_draft THEN
    UPDATE published_product_counts SET published = published - 1 WHERE category = old.category;
  END IF;
  IF NOT new.is_draft THEN
    INSERT INTO published_product_counts AS c (category, published) VALUES (new.category, 1)
      ON CONFLICT (category) DO UPDATE SET published = c.published + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_published_counts_update AFTER UPDATE OF is_draft, category ON products FOR EACH ROW
  WHEN (old.is_draft IS DISTINCT FROM new.is_draft OR old.category IS DISTINCT FROM new.category)
  EXECUTE FUNCTION rr_published_counts_changed();--> statement-breakpoint
-- A search ranks names that start with the keyword first (catalog/search.ts): a prefix is a range of this
-- index, where the trigram index would hand over every name holding the word, to be checked one by one.
CREATE INDEX IF NOT EXISTS "products_name_prefix_idx" ON "products" (lower("name") text_pattern_ops);--> statement-breakpoint
-- The words of product names (four characters or more, without digits) and in how many names each is: a
-- misspelt word ("saphire") is compared with these few hundred words, not with every name, and the names
-- holding the close words are then found through the word index (catalog/search.ts, fuzzy tier).
CREATE TABLE IF NOT EXISTS "search_name_words" (
	"word" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "search_name_words_products_check" CHECK ("products" >= 0)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_name_words_trgm_idx" ON "search_name_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The distinct words of a name as search_name holds them (rr_search_words), that fuzzy matching reads.
CREATE OR REPLACE FUNCTION rr_fuzzy_words(words text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM unnest(string_to_array(btrim(words), ' ')) w WHERE char_length(w) >= 4 AND w !~ '[0-9]'
$$;--> statement-breakpoint
INSERT INTO "search_name_words" ("word", "products")
  SELECT w, count(*) FROM "products", rr_fuzzy_words("search_name") w GROUP BY w
ON CONFLICT ("word") DO UPDATE SET "products" = excluded."products";--> statement-breakpoint
CREATE OR REPLACE FUNCTION rr_name_words_add(words text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_name_words AS v (word, products)
    SELECT w, count(*) FROM unnest(words) w GROUP BY w ORDER BY w
  ON CONFLICT (word) DO UPDATE SET products = v.products + excluded.products
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rr_name_words_remove(words text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE search_name_words AS v SET products = v.products - d.n
    FROM (SELECT w, count(*) AS n FROM unnest(words) w GROUP BY w ORDER BY w) d WHERE v.word = d.w;
  DELETE FROM search_name_words WHERE word = ANY (words) AND products = 0
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rr_name_words_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rr_name_words_remove(ARRAY(SELECT rr_fuzzy_words(old.search_name)));
  PERFORM rr_name_words_add(ARRAY(SELECT rr_fuzzy_words(new.search_name)));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Emptied products: both kept summaries (published counts and name words) start again from nothing.
CREATE OR REPLACE FUNCTION rr_product_summaries_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM published_product_counts;
  DELETE FROM search_name_words;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_summaries_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rr_products_inserted();--> statement-breakpoint
CREATE TRIGGER products_summaries_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION rr_products_deleted();--> statement-breakpoint
CREATE TRIGGER products_name_words_update AFTER UPDATE OF name ON products FOR EACH ROW
  WHEN (old.name IS DISTINCT FROM new.name) EXECUTE FUNCTION rr_name_words_renamed();--> statement-breakpoint
CREATE TRIGGER products_summaries_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION rr_product_summaries_truncated();
