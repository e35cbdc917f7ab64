-- Reminders and budgets (issue 41, docs/decisions/134 and 135): the missing-time e-mails of each
-- Monday, the reminders of past-due bills, and budgets per case and per project with their alerts.
-- Every message goes through the mail outbox (042) under a key that makes it once.

-- Settings → Reminders, one row: missing-time e-mails on by default, bill reminders off.
CREATE TABLE reminder_settings (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  missing_time_enabled boolean NOT NULL DEFAULT true,
  bill_reminders_enabled boolean NOT NULL DEFAULT false,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
INSERT INTO reminder_settings (id) VALUES (1);

-- A reminder of a past-due bill, one per (bill, step): the row and its message are written in one
-- transaction, so a step is reminded at most once whatever restarts or instances.
CREATE TABLE bill_reminders (
  bill_id uuid NOT NULL REFERENCES bills (id) ON DELETE CASCADE,
  -- Days past due: 7, 30 or 60.
  step integer NOT NULL CHECK (step IN (7, 30, 60)),
  message_id uuid REFERENCES mail_messages (id) ON DELETE SET NULL,
  to_address text NOT NULL CHECK (length(to_address) <= 254),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (bill_id, step)
);

-- A budget of a case (project_id null) or of one of its projects, in hours or in money (money:
-- super admins only). manager_id: who is told when it reaches 75 % and 100 %.
CREATE TABLE budgets (
  id uuid PRIMARY KEY,
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  project_id uuid REFERENCES projects (id) ON DELETE CASCADE,
  unit text NOT NULL CHECK (unit IN ('hours', 'money')),
  amount numeric(14, 2) NOT NULL CHECK (amount > 0 AND amount <= 1000000000),
  manager_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX budgets_one_per_case ON budgets (case_id) WHERE project_id IS NULL;
CREATE UNIQUE INDEX budgets_one_per_project ON budgets (project_id) WHERE project_id IS NOT NULL;

-- An alert of a budget, one per (budget, threshold), kept for good: entries deleted and added again
-- never alert a second time.
CREATE TABLE budget_alerts (
  budget_id uuid NOT NULL REFERENCES budgets (id) ON DELETE CASCADE,
  threshold integer NOT NULL CHECK (threshold IN (75, 100)),
  message_id uuid REFERENCES mail_messages (id) ON DELETE SET NULL,
  -- The percentage used when it was reached.
  percent numeric(8, 1) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (budget_id, threshold)
);

-- A change of time or expense entries asks the 'budgets' queue to look again (one job, debounced two
-- seconds); only when a budget exists, so firms without budgets pay nothing but the test.
CREATE FUNCTION budgets_look_again() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM budgets) THEN
    INSERT INTO jobs (queue, key, payload, run_at, max_attempts)
    VALUES ('budgets', 'check', '{}'::jsonb, now() + interval '2 seconds', 5)
    ON CONFLICT (queue, key) DO UPDATE SET
      run_at = excluded.run_at, revision = jobs.revision + 1, state = 'queued', attempts = 0, last_error = null, updated_at = now();
    PERFORM pg_notify('jobs', json_build_object('queue', 'budgets', 'key', 'check', 'event', 'queued', 'inMs', 2000)::text);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER time_entries_budgets AFTER INSERT OR UPDATE OF hours, rate, project_id OR DELETE ON time_entries
  FOR EACH STATEMENT EXECUTE FUNCTION budgets_look_again();
CREATE TRIGGER expense_entries_budgets AFTER INSERT OR UPDATE OF amount, project_id OR DELETE ON expense_entries
  FOR EACH STATEMENT EXECUTE FUNCTION budgets_look_again();
