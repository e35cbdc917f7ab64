-- Evidence custody (issue 42, docs/decisions/140 and 141): items with a firm-wide tag series, an
-- append-only chain of custody whose entries each carry a SHA-256 over their content, their photos'
-- hashes and the previous entry's hash, notice before destructive testing, and closing (return or
-- disposal) only with an authorization. The audit log gets the same chain (hash columns, sealed in
-- order by the app under a lock on the chain's head).

-- One series for the whole firm: a sequence never hands the same number twice, across instances.
CREATE SEQUENCE evidence_tag_seq START 1;

-- Documents that authorize something: a party's written waiver, a return or disposal authorization.
CREATE TABLE evidence_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  file_name text NOT NULL CHECK (length(file_name) <= 255),
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);

-- The notice period before destructive testing, per case (10 days unless set).
CREATE TABLE evidence_case_settings (
  case_id uuid PRIMARY KEY REFERENCES cases (id) ON DELETE CASCADE,
  notice_days integer NOT NULL DEFAULT 10 CHECK (notice_days BETWEEN 0 AND 365),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE TRIGGER evidence_case_settings_touch BEFORE UPDATE ON evidence_case_settings FOR EACH ROW EXECUTE FUNCTION touch_row();

CREATE TABLE evidence_items (
  id uuid PRIMARY KEY,
  case_id uuid NOT NULL REFERENCES cases (id),
  tag_number integer NOT NULL UNIQUE DEFAULT nextval('evidence_tag_seq'),
  description text NOT NULL CHECK (btrim(description) <> '' AND length(description) <= 2000),
  category text NOT NULL DEFAULT '' CHECK (length(category) <= 100),
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 100000),
  condition text NOT NULL DEFAULT '' CHECK (length(condition) <= 2000),
  collected_at timestamptz NOT NULL,
  collected_place text NOT NULL DEFAULT '' CHECK (length(collected_place) <= 500),
  collected_by uuid REFERENCES users (id) ON DELETE SET NULL,
  collected_by_name text NOT NULL CHECK (length(collected_by_name) <= 200),
  -- Where it is and who holds it: set by the chain's latest movement, in the same transaction.
  location text NOT NULL DEFAULT '' CHECK (length(location) <= 500),
  custodian text NOT NULL DEFAULT '' CHECK (length(custodian) <= 200),
  -- A result or the remaining portion of a destructive test on another item.
  parent_id uuid REFERENCES evidence_items (id),
  derivation text CHECK (derivation IN ('result', 'remaining')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'returned', 'disposed')),
  authorized_by text,
  authorized_at timestamptz,
  authorization_document_id uuid REFERENCES evidence_documents (id),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  CHECK ((parent_id IS NULL) = (derivation IS NULL)),
  CHECK (status = 'open' OR (authorized_by IS NOT NULL AND authorized_at IS NOT NULL AND authorization_document_id IS NOT NULL))
);
CREATE INDEX evidence_items_case_idx ON evidence_items (case_id, tag_number);
CREATE TRIGGER evidence_items_touch BEFORE UPDATE ON evidence_items FOR EACH ROW EXECUTE FUNCTION touch_row();

-- A closed item (returned or disposed) is read-only by any path; items are never deleted. (No audit
-- trigger: the custody chain is the item's own tamper-evident record.)
CREATE FUNCTION evidence_item_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Evidence items are never deleted.' USING ERRCODE = '23514';
  END IF;
  IF OLD.status <> 'open' THEN
    RAISE EXCEPTION 'This item was returned or disposed of and is read-only.' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER evidence_items_guard BEFORE UPDATE OR DELETE ON evidence_items FOR EACH ROW EXECUTE FUNCTION evidence_item_guard();

-- The chain of custody. Never updated or deleted: a correction is a new entry naming the one it corrects.
CREATE TABLE evidence_entries (
  id uuid PRIMARY KEY,
  item_id uuid NOT NULL REFERENCES evidence_items (id),
  seq integer NOT NULL CHECK (seq >= 1),
  kind text NOT NULL CHECK (kind IN ('collected', 'received', 'released', 'moved', 'to_lab', 'from_lab', 'photo',
    'correction', 'test_started', 'returned', 'disposed')),
  at timestamptz NOT NULL,
  from_party text NOT NULL DEFAULT '' CHECK (length(from_party) <= 200),
  to_party text NOT NULL DEFAULT '' CHECK (length(to_party) <= 200),
  location text NOT NULL DEFAULT '' CHECK (length(location) <= 500),
  purpose text NOT NULL DEFAULT '' CHECK (length(purpose) <= 2000),
  corrects_id uuid REFERENCES evidence_entries (id),
  signed_by_name text NOT NULL DEFAULT '' CHECK (length(signed_by_name) <= 200),
  signature bytea,
  signature_type text,
  signature_sha256 text CHECK (signature_sha256 IS NULL OR signature_sha256 ~ '^[0-9a-f]{64}$'),
  photo_sha256s text[] NOT NULL DEFAULT '{}',
  recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  recorded_by_name text NOT NULL DEFAULT '',
  recorded_at timestamptz NOT NULL DEFAULT now(),
  prev_hash text CHECK (prev_hash IS NULL OR prev_hash ~ '^[0-9a-f]{64}$'),
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  UNIQUE (item_id, seq),
  CHECK ((seq = 1) = (prev_hash IS NULL))
);

-- The app never changes or deletes an entry: a write of its own (every writing transaction of the app
-- names its actor in casebook.actor) is refused. A change made outside the app, by someone with the
-- database's keys, is not stopped here: that is what the chain's hashes and Verify chain are for
-- (docs/decisions/140).
CREATE FUNCTION evidence_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('casebook.actor', true), '') <> '' THEN
    RAISE EXCEPTION 'Custody entries are never changed or deleted; record a correction instead.' USING ERRCODE = '23514';
  END IF;
  IF TG_LEVEL = 'STATEMENT' THEN RETURN NULL; END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
