-- From hours to money in the bank (issue 24, docs/decisions/084): draft bills that can be shaped,
-- several payments per bill, credit notes, retainers per case, client credit, statements and exports.

-- Who a bill is addressed to and when it is due: set per client, copied onto each bill when it is made.
ALTER TABLE clients
  ADD COLUMN bill_to_name text NOT NULL DEFAULT '',
  ADD COLUMN billing_address text NOT NULL DEFAULT '',
  ADD COLUMN terms_days integer NOT NULL DEFAULT 30 CHECK (terms_days BETWEEN 0 AND 365),
  -- The id the client's e-billing system knows the client by (LEDES CLIENT_ID).
  ADD COLUMN ledes_client_id text NOT NULL DEFAULT '';
-- The client's matter id for the law firm (LEDES CLIENT_MATTER_ID), and the retainer's low-balance
-- threshold (money: super admins only).
ALTER TABLE cases
  ADD COLUMN client_matter_id text NOT NULL DEFAULT '',
  ADD COLUMN retainer_threshold numeric(14, 2) CHECK (retainer_threshold >= 0);
-- Remittance details printed on every bill, and the firm's id in LEDES files (its tax id).
ALTER TABLE firm_profile
  ADD COLUMN remittance text NOT NULL DEFAULT '',
  ADD COLUMN ledes_firm_id text NOT NULL DEFAULT '';

-- UTBMS codes of job titles (task and activity) and expense types (expense code), for LEDES.
CREATE TABLE billing_codes (
  kind text NOT NULL CHECK (kind IN ('job_title', 'expense_type')),
  name text NOT NULL CHECK (btrim(name) <> ''),
  task_code text NOT NULL DEFAULT '',
  activity_code text NOT NULL DEFAULT '',
  expense_code text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, name)
);

-- Bills: statuses follow the balance; totals after write-downs and the discount are kept on the row.
ALTER TABLE bills DROP CONSTRAINT bills_status_check;
ALTER TABLE bills ADD CONSTRAINT bills_status_check
  CHECK (status IN ('draft', 'issued', 'partially_paid', 'paid', 'void'));
ALTER TABLE bills
  ADD COLUMN bill_to_name text NOT NULL DEFAULT '',
  ADD COLUMN billing_address text NOT NULL DEFAULT '',
  ADD COLUMN terms_days integer NOT NULL DEFAULT 30 CHECK (terms_days BETWEEN 0 AND 365),
  ADD COLUMN terms text NOT NULL DEFAULT '',
  ADD COLUMN note text NOT NULL DEFAULT '',
  -- Set explicitly on the draft, or issued_on + terms_days when the bill is issued.
  ADD COLUMN due_on date,
  ADD COLUMN discount_kind text CHECK (discount_kind IN ('percent', 'amount')),
  ADD COLUMN discount_value numeric(14, 2) NOT NULL DEFAULT 0 CHECK (discount_value >= 0),
  -- Sum of the lines' write-downs (negative) and write-ups (positive); time_total and
  -- expense_total are after them.
  ADD COLUMN adjustment_total numeric(14, 2) NOT NULL DEFAULT 0,
  ADD COLUMN discount_total numeric(14, 2) NOT NULL DEFAULT 0 CHECK (discount_total >= 0),
  -- The bill's total: lines after adjustments, less the discount; before payments and credits.
  ADD COLUMN total numeric(14, 2) NOT NULL DEFAULT 0 CHECK (total >= 0),
  ADD COLUMN paid_total numeric(14, 2) NOT NULL DEFAULT 0 CHECK (paid_total >= 0),
  ADD COLUMN credited_total numeric(14, 2) NOT NULL DEFAULT 0 CHECK (credited_total >= 0),
  -- total - paid_total - credited_total; never negative (what is paid or credited beyond it is client credit).
  ADD COLUMN balance numeric(14, 2) NOT NULL DEFAULT 0 CHECK (balance >= 0);
