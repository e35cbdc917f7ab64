-- Calendar setup from the screen (issue 28, docs/decisions/099): the OAuth client secret an admin
-- saves in Settings → Google Calendar, sealed like the tokens (AES-256-GCM with
-- TOKEN_ENCRYPTION_KEY), used when GOOGLE_CLIENT_SECRET is not set. Every instance reads it at use
-- time, so saving it needs no restart.
ALTER TABLE calendar_connection ADD COLUMN client_secret text;

-- The audit log learns that the secret was saved, replaced or cleared, and by whom: a row of its
-- own, never the ciphertext (nor, of course, the secret). The client id is no secret: its old and
-- new values are logged. Tokens, expiry and sync bookkeeping write no audit row.
CREATE FUNCTION audit_calendar_secret_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := NULLIF(current_setting('casebook.actor', true), '')::uuid;
BEGIN
  INSERT INTO audit_log (actor_id, table_name, row_id, action, before, after)
  VALUES (actor, TG_TABLE_NAME, NEW.id::text, 'update',
    jsonb_build_object('client_secret', CASE WHEN OLD.client_secret IS NULL THEN 'not set' ELSE 'set' END),
    jsonb_build_object('client_secret', CASE WHEN NEW.client_secret IS NULL THEN 'not set'
      WHEN OLD.client_secret IS NULL THEN 'set' ELSE 'replaced' END));
  RETURN NULL;
END $$;
CREATE TRIGGER calendar_connection_secret_audit AFTER UPDATE OF client_secret ON calendar_connection
  FOR EACH ROW WHEN (OLD.client_secret IS DISTINCT FROM NEW.client_secret) EXECUTE FUNCTION audit_calendar_secret_row();

CREATE FUNCTION audit_calendar_client_id_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := NULLIF(current_setting('casebook.actor', true), '')::uuid;
BEGIN
  INSERT INTO audit_log (actor_id, table_name, row_id, action, before, after)
  VALUES (actor, TG_TABLE_NAME, NEW.id::text, 'update',
    jsonb_build_object('google_client_id', OLD.google_client_id), jsonb_build_object('google_client_id', NEW.google_client_id));
  RETURN NULL;
END $$;
CREATE TRIGGER integration_settings_client_id_audit AFTER UPDATE OF google_client_id ON integration_settings
  FOR EACH ROW WHEN (OLD.google_client_id IS DISTINCT FROM NEW.google_client_id) EXECUTE FUNCTION audit_calendar_client_id_row();
