-- Casebook schema: every entity of SPEC §3 that has a table, plus users, sessions,
-- login throttling and the audit log. Append-only: add a new file, never edit this one.

-- Foreign keys that protect data use the default NO ACTION, so a refused delete raises 23503
-- (foreign_key_violation), which maps to SPEC §8's "connected to other data" text; RESTRICT
-- would raise 23001 instead (docs/decisions/020).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Shared trigger functions --------------------------------------------------------

-- Keeps updated_at current and bumps the optimistic-concurrency version on every update.
CREATE FUNCTION touch_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;

-- Writes one audit_log row per change. The acting user comes from the transaction-local
-- setting casebook.actor, which the server sets in every writing transaction.
CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := NULLIF(current_setting('casebook.actor', true), '')::uuid;
BEGIN
  INSERT INTO audit_log (actor_id, table_name, row_id, action, before, after)
  VALUES (
    actor,
    TG_TABLE_NAME,
    COALESCE(NEW.id, OLD.id)::text,
    lower(TG_OP),
    CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END,
    CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END
  );
  RETURN NULL;
END $$;

-- Accounts and sessions ------------------------------------------------------------

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  -- The "user metadata" role of SPEC §6, used when user_roles has no row.
  role text CHECK (role IN ('super_admin', 'admin', 'limited_user')),
  first_name text,
  last_name text,
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE TRIGGER users_touch BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION touch_row();

CREATE TABLE profiles (
  id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  display_name text NOT NULL,
  initials text NOT NULL,
  -- Display role of the settings area.
  role text NOT NULL DEFAULT 'User' CHECK (role IN ('Administrator', 'Admin Assistant', 'User')),
  first_name text,
  last_name text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_roles (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('super_admin', 'admin', 'limited_user'))
);

