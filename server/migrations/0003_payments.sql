CREATE TABLE "payment_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"customer" jsonb NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"items_paise" integer NOT NULL,
	"shipping_paise" integer NOT NULL,
	"tax_paise" integer NOT NULL,
	"discount_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"gateway" text NOT NULL,
	"razorpay_order_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"order_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "razorpay_order_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "razorpay_payment_id" text;--> statement-breakpoint
ALTER TABLE "payment_holds" ADD CONSTRAINT "payment_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_holds" ADD CONSTRAINT "payment_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_holds_razorpay_order_unique" ON "payment_holds" USING btree ("razorpay_order_id");--> statement-breakpoint
CREATE INDEX "payment_holds_status_expires_idx" ON "payment_holds" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_razorpay_payment_unique" ON "orders" USING btree ("razorpay_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_razorpay_order_unique" ON "orders" USING btree ("razorpay_order_id");