-- The reviewer's signature (migration 048) is an image, like the inspector's signature, the certified PDF, the
-- photos and the logo, which the audit log has always left out (migration 005): written there, every admin read a
-- person's stored signature in the log (docs/decisions/222). Rows written before stay as the audit chain sealed them;
-- the log's reader leaves the column out of what it shows (INTERNAL_COLUMNS.field_reports).
CREATE OR REPLACE FUNCTION audit_row_without_images() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := NULLIF(current_setting('casebook.actor', true), '')::uuid;
BEGIN
  INSERT INTO audit_log (actor_id, table_name, row_id, action, before, after)
  VALUES (
    actor, TG_TABLE_NAME, COALESCE(NEW.id, OLD.id)::text, lower(TG_OP),
    CASE WHEN TG_OP = 'INSERT' THEN NULL
      ELSE to_jsonb(OLD) - 'signature' - 'review_signature' - 'certified_pdf' - 'image' - 'thumbnail' - 'logo' END,
    CASE WHEN TG_OP = 'DELETE' THEN NULL
      ELSE to_jsonb(NEW) - 'signature' - 'review_signature' - 'certified_pdf' - 'image' - 'thumbnail' - 'logo' END
  );
  RETURN NULL;
END $$;
