import { sql } from 'kysely';
import { resolveRate } from '../../../core/rates.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';

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

/**
 * The hourly rate a new or re-titled entry stores: the case's custom rate first, else the
 * active rate-code item (SPEC §7 Rate for a job). One query; null when neither applies.
 */
export async function rateFor(db: DbOrTx, options: { projectId: string; jobType: string }): Promise<number | null> {
  const { rows } = await sql<{ custom_rates: Record<string, number | string> | null; rate: string | null }>`
    select a.custom_rates, i.rate
    from projects p
    join cases c on c.id = p.case_id
    left join case_rate_assignments a on a.case_id = c.id
    left join rate_code_items i on i.rate_code_id = c.rate_code_id and i.job_type = ${options.jobType} and i.active
    where p.id = ${options.projectId}
  `.execute(db);
  const row = rows[0];
  if (!row) throw new AppError('RECORD_NOT_FOUND', 'The project of this entry was not found.');
  return resolveRate({
    customRates: row.custom_rates,
    jobType: options.jobType,
    rateCodeItems: row.rate === null ? [] : [{ job_type: options.jobType, rate: row.rate, active: true }],
  });
}
