ALTER TABLE "order_items" ADD COLUMN "variant_name_hi" text;--> statement-breakpoint
-- Issue 30, hand-written from here. As 0041 did for products: lines placed before this migration get
-- their variant's and add-on's Hindi name as it is today (variants and add-ons have had one only since
-- 0043); lines whose variant or add-on is gone, or has none, keep none.
UPDATE "order_items" SET "variant_name_hi" = "product_variants"."name_hi"
  FROM "product_variants"
  WHERE "product_variants"."id" = "order_items"."variant_id" AND "order_items"."add_on_id" IS NULL
    AND "product_variants"."name_hi" <> '';--> statement-breakpoint
UPDATE "order_items" SET "name_hi" = "product_add_ons"."name_hi"
  FROM "product_add_ons"
  WHERE "product_add_ons"."id" = "order_items"."add_on_id" AND "order_items"."name_hi" IS NULL
    AND "product_add_ons"."name_hi" <> '';
