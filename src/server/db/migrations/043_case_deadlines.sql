-- Case deadlines, deadline chains counted in court days, and reminders that arrive once (issue 41,
-- docs/decisions/132, 133). Dates are the court's calendar days (date, no time, no zone).

-- The firm's reminder steps (Settings → Deadlines): days before a deadline a reminder goes to its assignee.
CREATE TABLE deadline_settings (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  reminder_days integer[] NOT NULL DEFAULT '{14,7,3,1}'
    CHECK (cardinality(reminder_days) <= 10 AND 0 <= ALL (reminder_days) AND 365 >= ALL (reminder_days)),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
INSERT INTO deadline_settings (id) VALUES (1);
CREATE TRIGGER deadline_settings_touch BEFORE UPDATE ON deadline_settings FOR EACH ROW EXECUTE FUNCTION touch_row();

-- Chain templates (Settings → Deadlines): a trigger (trial date) and steps, each counting its days
-- before or after the trigger or an earlier step (core/deadlines.ts ChainStep, checked by the API).
CREATE TABLE deadline_chain_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 120),
  trigger_label text NOT NULL CHECK (btrim(trigger_label) <> '' AND length(trigger_label) <= 120),
  trigger_kind text NOT NULL CHECK (trigger_kind IN ('expert_disclosure', 'rebuttal_disclosure', 'report_due', 'deposition', 'trial', 'discovery_cutoff', 'other')),
  steps jsonb NOT NULL CHECK (jsonb_typeof(steps) = 'array'),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX deadline_chain_templates_name_key ON deadline_chain_templates (lower(name));
CREATE TRIGGER deadline_chain_templates_touch BEFORE UPDATE ON deadline_chain_templates FOR EACH ROW EXECUTE FUNCTION touch_row();

-- FRCP 26(a)(2)(D): expert disclosures at least 90 days before the date set for trial; evidence
-- intended solely to rebut them within 30 days after the other party's disclosure.
INSERT INTO deadline_chain_templates (name, trigger_label, trigger_kind, steps) VALUES (
  'Federal expert disclosure', 'Trial date', 'trial',
  '[{"key": "disclosure", "label": "Expert disclosure", "kind": "expert_disclosure", "source": "rule", "days": 90, "direction": "before", "from": "trigger"},
    {"key": "rebuttal", "label": "Rebuttal disclosure", "kind": "rebuttal_disclosure", "source": "rule", "days": 30, "direction": "after", "from": "disclosure"}]'::jsonb);

