-- Every change to what the public catalog answers read says so on the 'catalog_changed' channel, so
-- each server instance drops its cached catalog answers whoever made the change (an admin edit, an
-- order taking stock, a hold released by another instance, a review, the seed, plain SQL). Statement
-- level: one notice per statement, and PostgreSQL folds identical notices of one transaction into one,
-- delivered at commit (never for a rolled-back change). One payload for all, so a transaction touching
-- several of these tables still sends one notice.
CREATE OR REPLACE FUNCTION catalog_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();--> statement-breakpoint
CREATE TRIGGER categories_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();--> statement-breakpoint
CREATE TRIGGER reviews_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();--> statement-breakpoint
-- A review's "verified purchase" mark reads its author's orders: paid, delivered or cancelled changes it.
CREATE TRIGGER orders_catalog_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF is_paid, is_delivered, is_cancelled, user_id ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();--> statement-breakpoint
CREATE TRIGGER order_items_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON order_items
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_notify();
