CREATE TABLE "order_names" (
	"name" text PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_phones" (
	"phone" text PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_names_trgm_idx" ON "order_names" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_phones_trgm_idx" ON "order_phones" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_name_idx" ON "orders" USING btree ("customer_name");--> statement-breakpoint
CREATE INDEX "orders_recipient_name_idx" ON "orders" USING btree ("recipient_name");--> statement-breakpoint
-- Issue 31: every phone number and name an order holds, with how many orders hold it, for the admin's
-- order search (see `orderPhones` in the schema). An order counts once for a value it holds twice (its
-- customer's and recipient's phone are mostly the same). Each change takes the old row's values off and
-- adds the new row's, in one statement per table whose rows go in order (two orders written at once never
-- wait on each other in opposite orders).
CREATE FUNCTION "order_search_terms_keep"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is null on INSERT and NEW on DELETE: their values are left out as nulls.
  INSERT INTO order_phones AS kept (phone, orders)
  SELECT c.v, sum(c.n) FROM (
    SELECT DISTINCT v, -1 AS n FROM (VALUES (OLD.customer_phone), (OLD.recipient_phone)) AS o(v)
    UNION ALL
    SELECT DISTINCT v, 1 FROM (VALUES (NEW.customer_phone), (NEW.recipient_phone)) AS o(v)
  ) AS c
  WHERE c.v IS NOT NULL GROUP BY c.v HAVING sum(c.n) <> 0 ORDER BY c.v
  ON CONFLICT (phone) DO UPDATE SET orders = kept.orders + excluded.orders;
  INSERT INTO order_names AS kept (name, orders)
  SELECT c.v, sum(c.n) FROM (
    SELECT DISTINCT v, -1 AS n FROM (VALUES (OLD.customer_name), (OLD.recipient_name)) AS o(v)
    UNION ALL
    SELECT DISTINCT v, 1 FROM (VALUES (NEW.customer_name), (NEW.recipient_name)) AS o(v)
  ) AS c
  WHERE c.v IS NOT NULL GROUP BY c.v HAVING sum(c.n) <> 0 ORDER BY c.v
  ON CONFLICT (name) DO UPDATE SET orders = kept.orders + excluded.orders;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_search_terms_keep
  AFTER INSERT OR DELETE OR UPDATE OF customer_phone, recipient_phone, customer_name, recipient_name ON orders
  FOR EACH ROW EXECUTE FUNCTION order_search_terms_keep();--> statement-breakpoint
CREATE FUNCTION "order_search_terms_clear"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE order_phones, order_names;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_search_terms_clear AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_search_terms_clear();--> statement-breakpoint
INSERT INTO order_phones (phone, orders)
  SELECT v, count(*) FROM (
    SELECT customer_phone AS v FROM orders
    UNION ALL SELECT recipient_phone FROM orders WHERE recipient_phone <> customer_phone
  ) AS held GROUP BY v;--> statement-breakpoint
INSERT INTO order_names (name, orders)
  SELECT v, count(*) FROM (
    SELECT customer_name AS v FROM orders
    UNION ALL SELECT recipient_name FROM orders WHERE recipient_name <> customer_name
  ) AS held GROUP BY v;--> statement-breakpoint
-- The trigram indexes of migration 0014 on the orders' names and phones: the search no longer reads them
-- (it reads the two tables above), and every order written updated them.
DROP INDEX IF EXISTS "orders_names_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_phones_trgm_idx";--> statement-breakpoint
ANALYZE order_phones, order_names;
