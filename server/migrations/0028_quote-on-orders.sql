ALTER TABLE "order_items" ADD COLUMN "line_no" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "mrp_paise" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "uqc" text DEFAULT 'NOS' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "adjustments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "taxable_paise" integer;--> statement-breakpoint
-- Lines bought before the quote (decision 0039) had no discount on them: their taxable value is price x qty,
-- and the invoice lists them by name, as it always did.
UPDATE "order_items" SET "taxable_paise" = "price_paise" * "qty";--> statement-breakpoint
UPDATE "order_items" oi SET "line_no" = r.n FROM (
  SELECT "id", (row_number() OVER (PARTITION BY "order_id" ORDER BY "name", "id") - 1)::int AS n FROM "order_items"
) r WHERE r."id" = oi."id";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "taxable_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_gst_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_hsn_code" text;--> statement-breakpoint
ALTER TABLE "payment_holds" ADD COLUMN "shipping_tax_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_holds" ADD COLUMN "shipping_gst_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_holds" ADD COLUMN "shipping_hsn_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_taxable_check" CHECK ("order_items"."discount_paise" >= 0 and "order_items"."taxable_paise" >= 0 and "order_items"."taxable_paise" = "order_items"."price_paise" * "order_items"."qty" - "order_items"."discount_paise");--> statement-breakpoint
-- Before the quote, a flat shipping fee included its GST, which only the invoice split out (at the rate of the
-- line of the largest value, the first by name of equals) and the order's tax left out. Now the fee is before
-- GST and its GST is in the order's tax: keep every old order's total, and its invoice, exactly as they were.
WITH principal AS (
  SELECT DISTINCT ON (oi."order_id") oi."order_id", oi."gst_basis_points" AS bp, oi."hsn_code"
  FROM "order_items" oi JOIN "orders" o ON o."id" = oi."order_id"
  WHERE o."shipping_paise" > 0
  ORDER BY oi."order_id", oi."price_paise"::bigint * oi."qty" DESC, oi."name", oi."id"
), split AS (
  SELECT o."id", p.bp, p."hsn_code",
    ((o."shipping_paise"::bigint * 20000 + (10000 + p.bp)) / (2 * (10000 + p.bp)))::int AS taxable
  FROM "orders" o JOIN principal p ON p."order_id" = o."id"
)
UPDATE "orders" o SET
  "shipping_gst_basis_points" = s.bp,
  "shipping_hsn_code" = s."hsn_code",
  "shipping_tax_paise" = o."shipping_paise" - s.taxable,
  "tax_paise" = o."tax_paise" + o."shipping_paise" - s.taxable,
  "shipping_paise" = s.taxable
FROM split s WHERE s."id" = o."id";--> statement-breakpoint
-- Holds keep their quote's lines: old holds' lines get the same reading as old order lines, and their
-- shipping the same split.
UPDATE "payment_holds" h SET "lines" = (
  SELECT jsonb_agg(jsonb_build_object(
    'productId', l->'productId', 'name', l->'name', 'image', l->'image',
    'unitPricePaise', l->'pricePaise', 'mrpPaise', null, 'qty', l->'qty',
    'hsnCode', l->'hsnCode', 'uqc', 'NOS', 'gstBasisPoints', l->'gstBasisPoints',
    'grossPaise', (l->>'pricePaise')::bigint * (l->>'qty')::int, 'adjustments', '[]'::jsonb, 'discountPaise', 0,
    'taxablePaise', (l->>'pricePaise')::bigint * (l->>'qty')::int, 'taxPaise', l->'taxPaise'
  ) ORDER BY n)
  FROM jsonb_array_elements(h."lines") WITH ORDINALITY AS e(l, n)
) WHERE NOT (h."lines"->0 ? 'grossPaise');--> statement-breakpoint
WITH principal AS (
  SELECT DISTINCT ON (h."id") h."id", (l->>'gstBasisPoints')::int AS bp, l->>'hsnCode' AS hsn
  FROM "payment_holds" h, jsonb_array_elements(h."lines") WITH ORDINALITY AS e(l, n)
  WHERE h."shipping_paise" > 0 AND h."shipping_tax_paise" = 0
  ORDER BY h."id", (l->>'grossPaise')::bigint DESC, l->>'name', n
), split AS (
  SELECT h."id", p.bp, p.hsn,
    ((h."shipping_paise"::bigint * 20000 + (10000 + p.bp)) / (2 * (10000 + p.bp)))::int AS taxable
  FROM "payment_holds" h JOIN principal p ON p."id" = h."id"
)
UPDATE "payment_holds" h SET
  "shipping_gst_basis_points" = s.bp,
  "shipping_hsn_code" = s.hsn,
  "shipping_tax_paise" = h."shipping_paise" - s.taxable,
  "tax_paise" = h."tax_paise" + h."shipping_paise" - s.taxable,
  "shipping_paise" = s.taxable
FROM split s WHERE s."id" = h."id";