CREATE TABLE "order_sales_daily" (
	"day" integer PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"revenue_paise" bigint NOT NULL,
	"cod_orders" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_sales_window" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"units" integer NOT NULL,
	"value_paise" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_sales_window_start" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"first_day" integer NOT NULL,
	CONSTRAINT "product_sales_window_start_single_row" CHECK ("product_sales_window_start"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "product_sales_window_units_idx" ON "product_sales_window" USING btree ("units" DESC NULLS LAST,"value_paise" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "product_sales_window_value_idx" ON "product_sales_window" USING btree ("value_paise" DESC NULLS LAST,"units" DESC NULLS LAST,"product_id");--> statement-breakpoint
-- The owner's dashboard (issue 15): orders placed per Indian day that are not cancelled (how many, their
-- totals, how many are Cash on Delivery), so its periods and 90-day chart read 90 rows instead of every
-- order of a quarter. Kept at every change that moves a figure: an order inserted or deleted, and a
-- change of its placing time, cancellation, total or payment method. Each event takes its old row's
-- share off and adds its new row's, in one statement whose rows go in day order.
CREATE FUNCTION "order_sales_daily_keep"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_day integer;
  old_paise bigint := 0;
  old_cod integer := 0;
  old_n integer := 0;
  new_day integer;
  new_paise bigint := 0;
  new_cod integer := 0;
  new_n integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND NOT OLD.is_cancelled THEN
    old_day := ist_day(OLD.created_at);
    old_n := 1;
    old_paise := OLD.total_paise;
    old_cod := (OLD.payment_method = 'Cash on Delivery')::integer;
  END IF;
  IF TG_OP <> 'DELETE' AND NOT NEW.is_cancelled THEN
    new_day := ist_day(NEW.created_at);
    new_n := 1;
    new_paise := NEW.total_paise;
    new_cod := (NEW.payment_method = 'Cash on Delivery')::integer;
  END IF;
  IF old_day IS NOT DISTINCT FROM new_day AND old_paise = new_paise AND old_cod = new_cod THEN
    RETURN NULL;
  END IF;
  INSERT INTO order_sales_daily AS d (day, orders, revenue_paise, cod_orders)
  SELECT c.day, sum(c.n), sum(c.paise), sum(c.cod)
  FROM (VALUES (old_day, -old_n, -old_paise, -old_cod), (new_day, new_n, new_paise, new_cod)) AS c(day, n, paise, cod)
  WHERE c.day IS NOT NULL
  GROUP BY c.day
  HAVING sum(c.n) <> 0 OR sum(c.paise) <> 0 OR sum(c.cod) <> 0
  ORDER BY c.day
  ON CONFLICT (day) DO UPDATE
    SET orders = d.orders + excluded.orders,
        revenue_paise = d.revenue_paise + excluded.revenue_paise,
        cod_orders = d.cod_orders + excluded.cod_orders;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deferred to the commit, like orders_state_counts (decision 20's addendum): a day's row is then among the
-- last locks a transaction takes, after the stock, order and product_sales_daily rows, so a placement
-- (stock, then its order) and a cancellation (its order, then stock) cannot wait on each other through
-- it. The name sorts before orders_state_counts, so at the commit every transaction takes the day row,
-- then the state counters, in that order.
CREATE CONSTRAINT TRIGGER "orders_sales_daily" AFTER INSERT OR DELETE OR UPDATE OF "created_at", "is_cancelled", "total_paise", "payment_method"
ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "order_sales_daily_keep"();
--> statement-breakpoint
INSERT INTO "order_sales_daily" ("day", "orders", "revenue_paise", "cod_orders")
SELECT ist_day(created_at), count(*), sum(total_paise), count(*) FILTER (WHERE payment_method = 'Cash on Delivery')
FROM orders WHERE NOT is_cancelled GROUP BY 1;
--> statement-breakpoint
-- The dashboard no longer sums orders: the index it read for that only slowed every order's writes.
DROP INDEX IF EXISTS "orders_placed_totals_idx";
--> statement-breakpoint
-- product_sales_daily (migration 0016) followed an order's cancellation only: it now also follows an
-- order restored, moved to another day or deleted (before the delete, while its lines are still there),
-- so top products stay equal to a recount from the orders after any change, as order_sales_daily does.
CREATE FUNCTION "count_order_sales_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_day integer;
  new_day integer;
BEGIN
  IF NOT OLD.is_cancelled THEN old_day := ist_day(OLD.created_at); END IF;
  IF TG_OP = 'UPDATE' AND NOT NEW.is_cancelled THEN new_day := ist_day(NEW.created_at); END IF;
  IF old_day IS DISTINCT FROM new_day THEN
    INSERT INTO product_sales_daily AS s (day, product_id, name, units, value_paise)
    SELECT d.day, i.product_id, max(i.name), sum(d.sign * i.qty), sum(d.sign * i.qty::bigint * i.price_paise)
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
--> statement-breakpoint
DROP TRIGGER "orders_cancelled_sales" ON "orders";
--> statement-breakpoint
DROP FUNCTION "count_cancelled_sale"();
--> statement-breakpoint
CREATE TRIGGER "orders_cancelled_sales" AFTER UPDATE OF "is_cancelled", "created_at" ON "orders" FOR EACH ROW
  WHEN (OLD.is_cancelled IS DISTINCT FROM NEW.is_cancelled OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION "count_order_sales_moved"();
--> statement-breakpoint
CREATE TRIGGER "orders_deleted_sales" BEFORE DELETE ON "orders" FOR EACH ROW WHEN (NOT OLD.is_cancelled)
  EXECUTE FUNCTION "count_order_sales_moved"();
--> statement-breakpoint
-- Low stock lists the products with the least stock by name: with the name in the index the list reads
-- its ten entries instead of sorting every product at 0 (a ninth of the catalog at 100,000 products).
DROP INDEX IF EXISTS "products_on_sale_stock_idx";
--> statement-breakpoint
CREATE INDEX "products_on_sale_stock_idx" ON "products" ("count_in_stock", "name") WHERE NOT "is_draft";
--> statement-breakpoint
-- Top products of the last 30 days: product_sales_window holds each product's sums over the days from
-- product_sales_window_start.first_day on, moved by every change of product_sales_daily (whoever makes
-- it). The trigger share-locks the start row, so a roll (which locks it for update) and a change of a
-- day leaving the window never miss each other: either the change waits and then sees the new first
-- day, or the roll waits for its commit and then subtracts it with the rest of the day.
CREATE FUNCTION "product_sales_window_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  first integer;
  old_product uuid;
  old_units integer := 0;
  old_value bigint := 0;
  new_product uuid;
  new_units integer := 0;
  new_value bigint := 0;
BEGIN
  SELECT first_day INTO first FROM product_sales_window_start WHERE id = 1 FOR SHARE;
  IF TG_OP <> 'INSERT' AND OLD.day >= first THEN
    old_product := OLD.product_id;
    old_units := OLD.units;
    old_value := OLD.value_paise;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.day >= first THEN
    new_product := NEW.product_id;
    new_units := NEW.units;
    new_value := NEW.value_paise;
  END IF;
  INSERT INTO product_sales_window AS w (product_id, units, value_paise)
  SELECT c.product_id, sum(c.units), sum(c.value)
  FROM (VALUES (old_product, -old_units, -old_value), (new_product, new_units, new_value)) AS c(product_id, units, value)
  WHERE c.product_id IS NOT NULL
  GROUP BY c.product_id
  HAVING sum(c.units) <> 0 OR sum(c.value) <> 0
  ORDER BY c.product_id
  ON CONFLICT (product_id) DO UPDATE
    SET units = w.units + excluded.units, value_paise = w.value_paise + excluded.value_paise;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_sales_window" AFTER INSERT OR DELETE OR UPDATE ON "product_sales_daily"
  FOR EACH ROW EXECUTE FUNCTION "product_sales_window_keep"();
--> statement-breakpoint
-- Moves the window's first day on to `first` (never back): the days that left it are taken off, and
-- products with nothing left in it leave the table. The dashboard calls it when a day has passed.
CREATE FUNCTION "roll_product_sales_window"(first integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was integer;
BEGIN
  SELECT first_day INTO was FROM product_sales_window_start WHERE id = 1 FOR UPDATE;
  IF was >= first THEN RETURN; END IF;
  UPDATE product_sales_window w SET units = w.units - s.units, value_paise = w.value_paise - s.value_paise
  FROM (
    SELECT product_id, sum(units)::integer AS units, sum(value_paise)::bigint AS value_paise
    FROM product_sales_daily WHERE day >= was AND day < first GROUP BY product_id
  ) s
  WHERE w.product_id = s.product_id;
  DELETE FROM product_sales_window WHERE units = 0 AND value_paise = 0;
  UPDATE product_sales_window_start SET first_day = first WHERE id = 1;
END
$$;
--> statement-breakpoint
INSERT INTO "product_sales_window_start" ("id", "first_day") VALUES (1, ist_day(now()) - 29);
--> statement-breakpoint
INSERT INTO "product_sales_window" ("product_id", "units", "value_paise")
SELECT product_id, sum(units), sum(value_paise) FROM product_sales_daily
WHERE day >= ist_day(now()) - 29 GROUP BY product_id HAVING sum(units) <> 0 OR sum(value_paise) <> 0;
