-- Error logs cannot fill the disk (issue 14): repeats of one error within a minute fold into one
-- row with a count, and writes are throttled per session through request_counts.

ALTER TABLE error_logs
  ADD COLUMN occurrences integer NOT NULL DEFAULT 1 CHECK (occurrences > 0),
  -- "timestamp" may come from the browser; these two are the server's own clock.
  ADD COLUMN received_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX error_logs_fold_idx ON error_logs (code, received_at DESC);

-- Fixed one-minute windows of counted requests, shared by every app instance.
CREATE TABLE request_counts (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
