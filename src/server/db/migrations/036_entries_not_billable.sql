-- Issue 38 (docs/decisions/118): an entry may be non-billable. Imports carry the billable flag of
-- the tool they come from (a Toggl row with Billable 'No' arrives non-billable); a non-billable
-- entry keeps its hours and rate but is never unbilled work: no bill takes it and the unbilled
-- totals leave it out. Entries typed in Casebook stay billable (the column's default).
ALTER TABLE time_entries DROP CONSTRAINT time_entries_billable_check;
ALTER TABLE expense_entries DROP CONSTRAINT expense_entries_billable_check;

CREATE OR REPLACE FUNCTION time_entries_unbilled() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE users uuid[]; vs numeric[]; zeros numeric[];
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(round(hours * coalesce(rate, 0), 2)) INTO users, vs FROM new_rows WHERE bill_id IS NULL AND billable;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(-round(hours * coalesce(rate, 0), 2)) INTO users, vs FROM old_rows WHERE bill_id IS NULL AND billable;
  ELSE
    SELECT array_agg(user_id), array_agg(v) INTO users, vs FROM (
      SELECT user_id, round(hours * coalesce(rate, 0), 2) v FROM new_rows WHERE bill_id IS NULL AND billable
      UNION ALL
      SELECT user_id, -round(hours * coalesce(rate, 0), 2) FROM old_rows WHERE bill_id IS NULL AND billable) x;
  END IF;
  IF users IS NOT NULL THEN
    zeros := array_fill(0::numeric, ARRAY[cardinality(users)]);
    PERFORM unbilled_totals_add(users, vs, zeros);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION expense_entries_unbilled() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE users uuid[]; amounts numeric[]; zeros numeric[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(amount) INTO users, amounts FROM new_rows WHERE bill_id IS NULL AND billable;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(-amount) INTO users, amounts FROM old_rows WHERE bill_id IS NULL AND billable;
  ELSE
    SELECT array_agg(user_id), array_agg(a) INTO users, amounts FROM (
      SELECT user_id, amount a FROM new_rows WHERE bill_id IS NULL AND billable
      UNION ALL
      SELECT user_id, -amount FROM old_rows WHERE bill_id IS NULL AND billable) x;
  END IF;
  IF users IS NOT NULL THEN
    zeros := array_fill(0::numeric, ARRAY[cardinality(users)]);
    PERFORM unbilled_totals_add(users, zeros, amounts);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION unbilled_totals_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM unbilled_totals;
  INSERT INTO unbilled_totals (user_id, time_value, expenses)
  SELECT user_id, sum(v), sum(a) FROM (
    SELECT user_id, round(hours * coalesce(rate, 0), 2) v, 0 a FROM time_entries WHERE bill_id IS NULL AND billable
    UNION ALL
    SELECT user_id, 0, amount FROM expense_entries WHERE bill_id IS NULL AND billable) x
  GROUP BY user_id;
$$;
