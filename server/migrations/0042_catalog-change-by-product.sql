-- Issue 31 (decision 0051): the catalog's change notices say which products changed, so each instance
-- drops only the cached answers that show them, instead of every answer on every order (migration 0012
-- sent one empty notice for any statement on a catalog table). Payloads on 'catalog_changed':
--   'stock:<id>=<n>,...'     these products' stock, and nothing else they show, changed (and stayed in
--                            or out of stock): answers showing one take the new count, or go.
--   'product:<id>,<id>,...'  what these products' answers show changed (a picture, a review, a
--                            variant's stock): answers showing one go.
--   'listing:<id>,<id>,...'  and where they stand in lists may have changed (price, name, draft mark,
--                            rating, facts, stock running out or coming back, added or removed): every
--                            list, count and filter panel goes too.
--   ''                       anything may have changed: categories, synonyms, sales (their triggers stay),
--                            a truncate, or one statement touching more than 100 products.
--   'user:<id>'              signed-in users (migration 0024), unchanged.
-- Statement level with transition tables: one notice of each kind per statement, ids sorted, so that
-- PostgreSQL folds a transaction's identical notices into one, delivered at commit (never on rollback).
-- Units sold change nothing here: the best sellers are read again on a short clock (catalog/cached-reads.ts).

-- The columns a product's own answers show but no list filters, orders or counts by (with count_in_stock
-- as long as it stays on the same side of zero), and the ones no answer shows at all.
CREATE FUNCTION catalog_own_columns() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['count_in_stock', 'mrp_paise', 'image', 'images', 'brand', 'hsn_code', 'uqc', 'gst_basis_points',
               'certificate_lab', 'certificate_number', 'certificate_file', 'bead_count', 'package_weight_grams',
               'package_length_cm', 'package_breadth_cm', 'package_height_cm', 'units_sold', 'updated_at']