CREATE TRIGGER evidence_entries_append_only BEFORE UPDATE OR DELETE ON evidence_entries
  FOR EACH ROW EXECUTE FUNCTION evidence_entries_append_only();
CREATE TRIGGER evidence_entries_no_truncate BEFORE TRUNCATE ON evidence_entries
  FOR EACH STATEMENT EXECUTE FUNCTION evidence_entries_append_only();

-- Photos of an item: taken on the spot (the original kept unchanged) or picked from the case's field
-- reports (the report image's original SHA-256). Each is added by a 'photo' entry that hashes it.
CREATE TABLE evidence_photos (
  id uuid PRIMARY KEY,
  item_id uuid NOT NULL REFERENCES evidence_items (id),
  entry_id uuid NOT NULL REFERENCES evidence_entries (id),
  source text NOT NULL CHECK (source IN ('taken', 'field_report')),
  field_report_image_id uuid,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  original bytea,
  original_type text,
  image bytea NOT NULL,
  thumbnail bytea NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX evidence_photos_item_idx ON evidence_photos (item_id, created_at);
CREATE TRIGGER evidence_photos_append_only BEFORE UPDATE OR DELETE ON evidence_photos
  FOR EACH ROW EXECUTE FUNCTION evidence_entries_append_only();

-- A planned destructive test and the notice every party of the case was given.
CREATE TABLE evidence_tests (
  id uuid PRIMARY KEY,
  item_id uuid NOT NULL REFERENCES evidence_items (id),
  what text NOT NULL CHECK (btrim(what) <> '' AND length(what) <= 2000),
  place text NOT NULL CHECK (btrim(place) <> '' AND length(place) <= 500),
  planned_for timestamptz NOT NULL,
  performed_by text NOT NULL CHECK (btrim(performed_by) <> '' AND length(performed_by) <= 200),
  notice_days integer NOT NULL CHECK (notice_days >= 0),
  started_at timestamptz,
  start_entry_id uuid REFERENCES evidence_entries (id),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX evidence_tests_item_idx ON evidence_tests (item_id);

CREATE TABLE evidence_test_notices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  test_id uuid NOT NULL REFERENCES evidence_tests (id),
  party_id uuid,
  party_name text NOT NULL,
  party_role text NOT NULL,
  -- How the party was told: by e-mail through the mail outbox, or as recorded by hand (letter, phone…).
  method text CHECK (method IN ('email', 'letter', 'hand', 'phone', 'fax', 'other')),
  address text,
  told_at timestamptz,
  mail_message_id uuid,
  waived_at timestamptz,
  waiver_document_id uuid REFERENCES evidence_documents (id),
  UNIQUE (test_id, party_id)
);

-- Items made from a test (results and remaining portions) name it.
ALTER TABLE evidence_items ADD COLUMN derived_from_test_id uuid REFERENCES evidence_tests (id);

-- The audit log's chain: rows are sealed in order by the app (chain_seq, prev_hash, hash) under a
-- row lock on the head, so concurrent writers never fork it; a row written meanwhile is sealed next.
ALTER TABLE audit_log
  ADD COLUMN chain_seq bigint UNIQUE,
  ADD COLUMN prev_hash text,
  ADD COLUMN hash text;
CREATE INDEX audit_log_unsealed_idx ON audit_log (id) WHERE chain_seq IS NULL;
CREATE TABLE audit_chain_head (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  seq bigint NOT NULL DEFAULT 0,
  hash text
);
INSERT INTO audit_chain_head (id) VALUES (1);
