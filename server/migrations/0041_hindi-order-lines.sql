ALTER TABLE "order_items" ADD COLUMN "name_hi" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_language_check" CHECK ("outbox_messages"."language" in ('en', 'hi'));--> statement-breakpoint
-- Issue 30, hand-written from here. Order lines placed before this migration get their product's Hindi
-- name as the product has it today (not necessarily the name it had when the order was placed, which
-- was never kept); add-on lines, and products without a Hindi name or gone from the catalog, keep none.
UPDATE "order_items" SET "name_hi" = "products"."name_hi"
  FROM "products"
  WHERE "products"."id" = "order_items"."product_id" AND "order_items"."add_on_id" IS NULL
    AND "products"."name_hi" <> '';--> statement-breakpoint
-- A search ranks a Hindi name that starts with the keyword first, as it does an English one (0021's
-- products_name_prefix_idx): a prefix is a range of this index (catalog/search.ts).
CREATE INDEX IF NOT EXISTS "products_name_hi_prefix_idx" ON "products" (lower("name_hi") text_pattern_ops);
