CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"percent_off" smallint,
	"amount_off_paise" integer,
	"free_shipping" boolean DEFAULT false NOT NULL,
	"min_order_paise" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"combines_with_online_discount" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_one_kind" CHECK (("coupons"."percent_off" is not null)::int + ("coupons"."amount_off_paise" is not null)::int + "coupons"."free_shipping"::int = 1),
	CONSTRAINT "coupons_uses_not_negative" CHECK ("coupons"."uses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offer_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid,
	"sale_id" uuid,
	"customer_id" uuid,
	"hold_id" uuid,
	"order_id" uuid,
	"discount_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "offer_uses_one_offer" CHECK (("offer_uses"."coupon_id" is null) <> ("offer_uses"."sale_id" is null))
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"percent_off" smallint NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"banner" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_discount_paise" integer;--> statement-breakpoint
ALTER TABLE "payment_holds" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "payment_holds" ADD COLUMN "coupon_discount_paise" integer;--> statement-breakpoint
ALTER TABLE "offer_uses" ADD CONSTRAINT "offer_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_uses" ADD CONSTRAINT "offer_uses_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_uses" ADD CONSTRAINT "offer_uses_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_uses" ADD CONSTRAINT "offer_uses_hold_id_payment_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."payment_holds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_uses" ADD CONSTRAINT "offer_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_uses_coupon_customer_idx" ON "offer_uses" USING btree ("coupon_id","customer_id") WHERE "offer_uses"."coupon_id" is not null and "offer_uses"."released_at" is null;--> statement-breakpoint
CREATE INDEX "offer_uses_sale_idx" ON "offer_uses" USING btree ("sale_id") WHERE "offer_uses"."sale_id" is not null and "offer_uses"."released_at" is null;--> statement-breakpoint
CREATE INDEX "offer_uses_order_idx" ON "offer_uses" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "offer_uses_hold_idx" ON "offer_uses" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "sales_ends_at_idx" ON "sales" USING btree ("ends_at");--> statement-breakpoint
-- A sale starting, changing or ending early changes what the catalog answers (its sale prices).
CREATE TRIGGER sales_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sales
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
