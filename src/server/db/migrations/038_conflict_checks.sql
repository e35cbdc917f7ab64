-- Issue 39 (docs/decisions/120): the conflict check and its decision on record.

-- The keys a check compares, as src/core/conflict-keys.ts makes them (test/api/conflict-keys.test.ts
-- holds the two to one table). IMMUTABLE so indexes can hold them.
CREATE FUNCTION casebook_words(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_to_array(nullif(btrim(regexp_replace(replace(lower(regexp_replace(coalesce(t, ''), '[^A-Za-z0-9&]+', ' ', 'g')), '&', ' and '), ' +', ' ', 'g')), ''), ' '), '{}')
$$;

-- The words as one string, single spaces. One expression (no FROM), so PostgreSQL inlines it: the
-- trigram index's recheck evaluates it for every candidate row.
CREATE FUNCTION casebook_word_text(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(replace(lower(regexp_replace(coalesce(t, ''), '[^A-Za-z0-9&]+', ' ', 'g')), '&', ' and '), ' +', ' ', 'g'))
$$;

-- Each word stands between two spaces of its own (spaces doubled) so neighbouring words are each matched.
CREATE FUNCTION casebook_name_key(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(btrim(regexp_replace(regexp_replace(regexp_replace(
    ' ' || replace(public.casebook_word_text(t), ' ', '  ') || ' ',
    ' insurance ', ' ins ', 'g'),
    ' (company|co|incorporated|inc|corporation|corp|llc|ltd|limited|and|the) ', ' ', 'g'),
    ' +', ' ', 'g')), ''), public.casebook_word_text(t))
$$;

