-- Reports, bills and receivables (issue 11, docs/decisions/080-082).

-- Reports read entries by date range; the index carries what the totals need, so a month or a
-- year is an index-only scan, and (entry_date, id) is also the order the exports page through.
CREATE INDEX time_entries_date_idx ON time_entries (entry_date, id)
  INCLUDE (project_id, user_id, hours, rate, job_type);
CREATE INDEX expense_entries_date_idx ON expense_entries (entry_date, id)
  INCLUDE (project_id, user_id, amount, expense_type);
-- The dashboard's "my hours this week / last week" and "recent projects".
CREATE INDEX time_entries_user_date_idx ON time_entries (user_id, entry_date) INCLUDE (hours, project_id);

-- Gapless bill numbers: one counter row, incremented inside the bill's own transaction.
CREATE TABLE bill_counter (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  last_number integer NOT NULL DEFAULT 0
);
INSERT INTO bill_counter (id, last_number) VALUES (1, 0);

CREATE TABLE bills (
  id uuid PRIMARY KEY,
  number integer NOT NULL UNIQUE CHECK (number > 0),
  case_id uuid NOT NULL REFERENCES cases (id),
  client_id uuid NOT NULL REFERENCES clients (id),
  -- Frozen when the bill is made, so a renamed client does not rewrite an issued bill.
  client_name text NOT NULL,
  period_start date NOT NULL,
  period_end date NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'issued', 'paid', 'void')),
  -- Totals as billed; written when the bill is made and again when it is issued.
  hours numeric(12, 2) NOT NULL DEFAULT 0,
  time_total numeric(14, 2) NOT NULL DEFAULT 0,
  expense_total numeric(14, 2) NOT NULL DEFAULT 0,
  issued_on date,
  paid_on date,
  voided_at timestamptz,
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  CHECK (period_end >= period_start),
  CHECK (status = 'draft' OR status = 'void' OR issued_on IS NOT NULL),
  CHECK (status <> 'paid' OR paid_on IS NOT NULL)
);
CREATE INDEX bills_case_idx ON bills (case_id, number DESC);
CREATE INDEX bills_receivable_idx ON bills (issued_on) WHERE status = 'issued';
CREATE TRIGGER bills_touch BEFORE UPDATE ON bills FOR EACH ROW EXECUTE FUNCTION touch_row();
CREATE TRIGGER bills_audit AFTER INSERT OR UPDATE OR DELETE ON bills FOR EACH ROW EXECUTE FUNCTION audit_row();

-- bill_id: the draft or issued bill an entry is on (one bill at a time; voiding clears it).
-- locked_bill: that bill's number once it is issued; the entry saves refuse a locked row.
ALTER TABLE time_entries ADD COLUMN bill_id uuid REFERENCES bills (id), ADD COLUMN locked_bill integer;
ALTER TABLE expense_entries ADD COLUMN bill_id uuid REFERENCES bills (id), ADD COLUMN locked_bill integer;
CREATE INDEX time_entries_bill_idx ON time_entries (bill_id) WHERE bill_id IS NOT NULL;
CREATE INDEX expense_entries_bill_idx ON expense_entries (bill_id) WHERE bill_id IS NOT NULL;
-- Unbilled work per case: the partial indexes hold only what no bill has taken yet.
CREATE INDEX time_entries_unbilled_idx ON time_entries (project_id, entry_date) INCLUDE (hours, rate)
  WHERE bill_id IS NULL;
CREATE INDEX expense_entries_unbilled_idx ON expense_entries (project_id, entry_date) INCLUDE (amount)
  WHERE bill_id IS NULL;

-- The view was expanded when it was made (t.*): add the new columns at its end.
CREATE OR REPLACE VIEW time_entry_totals AS
  SELECT t.id, t.project_id, t.user_id, t.entry_date, t.job_type, t.hours, t.rate, t.description,
         t.work_details, t.initials, t.billable, t.created_by, t.created_at, t.updated_at, t.version,
         round(t.hours * COALESCE(t.rate, 0), 2) AS total_amount, t.bill_id, t.locked_bill
  FROM time_entries t;
