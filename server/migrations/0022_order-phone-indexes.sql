-- The admin order search's whole phone numbers (issue 13): a 10-digit number is matched by equality
-- through these, not by a trigram scan of every phone that shares its digits.
CREATE INDEX "orders_customer_phone_idx" ON "orders" USING btree ("customer_phone");--> statement-breakpoint
CREATE INDEX "orders_recipient_phone_idx" ON "orders" USING btree ("recipient_phone");