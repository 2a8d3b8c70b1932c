ALTER TABLE "orders" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recipient_phone" text;--> statement-breakpoint
UPDATE "orders" SET "recipient_name" = "customer_name", "recipient_phone" = "customer_phone";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "recipient_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "recipient_phone" SET NOT NULL;