-- A chain applied to a case: the template's steps as they were when applied (a later edit of the
-- template does not move a case's dates), and the trigger's date. Moving it moves the chain.
CREATE TABLE case_deadline_chains (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  template_id uuid REFERENCES deadline_chain_templates (id) ON DELETE SET NULL,
  name text NOT NULL,
  trigger_label text NOT NULL,
  trigger_kind text NOT NULL,
  trigger_date date NOT NULL,
  steps jsonb NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX case_deadline_chains_case_idx ON case_deadline_chains (case_id);
CREATE TRIGGER case_deadline_chains_touch BEFORE UPDATE ON case_deadline_chains FOR EACH ROW EXECUTE FUNCTION touch_row();

CREATE TABLE case_deadlines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (btrim(title) <> '' AND length(title) <= 200),
  kind text NOT NULL CHECK (kind IN ('expert_disclosure', 'rebuttal_disclosure', 'report_due', 'deposition', 'trial', 'discovery_cutoff', 'other')),
  source text NOT NULL CHECK (source IN ('court_order', 'rule', 'agreement')),
  due_date date NOT NULL,
  assignee_id uuid REFERENCES users (id) ON DELETE SET NULL,
  notes text NOT NULL DEFAULT '' CHECK (length(notes) <= 2000),
  -- Its chain and step ('trigger' for the trigger's own date); null for a deadline added by hand.
  chain_id uuid REFERENCES case_deadline_chains (id) ON DELETE CASCADE,
  chain_step text,
  -- What the chain gives: the day its count landed on and the court day it moved to (FRCP 6(a)).
  landed_on date,
  chain_date date,
  -- A chain's date changed by hand: moving the trigger leaves due_date as it is.
  set_by_hand boolean NOT NULL DEFAULT false,
  -- The firm's day its date or assignee was last set: reminder steps before it are not owed (ADR 133).
  reminders_from date NOT NULL,
  -- Google Calendar: our own event id is the row's id (+ 'g' and the generation after a deletion; ADR 051).
  google_event_id text,
  calendar_generation integer NOT NULL DEFAULT 0,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  CHECK ((chain_id IS NULL) = (chain_step IS NULL)),
  CHECK (chain_id IS NOT NULL OR NOT set_by_hand)
);
CREATE UNIQUE INDEX case_deadlines_chain_step_key ON case_deadlines (chain_id, chain_step) WHERE chain_id IS NOT NULL;
CREATE INDEX case_deadlines_case_idx ON case_deadlines (case_id, due_date);
CREATE INDEX case_deadlines_due_idx ON case_deadlines (due_date);
-- The calendar worker's own writes (event id, generation) keep the version: a form open meanwhile is not refused.
CREATE TRIGGER case_deadlines_touch BEFORE UPDATE ON case_deadlines FOR EACH ROW
  WHEN (OLD.google_event_id IS NOT DISTINCT FROM NEW.google_event_id AND OLD.calendar_generation = NEW.calendar_generation)
  EXECUTE FUNCTION touch_row();

-- One row per reminder sent: (deadline, step, the date it was for) at most once, whatever runs the
-- job how often (ADR 133). It is also the reminder shown in the app until dismissed.
CREATE TABLE deadline_reminders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  deadline_id uuid NOT NULL REFERENCES case_deadlines (id) ON DELETE CASCADE,
  days integer NOT NULL,
  due_date date NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mail_id uuid REFERENCES mail_messages (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  dismissed_at timestamptz,
  UNIQUE (deadline_id, days, due_date)
);
CREATE INDEX deadline_reminders_user_idx ON deadline_reminders (user_id, due_date) WHERE dismissed_at IS NULL;

-- Google Calendar: a change the event shows queues the deadline's sync job (queue
-- 'deadline-calendar', key = its id, 3 s debounce, latest wins), in the same transaction; a deleted
-- deadline with an event queues the event's deletion. The worker's own writes queue nothing.
CREATE FUNCTION queue_deadline_calendar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.google_event_id IS NULL THEN RETURN NULL; END IF;
    payload := jsonb_build_object('op', 'delete', 'eventId', OLD.google_event_id);
  ELSIF TG_OP = 'UPDATE'
    AND (OLD.title, OLD.kind, OLD.source, OLD.due_date, OLD.assignee_id, OLD.notes, OLD.set_by_hand)
      IS NOT DISTINCT FROM (NEW.title, NEW.kind, NEW.source, NEW.due_date, NEW.assignee_id, NEW.notes, NEW.set_by_hand)
  THEN
    RETURN NULL;
  ELSE
    payload := jsonb_build_object('op', 'sync');
  END IF;
  INSERT INTO jobs (queue, key, payload, run_at, max_attempts)
  VALUES ('deadline-calendar', COALESCE(NEW.id, OLD.id)::text, payload, now() + interval '3 seconds', 10)
  ON CONFLICT (queue, key) DO UPDATE SET
    payload = excluded.payload, run_at = excluded.run_at, max_attempts = excluded.max_attempts,
    revision = jobs.revision + 1, state = 'queued', attempts = 0, last_error = NULL, updated_at = now();
  PERFORM pg_notify('jobs', json_build_object('queue', 'deadline-calendar', 'key', COALESCE(NEW.id, OLD.id)::text, 'event', 'queued', 'inMs', 3000)::text);
  RETURN NULL;
END $$;
CREATE TRIGGER case_deadlines_calendar AFTER INSERT OR UPDATE OR DELETE ON case_deadlines
  FOR EACH ROW EXECUTE FUNCTION queue_deadline_calendar();
