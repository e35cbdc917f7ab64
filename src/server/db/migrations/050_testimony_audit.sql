-- Who recorded, changed or removed which testimony, in the audit log (issue 40). Migration 045
-- landed without it (docs/decisions/136); the deposit columns are money, shown to super admins only.
CREATE TRIGGER testimony_events_audit AFTER INSERT OR UPDATE OR DELETE ON testimony_events FOR EACH ROW EXECUTE FUNCTION audit_row();
