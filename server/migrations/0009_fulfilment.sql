CREATE TABLE "document_series" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_series_series_financial_year_pk" PRIMARY KEY("series","financial_year")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_shipped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_seller" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "place_of_supply" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_note_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_note_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_paise" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_unique" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_credit_note_number_unique" ON "orders" USING btree ("credit_note_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_refund_id_unique" ON "orders" USING btree ("refund_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_status_check" CHECK ("orders"."refund_status" is null or "orders"."refund_status" in ('pending', 'processed', 'failed'));