-- Issue 39's speed (docs/performance/conflict-check.md). A check compares names by trigram similarity;
-- the same name sits on many rows (a carrier in thousands of cases), so the similarity search runs
-- over the distinct name keys (conflict_names) and the rows are then found by equal keys (btree).
-- Every compared name has its key stored as a generated column (one way for all four; the party's
-- trigger of 038 gives way).
DROP TRIGGER case_parties_name_key ON case_parties;
DROP FUNCTION case_parties_name_key();
DROP INDEX case_parties_name_key_trgm, clients_name_key_trgm, law_firms_name_key_trgm, cases_attorney_name_key_trgm;
ALTER TABLE case_parties DROP COLUMN name_key;
ALTER TABLE case_parties ADD COLUMN name_key text GENERATED ALWAYS AS (casebook_name_key(name)) STORED;
ALTER TABLE clients ADD COLUMN name_key text GENERATED ALWAYS AS (casebook_name_key(name)) STORED;
ALTER TABLE law_firms ADD COLUMN name_key text GENERATED ALWAYS AS (casebook_name_key(name)) STORED;
ALTER TABLE cases ADD COLUMN attorney_name_key text GENERATED ALWAYS AS (casebook_name_key(attorney_name)) STORED;
CREATE INDEX case_parties_name_key_idx ON case_parties (name_key, case_id);
CREATE INDEX clients_name_key_idx ON clients (name_key);
CREATE INDEX law_firms_name_key_idx ON law_firms (name_key);
CREATE INDEX cases_attorney_name_key_idx ON cases (attorney_name_key, id) WHERE attorney_name IS NOT NULL;

-- Every name key ever written (a key whose rows are gone matches nothing when the rows are read).
CREATE TABLE conflict_names (key text PRIMARY KEY);
CREATE INDEX conflict_names_trgm ON conflict_names USING gin (key gin_trgm_ops);
INSERT INTO conflict_names (key)
  SELECT key FROM (SELECT name_key FROM case_parties UNION SELECT name_key FROM clients UNION SELECT name_key FROM law_firms
    UNION SELECT attorney_name_key FROM cases) AS k (key)
  WHERE key <> '';

-- Kept per statement (an import writes thousands of rows at once); the key column named by the trigger.
CREATE FUNCTION conflict_names_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO conflict_names (key) SELECT DISTINCT %I FROM new_rows WHERE %I <> %L ON CONFLICT DO NOTHING',
    TG_ARGV[0], TG_ARGV[0], '');
  RETURN NULL;
END $$;
CREATE TRIGGER case_parties_conflict_names_insert AFTER INSERT ON case_parties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conflict_names_add('name_key');
CREATE TRIGGER case_parties_conflict_names_update AFTER UPDATE ON case_parties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conflict_names_add('name_key');
CREATE TRIGGER clients_conflict_names_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conflict_names_add('name_key');
CREATE TRIGGER clients_conflict_names_update AFTER UPDATE ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conflict_names_add('name_key');
CREATE TRIGGER law_firms_conflict_names_insert AFTER INSERT ON law_firms
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conflict_names_add('name_key');
CREATE TRIGGER law_firms_conflict_names_update AFTER UPDATE ON law_firms
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conflict_names_add('name_key');
CREATE TRIGGER cases_conflict_names_insert AFTER INSERT ON cases
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conflict_names_add('attorney_name_key');
CREATE TRIGGER cases_conflict_names_update AFTER UPDATE ON cases
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conflict_names_add('attorney_name_key');