CREATE TABLE sessions (
  -- HMAC of the cookie token: a stolen database row cannot be replayed as a cookie.
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key_idx ON login_failures (lower(email), ip, at);

-- Settings -------------------------------------------------------------------------

CREATE TABLE integration_settings (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  google_api_key text,
  google_client_id text,
  calendar_enabled boolean NOT NULL DEFAULT false,
  photos_enabled boolean NOT NULL DEFAULT false,
  google_access_token text,
  google_refresh_token text,
  google_token_expiry timestamptz,
  google_scope text,
  google_calendar_id text,
  radar_enabled boolean NOT NULL DEFAULT false,
  radar_test_publishable_key text,
  radar_live_publishable_key text,
  radar_environment text NOT NULL DEFAULT 'test' CHECK (radar_environment IN ('test', 'live')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE TRIGGER integration_settings_touch BEFORE UPDATE ON integration_settings
  FOR EACH ROW EXECUTE FUNCTION touch_row();
INSERT INTO integration_settings (id) VALUES (1);

-- Firm data ------------------------------------------------------------------------

CREATE TABLE law_firms (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (btrim(name) <> ''),
  email text,
  phone text,
  address jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX law_firms_name_key ON law_firms (lower(name));
CREATE TRIGGER law_firms_touch BEFORE UPDATE ON law_firms FOR EACH ROW EXECUTE FUNCTION touch_row();

CREATE TABLE attorneys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  law_firm_id uuid REFERENCES law_firms (id),
  name text NOT NULL CHECK (btrim(name) <> ''),
  email text,
  phone text,
  address jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX attorneys_firm_idx ON attorneys (law_firm_id);
CREATE INDEX attorneys_name_trgm ON attorneys USING gin (name gin_trgm_ops);
CREATE TRIGGER attorneys_touch BEFORE UPDATE ON attorneys FOR EACH ROW EXECUTE FUNCTION touch_row();

CREATE TABLE clients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL DEFAULT '',
  contact_name text,
  last_name text,
  last_name_property text,
  email text,
  phone text,
  is_business_client boolean NOT NULL DEFAULT false,
  completion_percentage integer NOT NULL DEFAULT 0
    CHECK (completion_percentage BETWEEN 0 AND 100),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX clients_name_trgm ON clients USING gin (name gin_trgm_ops);
CREATE INDEX clients_contact_trgm ON clients USING gin (contact_name gin_trgm_ops);
CREATE INDEX clients_complete_idx ON clients (completion_percentage);
CREATE TRIGGER clients_touch BEFORE UPDATE ON clients FOR EACH ROW EXECUTE FUNCTION touch_row();

CREATE TABLE rate_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (btrim(name) <> ''),
  code text NOT NULL CHECK (btrim(code) <> ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX rate_codes_code_key ON rate_codes (lower(code));
CREATE TRIGGER rate_codes_touch BEFORE UPDATE ON rate_codes FOR EACH ROW EXECUTE FUNCTION touch_row();

CREATE TABLE rate_code_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  rate_code_id uuid NOT NULL REFERENCES rate_codes (id) ON DELETE CASCADE,
  job_type text NOT NULL CHECK (btrim(job_type) <> ''),
  rate numeric(10, 2) NOT NULL CHECK (rate >= 0),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  UNIQUE (rate_code_id, job_type)
);
CREATE TRIGGER rate_code_items_touch BEFORE UPDATE ON rate_code_items
  FOR EACH ROW EXECUTE FUNCTION touch_row();

CREATE TABLE cases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  file_number text NOT NULL CHECK (btrim(file_number) <> ''),
  case_name text NOT NULL DEFAULT '',
  rate_code_id uuid REFERENCES rate_codes (id),
  attorney_id uuid REFERENCES attorneys (id),
  -- Kept for display even when the attorney record changes or goes.
  attorney_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX cases_file_number_key ON cases (lower(file_number));
CREATE INDEX cases_client_idx ON cases (client_id);
CREATE INDEX cases_created_idx ON cases (created_at DESC);
CREATE INDEX cases_file_number_trgm ON cases USING gin (file_number gin_trgm_ops);
CREATE INDEX cases_case_name_trgm ON cases USING gin (case_name gin_trgm_ops);
CREATE TRIGGER cases_touch BEFORE UPDATE ON cases FOR EACH ROW EXECUTE FUNCTION touch_row();

CREATE TABLE case_rate_assignments (
  case_id uuid PRIMARY KEY REFERENCES cases (id) ON DELETE CASCADE,
  custom_rates jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(custom_rates) = 'object'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE TRIGGER case_rate_assignments_touch BEFORE UPDATE ON case_rate_assignments
  FOR EACH ROW EXECUTE FUNCTION touch_row();

CREATE TABLE projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES cases (id),
  project_number text NOT NULL CHECK (btrim(project_number) <> ''),
  project_name text NOT NULL DEFAULT '',
  property_address text,
  property_city_state_zip text,
  -- The structured address object of SPEC §3 (source, place id, parts).
  address jsonb,
  project_type text,
  building_type text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'on_hold', 'closed')),
  is_primary_project boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX projects_number_key ON projects (lower(project_number));
CREATE UNIQUE INDEX projects_one_primary ON projects (case_id) WHERE is_primary_project;
CREATE INDEX projects_case_idx ON projects (case_id, created_at);
CREATE INDEX projects_number_trgm ON projects USING gin (project_number gin_trgm_ops);
CREATE INDEX projects_name_trgm ON projects USING gin (project_name gin_trgm_ops);
CREATE TRIGGER projects_touch BEFORE UPDATE ON projects FOR EACH ROW EXECUTE FUNCTION touch_row();

-- Entries --------------------------------------------------------------------------

CREATE TABLE time_entries (
  -- Made by the browser, so a retried save is idempotent.
  id uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES projects (id),
  user_id uuid NOT NULL REFERENCES users (id),
  entry_date date NOT NULL,
  job_type text NOT NULL,
  hours numeric(7, 2) NOT NULL CHECK (hours >= 0),
  -- Resolved when saved, so later rate changes never rewrite past entries.
  rate numeric(10, 2) CHECK (rate >= 0),
  description text NOT NULL DEFAULT '',
  work_details text NOT NULL DEFAULT '',
  initials varchar(3) NOT NULL DEFAULT '',
  billable boolean NOT NULL DEFAULT true CHECK (billable),
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX time_entries_project_idx ON time_entries (project_id, entry_date DESC, created_at);
CREATE TRIGGER time_entries_touch BEFORE UPDATE ON time_entries FOR EACH ROW EXECUTE FUNCTION touch_row();

CREATE VIEW time_entry_totals AS
  SELECT t.*, round(t.hours * COALESCE(t.rate, 0), 2) AS total_amount
  FROM time_entries t;

CREATE TABLE expense_entries (
  id uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES projects (id),
  user_id uuid NOT NULL REFERENCES users (id),
  entry_date date NOT NULL,
  expense_type text NOT NULL CHECK (btrim(expense_type) <> ''),
  amount numeric(12, 2) NOT NULL CHECK (amount >= 0),
  description text NOT NULL DEFAULT '',
  initials varchar(3) NOT NULL DEFAULT '',
  billable boolean NOT NULL DEFAULT true CHECK (billable),
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX expense_entries_project_idx ON expense_entries (project_id, entry_date DESC, created_at);
CREATE TRIGGER expense_entries_touch BEFORE UPDATE ON expense_entries
  FOR EACH ROW EXECUTE FUNCTION touch_row();

-- Action items ---------------------------------------------------------------------

CREATE TABLE action_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  assigned_to uuid REFERENCES users (id),
  title text NOT NULL CHECK (btrim(title) <> ''),
  description text NOT NULL DEFAULT '',
  due_date date,
  start_time time,
  end_time time,
  due_time time,
  priority text NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high')),
  status text NOT NULL DEFAULT 'pending'
    CONSTRAINT action_items_status_check CHECK (status IN ('pending', 'in_progress', 'completed', 'cancelled')),
  completed_at date,
  location text,
  location_address jsonb,
  url text,
  synced_to_calendar boolean NOT NULL DEFAULT false,
  google_event_id text,
  archived boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX action_items_project_idx ON action_items (project_id, due_date);
CREATE INDEX action_items_assignee_idx ON action_items (assigned_to);
CREATE TRIGGER action_items_touch BEFORE UPDATE ON action_items FOR EACH ROW EXECUTE FUNCTION touch_row();

-- One message per change on channel action_items; each app process LISTENs once.
CREATE FUNCTION notify_action_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('action_items', json_build_object(
    'op', lower(TG_OP),
    'id', COALESCE(NEW.id, OLD.id),
    'project_id', COALESCE(NEW.project_id, OLD.project_id)
  )::text);
  RETURN NULL;
END $$;
CREATE TRIGGER action_items_notify AFTER INSERT OR UPDATE OR DELETE ON action_items
  FOR EACH ROW EXECUTE FUNCTION notify_action_item();

-- Logs -----------------------------------------------------------------------------

CREATE TABLE error_logs (
  id bigserial PRIMARY KEY,
  code text NOT NULL,
  message text NOT NULL,
  context jsonb,
  severity text NOT NULL CHECK (severity IN ('info', 'warning', 'error', 'critical')),
  user_agent text,
  url text,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  "timestamp" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX error_logs_time_idx ON error_logs ("timestamp" DESC);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid,
  table_name text NOT NULL,
  row_id text NOT NULL,
  action text NOT NULL CHECK (action IN ('insert', 'update', 'delete')),
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_row_idx ON audit_log (table_name, row_id, at);

CREATE TRIGGER clients_audit AFTER INSERT OR UPDATE OR DELETE ON clients
  FOR EACH ROW EXECUTE FUNCTION audit_row();
CREATE TRIGGER cases_audit AFTER INSERT OR UPDATE OR DELETE ON cases
  FOR EACH ROW EXECUTE FUNCTION audit_row();
CREATE TRIGGER projects_audit AFTER INSERT OR UPDATE OR DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION audit_row();
CREATE TRIGGER time_entries_audit AFTER INSERT OR UPDATE OR DELETE ON time_entries
  FOR EACH ROW EXECUTE FUNCTION audit_row();
CREATE TRIGGER expense_entries_audit AFTER INSERT OR UPDATE OR DELETE ON expense_entries
  FOR EACH ROW EXECUTE FUNCTION audit_row();
CREATE TRIGGER action_items_audit AFTER INSERT OR UPDATE OR DELETE ON action_items
  FOR EACH ROW EXECUTE FUNCTION audit_row();
