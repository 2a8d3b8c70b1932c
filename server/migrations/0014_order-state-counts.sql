-- The admin order list's totals without counting the orders (issue 13): order_state_counts holds how
-- many orders are in each state, kept by a trigger on every insert, update and delete of orders. The
-- state is core's orderStateOf: cancelled, else delivered, else shipped, else to_ship.
CREATE FUNCTION "order_state_of"(is_cancelled boolean, is_delivered boolean, is_shipped boolean) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN is_cancelled THEN 'cancelled' WHEN is_delivered THEN 'delivered'
              WHEN is_shipped THEN 'shipped' ELSE 'to_ship' END
$$;
--> statement-breakpoint
CREATE FUNCTION "order_state_counts_keep"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_state text;
  new_state text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_state := order_state_of(OLD.is_cancelled, OLD.is_delivered, OLD.is_shipped);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_state := order_state_of(NEW.is_cancelled, NEW.is_delivered, NEW.is_shipped);
  END IF;
  IF old_state IS DISTINCT FROM new_state THEN
    -- One statement for both rows, so every transaction locks them in the same order.
    UPDATE order_state_counts SET n = n + CASE WHEN state = new_state THEN 1 ELSE -1 END
    WHERE state IN (old_state, new_state);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "order_state_counts" ("state", "n")
SELECT s.state, (SELECT count(*) FROM orders o WHERE order_state_of(o.is_cancelled, o.is_delivered, o.is_shipped) = s.state)
FROM (VALUES ('to_ship'), ('shipped'), ('delivered'), ('cancelled')) AS s(state);
--> statement-breakpoint
-- Deferred to the commit: a counter row is then the last lock a transaction takes, after the stock rows
-- that placing and cancelling lock, so a cancel (order row, then stock) and a placement (stock, then order)
-- cannot wait on each other through the counter.
CREATE CONSTRAINT TRIGGER "orders_state_counts" AFTER INSERT OR DELETE OR UPDATE OF "is_cancelled", "is_delivered", "is_shipped"
ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "order_state_counts_keep"();
--> statement-breakpoint
-- The admin search's "part of a name or phone number" (ILIKE '%...%'): trigram indexes where the
-- pg_trgm extension can be had (every PostgreSQL server; PGlite only when the app loads it), else none
-- (the search still works, scanning).
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available: the admin order search runs without its indexes';
    RETURN;
  END;
  EXECUTE $i$CREATE INDEX "orders_names_trgm_idx" ON "orders" USING gin ((customer_name || E'\n' || recipient_name) gin_trgm_ops)$i$;
  EXECUTE $i$CREATE INDEX "orders_phones_trgm_idx" ON "orders" USING gin ((customer_phone || E'\n' || recipient_phone) gin_trgm_ops)$i$;
END
$$;
