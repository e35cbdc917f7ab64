-- Field changes sent from the offline queue (issue 26, docs/decisions/102): one row per applied
-- change, by the id the browser made, so a replay of the same change (a send whose answer was lost)
-- is answered without being applied twice. `version_after` is the report's version once the change
-- was applied: a certification queued after changes names them and certifies only that version.
-- Kept 90 days (cleaned by the change route itself): a queue older than that replays by its base value.
CREATE TABLE field_report_changes (
  id uuid PRIMARY KEY,
  report_id uuid NOT NULL REFERENCES field_reports (id) ON DELETE CASCADE,
  path text NOT NULL,
  version_after integer NOT NULL,
  applied_by uuid NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX field_report_changes_applied_at ON field_report_changes (applied_at);
CREATE INDEX field_report_changes_report ON field_report_changes (report_id);
