CREATE TABLE "product_add_ons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"price_paise" integer NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"variant_ids" uuid[],
	"is_service" boolean DEFAULT false NOT NULL,
	"made_to_order" boolean DEFAULT false NOT NULL,
	"hsn_code" text,
	"gst_basis_points" integer,
	CONSTRAINT "product_add_ons_price_check" CHECK ("product_add_ons"."price_paise" >= 0),
	CONSTRAINT "product_add_ons_hsn_check" CHECK ("product_add_ons"."hsn_code" ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'),
	CONSTRAINT "product_add_ons_gst_check" CHECK ("product_add_ons"."gst_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"price_paise" integer NOT NULL,
	"mrp_paise" integer,
	"count_in_stock" integer DEFAULT 0 NOT NULL,
	"image" text,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"size_mm" double precision,
	"weight_carats" double precision,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price_paise" > 0),
	CONSTRAINT "product_variants_stock_check" CHECK ("product_variants"."count_in_stock" >= 0),
	CONSTRAINT "product_variants_size_check" CHECK ("product_variants"."size_mm" > 0 and "product_variants"."size_mm" < 1000),
	CONSTRAINT "product_variants_weight_check" CHECK ("product_variants"."weight_carats" > 0 and "product_variants"."weight_carats" < 100000),
	CONSTRAINT "product_variants_images_check" CHECK (cardinality("product_variants"."images") <= 8)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_from_paise" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "add_on_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "add_on_of" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "add_on_values" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "returnable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "product_add_ons" ADD CONSTRAINT "product_add_ons_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_add_ons_product_idx" ON "product_add_ons" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_unique" ON "product_variants" USING btree (lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_one_default" ON "product_variants" USING btree ("product_id") WHERE "product_variants"."is_default";--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");