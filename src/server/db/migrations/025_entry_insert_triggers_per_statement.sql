-- The week lock and the case/client fill-in of inserted entries, per statement (issue 27,
-- docs/decisions/095): an import inserts entries 5,000 to a statement, and these row triggers ran
-- a PL/pgSQL function and its query once per new entry. Updates and deletes keep their row
-- triggers as they were (migrations 014 and 018).

-- The lock (docs/decisions/088) on inserts: after the statement, over the rows it inserted, the
-- same query as assert_week_open() and the same CBW01 error ("<status> <week_start> <day>", worded
-- by the server: "This week was approved on MM/DD/YYYY and can no longer be changed."). The whole
-- statement fails, as before. A row an ON CONFLICT … DO NOTHING did not insert changes nothing, so
-- it is not checked.
CREATE FUNCTION time_entries_week_lock_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  week record;
BEGIN
  SELECT w.status, w.week_start, COALESCE(w.approved_on, w.submitted_at::date) AS day INTO week
    FROM new_rows n JOIN timesheet_weeks w ON w.user_id = n.user_id
    WHERE w.status IN ('submitted', 'approved') AND w.week_start BETWEEN n.entry_date - 6 AND n.entry_date
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'CBW01', MESSAGE = week.status || ' ' || week.week_start || ' ' || week.day;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER time_entries_week_lock ON time_entries;
CREATE TRIGGER time_entries_week_lock BEFORE UPDATE OR DELETE ON time_entries
  FOR EACH ROW EXECUTE FUNCTION time_entries_week_lock();
CREATE TRIGGER time_entries_week_lock_insert AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION time_entries_week_lock_inserted();

-- The case and client of an inserted entry: a BEFORE trigger is the only one that can set them,
-- so the row trigger stays for rows that come without them (every screen's insert: unchanged),
-- its WHEN tested by the executor without calling the function. A statement that gives them (the
-- import: one join per batch) has them checked after the statement, all rows in one query; a
-- wrong pair fails the statement.
CREATE FUNCTION entries_case_and_client_checked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_rows n JOIN projects p ON p.id = n.project_id JOIN cases c ON c.id = p.case_id
    WHERE n.case_id IS DISTINCT FROM p.case_id OR n.client_id IS DISTINCT FROM c.client_id
  ) THEN
    RAISE EXCEPTION USING ERRCODE = '23514', MESSAGE = 'An entry''s case or client is not its project''s.';
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER time_entries_case_client ON time_entries;
CREATE TRIGGER time_entries_case_client BEFORE UPDATE OF project_id ON time_entries
  FOR EACH ROW EXECUTE FUNCTION entry_case_and_client();
CREATE TRIGGER time_entries_case_client_insert BEFORE INSERT ON time_entries
  FOR EACH ROW WHEN (NEW.case_id IS NULL OR NEW.client_id IS NULL) EXECUTE FUNCTION entry_case_and_client();
CREATE TRIGGER time_entries_case_client_check AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION entries_case_and_client_checked();

DROP TRIGGER expense_entries_case_client ON expense_entries;
CREATE TRIGGER expense_entries_case_client BEFORE UPDATE OF project_id ON expense_entries
  FOR EACH ROW EXECUTE FUNCTION entry_case_and_client();
CREATE TRIGGER expense_entries_case_client_insert BEFORE INSERT ON expense_entries
  FOR EACH ROW WHEN (NEW.case_id IS NULL OR NEW.client_id IS NULL) EXECUTE FUNCTION entry_case_and_client();
CREATE TRIGGER expense_entries_case_client_check AFTER INSERT ON expense_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION entries_case_and_client_checked();
