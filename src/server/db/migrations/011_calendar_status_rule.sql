-- Calendar sync (docs/decisions/051, 052, issue 15): SPEC §4's own rule for status changes, the
-- project of each queued item on its job (a project's card counts only its own queue), and the
-- debounce carried in the notice (runners do not query on every save).
--
-- SPEC §4 "Action item status": after a successful status save the item is queued for calendar
-- sync, update if it has an event id, otherwise create — whether or not the form's sync toggle
-- is on. Such a job ('status') runs only while a calendar is connected, and only for an item the
-- toggle could sync (a due date, or an event already made), so nothing waits on a calendar that
-- is not there and no item fails for want of a date.
CREATE OR REPLACE FUNCTION queue_calendar_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.google_event_id IS NULL OR NOT OLD.synced_to_calendar THEN RETURN NULL; END IF;
    payload := jsonb_build_object('op', 'delete', 'eventId', OLD.google_event_id);
  ELSIF NOT NEW.synced_to_calendar THEN
    IF TG_OP = 'UPDATE' AND OLD.status IS DISTINCT FROM NEW.status
      AND (NEW.due_date IS NOT NULL OR NEW.google_event_id IS NOT NULL)
      AND EXISTS (SELECT 1 FROM calendar_connection WHERE refresh_token IS NOT NULL OR access_token IS NOT NULL)
    THEN
      payload := jsonb_build_object('op', 'status');
    ELSE
      RETURN NULL;
    END IF;
  ELSIF TG_OP = 'UPDATE' AND OLD.synced_to_calendar
    AND (OLD.title, OLD.description, OLD.due_date, OLD.start_time, OLD.end_time, OLD.location, OLD.url, OLD.status, OLD.assigned_to)
      IS NOT DISTINCT FROM
        (NEW.title, NEW.description, NEW.due_date, NEW.start_time, NEW.end_time, NEW.location, NEW.url, NEW.status, NEW.assigned_to)
  THEN
    RETURN NULL;
  ELSE
    payload := jsonb_build_object('op', 'sync');
  END IF;
  payload := payload || jsonb_build_object('projectId', COALESCE(NEW.project_id, OLD.project_id));
  INSERT INTO jobs (queue, key, payload, run_at, max_attempts)
  VALUES ('calendar-sync', COALESCE(NEW.id, OLD.id)::text, payload, now() + interval '3 seconds', 10)
  ON CONFLICT (queue, key) DO UPDATE SET
    payload = excluded.payload, run_at = excluded.run_at, max_attempts = excluded.max_attempts,
    revision = jobs.revision + 1, state = 'queued', attempts = 0, last_error = NULL, updated_at = now();
  -- inMs: runners only move their next look to the due time instead of looking now (no query per save).
  PERFORM pg_notify('jobs', json_build_object('queue', 'calendar-sync', 'key', COALESCE(NEW.id, OLD.id)::text, 'event', 'queued', 'inMs', 3000)::text);
  RETURN NULL;
END $$;

-- Jobs queued before this migration learn their project (a deleted item's cannot: it counts firm-wide only).
UPDATE jobs SET payload = jobs.payload || jsonb_build_object('projectId', a.project_id)
FROM action_items a
WHERE jobs.queue = 'calendar-sync' AND a.id::text = jobs.key;