$$;--> statement-breakpoint
-- `stock`: 'id=count' of products whose stock alone changed (the products trigger's only).
CREATE FUNCTION catalog_products_notify(own uuid[], listing uuid[], stock text[] DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  moved uuid[] := ARRAY(SELECT DISTINCT id FROM unnest(listing) AS id WHERE id IS NOT NULL ORDER BY id);
  shown uuid[] := ARRAY(SELECT DISTINCT id FROM unnest(own) AS id
                        WHERE id IS NOT NULL AND NOT id = ANY(moved) ORDER BY id);
  counts text[] := ARRAY(SELECT count FROM unnest(stock) AS count ORDER BY count);
BEGIN
  IF cardinality(moved) + cardinality(shown) + cardinality(counts) > 100 THEN
    PERFORM pg_notify('catalog_changed', '');
    RETURN;
  END IF;
  IF cardinality(counts) > 0 THEN
    PERFORM pg_notify('catalog_changed', 'stock:' || array_to_string(counts, ','));
  END IF;
  IF cardinality(moved) > 0 THEN
    PERFORM pg_notify('catalog_changed', 'listing:' || array_to_string(moved, ','));
  END IF;
  IF cardinality(shown) > 0 THEN
    PERFORM pg_notify('catalog_changed', 'product:' || array_to_string(shown, ','));
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION catalog_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  own uuid[];
  listing uuid[];
  stock text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    listing := ARRAY(SELECT id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    listing := ARRAY(SELECT id FROM old_rows);
  ELSE
    WITH changed AS (
      SELECT coalesce(n.id, o.id) AS id, n.count_in_stock AS count,
        o.id IS NULL OR n.id IS NULL
          OR (o.count_in_stock > 0) <> (n.count_in_stock > 0)
          OR to_jsonb(o) - catalog_own_columns() <> to_jsonb(n) - catalog_own_columns() AS moves,
        to_jsonb(o) - 'units_sold' - 'updated_at' <> to_jsonb(n) - 'units_sold' - 'updated_at' AS shows,
        to_jsonb(o) - 'count_in_stock' - 'units_sold' - 'updated_at'
          = to_jsonb(n) - 'count_in_stock' - 'units_sold' - 'updated_at' AS stock_only
      FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
    )
    SELECT array_agg(id) FILTER (WHERE moves),
           array_agg(id) FILTER (WHERE shows AND NOT moves AND NOT stock_only),
           array_agg(id::text || '=' || count) FILTER (WHERE shows AND NOT moves AND stock_only)
    INTO listing, own, stock
    FROM changed;
  END IF;
  PERFORM catalog_products_notify(own, listing, stock);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A variant's stock shows on its product's page only (its product's own stock follows by migration
-- 0033's trigger, and notifies above); its size and weight filter lists.
CREATE FUNCTION catalog_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  own uuid[];
  listing uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    listing := ARRAY(SELECT product_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    listing := ARRAY(SELECT product_id FROM old_rows);
  ELSE
    SELECT
      array_agg(o.product_id) FILTER (
        WHERE to_jsonb(o) - 'count_in_stock' <> to_jsonb(n) - 'count_in_stock')
        || array_agg(n.product_id) FILTER (
        WHERE to_jsonb(o) - 'count_in_stock' <> to_jsonb(n) - 'count_in_stock'),
      array_agg(n.product_id) FILTER (WHERE o.count_in_stock <> n.count_in_stock)
    INTO listing, own
    FROM old_rows o JOIN new_rows n ON n.id = o.id;
  END IF;
  PERFORM catalog_products_notify(own, listing);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Add-ons and reviews show on their product's page only (a review moves the rating through the
-- product's own row, which notifies above).
CREATE FUNCTION catalog_product_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  own uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    own := ARRAY(SELECT product_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    own := ARRAY(SELECT product_id FROM old_rows);
  ELSE
    own := ARRAY(SELECT product_id FROM old_rows UNION SELECT product_id FROM new_rows);
  END IF;
  PERFORM catalog_products_notify(own, NULL);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A review's "verified purchase" mark reads its author's orders of the product (paid or delivered, not
-- cancelled): an order's change matters only to products its buyer (before or after) has reviewed.
CREATE FUNCTION catalog_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_products_notify(ARRAY(
    SELECT i.product_id
    FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN order_items i ON i.order_id = n.id
    WHERE (o.is_paid, o.is_delivered, o.is_cancelled, o.user_id)
            IS DISTINCT FROM (n.is_paid, n.is_delivered, n.is_cancelled, n.user_id)
      AND EXISTS (SELECT 1 FROM reviews r
                  WHERE r.product_id = i.product_id AND (r.user_id = o.user_id OR r.user_id = n.user_id))
  ), NULL);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- An order's lines (added, or removed with their order): products with a review by an account.
CREATE FUNCTION catalog_order_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lines uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    lines := ARRAY(SELECT product_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    lines := ARRAY(SELECT product_id FROM old_rows);
  ELSE
    lines := ARRAY(SELECT product_id FROM old_rows UNION SELECT product_id FROM new_rows);
  END IF;
  PERFORM catalog_products_notify(ARRAY(
    SELECT DISTINCT id FROM unnest(lines) AS id
    WHERE EXISTS (SELECT 1 FROM reviews r WHERE r.product_id = id AND r.user_id IS NOT NULL)
  ), NULL);
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER products_catalog_changed ON products;--> statement-breakpoint
DROP TRIGGER reviews_catalog_changed ON reviews;--> statement-breakpoint
DROP TRIGGER orders_catalog_changed ON orders;--> statement-breakpoint
DROP TRIGGER order_items_catalog_changed ON order_items;--> statement-breakpoint
DROP TRIGGER product_variants_catalog_changed ON product_variants;--> statement-breakpoint
DROP TRIGGER product_add_ons_catalog_changed ON product_add_ons;--> statement-breakpoint
CREATE TRIGGER products_catalog_inserted AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_changed();--> statement-breakpoint
CREATE TRIGGER products_catalog_updated AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_changed();--> statement-breakpoint
CREATE TRIGGER products_catalog_deleted AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_changed();--> statement-breakpoint
CREATE TRIGGER product_variants_catalog_inserted AFTER INSERT ON product_variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_variants_changed();--> statement-breakpoint
CREATE TRIGGER product_variants_catalog_updated AFTER UPDATE ON product_variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_variants_changed();--> statement-breakpoint
CREATE TRIGGER product_variants_catalog_deleted AFTER DELETE ON product_variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_variants_changed();--> statement-breakpoint
CREATE TRIGGER product_add_ons_catalog_inserted AFTER INSERT ON product_add_ons REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed();--> statement-breakpoint
CREATE TRIGGER product_add_ons_catalog_updated AFTER UPDATE ON product_add_ons
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed();--> statement-breakpoint
CREATE TRIGGER product_add_ons_catalog_deleted AFTER DELETE ON product_add_ons REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed();--> statement-breakpoint
CREATE TRIGGER reviews_catalog_inserted AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed();--> statement-breakpoint
CREATE TRIGGER reviews_catalog_updated AFTER UPDATE ON reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed();--> statement-breakpoint
CREATE TRIGGER reviews_catalog_deleted AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed();--> statement-breakpoint
CREATE TRIGGER orders_catalog_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_orders_changed();--> statement-breakpoint
CREATE TRIGGER order_items_catalog_inserted AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_order_items_changed();--> statement-breakpoint
CREATE TRIGGER order_items_catalog_updated AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_order_items_changed();--> statement-breakpoint
CREATE TRIGGER order_items_catalog_deleted AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_order_items_changed();--> statement-breakpoint
-- A truncate empties what every answer reads: anything may have changed.
CREATE TRIGGER products_catalog_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();--> statement-breakpoint
CREATE TRIGGER product_variants_catalog_truncated AFTER TRUNCATE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();--> statement-breakpoint
CREATE TRIGGER product_add_ons_catalog_truncated AFTER TRUNCATE ON product_add_ons
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();--> statement-breakpoint
CREATE TRIGGER reviews_catalog_truncated AFTER TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();--> statement-breakpoint
CREATE TRIGGER orders_catalog_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();--> statement-breakpoint
CREATE TRIGGER order_items_catalog_truncated AFTER TRUNCATE ON order_items
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
