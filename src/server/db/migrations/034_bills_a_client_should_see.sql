-- Issue 38 (docs/decisions/115): a write-down's reason is the firm's own; what the client reads
-- about an adjusted line is this optional note, printed under the line's description.
ALTER TABLE bill_adjustments ADD COLUMN client_note text NOT NULL DEFAULT '';

-- A credit note alone never makes a bill partly paid (core/billing.ts statusForBalance): bills
-- that read Partially paid with nothing paid go back to Issued (audited like any change).
UPDATE bills SET status = 'issued' WHERE status = 'partially_paid' AND paid_total = 0;

-- Money's authority (issue 38): the remittance details and the firm's tax id (its LEDES firm id) are
-- changed by super admins only; each change alerts every super admin in the app, one row each, until read.
CREATE TABLE money_alerts (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  -- What changed: the columns' names ('remittance', 'ledes_firm_id').
  fields text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX money_alerts_unread ON money_alerts (user_id, id) WHERE read_at IS NULL;
