-- Imports from other time tools (issue 27, docs/decisions/093): the uploaded file lives here from
-- upload to import, so any instance can run any step (preview, dry run, the import job).
CREATE TABLE imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  file_name text NOT NULL,
  source text NOT NULL,
  file bytea NOT NULL,
  row_count integer NOT NULL,
  sample jsonb NOT NULL DEFAULT '[]',
  -- The proposal at upload; the user's corrections replace it (same keys, other targets).
  mapping jsonb NOT NULL,
  status text NOT NULL DEFAULT 'uploaded' CHECK (status IN ('uploaded', 'running', 'done', 'failed')),
  -- Rows walked by the running dry run or import, of row_count.
  progress_done integer NOT NULL DEFAULT 0,
  dry_run jsonb,
  result jsonb,
  error text,
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX imports_created_idx ON imports (created_at DESC);

-- One entry per source row, ever: the hash of the source and the row's normalised content.
-- Importing the same file again creates nothing twice.
ALTER TABLE time_entries ADD COLUMN import_fingerprint text;
CREATE UNIQUE INDEX time_entries_import_fingerprint_key ON time_entries (import_fingerprint) WHERE import_fingerprint IS NOT NULL;
ALTER TABLE expense_entries ADD COLUMN import_fingerprint text;
CREATE UNIQUE INDEX expense_entries_import_fingerprint_key ON expense_entries (import_fingerprint) WHERE import_fingerprint IS NOT NULL;
