CREATE TABLE "order_state_counts" (
	"state" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
CREATE INDEX "orders_user_created_id_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_id_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_to_ship_idx" ON "orders" USING btree ("created_at","id") WHERE not "orders"."is_cancelled" and not "orders"."is_shipped" and not "orders"."is_delivered";--> statement-breakpoint
CREATE INDEX "orders_shipped_idx" ON "orders" USING btree ("created_at","id") WHERE not "orders"."is_cancelled" and "orders"."is_shipped" and not "orders"."is_delivered";--> statement-breakpoint
CREATE INDEX "orders_delivered_idx" ON "orders" USING btree ("created_at","id") WHERE not "orders"."is_cancelled" and "orders"."is_delivered";--> statement-breakpoint
CREATE INDEX "orders_cancelled_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."is_cancelled";