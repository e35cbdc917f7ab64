-- Two-factor sign-in (issue 27, docs/decisions/090): a TOTP secret per user (sealed with the token
-- key, never in the audit log), one-use recovery codes (hashed), pending sign-ins between the
-- password and the code (hashed tokens, shared by every app instance), and the roles that must use it.

-- One row per user who began or finished setting up a second factor. enabled_at NULL: set-up begun,
-- not yet confirmed by a first code. last_used_step: the newest 30-second step a code was accepted
-- for; a code of that step or an older one is never accepted again.
CREATE TABLE user_two_factor (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret_encrypted text NOT NULL,
  enabled_at timestamptz,
  last_used_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The audit log learns that a second factor was turned on, turned off or reset, and by whom (the
-- actor), never the secret nor the steps used: a row of its own, not to_jsonb of the table.
CREATE FUNCTION audit_two_factor_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := NULLIF(current_setting('casebook.actor', true), '')::uuid;
  was_on boolean := CASE WHEN TG_OP = 'INSERT' THEN false ELSE OLD.enabled_at IS NOT NULL END;
  is_on boolean := CASE WHEN TG_OP = 'DELETE' THEN false ELSE NEW.enabled_at IS NOT NULL END;
  key uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  IF was_on = is_on THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_log (actor_id, table_name, row_id, action, before, after)
  VALUES (actor, TG_TABLE_NAME, key::text, CASE WHEN is_on THEN 'insert' ELSE 'delete' END,
    CASE WHEN was_on THEN jsonb_build_object('user_id', key, 'two_factor', 'on') END,
    CASE WHEN is_on THEN jsonb_build_object('user_id', key, 'two_factor', 'on') END);
  RETURN NULL;
END $$;
CREATE TRIGGER user_two_factor_audit AFTER INSERT OR UPDATE OR DELETE ON user_two_factor
  FOR EACH ROW EXECUTE FUNCTION audit_two_factor_row();

-- Ten per confirmed set-up; a code is spent by setting used_at (in the same statement that checks it).
CREATE TABLE two_factor_recovery_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  UNIQUE (user_id, code_hash)
);

-- A password (or provider) sign-in that still owes its second step. The browser holds the token in
-- an httpOnly cookie; the database holds its hash.
CREATE TABLE two_factor_pending (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX two_factor_pending_expires_idx ON two_factor_pending (expires_at);

-- The firm's rule (one row): the data roles whose users must sign in with a second factor.
CREATE TABLE two_factor_policy (
  id integer PRIMARY KEY CHECK (id = 1),
  required_roles text[] NOT NULL DEFAULT '{}'
    CHECK (required_roles <@ ARRAY['limited_user', 'admin', 'super_admin']::text[]),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE TRIGGER two_factor_policy_touch BEFORE UPDATE ON two_factor_policy FOR EACH ROW EXECUTE FUNCTION touch_row();
CREATE TRIGGER two_factor_policy_audit AFTER INSERT OR UPDATE OR DELETE ON two_factor_policy
  FOR EACH ROW EXECUTE FUNCTION audit_row();
INSERT INTO two_factor_policy (id) VALUES (1);
