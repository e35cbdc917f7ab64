-- UTBMS codes per time entry (issue 38, docs/decisions/114): a task code (L110) and an activity
-- code (A101) that travel into the LEDES file's fee line. Empty means "the job title's codes"
-- (billing_codes, set in Settings), so entries made before this, and entries nobody coded, keep
-- exporting as they did. Codes describe the work for the client's e-billing system, not its hours
-- or money, so they may be set on an entry of an issued bill (the week lock ignores them).
ALTER TABLE time_entries
  ADD COLUMN utbms_task_code text NOT NULL DEFAULT '' CHECK (utbms_task_code ~ '^([A-Z][A-Z0-9]{0,9})?$'),
  ADD COLUMN utbms_activity_code text NOT NULL DEFAULT '' CHECK (utbms_activity_code ~ '^([A-Z][A-Z0-9]{0,9})?$');
