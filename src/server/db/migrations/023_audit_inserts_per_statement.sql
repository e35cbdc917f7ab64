-- The audit of inserted entries, one INSERT … SELECT per statement (issue 27, docs/decisions/093):
-- a 100,000-row import spent most of its time running audit_row() once per new entry. The rows
-- written are the same as audit_row()'s for an insert (the actor of casebook.actor, the table, the
-- id, 'insert', no before, the row as inserted — after the BEFORE triggers, as NEW was), so the
-- audit trail is unchanged; updates and deletes keep their row trigger.
CREATE FUNCTION audit_inserted_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (actor_id, table_name, row_id, action, before, after)
  SELECT NULLIF(current_setting('casebook.actor', true), '')::uuid, TG_TABLE_NAME, n.id::text, 'insert', NULL, to_jsonb(n)
  FROM new_rows n;
  RETURN NULL;
END $$;

DROP TRIGGER time_entries_audit ON time_entries;
CREATE TRIGGER time_entries_audit AFTER UPDATE OR DELETE ON time_entries
  FOR EACH ROW EXECUTE FUNCTION audit_row();
CREATE TRIGGER time_entries_audit_insert AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_inserted_rows();

DROP TRIGGER expense_entries_audit ON expense_entries;
CREATE TRIGGER expense_entries_audit AFTER UPDATE OR DELETE ON expense_entries
  FOR EACH ROW EXECUTE FUNCTION audit_row();
CREATE TRIGGER expense_entries_audit_insert AFTER INSERT ON expense_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_inserted_rows();
