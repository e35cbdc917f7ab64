-- Diagrams and readings are attached to a field report like its photos (docs/decisions/063): one
-- table of report images, each of one kind, ordered within its kind.
ALTER TABLE field_report_photos RENAME TO field_report_images;
ALTER TRIGGER field_report_photos_audit ON field_report_images RENAME TO field_report_images_audit;
ALTER TABLE field_report_images
  ADD COLUMN kind text NOT NULL DEFAULT 'photo' CHECK (kind IN ('photo', 'diagram', 'reading'));
ALTER TABLE field_report_images ALTER COLUMN kind DROP DEFAULT;
DROP INDEX field_report_photos_report_idx;
CREATE INDEX field_report_images_report_idx ON field_report_images (report_id, kind, position);
