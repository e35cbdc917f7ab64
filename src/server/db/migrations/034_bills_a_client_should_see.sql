-- Issue 38 (docs/decisions/115): a write-down's reason is the firm's own; what the client reads
-- about an adjusted line is this optional note, printed under the line's description.
ALTER TABLE bill_adjustments ADD COLUMN client_note text NOT NULL DEFAULT '';

-- A credit note alone never makes a bill partly paid (core/billing.ts statusForBalance): bills
-- that read Partially paid with nothing paid go back to Issued (audited like any change).
UPDATE bills SET status = 'issued' WHERE status = 'partially_paid' AND paid_total = 0;
