CREATE TABLE "sign_in_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"kind" text NOT NULL,
	"client" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "units_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_in_failures_phone_kind_at_idx" ON "sign_in_failures" USING btree ("phone","kind","at");--> statement-breakpoint
CREATE INDEX "products_units_sold_idx" ON "products" USING btree ("units_sold");--> statement-breakpoint
UPDATE "products" p SET "units_sold" = s.units FROM (
	SELECT oi.product_id, sum(oi.qty)::int AS units FROM "order_items" oi JOIN "orders" o ON o.id = oi.order_id
	WHERE NOT o.is_cancelled AND oi.product_id IS NOT NULL GROUP BY oi.product_id
) s WHERE s.product_id = p.id;
