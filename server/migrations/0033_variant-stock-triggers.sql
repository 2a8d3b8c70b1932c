-- Issue 25. A variant's stock is recorded in the stock ledger like a product's (with its variant), by
-- the database in the statement that changes it, and the product's own count_in_stock follows the sum
-- of its variants' (listings, best sellers and stock alerts read the product's). The product's change
-- made by this trigger is not recorded a second time: the variant's row already says it.
CREATE FUNCTION record_variant_stock_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cause jsonb := nullif(current_setting('rr.stock_cause', true), '')::jsonb;
  row_product uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
  was integer := CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.count_in_stock END;
  now_count integer := CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE NEW.count_in_stock END;
BEGIN
  IF was = now_count THEN RETURN NULL; END IF;
  -- A variant deleted with its product (cascade) has nothing left to record or to add up.
  IF NOT EXISTS (SELECT 1 FROM products WHERE id = row_product) THEN RETURN NULL; END IF;
  INSERT INTO stock_ledger (product_id, variant_id, before, after, reason, actor_id, reference)
  VALUES (
    row_product,
    CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END,
    was,
    now_count,
    coalesce(cause ->> 'reason', CASE WHEN TG_OP = 'INSERT' THEN 'created' ELSE 'direct' END),
    (cause ->> 'actor')::uuid,
    cause ->> 'ref'
  );
  UPDATE products SET count_in_stock = count_in_stock + (now_count - was) WHERE id = row_product;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_stock AFTER INSERT OR DELETE OR UPDATE OF count_in_stock ON product_variants
  FOR EACH ROW EXECUTE FUNCTION record_variant_stock_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_stock_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cause jsonb := nullif(current_setting('rr.stock_cause', true), '')::jsonb;
BEGIN
  -- Made by record_variant_stock_change, which has recorded it with its variant.
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  INSERT INTO stock_ledger (product_id, before, after, reason, actor_id, reference)
  VALUES (
    NEW.id,
    CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.count_in_stock END,
    NEW.count_in_stock,
    coalesce(cause ->> 'reason', CASE WHEN TG_OP = 'INSERT' THEN 'created' ELSE 'direct' END),
    (cause ->> 'actor')::uuid,
    cause ->> 'ref'
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
CREATE TRIGGER product_add_ons_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_add_ons
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
--> statement-breakpoint
-- Top products count units of the product lines only: an add-on's line (capping, energisation) adds its
-- value to its product's sales but no units, and never renames the product.
CREATE OR REPLACE FUNCTION count_product_sale() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  placed timestamptz;
  cancelled boolean;
  product_line boolean := NEW.add_on_of IS NULL;
BEGIN
  IF NEW.product_id IS NULL THEN RETURN NULL; END IF;
  SELECT created_at, is_cancelled INTO placed, cancelled FROM orders WHERE id = NEW.order_id;
  IF cancelled THEN RETURN NULL; END IF;
  INSERT INTO product_sales_daily AS s (day, product_id, name, units, value_paise)
  VALUES (ist_day(placed), NEW.product_id, NEW.name, CASE WHEN product_line THEN NEW.qty ELSE 0 END,
          NEW.qty::bigint * NEW.price_paise)
  ON CONFLICT (day, product_id) DO UPDATE
    SET units = s.units + excluded.units, value_paise = s.value_paise + excluded.value_paise,
        name = CASE WHEN product_line THEN excluded.name ELSE s.name END;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_order_sales_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_day integer;
  new_day integer;
BEGIN
  IF NOT OLD.is_cancelled THEN old_day := ist_day(OLD.created_at); END IF;
  IF TG_OP = 'UPDATE' AND NOT NEW.is_cancelled THEN new_day := ist_day(NEW.created_at); END IF;
  IF old_day IS DISTINCT FROM new_day THEN
    INSERT INTO product_sales_daily AS s (day, product_id, name, units, value_paise)
    SELECT d.day, i.product_id, coalesce(max(i.name) FILTER (WHERE i.add_on_of IS NULL), max(i.name)),
           sum(CASE WHEN i.add_on_of IS NULL THEN d.sign * i.qty ELSE 0 END),
           sum(d.sign * i.qty::bigint * i.price_paise)
    FROM order_items i, (VALUES (old_day, -1), (new_day, 1)) AS d(day, sign)
    WHERE i.order_id = OLD.id AND i.product_id IS NOT NULL AND d.day IS NOT NULL
    GROUP BY d.day, i.product_id
    ORDER BY d.day, i.product_id
    ON CONFLICT (day, product_id) DO UPDATE
      SET units = s.units + excluded.units, value_paise = s.value_paise + excluded.value_paise;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END
$$;
