-- Weeks that close (issue 25, docs/decisions/088): a weekly timesheet, one running timer per user,
-- the day's calendar turned into time, and submit → approve → lock, held by the database itself.

-- Firm settings of time keeping (one row, like integration_settings).
CREATE TABLE timesheet_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  -- 1 = Monday … 7 = Sunday (ISO day numbers).
  week_starts_on integer NOT NULL DEFAULT 1 CHECK (week_starts_on BETWEEN 1 AND 7),
  -- When on, bills and unbilled work take approved time only.
  billing_requires_approval boolean NOT NULL DEFAULT false,
  timer_rounding text NOT NULL DEFAULT 'up_0_1' CHECK (timer_rounding IN ('up_0_1', 'nearest_0_1', 'up_0_25')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE TRIGGER timesheet_settings_touch BEFORE UPDATE ON timesheet_settings FOR EACH ROW EXECUTE FUNCTION touch_row();
INSERT INTO timesheet_settings (id) VALUES (1);

-- One row per person and week once the week is submitted (a week without a row is open).
-- The week covers week_start … week_start + 6, whatever the firm's first day is later set to.
CREATE TABLE timesheet_weeks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  week_start date NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'submitted', 'approved', 'rejected')),
  submitted_at timestamptz,
  submitted_by uuid REFERENCES users (id),
  decided_at timestamptz,
  decided_by uuid REFERENCES users (id),
  -- The firm's calendar day of the approval: the day the lock message names.
  approved_on date,
  -- The approver's note on a rejection, or the reason of a reopening.
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  UNIQUE (user_id, week_start),
  CHECK (status <> 'approved' OR approved_on IS NOT NULL)
);
CREATE INDEX timesheet_weeks_status_idx ON timesheet_weeks (week_start, status);
CREATE TRIGGER timesheet_weeks_touch BEFORE UPDATE ON timesheet_weeks FOR EACH ROW EXECUTE FUNCTION touch_row();
CREATE TRIGGER timesheet_weeks_audit AFTER INSERT OR UPDATE OR DELETE ON timesheet_weeks
  FOR EACH ROW EXECUTE FUNCTION audit_row();

-- The rows a person keeps on a week's timesheet before any hours are in them (added by project
-- search or copied from last week). Rows that hold entries need no row here.
CREATE TABLE timesheet_rows (
  user_id uuid NOT NULL REFERENCES users (id),
  week_start date NOT NULL,
  project_id uuid NOT NULL REFERENCES projects (id),
  job_type text NOT NULL CHECK (btrim(job_type) <> ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, week_start, project_id, job_type)
);

-- One running timer per person, kept on the server so it survives a reload and another computer.
CREATE TABLE timers (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  project_id uuid NOT NULL REFERENCES projects (id),
  job_type text NOT NULL CHECK (btrim(job_type) <> ''),
  description text NOT NULL DEFAULT '',
  started_at timestamptz NOT NULL DEFAULT now()
);

-- Where a time entry came from when it was made from the day's calendar ('action_item:<id>:<date>'
-- or 'google:<event id>'): each suggestion becomes time once per person.
ALTER TABLE time_entries ADD COLUMN source text;
CREATE UNIQUE INDEX time_entries_source_key ON time_entries (user_id, source) WHERE source IS NOT NULL;

-- The project (and job title) a person last booked a calendar event of the same title to.
CREATE TABLE calendar_title_projects (
  user_id uuid NOT NULL REFERENCES users (id),
  title_key text NOT NULL,
  project_id uuid NOT NULL REFERENCES projects (id),
  job_type text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, title_key)
);

-- The lock: no change to an entry in a submitted or approved week of its person, on any path (a
-- single save, bulk hours, a duplicate, a delete, a timer, a calendar suggestion, a restore), and
-- no entry moved into one. Billing (bill_id, locked_bill) may still mark the entries.
-- SQLSTATE CBW01 carries "<status> <week_start> <day>" for the server to word.
CREATE FUNCTION assert_week_open(person uuid, entry_day date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  week record;
BEGIN
  SELECT w.status, w.week_start, COALESCE(w.approved_on, w.submitted_at::date) AS day INTO week FROM timesheet_weeks w
    WHERE w.user_id = person AND w.status IN ('submitted', 'approved') AND w.week_start BETWEEN entry_day - 6 AND entry_day LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'CBW01', MESSAGE = week.status || ' ' || week.week_start || ' ' || week.day;
  END IF;
END $$;

CREATE FUNCTION time_entries_week_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.entry_date, OLD.job_type, OLD.hours, OLD.description, OLD.work_details, OLD.initials,
      OLD.project_id, OLD.user_id) IS NOT DISTINCT FROM (NEW.entry_date, NEW.job_type, NEW.hours, NEW.description,
      NEW.work_details, NEW.initials, NEW.project_id, NEW.user_id) THEN
    RETURN NEW;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM assert_week_open(OLD.user_id, OLD.entry_date);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM assert_week_open(NEW.user_id, NEW.entry_date);
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER time_entries_week_lock BEFORE INSERT OR UPDATE OR DELETE ON time_entries
  FOR EACH ROW EXECUTE FUNCTION time_entries_week_lock();
