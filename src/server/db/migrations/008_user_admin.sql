-- User administration (issue 12): one-time passwords, last sign-in, account changes in the
-- audit log, and indexes for browsing the audit log by user, date and record.

-- Set when an admin creates the account or resets its password: the next sign-in must choose
-- a new password before anything else.
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;

-- Kept apart from users so a sign-in neither bumps the account's version (an admin's open edit
-- would turn stale) nor writes an audit row.
CREATE TABLE user_activity (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  last_sign_in_at timestamptz NOT NULL
);

-- Accounts are audited like firm data, but a password hash never enters the log: a changed
-- hash shows as "password": "changed". user_roles has no id column; its key is user_id.
CREATE FUNCTION audit_account_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := NULLIF(current_setting('casebook.actor', true), '')::uuid;
  old_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END;
  key text := COALESCE(new_row ->> 'id', new_row ->> 'user_id', old_row ->> 'id', old_row ->> 'user_id');
BEGIN
  IF TG_OP = 'UPDATE' AND old_row ->> 'password_hash' IS DISTINCT FROM new_row ->> 'password_hash' THEN
    new_row := new_row || '{"password": "changed"}'::jsonb;
  END IF;
  old_row := old_row - 'password_hash';
  new_row := new_row - 'password_hash';
  IF TG_OP = 'UPDATE' AND (old_row - 'updated_at' - 'version') = (new_row - 'updated_at' - 'version') THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_log (actor_id, table_name, row_id, action, before, after)
  VALUES (actor, TG_TABLE_NAME, key, lower(TG_OP), old_row, new_row);
  RETURN NULL;
END $$;

CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION audit_account_row();
CREATE TRIGGER profiles_audit AFTER INSERT OR UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION audit_account_row();
CREATE TRIGGER user_roles_audit AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION audit_account_row();

-- The audit browser pages newest first by id; these serve its filters by user, date and record.
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id DESC);
CREATE INDEX audit_log_at_idx ON audit_log (at);
CREATE INDEX audit_log_record_idx ON audit_log (row_id, id DESC);
CREATE INDEX audit_log_table_idx ON audit_log (table_name, id DESC);

-- Whether a user may be deleted is "does any record point at them"; these make that question
-- (and the foreign-key checks of the delete itself) an index look-up instead of a table scan.
CREATE INDEX time_entries_user_idx ON time_entries (user_id);
CREATE INDEX time_entries_created_by_idx ON time_entries (created_by);
CREATE INDEX expense_entries_user_idx ON expense_entries (user_id);
CREATE INDEX expense_entries_created_by_idx ON expense_entries (created_by);
CREATE INDEX action_items_created_by_idx ON action_items (created_by);
CREATE INDEX clients_created_by_idx ON clients (created_by);
CREATE INDEX error_logs_user_idx ON error_logs (user_id);
