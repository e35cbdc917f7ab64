-- Report speed (issue 11, docs/decisions/083): integer cents and the case and client on every
-- entry for the reports, and the dashboard's unbilled value kept by statement triggers.

-- Reports sum entries in whole cents: integers kept beside the numeric columns, so a year of
-- entries adds integers instead of computing and adding numerics row by row (the numeric work
-- was ~70 % of a year's report; docs/decisions/083).
ALTER TABLE time_entries
  ADD COLUMN hours_cents integer GENERATED ALWAYS AS ((hours * 100)::integer) STORED,
  ADD COLUMN value_cents bigint GENERATED ALWAYS AS ((round(hours * coalesce(rate, 0), 2) * 100)::bigint) STORED;
ALTER TABLE expense_entries
  ADD COLUMN amount_cents bigint GENERATED ALWAYS AS ((amount * 100)::bigint) STORED;

-- Entries carry their project's case and client, so a report by client or case sums the entries
-- alone, with no join per period (a project never changes case, nor a case its client). Set by
-- the trigger below on every insert or change of project; filled here with the entries' own
-- triggers off (no audit rows, no version bumps for a column nobody edits).
ALTER TABLE time_entries ADD COLUMN case_id uuid, ADD COLUMN client_id uuid;
ALTER TABLE expense_entries ADD COLUMN case_id uuid, ADD COLUMN client_id uuid;
ALTER TABLE time_entries DISABLE TRIGGER USER;
ALTER TABLE expense_entries DISABLE TRIGGER USER;
UPDATE time_entries t SET case_id = p.case_id, client_id = c.client_id
  FROM projects p JOIN cases c ON c.id = p.case_id WHERE p.id = t.project_id;
UPDATE expense_entries e SET case_id = p.case_id, client_id = c.client_id
  FROM projects p JOIN cases c ON c.id = p.case_id WHERE p.id = e.project_id;
ALTER TABLE time_entries ENABLE TRIGGER USER;
ALTER TABLE expense_entries ENABLE TRIGGER USER;

CREATE FUNCTION entry_case_and_client() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.case_id, c.client_id INTO NEW.case_id, NEW.client_id
    FROM projects p JOIN cases c ON c.id = p.case_id WHERE p.id = NEW.project_id;
  RETURN NEW;
END $$;
CREATE TRIGGER time_entries_case_client BEFORE INSERT OR UPDATE OF project_id ON time_entries
  FOR EACH ROW EXECUTE FUNCTION entry_case_and_client();
CREATE TRIGGER expense_entries_case_client BEFORE INSERT OR UPDATE OF project_id ON expense_entries
  FOR EACH ROW EXECUTE FUNCTION entry_case_and_client();

-- The report index: a period is an index-only scan carrying every key and sum a report needs.
DROP INDEX time_entries_date_idx;
CREATE INDEX time_entries_date_idx ON time_entries (entry_date)
  INCLUDE (project_id, case_id, client_id, user_id, job_type, hours_cents, value_cents);
DROP INDEX expense_entries_date_idx;
CREATE INDEX expense_entries_date_idx ON expense_entries (entry_date)
  INCLUDE (project_id, case_id, client_id, user_id, expense_type, amount_cents);

-- The firm's unbilled value, kept up to date by the statements that change entries
-- (issue 11, docs/decisions/083): the dashboard reads a few rows instead of summing every
-- unbilled entry. One row per staff member, so two people saving their own entries never wait
-- on the same row; a statement that touches many people's entries (a bill) updates their rows
-- in user id order, so two such statements cannot deadlock on them.
CREATE TABLE unbilled_totals (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  time_value numeric(16, 2) NOT NULL DEFAULT 0,
  expenses numeric(16, 2) NOT NULL DEFAULT 0
);

-- Adds the change of one statement, given as parallel arrays: per changed row, its staff member,
-- and the time value and expense amount it adds (a new unbilled row) or removes (negative: an
-- old unbilled row).
CREATE FUNCTION unbilled_totals_add(users uuid[], time_values numeric[], amounts numeric[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO unbilled_totals AS u (user_id, time_value, expenses)
  SELECT d.user_id, sum(d.v), sum(d.a) FROM unnest(users, time_values, amounts) AS d (user_id, v, a)
  GROUP BY d.user_id
  HAVING sum(d.v) <> 0 OR sum(d.a) <> 0
  ORDER BY d.user_id
  ON CONFLICT (user_id) DO UPDATE
    SET time_value = u.time_value + excluded.time_value, expenses = u.expenses + excluded.expenses;
$$;

CREATE FUNCTION time_entries_unbilled() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE users uuid[]; vs numeric[]; zeros numeric[];
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(round(hours * coalesce(rate, 0), 2)) INTO users, vs FROM new_rows WHERE bill_id IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(-round(hours * coalesce(rate, 0), 2)) INTO users, vs FROM old_rows WHERE bill_id IS NULL;
  ELSE
    SELECT array_agg(user_id), array_agg(v) INTO users, vs FROM (
      SELECT user_id, round(hours * coalesce(rate, 0), 2) v FROM new_rows WHERE bill_id IS NULL
      UNION ALL
      SELECT user_id, -round(hours * coalesce(rate, 0), 2) FROM old_rows WHERE bill_id IS NULL) x;
  END IF;
  IF users IS NOT NULL THEN
    zeros := array_fill(0::numeric, ARRAY[cardinality(users)]);
    PERFORM unbilled_totals_add(users, vs, zeros);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION expense_entries_unbilled() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE users uuid[]; amounts numeric[]; zeros numeric[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(amount) INTO users, amounts FROM new_rows WHERE bill_id IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(-amount) INTO users, amounts FROM old_rows WHERE bill_id IS NULL;
  ELSE
    SELECT array_agg(user_id), array_agg(a) INTO users, amounts FROM (
      SELECT user_id, amount a FROM new_rows WHERE bill_id IS NULL
      UNION ALL
      SELECT user_id, -amount FROM old_rows WHERE bill_id IS NULL) x;
  END IF;
  IF users IS NOT NULL THEN
    zeros := array_fill(0::numeric, ARRAY[cardinality(users)]);
    PERFORM unbilled_totals_add(users, zeros, amounts);
  END IF;
  RETURN NULL;
END $$;

-- Statement triggers (one update of the totals per statement, however many rows it changed);
-- a transition table can serve one event only, hence three of each.
CREATE TRIGGER time_entries_unbilled_ins AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION time_entries_unbilled();
CREATE TRIGGER time_entries_unbilled_upd AFTER UPDATE ON time_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION time_entries_unbilled();
CREATE TRIGGER time_entries_unbilled_del AFTER DELETE ON time_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION time_entries_unbilled();
CREATE TRIGGER expense_entries_unbilled_ins AFTER INSERT ON expense_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION expense_entries_unbilled();
CREATE TRIGGER expense_entries_unbilled_upd AFTER UPDATE ON expense_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION expense_entries_unbilled();
CREATE TRIGGER expense_entries_unbilled_del AFTER DELETE ON expense_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION expense_entries_unbilled();

-- Recomputes every row from the entries: run once here, and by anything that loads entries with
-- triggers off (the benchmark's generator).
CREATE FUNCTION unbilled_totals_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM unbilled_totals;
  INSERT INTO unbilled_totals (user_id, time_value, expenses)
  SELECT user_id, sum(v), sum(a) FROM (
    SELECT user_id, round(hours * coalesce(rate, 0), 2) v, 0 a FROM time_entries WHERE bill_id IS NULL
    UNION ALL
    SELECT user_id, 0, amount FROM expense_entries WHERE bill_id IS NULL) x
  GROUP BY user_id;
$$;
SELECT unbilled_totals_rebuild();
