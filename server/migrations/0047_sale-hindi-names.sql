ALTER TABLE "sales" ADD COLUMN "name_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "banner_hi" text DEFAULT '' NOT NULL;