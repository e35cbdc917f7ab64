-- Fee rules (issue 40, docs/decisions/138 and 139): minimums, flat fees, travel percentages and
-- cancellation fees on a rate code and per case; rates with an effective date; cancellations
-- recorded as time entries; a bill's pricing kept once it is issued.

-- The event a job title bills (deposition, trial…): how fee rules find a time entry's event type
-- (the entry's job title is an item of its case's rate code). Null: ordinary work.
ALTER TABLE rate_code_items ADD COLUMN event_kind text
  CHECK (event_kind IN ('deposition', 'trial', 'hearing', 'arbitration', 'travel'));

-- The rate code's fee rules: a JSON list checked by core's schema (src/core/api/fee-rules.ts). Money.
ALTER TABLE rate_codes ADD COLUMN fee_rules jsonb NOT NULL DEFAULT '[]'::jsonb
  CHECK (jsonb_typeof(fee_rules) = 'array');

-- A case's own fee rules: when a row exists its list replaces the rate code's whole. Money.
CREATE TABLE case_fee_rules (
  case_id uuid PRIMARY KEY REFERENCES cases (id) ON DELETE CASCADE,
  rules jsonb NOT NULL CHECK (jsonb_typeof(rules) = 'array'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE TRIGGER case_fee_rules_touch BEFORE UPDATE ON case_fee_rules FOR EACH ROW EXECUTE FUNCTION touch_row();

-- Rate changes of a job title: from effective_on on, entries take this rate; before it the
-- item's own rate (or an earlier change). Money.
CREATE TABLE rate_code_item_rates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  rate_code_item_id uuid NOT NULL REFERENCES rate_code_items (id) ON DELETE CASCADE,
  effective_on date NOT NULL,
  rate numeric(10, 2) NOT NULL CHECK (rate >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (rate_code_item_id, effective_on)
);

-- A cancelled event is a time entry (0 hours worked) with the time it was scheduled for and the
-- time notice was given: the bill prices it by the notice (docs/decisions/139).
ALTER TABLE time_entries
  ADD COLUMN event_scheduled_at timestamptz,
  ADD COLUMN notice_given_at timestamptz,
  ADD CONSTRAINT time_entries_cancellation_pair CHECK ((event_scheduled_at IS NULL) = (notice_given_at IS NULL));

-- What priced an issued bill's lines (the rules and each job title's event kind at issue), so a
-- rule changed later never reprices it. Null while a draft: the case's rules of the moment. Money.
ALTER TABLE bills ADD COLUMN fee_pricing jsonb;
