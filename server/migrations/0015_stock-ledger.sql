CREATE TABLE "stock_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"before" integer NOT NULL,
	"after" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_id" uuid,
	"reference" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_ledger_amounts_check" CHECK ("stock_ledger"."before" >= 0 and "stock_ledger"."after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_sales_daily" (
	"day" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"units" integer NOT NULL,
	"value_paise" bigint NOT NULL,
	CONSTRAINT "product_sales_daily_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"low_stock_threshold" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_single_row" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_low_stock_check" CHECK ("shop_settings"."low_stock_threshold" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_ledger_product_idx" ON "stock_ledger" USING btree ("product_id","id");