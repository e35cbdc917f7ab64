-- The uploaded file of an import in pieces of about 1 MB (issue 27, docs/decisions/095): written
-- as the upload streams in and read back piece by piece into the CSV parser, so no step holds the
-- whole file (a 50 MB upload was held whole several times over: its parts, their join, the bytea
-- sent and read back as hex text).
CREATE TABLE import_chunks (
  import_id uuid NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 0),
  bytes bytea NOT NULL,
  PRIMARY KEY (import_id, seq)
);

-- Files stored whole before this migration, cut into the same 1 MB pieces.
INSERT INTO import_chunks (import_id, seq, bytes)
SELECT i.id, s.seq, substring(i.file FROM s.seq * 1048576 + 1 FOR 1048576)
FROM imports i, generate_series(0, greatest((length(i.file) - 1) / 1048576, 0)) AS s (seq);
ALTER TABLE imports DROP COLUMN file;

-- An import whose upload is still streaming in (its pieces being written, its rows read): nobody
-- sees it until the upload ends ('uploaded'); a refused upload deletes it.
ALTER TABLE imports DROP CONSTRAINT imports_status_check;
ALTER TABLE imports ADD CONSTRAINT imports_status_check
  CHECK (status IN ('uploading', 'uploaded', 'running', 'done', 'failed'));
