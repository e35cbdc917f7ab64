import { sql } from 'kysely';
import type { TImportMapping } from '../../../core/api/import.ts';
import type { FirmDirectory } from '../../../core/import/mapping.ts';
import type { PlanContext } from '../../../core/import/plan.ts';
import { resolveRate, type RateCodeItem } from '../../../core/rates.ts';
import type { DbOrTx } from '../../db/connection.ts';

// What the firm has, read for the mapping proposal and for the dry run and the import.

export async function firmDirectory(db: DbOrTx): Promise<FirmDirectory> {
  const [users, clients, projects, titles] = await Promise.all([
    db.selectFrom('users as u').leftJoin('profiles as p', 'p.id', 'u.id')
      .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'p.display_name']).execute(),
    db.selectFrom('clients').select(['id', 'name']).where('name', '<>', '').orderBy('created_at').execute(),
    db.selectFrom('projects as p').innerJoin('cases as c', 'c.id', 'p.case_id')
      .select(['p.id', 'c.client_id', 'p.project_name']).orderBy('p.created_at').execute(),
    db.selectFrom('rate_code_items').select('job_type').distinct().where('active', '=', true).orderBy('job_type').execute(),
  ]);
  return {
    // A person is found by their display name and by "first last".
    users: users.flatMap((u) => [
      { id: u.id, email: u.email, name: u.display_name ?? '' },
      { id: u.id, email: u.email, name: `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim() },
    ]),
    clients,
    projects: projects.map((p) => ({ id: p.id, clientId: p.client_id, name: p.project_name })),
    jobTitles: titles.map((t) => t.job_type),
  };
}

/** What a case's rates are made of: its rate code and its custom rates. */
interface CaseRates { rateCodeId: string | null; customRates: Record<string, number | string> | null }

/** Existing cases by file number (lower case), with their rates. */
export async function casesByNumber(db: DbOrTx): Promise<Map<string, { id: string; clientId: string } & CaseRates>> {
  const rows = await db.selectFrom('cases as c').leftJoin('case_rate_assignments as a', 'a.case_id', 'c.id')
    .select(['c.id', 'c.client_id', 'c.file_number', 'c.rate_code_id', 'a.custom_rates']).execute();
  return new Map(rows.map((r) => [r.file_number.toLowerCase(), {
    id: r.id, clientId: r.client_id, rateCodeId: r.rate_code_id, customRates: r.custom_rates ?? null,
  }]));
}

/** The firm's first rate code (oldest, then by code): the one a case the import creates takes. */
export async function firstRateCodeId(db: DbOrTx): Promise<string | null> {
  const row = await db.selectFrom('rate_codes').select('id').orderBy('created_at').orderBy('code').executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The firm's rate of a time entry the plan decides on, as the writer will resolve it (resolveRate:
 * the case's custom rate, else its rate code's active item): the rate codes' items and the mapped
 * projects' cases are read once.
 */
export async function firmRates(db: DbOrTx, mapping: TImportMapping, cases: ReadonlyMap<string, CaseRates>): Promise<PlanContext['firmRate']> {
  const projectIds = [...new Set(mapping.projects.flatMap((p) => (p.projectId ? [p.projectId] : [])))];
  const [items, firstCode, projects] = await Promise.all([
    db.selectFrom('rate_code_items').select(['rate_code_id', 'job_type', 'rate', 'active']).where('active', '=', true).execute(),
    firstRateCodeId(db),
    projectIds.length
      ? db.selectFrom('projects as p').innerJoin('cases as c', 'c.id', 'p.case_id')
        .leftJoin('case_rate_assignments as a', 'a.case_id', 'c.id')
        .select(['p.id', 'c.rate_code_id', 'a.custom_rates']).where('p.id', 'in', projectIds).execute()
      : [],
  ]);
  const itemsOf = new Map<string, RateCodeItem[]>();
  for (const item of items) itemsOf.set(item.rate_code_id, [...(itemsOf.get(item.rate_code_id) ?? []), item]);
  const projectCase = new Map(projects.map((p) => [p.id, { rateCodeId: p.rate_code_id, customRates: p.custom_rates ?? null }]));
  const newCase: CaseRates = { rateCodeId: firstCode, customRates: null };
  return ({ projectId, caseNumber, jobTitle }) => {
    const theCase = (projectId ? projectCase.get(projectId) : undefined)
      ?? (caseNumber ? cases.get(caseNumber.toLowerCase()) : undefined) ?? newCase;
    return resolveRate({ customRates: theCase.customRates, jobType: jobTitle, rateCodeItems: theCase.rateCodeId ? itemsOf.get(theCase.rateCodeId) ?? [] : [] });
  };
}

/** A test of "is this person's week holding this day submitted or approved" (the lock of docs/decisions/088). */
export async function lockedWeeks(db: DbOrTx): Promise<(userId: string, date: string) => boolean> {
  const rows = await db.selectFrom('timesheet_weeks').select(['user_id', sql<string>`week_start::text`.as('start')])
    .where('status', 'in', ['submitted', 'approved']).execute();
  const locked = new Set(rows.map((r) => `${r.user_id}|${r.start}`));
  if (!locked.size) return () => false;
  return (userId, date) => {
    const day = new Date(`${date}T00:00:00Z`);
    for (let back = 0; back < 7; back++) {
      const start = new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10);
      if (locked.has(`${userId}|${start}`)) return true;
    }
    return false;
  };
}
