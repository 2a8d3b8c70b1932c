ALTER TABLE "product_add_ons" ADD COLUMN "name_hi" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "name_hi" text;