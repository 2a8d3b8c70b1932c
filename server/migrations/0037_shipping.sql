CREATE TABLE "shipment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"event_key" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied" boolean NOT NULL,
	CONSTRAINT "shipment_events_event_key_unique" UNIQUE("event_key"),
	CONSTRAINT "shipment_events_status_check" CHECK ("shipment_events"."status" in ('booked', 'in_transit', 'out_for_delivery', 'delivered', 'delivery_failed', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"provider_shipment_id" text NOT NULL,
	"awb" text NOT NULL,
	"courier_name" text NOT NULL,
	"label_url" text,
	"pickup_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_channel_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_opt_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_length_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_breadth_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_height_cm" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_tax_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "rate_card" jsonb;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_max_paise" bigint DEFAULT 5000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_confirm_above_paise" bigint;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_confirm_unproven" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "origin_pincode" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cutoff_minutes" integer DEFAULT 840 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "holidays" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "default_package" jsonb DEFAULT '{"weightGrams":100,"lengthCm":12,"breadthCm":10,"heightCm":6}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "package_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "package_length_cm" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "package_breadth_cm" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "package_height_cm" integer;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_events_order_idx" ON "shipment_events" USING btree ("order_id","occurred_at");--> statement-breakpoint
CREATE INDEX "shipments_awb_idx" ON "shipments" USING btree ("awb");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_package_check" CHECK ("products"."package_weight_grams" between 1 and 100000 and "products"."package_length_cm" between 1 and 300 and "products"."package_breadth_cm" between 1 and 300 and "products"."package_height_cm" between 1 and 300);--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" in ('sms', 'email', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_cod_max_check" CHECK ("shop_settings"."cod_max_paise" >= 0);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_cutoff_check" CHECK ("shop_settings"."cutoff_minutes" between 0 and 1440);--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_package_check" CHECK ("product_variants"."package_weight_grams" between 1 and 100000 and "product_variants"."package_length_cm" between 1 and 300 and "product_variants"."package_breadth_cm" between 1 and 300 and "product_variants"."package_height_cm" between 1 and 300);