CREATE TABLE "categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"hsn_code" text NOT NULL,
	"gst_basis_points" integer DEFAULT 1800 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_hsn_check" CHECK ("categories"."hsn_code" ~ '^[0-9]{4,8}$'),
	CONSTRAINT "categories_gst_check" CHECK ("categories"."gst_basis_points" between 0 and 10000)
);
--> statement-breakpoint
INSERT INTO "categories" ("slug", "hsn_code", "gst_basis_points") VALUES ('gems', '7103', 1800), ('mala', '7117', 1800), ('rudraksha', '1404', 1800);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gst_basis_points" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_paise" integer;--> statement-breakpoint
UPDATE "order_items" SET "gst_basis_points" = 1800, "tax_paise" = round("price_paise" * "qty" * 0.18), "hsn_code" = (SELECT c."hsn_code" FROM "products" p JOIN "categories" c ON c."slug" = p."category" WHERE p."id" = "order_items"."product_id");--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "gst_basis_points" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "tax_paise" SET NOT NULL;--> statement-breakpoint
UPDATE "payment_holds" SET "lines" = (SELECT coalesce(jsonb_agg(line.value || jsonb_build_object('hsnCode', (SELECT c."hsn_code" FROM "products" p JOIN "categories" c ON c."slug" = p."category" WHERE p."id"::text = line.value->>'productId'), 'gstBasisPoints', 1800, 'taxPaise', round((line.value->>'pricePaise')::int * (line.value->>'qty')::int * 0.18)) ORDER BY line.ordinality), '[]'::jsonb) FROM jsonb_array_elements("payment_holds"."lines") WITH ORDINALITY AS line);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_categories_slug_fk" FOREIGN KEY ("category") REFERENCES "public"."categories"("slug") ON DELETE no action ON UPDATE no action;
