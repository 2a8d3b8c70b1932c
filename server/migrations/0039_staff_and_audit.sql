-- Issue 29 (decision 0044): staff roles replace the one admin flag, and the audit log.
CREATE TABLE "audit_log" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"actor_role" text,
	"address" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" text,
	"after" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('owner', 'manager', 'catalog', 'orders', 'accounts', 'support'));--> statement-breakpoint
-- Every admin of before is an owner: they could do everything, and still can.
UPDATE users SET role = 'owner' WHERE is_admin;--> statement-breakpoint
-- The signed-in user's notice (migration 0024) follows the role instead of the flag.
DROP TRIGGER users_signed_in_changed ON users;--> statement-breakpoint
DROP INDEX users_customers_created_idx;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_admin";--> statement-breakpoint
CREATE TRIGGER users_signed_in_changed AFTER UPDATE OF id, name, email, phone, role, token_version OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION signed_in_user_changed_notify();--> statement-breakpoint
CREATE INDEX users_customers_created_idx ON users (created_at) WHERE role IS NULL;--> statement-breakpoint
-- The log is append-only: no role of the application's may change or remove an entry. (A database
-- superuser can still switch triggers off; the hash chain is what shows that.)
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
-- An order's messages are found by their idempotency key's prefix (`order:<id>:` ...): LIKE 'prefix%'
-- uses this index whatever the database's collation.
CREATE INDEX outbox_messages_key_prefix_idx ON outbox_messages (idempotency_key text_pattern_ops);
