-- Reports reviewed before they leave (issue 42, docs/decisions/142): a firm rule, off by default,
-- that a second engineer reviews and signs a field report before it is certified or shared.

CREATE TABLE field_report_settings (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  require_review boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE TRIGGER field_report_settings_touch BEFORE UPDATE ON field_report_settings FOR EACH ROW EXECUTE FUNCTION touch_row();
CREATE TRIGGER field_report_settings_audit AFTER INSERT OR UPDATE OR DELETE ON field_report_settings
  FOR EACH ROW EXECUTE FUNCTION audit_row();
INSERT INTO field_report_settings (id) VALUES (1);

-- The reviewer's sign-off holds for the version of the report they read: a later change to the
-- report (its version moves) leaves the review on record but no longer current.
ALTER TABLE field_reports
  ADD COLUMN reviewed_by uuid REFERENCES users (id),
  ADD COLUMN reviewed_at timestamptz,
  ADD COLUMN reviewed_version integer,
  ADD COLUMN review_signature bytea,
  ADD COLUMN review_signature_type text CHECK (review_signature_type IS NULL OR review_signature_type IN ('image/png', 'image/jpeg'));
