-- Background work shared by every feature (calendar sync, token refresh, scheduled backups):
-- the runner of src/server/jobs claims rows here. Works the same on PGlite and PostgreSQL,
-- with any number of app instances on one database (docs/decisions/050).

-- One row per (queue, key): enqueueing a key that is already queued replaces its payload, so
-- the latest operation wins. A row being worked on is leased (locked_by, locked_until); a
-- process that dies leaves the lease to expire and the row to be claimed again.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  queue text NOT NULL,
  key text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  -- Bumped by every enqueue: a run finishing an older revision leaves the newer one queued.
  revision integer NOT NULL DEFAULT 1,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'failed')),
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 10 CHECK (max_attempts > 0),
  last_error text,
  locked_by text,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT jobs_queue_key UNIQUE (queue, key)
);
CREATE INDEX jobs_due_idx ON jobs (queue, run_at, id) WHERE state = 'queued';

-- Periodic work that must run once across instances (token refresh every 5 minutes, a daily
-- backup at a fixed hour): whoever updates the row first when it is due runs it.
CREATE TABLE job_schedules (
  name text PRIMARY KEY,
  -- The schedule as registered ('every 300000 ms', 'daily 02:00 America/New_York'): a change
  -- of schedule recomputes next_run_at.
  spec text NOT NULL,
  next_run_at timestamptz NOT NULL,
  locked_by text,
  locked_until timestamptz,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_error text
);
