import { sql } from 'kysely';
import type { TCancellation, TCancellationCreate } from '../../../core/api/fee-rules.ts';
import { ZCancellationCreate } from '../../../core/api/fee-rules.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { displayName } from '../../../core/people.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import { bookEntry } from '../time/index.ts';

// A cancelled event (docs/decisions/139): a time entry of the event's job title with no hours
// worked, dated the day it was to be, holding when it was scheduled and when notice was given.
// It goes on a bill like any entry; the bill prices it by the notice (core's priceLines).

export async function recordCancellation(db: DbOrTx, options: { caseId: string; body: TCancellationCreate; actorId: string }): Promise<TCancellation> {
  const body = ZCancellationCreate.parse(options.body);
  await withActor(db, options.actorId, async (tx) => {
    const project = await tx.selectFrom('projects').select('id').where('id', '=', body.projectId).where('case_id', '=', options.caseId)
      .executeTakeFirst();
    if (!project) throw refuse('projectId', 'This project is not one of the case\'s.', 'project_of_case');
    // The day it was to be, in the firm's time zone (the session's).
    const { day } = await sql<{ day: string }>`select (${body.scheduledAt}::timestamptz)::date::text as day`.execute(tx)
      .then((r) => r.rows[0]!);
    const saved = await bookEntry(tx, {
      id: body.id, userId: body.userId, createdBy: options.actorId, projectId: body.projectId, jobType: body.jobType,
      date: day, hours: 0, description: body.description || `${body.jobType} cancelled`, source: null,
    });
    if (!saved) throw new AppError('DUPLICATE_RECORD');
    await tx.updateTable('time_entries').set({ event_scheduled_at: body.scheduledAt, notice_given_at: body.noticeGivenAt })
      .where('id', '=', body.id).execute();
  });
  return cancellation(db, body.id);
}

/** Cancellation entries with what the case page shows of them (who was to testify, the bill they are on). */
function selectCancellations(db: DbOrTx) {
  return db.selectFrom('time_entries as e').innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.project_id', 'e.user_id', 'e.job_type', 'e.description', 'e.bill_id', 'u.email', 'u.first_name', 'u.last_name'])
    .select(sql<string>`e.entry_date::text`.as('entry_date'))
    .select(sql<string>`to_json(e.event_scheduled_at)#>>'{}'`.as('scheduled_at'))
    .select(sql<string>`to_json(e.notice_given_at)#>>'{}'`.as('notice_given_at'))
    .select(sql<string>`extract(epoch from e.event_scheduled_at - e.notice_given_at) / 3600`.as('notice_hours'))
    .where('e.event_scheduled_at', 'is not', null);
}

type CancellationRow = Awaited<ReturnType<ReturnType<typeof selectCancellations>['executeTakeFirstOrThrow']>>;
const toCancellation = (row: CancellationRow): TCancellation => ({
  id: row.id, projectId: row.project_id, userId: row.user_id, jobType: row.job_type, entryDate: row.entry_date,
  scheduledAt: row.scheduled_at, noticeGivenAt: row.notice_given_at, noticeHours: Math.round(Number(row.notice_hours) * 100) / 100,
  description: row.description,
});

export async function cancellation(db: DbOrTx, id: string): Promise<TCancellation> {
  const row = await selectCancellations(db).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return toCancellation(row);
}

/** A case's cancelled events, the latest first, and the job titles one can be recorded under (the events' first). */
export async function caseCancellations(db: DbOrTx, caseId: string) {
  const [rows, titles] = await Promise.all([
    selectCancellations(db).innerJoin('projects as p', 'p.id', 'e.project_id').where('p.case_id', '=', caseId).orderBy('e.event_scheduled_at', 'desc').orderBy('e.id').execute(),
    db.selectFrom('rate_code_items as i').innerJoin('cases as c', 'c.rate_code_id', 'i.rate_code_id')
      .select(['i.job_type', 'i.event_kind']).where('c.id', '=', caseId).where('i.active', '=', true)
      .orderBy(sql`i.event_kind is null`).orderBy('i.job_type').execute(),
  ]);
  return {
    jobTitles: titles.map((t) => t.job_type),
    cancellations: rows.map((r) => ({ ...toCancellation(r), userName: displayName(r), billId: r.bill_id })),
  };
}
