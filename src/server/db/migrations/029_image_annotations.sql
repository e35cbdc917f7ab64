-- Annotations drawn on a report image (docs/decisions/104): arrows, circles, rectangles, lines and
-- labels as JSON, every point a fraction of the image, kept apart from the image bytes (which never
-- change). Their own version: a caption edit does not make an annotation save stale, nor the reverse.
ALTER TABLE field_report_images
  ADD COLUMN annotations jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(annotations) = 'array'),
  ADD COLUMN annotations_version integer NOT NULL DEFAULT 0;
