-- An order awaiting its confirmation code (confirm_by set, decision 0030) is not to ship yet: the admin
-- lists' counts keep it in a state of its own, 'awaiting', in no list, until it is confirmed (to_ship) or
-- cancels itself (cancelled).
CREATE FUNCTION "order_state_of"(is_cancelled boolean, is_delivered boolean, is_shipped boolean, confirm_by timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN is_cancelled THEN 'cancelled' WHEN is_delivered THEN 'delivered'
              WHEN is_shipped THEN 'shipped' WHEN confirm_by IS NOT NULL THEN 'awaiting' ELSE 'to_ship' END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_state_counts_keep"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_state text;
  new_state text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_state := order_state_of(OLD.is_cancelled, OLD.is_delivered, OLD.is_shipped, OLD.confirm_by);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_state := order_state_of(NEW.is_cancelled, NEW.is_delivered, NEW.is_shipped, NEW.confirm_by);
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
DROP TRIGGER "orders_state_counts" ON "orders";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_state_counts" AFTER INSERT OR DELETE OR UPDATE OF "is_cancelled", "is_delivered", "is_shipped", "confirm_by"
ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "order_state_counts_keep"();
--> statement-breakpoint
INSERT INTO "order_state_counts" ("state", "n") VALUES ('awaiting', 0);
