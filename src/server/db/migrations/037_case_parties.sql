-- Issue 39 (the case's front door): who else is in a case, and the facts a conflict check reads.
-- The loss address is the project's property address (projects.address / property_address).

-- The side that retained the firm, the claim and policy numbers, the date of loss.
ALTER TABLE cases ADD COLUMN retained_side text CHECK (retained_side IN ('plaintiff', 'defense', 'neutral'));
ALTER TABLE cases ADD COLUMN claim_number text;
ALTER TABLE cases ADD COLUMN policy_number text;
ALTER TABLE cases ADD COLUMN date_of_loss date;

-- A person or organization with a role on a case. Attorneys and law firms already in Casebook
-- are picked (attorney_id / law_firm_id); `name` keeps the name as shown on this case.
CREATE TABLE case_parties (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('client', 'retaining_attorney', 'retaining_law_firm', 'opposing_counsel',
    'opposing_law_firm', 'plaintiff', 'defendant', 'insurer', 'adjuster', 'property_owner', 'other')),
  kind text NOT NULL DEFAULT 'organization' CHECK (kind IN ('person', 'organization')),
  name text NOT NULL CHECK (btrim(name) <> ''),
  attorney_id uuid REFERENCES attorneys (id) ON DELETE SET NULL,
  law_firm_id uuid REFERENCES law_firms (id) ON DELETE SET NULL,
  -- The party's own claim number where it has one (an insurer's claim on this loss).
  claim_number text,
  notes text NOT NULL DEFAULT '',
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX case_parties_case_idx ON case_parties (case_id, created_at);
CREATE INDEX case_parties_name_trgm ON case_parties USING gin (name gin_trgm_ops);
CREATE TRIGGER case_parties_touch BEFORE UPDATE ON case_parties FOR EACH ROW EXECUTE FUNCTION touch_row();
