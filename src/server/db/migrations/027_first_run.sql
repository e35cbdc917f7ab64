-- The first-run setup (issue 28, docs/decisions/100): on a new production database the first super
-- admin is led through firm profile → users → calendar → address lookup, each step done or skipped.
-- One row: how each step was answered (NULL until then), and when and by whom the setup was finished.
CREATE TABLE first_run (
  id integer PRIMARY KEY CHECK (id = 1),
  firm_profile text CHECK (firm_profile IN ('done', 'skipped')),
  users text CHECK (users IN ('done', 'skipped')),
  calendar text CHECK (calendar IN ('done', 'skipped')),
  address_lookup text CHECK (address_lookup IN ('done', 'skipped')),
  -- Set when the last step is answered, or here for a database that was in use before this migration.
  finished_at timestamptz,
  -- Who finished it (no foreign key: it must not keep an account from being deleted); NULL when this
  -- migration found the database in use.
  finished_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE TRIGGER first_run_touch BEFORE UPDATE ON first_run FOR EACH ROW EXECUTE FUNCTION touch_row();

-- A database already in use (more than the one user `npm run user:create` makes, or any client, case,
-- entry or action item) never asks: its firm has been set up some other way. A new one asks once.
INSERT INTO first_run (id, finished_at)
SELECT 1, CASE WHEN (SELECT count(*) FROM users) > 1
  OR EXISTS (SELECT 1 FROM clients) OR EXISTS (SELECT 1 FROM cases)
  OR EXISTS (SELECT 1 FROM time_entries) OR EXISTS (SELECT 1 FROM expense_entries)
  OR EXISTS (SELECT 1 FROM action_items) THEN now() END;

CREATE TRIGGER first_run_audit AFTER INSERT OR UPDATE OR DELETE ON first_run
  FOR EACH ROW EXECUTE FUNCTION audit_row();
