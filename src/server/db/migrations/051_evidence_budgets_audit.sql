-- Evidence items and budgets in the audit log (issue 42, issue 41): who collected, moved or closed
-- which item (its custody chain stays its own record, ADR 140; the audit log names the item's row
-- changes beside every other record's), and who set which budget (its amount is a money column,
-- shown to super admins only, src/core/audit.ts).
CREATE TRIGGER evidence_items_audit AFTER INSERT OR UPDATE OR DELETE ON evidence_items FOR EACH ROW EXECUTE FUNCTION audit_row();
CREATE TRIGGER budgets_audit AFTER INSERT OR UPDATE OR DELETE ON budgets FOR EACH ROW EXECUTE FUNCTION audit_row();
