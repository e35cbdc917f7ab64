-- A deleted row stays deleted (issue 37, docs/decisions/110). Rows created by a browser-made id
-- (time and expense entries, action items, field reports and their photos, diagrams and readings)
-- can be created again by a replay: the offline queue, or a retry, sends the create once more
-- after its first answer was lost. A replay that arrives after the row was deleted must not bring
-- it back. Every deleted id of these tables is remembered here, by the delete itself (cascades
-- included), and an insert of a remembered id fails its statement with CBD01, which the server
-- answers as 410 RECORD_DELETED ('This entry was deleted.').
--
-- Triggers, not service code: every path that deletes (a route, a cascade from a project or a
-- report) or inserts (a route, the timer, the day's suggestions, an import) is covered by one rule,
-- on PGlite and PostgreSQL alike. Both run once per statement over its transition table, so an
-- import's 5,000-row insert pays one query (as migration 025). Ids are kept for good: a row is
-- 60-odd bytes, and a queue may replay a write made weeks ago.
CREATE TABLE deleted_ids (
  table_name text NOT NULL,
  id uuid NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  -- casebook.actor of the deleting transaction; null when none was set (a maintenance script).
  deleted_by uuid,
  PRIMARY KEY (table_name, id)
);

CREATE FUNCTION deleted_ids_remember() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deleted_ids (table_name, id, deleted_by)
    SELECT TG_TABLE_NAME, o.id, NULLIF(current_setting('casebook.actor', true), '')::uuid FROM old_rows o
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- The message names the table and one id, for the server log; the person reads the catalogue's text.
CREATE FUNCTION deleted_ids_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone uuid;
BEGIN
  SELECT n.id INTO gone FROM new_rows n JOIN deleted_ids d ON d.table_name = TG_TABLE_NAME AND d.id = n.id LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'CBD01', MESSAGE = TG_TABLE_NAME || ' ' || gone || ' was deleted';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER time_entries_deleted_ids AFTER DELETE ON time_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deleted_ids_remember();
CREATE TRIGGER time_entries_deleted_ids_refuse AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deleted_ids_refuse();

CREATE TRIGGER expense_entries_deleted_ids AFTER DELETE ON expense_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deleted_ids_remember();
CREATE TRIGGER expense_entries_deleted_ids_refuse AFTER INSERT ON expense_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deleted_ids_refuse();

CREATE TRIGGER action_items_deleted_ids AFTER DELETE ON action_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deleted_ids_remember();
CREATE TRIGGER action_items_deleted_ids_refuse AFTER INSERT ON action_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deleted_ids_refuse();

CREATE TRIGGER field_reports_deleted_ids AFTER DELETE ON field_reports
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deleted_ids_remember();
CREATE TRIGGER field_reports_deleted_ids_refuse AFTER INSERT ON field_reports
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deleted_ids_refuse();

CREATE TRIGGER field_report_images_deleted_ids AFTER DELETE ON field_report_images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deleted_ids_remember();
CREATE TRIGGER field_report_images_deleted_ids_refuse AFTER INSERT ON field_report_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION deleted_ids_refuse();
