-- Personal API tokens (issue 27, docs/decisions/092): a user's own keys for their own tools.
-- The token text (cbk_…) is shown once; only its SHA-256 is kept, so a copy of the database
-- cannot be used to call the API. A token acts as its user, with the user's role of the moment.

CREATE TABLE api_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- read: GET and HEAD only; write: anything the user's role allows.
  scope text NOT NULL CHECK (scope IN ('read', 'write')),
  -- hex SHA-256 of the whole token text; the look-up key of every bearer request.
  token_hash text NOT NULL UNIQUE,
  -- The first characters of the secret after the prefix, so a user can tell their tokens apart.
  hint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Every token expires (at most a year after it is made: checked by the server).
  expires_at timestamptz NOT NULL,
  -- Written at most once a minute, so reads do not turn into writes.
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at DESC);

-- Creating and revoking a token is audited; its hash never enters the log, and the
-- last-used stamp (bookkeeping of every request) writes no audit row.
CREATE FUNCTION audit_api_token_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := NULLIF(current_setting('casebook.actor', true), '')::uuid;
  old_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) - 'token_hash' - 'last_used_at' END;
  new_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) - 'token_hash' - 'last_used_at' END;
BEGIN
  IF TG_OP = 'UPDATE' AND old_row = new_row THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_log (actor_id, table_name, row_id, action, before, after)
  VALUES (actor, TG_TABLE_NAME, COALESCE(NEW.id, OLD.id)::text, lower(TG_OP), old_row, new_row);
  RETURN NULL;
END $$;

CREATE TRIGGER api_tokens_audit AFTER INSERT OR UPDATE OR DELETE ON api_tokens
  FOR EACH ROW EXECUTE FUNCTION audit_api_token_row();
