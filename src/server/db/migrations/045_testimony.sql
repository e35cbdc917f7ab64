-- Issue 40, the testimony half (docs/decisions/136, 137): testimony on record per case, the Rule 26
-- list read from it, and a deposition noticed by another party billed to that party.

-- A case the firm only consults on: it has no testimony, and none can be recorded on it.
ALTER TABLE cases ADD COLUMN consulting_only boolean NOT NULL DEFAULT false;

-- One testimony event: a deposition, trial, hearing or arbitration of one expert on one day.
-- The caption and docket are as filed (they may differ from the case's own name). A deposition
-- noticed by another party names that party (a law firm from the attorneys list, a contact, and
-- their matter id) and is billed to it: the day's entries of (case, expert, date) go on its bill.
CREATE TABLE testimony_events (
  id uuid PRIMARY KEY,
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('deposition', 'trial', 'hearing', 'arbitration')),
  event_date date NOT NULL,
  expert_id uuid NOT NULL REFERENCES users (id),
  court text NOT NULL DEFAULT '' CHECK (length(court) <= 300),
  caption text NOT NULL CHECK (btrim(caption) <> '' AND length(caption) <= 500),
  docket text NOT NULL DEFAULT '' CHECK (length(docket) <= 100),
  retained_side text CHECK (retained_side IN ('plaintiff', 'defense', 'neutral')),
  -- 'retaining': the side that retained the firm noticed it; 'other': another party did (and pays).
  noticed_by text NOT NULL DEFAULT 'retaining' CHECK (noticed_by IN ('retaining', 'other')),
  payer_law_firm_id uuid REFERENCES law_firms (id) ON DELETE SET NULL,
  payer_name text NOT NULL DEFAULT '' CHECK (length(payer_name) <= 200),
  payer_contact text NOT NULL DEFAULT '' CHECK (length(payer_contact) <= 200),
  payer_address text NOT NULL DEFAULT '' CHECK (length(payer_address) <= 1000),
  payer_matter_id text NOT NULL DEFAULT '' CHECK (length(payer_matter_id) <= 100),
  -- Money (super admins only): the deposit asked of the payer and when it came.
  deposit_amount numeric(12, 2) CHECK (deposit_amount IS NULL OR deposit_amount >= 0),
  deposit_received_on date,
  deposit_method text CHECK (deposit_method IN ('check', 'ach', 'wire', 'card', 'cash', 'other')),
  deposit_reference text NOT NULL DEFAULT '' CHECK (length(deposit_reference) <= 200),
  payer_terms_days integer NOT NULL DEFAULT 5 CHECK (payer_terms_days BETWEEN 0 AND 365),
  -- Whether the day's entries are the payer's, not the retaining client's.
  bills_deposing_side boolean GENERATED ALWAYS AS (kind = 'deposition' AND noticed_by = 'other') STORED,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  -- Only a deposition is noticed by another party.
  CHECK (noticed_by = 'retaining' OR kind = 'deposition')
);
CREATE INDEX testimony_events_case_idx ON testimony_events (case_id, event_date);
-- The Rule 26 list: one expert's events in a window of dates.
CREATE INDEX testimony_events_expert_idx ON testimony_events (expert_id, event_date);
-- Which entries a client's bill may not take: (case, expert, day) of a deposition the other side pays.
CREATE INDEX testimony_events_deposing_idx ON testimony_events (case_id, expert_id, event_date) WHERE bills_deposing_side;
CREATE TRIGGER testimony_events_touch BEFORE UPDATE ON testimony_events FOR EACH ROW EXECUTE FUNCTION touch_row();

-- A bill to the deposing side: its payer is the deposition (bill-to, address and matter id copied).
ALTER TABLE bills ADD COLUMN payer_testimony_id uuid REFERENCES testimony_events (id);
ALTER TABLE bills ADD COLUMN payer_matter_id text;
CREATE INDEX bills_payer_idx ON bills (payer_testimony_id) WHERE payer_testimony_id IS NOT NULL;