ALTER TABLE bills ADD CONSTRAINT bills_due_after_issue CHECK (due_on IS NULL OR issued_on IS NULL OR due_on >= issued_on);

-- Bills made before this migration: their totals, a due date at the default Net 30, and the
-- client's name to bill; written with the triggers off (no audit row, no version bump).
ALTER TABLE bills DISABLE TRIGGER USER;
UPDATE bills SET total = time_total + expense_total, bill_to_name = client_name, terms = 'Net 30',
  due_on = CASE WHEN issued_on IS NULL THEN NULL ELSE issued_on + 30 END,
  paid_total = CASE WHEN status = 'paid' THEN time_total + expense_total ELSE 0 END,
  balance = CASE WHEN status IN ('draft', 'issued') THEN time_total + expense_total ELSE 0 END;
ALTER TABLE bills ENABLE TRIGGER USER;

DROP INDEX bills_receivable_idx;
CREATE INDEX bills_open_idx ON bills (due_on, number) INCLUDE (balance, client_id, case_id)
  WHERE status IN ('issued', 'partially_paid');
CREATE INDEX bills_client_idx ON bills (client_id, issued_on);

-- A line written down or up on a draft: the entry keeps its own amount; the bill bills `amount`.
CREATE TABLE bill_adjustments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bill_id uuid NOT NULL REFERENCES bills (id) ON DELETE CASCADE,
  entry_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('time', 'expense')),
  original_amount numeric(14, 2) NOT NULL CHECK (original_amount >= 0),
  amount numeric(14, 2) NOT NULL CHECK (amount >= 0),
  reason text NOT NULL CHECK (btrim(reason) <> ''),
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  UNIQUE (bill_id, entry_id)
);
CREATE TRIGGER bill_adjustments_touch BEFORE UPDATE ON bill_adjustments FOR EACH ROW EXECUTE FUNCTION touch_row();
CREATE TRIGGER bill_adjustments_audit AFTER INSERT OR UPDATE OR DELETE ON bill_adjustments
  FOR EACH ROW EXECUTE FUNCTION audit_row();

-- Gapless numbers of payments and credit notes, one row per series, taken in the same
-- transaction as the row they number (like bill_counter).
CREATE TABLE document_counters (
  series text PRIMARY KEY CHECK (series IN ('payment', 'credit_note')),
  last_number integer NOT NULL DEFAULT 0
);
INSERT INTO document_counters (series) VALUES ('payment'), ('credit_note');

CREATE TABLE payments (
  -- Made by the browser: a retried payment answers the one it made.
  id uuid PRIMARY KEY,
  number integer NOT NULL UNIQUE CHECK (number > 0),
  bill_id uuid NOT NULL REFERENCES bills (id),
  client_id uuid NOT NULL REFERENCES clients (id),
  received_on date NOT NULL,
  method text NOT NULL CHECK (method IN ('check', 'ach', 'wire', 'card', 'cash', 'other', 'retainer', 'client_credit')),
  reference text NOT NULL DEFAULT '',
  -- What was received; applied_amount went to the bill, the rest is held as client credit.
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  applied_amount numeric(14, 2) NOT NULL CHECK (applied_amount > 0 AND applied_amount <= amount),
  reversed_at timestamptz,
  reversed_by uuid REFERENCES users (id),
  reversal_reason text,
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  CHECK ((reversed_at IS NULL) = (reversal_reason IS NULL))
);
CREATE INDEX payments_bill_idx ON payments (bill_id, number);
CREATE INDEX payments_client_idx ON payments (client_id, received_on);
CREATE TRIGGER payments_touch BEFORE UPDATE ON payments FOR EACH ROW EXECUTE FUNCTION touch_row();

