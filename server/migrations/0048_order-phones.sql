CREATE TABLE "order_phones" (
	"phone" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_phones_trgm_idx" ON "order_phones" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
-- Issue 31: every phone number an order holds, once, for the admin's search for part of a number (see
-- `orderPhones` in the schema). Kept as orders are placed and as their phones change; a number no order
-- holds any more stays (it finds no orders).
CREATE FUNCTION "order_phones_keep"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_phones (phone) VALUES (NEW.customer_phone), (NEW.recipient_phone) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_phones_keep AFTER INSERT OR UPDATE OF customer_phone, recipient_phone ON orders
  FOR EACH ROW EXECUTE FUNCTION order_phones_keep();--> statement-breakpoint
INSERT INTO order_phones (phone)
  SELECT customer_phone FROM orders UNION SELECT recipient_phone FROM orders
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ANALYZE order_phones;
