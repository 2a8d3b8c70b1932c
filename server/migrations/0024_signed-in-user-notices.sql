-- A signed-in request's user (name, e-mail, phone, admin right, token version) may be kept in memory by
-- each instance (plugins/response-cache.ts, decision 0019's addendum of 2026-11-25) until the row changes.
-- Any change to those columns, or the row's removal, says so on the channel every instance already
-- follows, with the user's id, so each drops that user, whoever changed it (the API, another instance, a
-- job, plain SQL). Row level, and only for the columns a request reads: a sign-in or a new e-mail
-- preference sends nothing. The payload starts with 'user:', which the catalog cache ignores.
CREATE OR REPLACE FUNCTION signed_in_user_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('catalog_changed', 'user:*');
  ELSE
    PERFORM pg_notify('catalog_changed', 'user:' || OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_signed_in_changed AFTER UPDATE OF id, name, email, phone, is_admin, token_version OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION signed_in_user_changed_notify();--> statement-breakpoint
CREATE TRIGGER users_signed_in_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION signed_in_user_changed_notify();
