-- Issue 39 (the engagement letter; docs/decisions/121): the firm's template, the retainer a case's
-- letter asks for, and the signed letters that mark a case engaged.

-- The firm's template (one row). NULL: the default letter (src/core/engagement-default.ts), so an
-- improved default reaches every firm that never saved its own.
CREATE TABLE engagement_letter_template (
  id integer PRIMARY KEY CHECK (id = 1),
  template text CHECK (template IS NULL OR (btrim(template) <> '' AND length(template) <= 20000)),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
INSERT INTO engagement_letter_template (id) VALUES (1);
CREATE TRIGGER engagement_letter_template_touch BEFORE UPDATE ON engagement_letter_template
  FOR EACH ROW EXECUTE FUNCTION touch_row();
CREATE TRIGGER engagement_letter_template_audit AFTER INSERT OR UPDATE OR DELETE ON engagement_letter_template
  FOR EACH ROW EXECUTE FUNCTION audit_row();

-- The retainer the letter asks for: money, read and set by super admins only.
ALTER TABLE cases ADD COLUMN retainer_requested numeric(14, 2) CHECK (retainer_requested >= 0);

-- A signed engagement letter as uploaded (a PDF), with its SHA-256; the latest one of a case says
-- since when it is engaged. Evidence of the terms: a case that has one cannot be deleted (23503).
CREATE TABLE engagement_letters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES cases (id),
  engaged_on date NOT NULL,
  file_name text NOT NULL CHECK (btrim(file_name) <> ''),
  pdf bytea NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  byte_size integer NOT NULL CHECK (byte_size > 0),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX engagement_letters_case_idx ON engagement_letters (case_id, created_at DESC);

-- Audited without the PDF's bytes (its SHA-256 says which file it was).
CREATE FUNCTION audit_engagement_letter_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := NULLIF(current_setting('casebook.actor', true), '')::uuid;
BEGIN
  INSERT INTO audit_log (actor_id, table_name, row_id, action, before, after)
  VALUES (
    actor, TG_TABLE_NAME, COALESCE(NEW.id, OLD.id)::text, lower(TG_OP),
    CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) - 'pdf' END,
    CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) - 'pdf' END
  );
  RETURN NULL;
END $$;
CREATE TRIGGER engagement_letters_audit AFTER INSERT OR UPDATE OR DELETE ON engagement_letters
  FOR EACH ROW EXECUTE FUNCTION audit_engagement_letter_row();
