-- Which products a search matches changes only with what it reads: a product's name, description, category,
-- origin, planet, mukhi or draft mark, products added or removed, and the trade's names (search_synonyms).
-- Not with stock, price, rating or sales, which change with every order. `search_generation` is one row
-- whose number changes, in the writing transaction, with each such change: catalog/search-memo.ts keeps a
-- search's count (and whether it finds anything) under the number it was read with, so a count of tens of
-- thousands of rows is read once per change, not once per request. Hand-written: the table is outside the
-- Drizzle schema, like published_product_counts.
--
-- The numbers come from a sequence, so a number is never handed out twice, even by a transaction that rolls
-- back (its number is never seen, and the next change gets another one). The row is changed by deferred
-- constraint triggers, at commit, after every row lock the transaction takes: a transaction waits for
-- another's change to this row only at its very end, so it never holds this row while waiting for a product
-- row (no deadlock with transactions that lock products in another order). Once per transaction: a bulk
-- change of many rows sets it once (the later calls find their own transaction's id and leave it).
CREATE SEQUENCE IF NOT EXISTS "search_generation_seq";--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_generation" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"generation" bigint NOT NULL,
	"changed_by" bigint NOT NULL,
	CONSTRAINT "search_generation_one_row" CHECK ("id")
);--> statement-breakpoint
INSERT INTO "search_generation" ("id", "generation", "changed_by")
  VALUES (true, nextval('search_generation_seq'), 0) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rr_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_generation SET generation = nextval('search_generation_seq'), changed_by = txid_current()
    WHERE changed_by <> txid_current();
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_search_rows AFTER INSERT OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rr_search_changed();--> statement-breakpoint
-- The columns search_name and search_all are made of (migration 0018), the mukhi fact, and the draft mark.
CREATE CONSTRAINT TRIGGER products_search_update
  AFTER UPDATE OF name, description, category, origin, planet, mukhi, is_draft ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (old.name IS DISTINCT FROM new.name OR old.description IS DISTINCT FROM new.description
        OR old.category IS DISTINCT FROM new.category OR old.origin IS DISTINCT FROM new.origin
        OR old.planet IS DISTINCT FROM new.planet OR old.mukhi IS DISTINCT FROM new.mukhi
        OR old.is_draft IS DISTINCT FROM new.is_draft)
  EXECUTE FUNCTION rr_search_changed();--> statement-breakpoint
-- A truncate already locks the whole table: the row changes at once.
CREATE TRIGGER products_search_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION rr_search_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER search_synonyms_search_rows AFTER INSERT OR UPDATE OR DELETE ON search_synonyms
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rr_search_changed();--> statement-breakpoint
CREATE TRIGGER search_synonyms_search_truncate AFTER TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION rr_search_changed();
