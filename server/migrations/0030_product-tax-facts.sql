ALTER TABLE "categories" ADD COLUMN "uqc" text DEFAULT 'NOS' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_basis_points" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "uqc" text;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_uqc_check" CHECK ("categories"."uqc" in ('NOS', 'PCS', 'PRS', 'SET'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn_check" CHECK ("products"."hsn_code" ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gst_check" CHECK ("products"."gst_basis_points" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_uqc_check" CHECK ("products"."uqc" in ('NOS', 'PCS', 'PRS', 'SET'));