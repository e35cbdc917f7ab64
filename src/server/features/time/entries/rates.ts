import { sql } from 'kysely';
import { rateInForce } from '../../../../core/billing/fee-rules.ts';
import { resolveRate } from '../../../../core/rates.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';

/** Job titles of a project: the active items of its case's rate code, by name (SPEC §7). */
export async function jobTitlesFor(db: DbOrTx, options: { projectId: string }): Promise<string[]> {
  const rows = await db.selectFrom('projects as p')
    .innerJoin('cases as c', 'c.id', 'p.case_id')
    .innerJoin('rate_code_items as i', 'i.rate_code_id', 'c.rate_code_id')
    .select('i.job_type')
    .where('p.id', '=', options.projectId)
    .where('i.active', '=', true)
    .orderBy('i.job_type')
    .execute();
  return rows.map((row) => row.job_type);
}

/** The key of a (project, job title, date) triple in the map `frozenRates` answers. */
export const rateKey = (projectId: string, jobType: string, date: string) => `${projectId}\u0000${jobType}\u0000${date}`;

/**
 * The hourly rate a new or re-titled entry stores, for each (project, job title, entry date): the
 * case's custom rate first, else the rate-code item's rate in force on the date (its latest rate
 * change dated on or before it, else its own rate: docs/decisions/199; the rules are core's
 * `resolveRate` and `rateInForce`). Two queries for any number of triples; a triple whose project is
 * not found is refused.
 */
export async function frozenRates(
  db: DbOrTx, triples: readonly (readonly [string, string, string])[],
): Promise<Map<string, number | null>> {
  const unique = [...new Map(triples.map((t) => [rateKey(...t), t])).values()];
  const rates = new Map<string, number | null>();
  if (!unique.length) return rates;
  const { rows } = await sql<{
    project_id: string; job_type: string; entry_date: string; custom_rates: Record<string, number | string> | null;
    item_id: string | null; rate: string | null;
  }>`
    select q.project_id, q.job_type, q.entry_date::text as entry_date, a.custom_rates, i.id as item_id, i.rate
    from unnest(${unique.map(([p]) => p)}::uuid[], ${unique.map(([, j]) => j)}::text[], ${unique.map(([, , d]) => d)}::date[])
      as q (project_id, job_type, entry_date)
    join projects p on p.id = q.project_id
    join cases c on c.id = p.case_id
    left join case_rate_assignments a on a.case_id = c.id
    left join rate_code_items i on i.rate_code_id = c.rate_code_id and i.job_type = q.job_type and i.active`.execute(db);
  const itemIds = [...new Set(rows.flatMap((r) => (r.item_id ? [r.item_id] : [])))];
  const changes = itemIds.length === 0 ? [] : await db.selectFrom('rate_code_item_rates')
    .select(['rate_code_item_id', sql<string>`effective_on::text`.as('effective_on'), 'rate'])
    .where('rate_code_item_id', 'in', itemIds).execute();
  for (const row of rows) {
    const own = changes.filter((c) => c.rate_code_item_id === row.item_id).map((c) => ({ effectiveOn: c.effective_on, rate: Number(c.rate) }));
    const rate = row.rate === null ? null : rateInForce(Number(row.rate), own, row.entry_date);
    rates.set(rateKey(row.project_id, row.job_type, row.entry_date), resolveRate({
      customRates: row.custom_rates, jobType: row.job_type,
      rateCodeItems: rate === null ? [] : [{ job_type: row.job_type, rate, active: true }],
    }));
  }
  if (rates.size < unique.length) throw new AppError('RECORD_NOT_FOUND', 'The project of this entry was not found.');
  return rates;
}
