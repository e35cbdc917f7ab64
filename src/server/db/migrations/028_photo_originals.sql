-- Photos that are evidence (issue 26, docs/decisions/103): the file as picked is kept unchanged,
-- named by its SHA-256, apart from the images so list queries and audit rows never carry it. The
-- bytes are here (the default) or in an S3-compatible bucket (then `bytes` is NULL and `bucket` and
-- `object_key` say where). One original may be shared by several images: a revision copies its
-- photos, and the copies point at the same original instead of copying 15 MB.
CREATE TABLE field_report_originals (
  sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content_type text NOT NULL,
  byte_size integer NOT NULL CHECK (byte_size > 0),
  bytes bytea,
  bucket text,
  object_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((bytes IS NULL) = (bucket IS NOT NULL AND object_key IS NOT NULL))
);

-- What the original's EXIF said before anything was stripped (NULL when it said nothing), and the
-- file's name as picked. Images uploaded before this migration have no original.
ALTER TABLE field_report_images
  ADD COLUMN original_sha256 text REFERENCES field_report_originals (sha256),
  ADD COLUMN original_name text,
  ADD COLUMN captured_at timestamptz,
  ADD COLUMN latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  ADD COLUMN longitude double precision CHECK (longitude BETWEEN -180 AND 180);
CREATE INDEX field_report_images_original_idx ON field_report_images (original_sha256);
