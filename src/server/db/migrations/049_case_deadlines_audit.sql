-- Who set or moved which deadline, in the audit log (a moved trigger shows as each date it moved).
-- Migration 043 landed without it (docs/decisions/132).
CREATE TRIGGER case_deadlines_audit AFTER INSERT OR UPDATE OR DELETE ON case_deadlines FOR EACH ROW EXECUTE FUNCTION audit_row();
