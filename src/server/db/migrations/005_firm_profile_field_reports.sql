-- Firm profile (letterhead of every PDF), users' signatures, and field inspection reports with
-- their photos. Images and certified PDFs live here as bytea, so every app instance and every
-- backup has them (docs/decisions/060, 061).

CREATE TABLE firm_profile (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  -- NULL until an admin saves one: the PDFs then use FIRM_NAME.
  firm_name text,
  licence_number text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  website text NOT NULL DEFAULT '',
  logo bytea,
  logo_type text CHECK (logo_type IN ('image/png', 'image/jpeg')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  CHECK ((logo IS NULL) = (logo_type IS NULL))
);
CREATE TRIGGER firm_profile_touch BEFORE UPDATE ON firm_profile FOR EACH ROW EXECUTE FUNCTION touch_row();
INSERT INTO firm_profile (id) VALUES (1);

CREATE TABLE user_signatures (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  image bytea NOT NULL,
  image_type text NOT NULL CHECK (image_type IN ('image/png', 'image/jpeg')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per revision: a certified row is never changed again; a change after certification
-- is a new row with revision + 1 (number shown as 003-R1) that starts as a copy.
CREATE TABLE field_reports (
  id uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES projects (id),
  report_number text NOT NULL CHECK (btrim(report_number) <> ''),
  revision integer NOT NULL DEFAULT 0 CHECK (revision >= 0),
  report_type text NOT NULL,
  report_date date NOT NULL,
  inspector_id uuid REFERENCES users (id),
  -- Every other field of the SPEC §3 Field report, checked by the API's zod schema.
  content jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(content) = 'object'),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'certified', 'superseded')),
  certified_at timestamptz,
  certified_by uuid REFERENCES users (id),
  signature bytea,
  signature_type text CHECK (signature_type IN ('image/png', 'image/jpeg')),
  -- The PDF as it was certified: it stays downloadable after later revisions.
  certified_pdf bytea,
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  CHECK (status = 'draft' OR (certified_at IS NOT NULL AND signature IS NOT NULL AND certified_pdf IS NOT NULL))
);
CREATE UNIQUE INDEX field_reports_number_key ON field_reports (project_id, lower(report_number), revision);
CREATE INDEX field_reports_date_idx ON field_reports (report_date DESC, created_at DESC);
CREATE INDEX field_reports_number_trgm ON field_reports USING gin (report_number gin_trgm_ops);
CREATE TRIGGER field_reports_touch BEFORE UPDATE ON field_reports FOR EACH ROW EXECUTE FUNCTION touch_row();

CREATE TABLE field_report_photos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  report_id uuid NOT NULL REFERENCES field_reports (id) ON DELETE CASCADE,
  position integer NOT NULL,
  caption text NOT NULL DEFAULT '',
  -- JPEG, rotated upright, long side at most 1600 px; the thumbnail at most 320 px.
  image bytea NOT NULL,
  thumbnail bytea NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX field_report_photos_report_idx ON field_report_photos (report_id, position);

-- Audit rows without image and PDF bytes (a JSON copy of every photo would double the database).
CREATE FUNCTION audit_row_without_images() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := NULLIF(current_setting('casebook.actor', true), '')::uuid;
BEGIN
  INSERT INTO audit_log (actor_id, table_name, row_id, action, before, after)
  VALUES (
    actor, TG_TABLE_NAME, COALESCE(NEW.id, OLD.id)::text, lower(TG_OP),
    CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) - 'signature' - 'certified_pdf' - 'image' - 'thumbnail' - 'logo' END,
    CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) - 'signature' - 'certified_pdf' - 'image' - 'thumbnail' - 'logo' END
  );
  RETURN NULL;
END $$;
CREATE TRIGGER field_reports_audit AFTER INSERT OR UPDATE OR DELETE ON field_reports
  FOR EACH ROW EXECUTE FUNCTION audit_row_without_images();
CREATE TRIGGER field_report_photos_audit AFTER INSERT OR UPDATE OR DELETE ON field_report_photos
  FOR EACH ROW EXECUTE FUNCTION audit_row_without_images();
CREATE TRIGGER firm_profile_audit AFTER INSERT OR UPDATE OR DELETE ON firm_profile
  FOR EACH ROW EXECUTE FUNCTION audit_row_without_images();
