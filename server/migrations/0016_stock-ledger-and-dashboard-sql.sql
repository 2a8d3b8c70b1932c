-- Issue 15. The stock ledger: every change of a product's stock is written to stock_ledger by the database itself, in the
-- statement that makes it, whoever makes it. The stock module says why in the transaction-local setting
-- rr.stock_cause ({"reason", "actor", "ref"}); a change without one is recorded as 'direct' (or
-- 'created' for a new product), never lost.
CREATE FUNCTION record_stock_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cause jsonb := nullif(current_setting('rr.stock_cause', true), '')::jsonb;
BEGIN
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
CREATE TRIGGER products_stock_ledger_update AFTER UPDATE OF count_in_stock ON products
  FOR EACH ROW WHEN (OLD.count_in_stock IS DISTINCT FROM NEW.count_in_stock) EXECUTE FUNCTION record_stock_change();
--> statement-breakpoint
CREATE TRIGGER products_stock_ledger_insert AFTER INSERT ON products
  FOR EACH ROW WHEN (NEW.count_in_stock <> 0) EXECUTE FUNCTION record_stock_change();
--> statement-breakpoint
-- The stock products already have, so that for every product the ledger's changes add up to its stock.
INSERT INTO stock_ledger (product_id, before, after, reason)
  SELECT id, 0, count_in_stock, 'opening' FROM products WHERE count_in_stock <> 0;
--> statement-breakpoint
INSERT INTO shop_settings (id) VALUES (1);
--> statement-breakpoint
-- The owner's dashboard: units and value of each product sold per Indian day, kept by the statements that
-- change them (an order's lines inserted, an order cancelled), in the transaction that changes them.
CREATE FUNCTION ist_day(t timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT floor((extract(epoch FROM t) + 19800) / 86400)::integer
$$;
--> statement-breakpoint
CREATE FUNCTION count_product_sale() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  placed timestamptz;
  cancelled boolean;
BEGIN
  IF NEW.product_id IS NULL THEN RETURN NULL; END IF;
  SELECT created_at, is_cancelled INTO placed, cancelled FROM orders WHERE id = NEW.order_id;
  IF cancelled THEN RETURN NULL; END IF;
  INSERT INTO product_sales_daily AS s (day, product_id, name, units, value_paise)
  VALUES (ist_day(placed), NEW.product_id, NEW.name, NEW.qty, NEW.qty::bigint * NEW.price_paise)
  ON CONFLICT (day, product_id) DO UPDATE
    SET units = s.units + excluded.units, value_paise = s.value_paise + excluded.value_paise, name = excluded.name;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_sales AFTER INSERT ON order_items FOR EACH ROW EXECUTE FUNCTION count_product_sale();
--> statement-breakpoint
CREATE FUNCTION count_cancelled_sale() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  direction integer := CASE WHEN NEW.is_cancelled THEN -1 ELSE 1 END;
BEGIN
  INSERT INTO product_sales_daily AS s (day, product_id, name, units, value_paise)
  SELECT ist_day(NEW.created_at), product_id, max(name), direction * sum(qty), direction * sum(qty::bigint * price_paise)
    FROM order_items WHERE order_id = NEW.id AND product_id IS NOT NULL GROUP BY product_id
  ON CONFLICT (day, product_id) DO UPDATE
    SET units = s.units + excluded.units, value_paise = s.value_paise + excluded.value_paise;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_cancelled_sales AFTER UPDATE OF is_cancelled ON orders
  FOR EACH ROW WHEN (OLD.is_cancelled IS DISTINCT FROM NEW.is_cancelled) EXECUTE FUNCTION count_cancelled_sale();
--> statement-breakpoint
INSERT INTO product_sales_daily (day, product_id, name, units, value_paise)
  SELECT ist_day(o.created_at), i.product_id, max(i.name), sum(i.qty), sum(i.qty::bigint * i.price_paise)
    FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE NOT o.is_cancelled AND i.product_id IS NOT NULL
    GROUP BY 1, 2;
--> statement-breakpoint
-- The owner's dashboard (issue 15) reads these: orders placed per day (index-only: the day's totals and
-- how they were paid), products low on stock and customers who joined lately. Orders waiting to ship
-- use orders_to_ship_idx (migration 0013).
CREATE INDEX orders_placed_totals_idx ON orders (created_at) INCLUDE (total_paise, payment_method) WHERE NOT is_cancelled;
--> statement-breakpoint
CREATE INDEX products_on_sale_stock_idx ON products (count_in_stock) WHERE NOT is_draft;
--> statement-breakpoint
CREATE INDEX users_customers_created_idx ON users (created_at) WHERE NOT is_admin;
