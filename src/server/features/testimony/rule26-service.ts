import type { TRule26, TRule26Query } from '../../../core/api/testimony.ts';
import { resolveRate } from '../../../core/rates.ts';
import { RULE26_KINDS, rule26List, rule26Window } from '../../../core/testimony/rule26.ts';
import { compensationStatement, TESTIMONY_MESSAGES, type CompensationRate } from '../../../core/testimony/testimony.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { expertName, type Viewer } from './events-service.ts';

// The Rule 26 list (issue 40, docs/decisions/136): an expert's trials and depositions in the four
// years up to a date (core/testimony/rule26.ts), from cases that are not consulting only, with the statement
// of compensation for super admins (money). A limited user asks for their own list only.

export interface Rule26Viewer extends Viewer { limited: boolean }

/**
 * The hourly rates that pay the expert: of the job title they last worked under (on the case when
 * one is named; every job title priced when they have not worked yet), at the case's rates (its
 * custom rate first), else at every rate code that prices it.
 */
async function compensationRates(db: DbOrTx, expertId: string, caseId: string | undefined): Promise<CompensationRate[]> {
  let last = db.selectFrom('time_entries as t').select('t.job_type').where('t.user_id', '=', expertId)
    .orderBy('t.entry_date', 'desc').orderBy('t.created_at', 'desc').limit(1);
  if (caseId) last = last.innerJoin('projects as p', 'p.id', 't.project_id').where('p.case_id', '=', caseId);
  const jobType = (await last.executeTakeFirst())?.job_type;
  if (caseId) {
    const kase = await db.selectFrom('cases as c').leftJoin('case_rate_assignments as a', 'a.case_id', 'c.id')
      .select(['c.file_number', 'c.rate_code_id', 'a.custom_rates']).where('c.id', '=', caseId).executeTakeFirst();
    if (!kase) throw new AppError('RECORD_NOT_FOUND', 'This case was not found.');
    const items = kase.rate_code_id
      ? await db.selectFrom('rate_code_items').select(['job_type', 'rate', 'active']).where('rate_code_id', '=', kase.rate_code_id)
        .orderBy('job_type').execute()
      : [];
    const jobTypes = jobType ? [jobType] : items.filter((i) => i.active).map((i) => i.job_type);
    return jobTypes.flatMap((j) => {
      const rate = resolveRate({ customRates: kase.custom_rates ?? null, jobType: j, rateCodeItems: items });
      return rate === null ? [] : [{ jobType: j, rate, source: `case ${kase.file_number}` }];
    });
  }
  let items = db.selectFrom('rate_code_items as i').innerJoin('rate_codes as r', 'r.id', 'i.rate_code_id')
    .select(['i.job_type', 'i.rate', 'r.name']).where('i.active', '=', true).orderBy('r.name').orderBy('i.job_type');
  if (jobType) items = items.where('i.job_type', '=', jobType);
  return (await items.execute()).map((i) => ({ jobType: i.job_type, rate: Number(i.rate), source: `rate code ${i.name}` }));
}

export async function rule26Of(db: DbOrTx, options: { query: TRule26Query; viewer: Rule26Viewer }): Promise<TRule26> {
  const { query, viewer } = options;
  if (viewer.limited && query.expertId !== viewer.id) throw new AppError('PERMISSION_DENIED', TESTIMONY_MESSAGES.ownListOnly);
  const expert = await db.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', query.expertId).executeTakeFirst();
  if (!expert) throw new AppError('RECORD_NOT_FOUND', 'This expert was not found.');
  const { from, to } = rule26Window(query.asOf);
  const rows = await db.selectFrom('testimony_events as te').innerJoin('cases as c', 'c.id', 'te.case_id')
    .select(['te.id', 'te.kind', 'te.event_date', 'te.caption', 'te.court', 'te.docket', 'c.file_number'])
    .where('te.expert_id', '=', query.expertId).where('te.event_date', '>=', from).where('te.event_date', '<=', to)
    .where('te.kind', 'in', [...RULE26_KINDS]).where('c.consulting_only', '=', false).execute();
  const events = rule26List(rows.map((r) => ({
    id: r.id, kind: r.kind, eventDate: r.event_date, caption: r.caption, court: r.court, docket: r.docket, fileNumber: r.file_number,
  })), query.asOf);
  const name = expertName(expert);
  return {
    expertId: query.expertId, expertName: name, asOf: query.asOf, from, events,
    compensation: viewer.superAdmin ? compensationStatement(name, await compensationRates(db, query.expertId, query.caseId)) : null,
  };
}

/** The people a list can be asked for: everyone active for staff, oneself for a limited user. */
export async function expertsFor(db: DbOrTx, viewer: Rule26Viewer) {
  let q = db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email']).where('disabled', '=', false);
  if (viewer.limited) q = q.where('id', '=', viewer.id);
  const rows = await q.execute();
  return rows.map((u) => ({ id: u.id, name: expertName(u) })).sort((a, b) => a.name.localeCompare(b.name));
}
