-- Google Calendar sync (docs/decisions/051): the connection with its tokens encrypted, the
-- per-item event id generation, the trigger that queues a sync job for every change that
-- matters, and the private calendar feed of each user.

-- The firm's connection, one row. Tokens are AES-256-GCM ciphertexts (never clear text);
-- key_check proves at start that the configured key is the one that wrote them. Kept apart
-- from integration_settings so a token refresh never bumps the version the address-lookup
-- form saves against.
CREATE TABLE calendar_connection (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  key_check text,
  access_token text,
  refresh_token text,
  token_expiry timestamptz,
  scope text,
  calendar_id text,
  calendar_summary text,
  needs_reconnect boolean NOT NULL DEFAULT false,
  last_error text,
  connected_by uuid REFERENCES users (id) ON DELETE SET NULL,
  connected_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO calendar_connection (id) VALUES (1);

-- Event ids are chosen by us (idempotent creates): the item's id, plus a generation that moves
-- on whenever its event was deleted, because a deleted event's id cannot be used again.
ALTER TABLE action_items ADD COLUMN calendar_generation integer NOT NULL DEFAULT 0;

-- One sync job per item (latest wins), debounced 3 s (SPEC §9), queued in the same transaction
-- as the change: saving with sync on, a status or assignee change, turning sync on. Archive is
-- not synced. Writes of the worker itself (event id, generation) do not queue anything.
CREATE FUNCTION queue_calendar_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.google_event_id IS NULL OR NOT OLD.synced_to_calendar THEN RETURN NULL; END IF;
    payload := jsonb_build_object('op', 'delete', 'eventId', OLD.google_event_id);
  ELSIF NOT NEW.synced_to_calendar THEN
    RETURN NULL;
  ELSIF TG_OP = 'UPDATE' AND OLD.synced_to_calendar
    AND (OLD.title, OLD.description, OLD.due_date, OLD.start_time, OLD.end_time, OLD.location, OLD.url, OLD.status, OLD.assigned_to)
      IS NOT DISTINCT FROM
        (NEW.title, NEW.description, NEW.due_date, NEW.start_time, NEW.end_time, NEW.location, NEW.url, NEW.status, NEW.assigned_to)
  THEN
    RETURN NULL;
  ELSE
    payload := jsonb_build_object('op', 'sync');
  END IF;
  INSERT INTO jobs (queue, key, payload, run_at, max_attempts)
  VALUES ('calendar-sync', COALESCE(NEW.id, OLD.id)::text, payload, now() + interval '3 seconds', 10)
  ON CONFLICT (queue, key) DO UPDATE SET
    payload = excluded.payload, run_at = excluded.run_at, max_attempts = excluded.max_attempts,
    revision = jobs.revision + 1, state = 'queued', attempts = 0, last_error = NULL, updated_at = now();
  PERFORM pg_notify('jobs', json_build_object('queue', 'calendar-sync', 'key', COALESCE(NEW.id, OLD.id)::text, 'event', 'queued')::text);
  RETURN NULL;
END $$;
CREATE TRIGGER action_items_calendar_sync AFTER INSERT OR UPDATE OR DELETE ON action_items
  FOR EACH ROW EXECUTE FUNCTION queue_calendar_sync();

-- Private calendar feed (ICS) per user: the token is stored encrypted (shown again on request)
-- and found by its SHA-256; a new token replaces the old one, which stops working.
CREATE TABLE calendar_feeds (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  token_encrypted text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The worker's own writes (the event id and its generation) are not edits: they keep the row's
-- version, so a form or status menu holding the version from before the sync is not refused
-- with an edit conflict. BEFORE triggers run in name order: this one after action_items_touch.
CREATE FUNCTION keep_version_on_calendar_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'google_event_id' - 'calendar_generation' - 'updated_at' - 'version')
     = (to_jsonb(OLD) - 'google_event_id' - 'calendar_generation' - 'updated_at' - 'version') THEN
    NEW.version := OLD.version;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER action_items_version_calendar BEFORE UPDATE ON action_items
  FOR EACH ROW EXECUTE FUNCTION keep_version_on_calendar_write();
