import { sql } from 'kysely';
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

/** The key of a (project, job title) pair in the map `frozenRates` answers. */
export const rateKey = (projectId: string, jobType: string) => `${projectId}\u0000${jobType}`;

/**
 * The hourly rate a new or re-titled entry stores, for each (project, job title) pair: the case's
 * custom rate first, else the active rate-code item (SPEC §7 Rate for a job; the rule is core's
 * `resolveRate`). One query for any number of pairs; a pair whose project is not found is refused.
 */
export async function frozenRates(db: DbOrTx, pairs: readonly (readonly [string, string])[]): Promise<Map<string, number | null>> {
  const unique = [...new Map(pairs.map((pair) => [rateKey(...pair), pair])).values()];
  const rates = new Map<string, number | null>();
  if (!unique.length) return rates;
  const { rows } = await sql<{ project_id: string; job_type: string; custom_rates: Record<string, number | string> | null; rate: string | null }>`
    select q.project_id, q.job_type, a.custom_rates, i.rate
    from unnest(${unique.map(([p]) => p)}::uuid[], ${unique.map(([, j]) => j)}::text[]) as q (project_id, job_type)
    join projects p on p.id = q.project_id
    join cases c on c.id = p.case_id
    left join case_rate_assignments a on a.case_id = c.id
    left join rate_code_items i on i.rate_code_id = c.rate_code_id and i.job_type = q.job_type and i.active`.execute(db);
  for (const row of rows) {
    rates.set(rateKey(row.project_id, row.job_type), resolveRate({
      customRates: row.custom_rates, jobType: row.job_type,
      rateCodeItems: row.rate === null ? [] : [{ job_type: row.job_type, rate: row.rate, active: true }],
    }));
  }
  if (rates.size < unique.length) throw new AppError('RECORD_NOT_FOUND', 'The project of this entry was not found.');
  return rates;
}
