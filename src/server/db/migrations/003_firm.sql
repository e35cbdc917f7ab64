-- Referenced attorneys, law firms and rate codes cannot be deleted, and the refusal must be
-- the 23503 foreign_key_violation the error handler turns into SPEC §8's text. ON DELETE
-- RESTRICT raises 23001 (restrict_violation) instead, so these keys use the default
-- NO ACTION, which refuses the same deletes with 23503 (docs/decisions/020).
--
-- Deleting an attorney that a case still names is refused instead of silently unlinking the
-- case (was ON DELETE SET NULL); cases keep attorney_name for display as before.
ALTER TABLE cases DROP CONSTRAINT cases_attorney_id_fkey;
ALTER TABLE cases ADD CONSTRAINT cases_attorney_id_fkey
  FOREIGN KEY (attorney_id) REFERENCES attorneys (id);

ALTER TABLE cases DROP CONSTRAINT cases_rate_code_id_fkey;
ALTER TABLE cases ADD CONSTRAINT cases_rate_code_id_fkey
  FOREIGN KEY (rate_code_id) REFERENCES rate_codes (id);

ALTER TABLE attorneys DROP CONSTRAINT attorneys_law_firm_id_fkey;
ALTER TABLE attorneys ADD CONSTRAINT attorneys_law_firm_id_fkey
  FOREIGN KEY (law_firm_id) REFERENCES law_firms (id);
