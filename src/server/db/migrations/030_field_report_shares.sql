-- Client share links of certified field reports (issue 26, docs/decisions/105). The link's text
-- (a random 32-byte secret) is shown once to the person who makes it; only its SHA-256 is kept,
-- so a copy of the database opens no report. Every opening of the page counts one view.

CREATE TABLE field_report_shares (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  report_id uuid NOT NULL REFERENCES field_reports (id) ON DELETE CASCADE,
  -- hex SHA-256 of the link's secret; the look-up key of every anonymous request.
  token_hash text NOT NULL UNIQUE,
  -- Who the link was made for ('For the adjuster'); may be empty.
  label text NOT NULL DEFAULT '' CHECK (length(label) <= 100),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Every link expires (at most 90 days after it is made: checked by the server).
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_by uuid REFERENCES users (id) ON DELETE SET NULL,
  view_count integer NOT NULL DEFAULT 0 CHECK (view_count >= 0),
  last_viewed_at timestamptz
);
CREATE INDEX field_report_shares_report_idx ON field_report_shares (report_id, created_at DESC);

-- Making, revoking and every view of a link are audited (a view by nobody signed in: no actor);
-- the hash never enters the log.
CREATE FUNCTION audit_field_report_share_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := NULLIF(current_setting('casebook.actor', true), '')::uuid;
  old_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) - 'token_hash' END;
  new_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) - 'token_hash' END;
BEGIN
  IF TG_OP = 'UPDATE' AND old_row = new_row THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_log (actor_id, table_name, row_id, action, before, after)
  VALUES (actor, TG_TABLE_NAME, COALESCE(NEW.id, OLD.id)::text, lower(TG_OP), old_row, new_row);
  RETURN NULL;
END $$;

CREATE TRIGGER field_report_shares_audit AFTER INSERT OR UPDATE OR DELETE ON field_report_shares
  FOR EACH ROW EXECUTE FUNCTION audit_field_report_share_row();
