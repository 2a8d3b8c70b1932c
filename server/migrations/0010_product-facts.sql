ALTER TABLE "products" ADD COLUMN "mukhi" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_mm" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_carats" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "bead_count" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "planet" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "certificate_lab" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "certificate_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "certificate_file" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "images" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_mukhi_check" CHECK ("products"."mukhi" between 1 and 21);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_check" CHECK ("products"."size_mm" > 0 and "products"."size_mm" < 1000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_check" CHECK ("products"."weight_carats" > 0 and "products"."weight_carats" < 100000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_bead_count_check" CHECK ("products"."bead_count" between 1 and 1008);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_images_check" CHECK (cardinality("products"."images") <= 8);