CREATE FUNCTION casebook_claim_key(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT upper(regexp_replace(coalesce(t, ''), '[^A-Za-z0-9]+', '', 'g'))
$$;

CREATE FUNCTION casebook_address_key(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH w AS (
    SELECT w, i FROM unnest(public.casebook_words(replace(split_part(coalesce(t, ''), ',', 1), '#', ' unit '))) WITH ORDINALITY AS u(w, i)
  ), cut AS (
    SELECT coalesce(min(i), 2147483647) AS at FROM w
    WHERE w IN ('unit', 'apt', 'apartment', 'suite', 'ste', 'room', 'rm', 'floor', 'fl', 'bldg', 'building')
  ), street AS (
    SELECT CASE w WHEN 'street' THEN 'st' WHEN 'str' THEN 'st' WHEN 'avenue' THEN 'ave' WHEN 'av' THEN 'ave' WHEN 'road' THEN 'rd'
      WHEN 'boulevard' THEN 'blvd' WHEN 'drive' THEN 'dr' WHEN 'lane' THEN 'ln' WHEN 'court' THEN 'ct' WHEN 'place' THEN 'pl'
      WHEN 'highway' THEN 'hwy' WHEN 'parkway' THEN 'pkwy' WHEN 'terrace' THEN 'ter' WHEN 'circle' THEN 'cir' WHEN 'square' THEN 'sq'
      WHEN 'north' THEN 'n' WHEN 'south' THEN 's' WHEN 'east' THEN 'e' WHEN 'west' THEN 'w' WHEN 'northeast' THEN 'ne'
      WHEN 'northwest' THEN 'nw' WHEN 'southeast' THEN 'se' WHEN 'southwest' THEN 'sw' ELSE w END AS s, i
    FROM w, cut WHERE i < cut.at
  )
  SELECT CASE WHEN count(*) >= 2 AND string_agg(s, '' ORDER BY i) ~ '[0-9]' THEN string_agg(s, ' ' ORDER BY i) ELSE '' END FROM street
$$;

-- Names by similarity (pg_trgm), claim numbers and loss addresses by equality of their keys.
-- Parties are the most numerous names (a large carrier sits in thousands of cases): their key is
-- stored, so the trigram index's recheck compares a column instead of computing the key per row.
ALTER TABLE case_parties ADD COLUMN name_key text;
CREATE FUNCTION case_parties_name_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.name_key := public.casebook_name_key(NEW.name);
  RETURN NEW;
END $$;
CREATE TRIGGER case_parties_name_key BEFORE INSERT OR UPDATE OF name ON case_parties FOR EACH ROW EXECUTE FUNCTION case_parties_name_key();
UPDATE case_parties SET name_key = casebook_name_key(name);
CREATE INDEX case_parties_name_key_trgm ON case_parties USING gin (name_key gin_trgm_ops);
CREATE INDEX case_parties_claim_key ON case_parties (casebook_claim_key(claim_number)) WHERE claim_number IS NOT NULL;
CREATE INDEX clients_name_key_trgm ON clients USING gin (casebook_name_key(name) gin_trgm_ops);
CREATE INDEX cases_attorney_name_key_trgm ON cases USING gin (casebook_name_key(attorney_name) gin_trgm_ops) WHERE attorney_name IS NOT NULL;
CREATE INDEX law_firms_name_key_trgm ON law_firms USING gin (casebook_name_key(name) gin_trgm_ops);
CREATE INDEX cases_claim_key ON cases (casebook_claim_key(claim_number)) WHERE claim_number IS NOT NULL;
CREATE INDEX cases_policy_key ON cases (casebook_claim_key(policy_number)) WHERE policy_number IS NOT NULL;
CREATE INDEX projects_address_key ON projects (casebook_address_key(property_address)) WHERE property_address IS NOT NULL;

-- A case opened through the case form from now on needs a cleared check before its bills issue;
-- every case already here (and any written another way: the demo seed, an import) is grandfathered.
ALTER TABLE cases ADD COLUMN conflict_check_required boolean NOT NULL DEFAULT false;

-- A check as run: who, when, what it looked for, what it found (each hit with isNew: not shown by an
-- earlier check of the case). case_id is null for a check at intake until the case is created.
CREATE TABLE conflict_checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid REFERENCES cases (id) ON DELETE SET NULL,
  query jsonb NOT NULL,
  hits jsonb NOT NULL,
  new_hit_count integer NOT NULL,
  -- What the record is about while it has no case: the prospective client (or first party).
  subject text NOT NULL DEFAULT '',
  ran_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ran_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX conflict_checks_case_idx ON conflict_checks (case_id, ran_at DESC);

-- The signed waiver as uploaded (one file), kept in the database like every upload.
CREATE TABLE conflict_waivers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  file_name text NOT NULL,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  sha256 text NOT NULL,
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE conflict_decisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  check_id uuid NOT NULL UNIQUE REFERENCES conflict_checks (id) ON DELETE CASCADE,
  case_id uuid REFERENCES cases (id) ON DELETE SET NULL,
  subject text NOT NULL DEFAULT '',
  decision text NOT NULL CHECK (decision IN ('cleared', 'cleared_with_waiver', 'declined')),
  reason text NOT NULL CHECK (btrim(reason) <> ''),
  waiver_id uuid UNIQUE REFERENCES conflict_waivers (id),
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((decision = 'cleared_with_waiver') = (waiver_id IS NOT NULL))
);

-- A check and its decision are never edited: only their case is filled in once (the case made at
-- intake) or emptied (the case deleted).
CREATE FUNCTION conflict_record_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'case_id') IS DISTINCT FROM (to_jsonb(OLD) - 'case_id')
    OR (OLD.case_id IS NOT NULL AND NEW.case_id IS NOT NULL AND NEW.case_id <> OLD.case_id) THEN
    RAISE EXCEPTION 'A conflict check and its decision cannot be changed: run a new check.' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER conflict_checks_frozen BEFORE UPDATE ON conflict_checks FOR EACH ROW EXECUTE FUNCTION conflict_record_frozen();
CREATE TRIGGER conflict_decisions_frozen BEFORE UPDATE ON conflict_decisions FOR EACH ROW EXECUTE FUNCTION conflict_record_frozen();

CREATE TRIGGER case_parties_audit AFTER INSERT OR UPDATE OR DELETE ON case_parties FOR EACH ROW EXECUTE FUNCTION audit_row();
CREATE TRIGGER conflict_decisions_audit AFTER INSERT OR UPDATE OR DELETE ON conflict_decisions FOR EACH ROW EXECUTE FUNCTION audit_row();