-- Bills paid in full before this migration: one payment each, for the whole total, on the paid date
-- (before the audit trigger: the migration is not a person's change).
WITH paid AS (
  SELECT id, client_id, paid_on, time_total + expense_total AS amount, created_by,
         row_number() OVER (ORDER BY paid_on, number) AS n
  FROM bills WHERE status = 'paid' AND time_total + expense_total > 0
)
INSERT INTO payments (id, number, bill_id, client_id, received_on, method, reference, amount, applied_amount, created_by)
SELECT gen_random_uuid(), n, id, client_id, paid_on, 'other', 'Marked paid before payments were recorded', amount, amount, created_by
FROM paid;
UPDATE document_counters SET last_number = (SELECT count(*) FROM payments) WHERE series = 'payment';
CREATE TRIGGER payments_audit AFTER INSERT OR UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION audit_row();

CREATE TABLE credit_notes (
  id uuid PRIMARY KEY,
  number integer NOT NULL UNIQUE CHECK (number > 0),
  bill_id uuid NOT NULL REFERENCES bills (id),
  client_id uuid NOT NULL REFERENCES clients (id),
  issued_on date NOT NULL,
  reason text NOT NULL CHECK (btrim(reason) <> ''),
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  -- What reduced the bill's balance; the rest (a paid bill corrected) is held as client credit.
  applied_amount numeric(14, 2) NOT NULL CHECK (applied_amount >= 0 AND applied_amount <= amount),
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_notes_bill_idx ON credit_notes (bill_id, number);
CREATE INDEX credit_notes_client_idx ON credit_notes (client_id, issued_on);
CREATE TRIGGER credit_notes_audit AFTER INSERT OR UPDATE OR DELETE ON credit_notes FOR EACH ROW EXECUTE FUNCTION audit_row();

CREATE TABLE credit_note_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  credit_note_id uuid NOT NULL REFERENCES credit_notes (id) ON DELETE CASCADE,
  position integer NOT NULL,
  description text NOT NULL CHECK (btrim(description) <> ''),
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  -- The bill line it credits, when it credits one.
  entry_id uuid,
  UNIQUE (credit_note_id, position)
);
CREATE TRIGGER credit_note_lines_audit AFTER INSERT OR UPDATE OR DELETE ON credit_note_lines
  FOR EACH ROW EXECUTE FUNCTION audit_row();

-- Client funds held per case: deposits, applications to bills (each one a payment of method
-- 'retainer'), refunds, and the return of an application whose payment was reversed.
CREATE TABLE retainer_entries (
  id uuid PRIMARY KEY,
  case_id uuid NOT NULL REFERENCES cases (id),
  client_id uuid NOT NULL REFERENCES clients (id),
  kind text NOT NULL CHECK (kind IN ('deposit', 'application', 'refund', 'reversal')),
  entry_date date NOT NULL,
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  payment_id uuid REFERENCES payments (id),
  method text NOT NULL DEFAULT '',
  reference text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind IN ('application', 'reversal')) = (payment_id IS NOT NULL))
);
CREATE INDEX retainer_entries_case_idx ON retainer_entries (case_id, entry_date, created_at);
CREATE INDEX retainer_entries_client_idx ON retainer_entries (client_id, entry_date);
CREATE TRIGGER retainer_entries_audit AFTER INSERT OR UPDATE OR DELETE ON retainer_entries
  FOR EACH ROW EXECUTE FUNCTION audit_row();

-- Client credit: what a client paid or was credited beyond a bill's balance, and its uses
-- (a payment of method 'client_credit', negative here). The sum per client is never negative.
CREATE TABLE client_credits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id),
  entry_date date NOT NULL,
  amount numeric(14, 2) NOT NULL CHECK (amount <> 0),
  payment_id uuid REFERENCES payments (id),
  credit_note_id uuid REFERENCES credit_notes (id),
  note text NOT NULL DEFAULT '',
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_credits_client_idx ON client_credits (client_id, entry_date);
CREATE TRIGGER client_credits_audit AFTER INSERT OR UPDATE OR DELETE ON client_credits
  FOR EACH ROW EXECUTE FUNCTION audit_row();
