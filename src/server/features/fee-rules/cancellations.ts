import { sql } from 'kysely';
import type { TCancellation, TCancellationCreate } from '../../../core/api/fee-rules.ts';
import { ZCancellationCreate } from '../../../core/api/fee-rules.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
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

export async function cancellation(db: DbOrTx, id: string): Promise<TCancellation> {
  const row = await db.selectFrom('time_entries as e')
    .select(['e.id', 'e.project_id', 'e.user_id', 'e.job_type', 'e.description', sql<string>`e.entry_date::text`.as('entry_date')])
    .select(sql<string>`to_json(e.event_scheduled_at)#>>'{}'`.as('scheduled_at'))
    .select(sql<string>`to_json(e.notice_given_at)#>>'{}'`.as('notice_given_at'))
    .select(sql<string>`extract(epoch from e.event_scheduled_at - e.notice_given_at) / 3600`.as('notice_hours'))
    .where('e.id', '=', id).where('e.event_scheduled_at', 'is not', null).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return {
    id: row.id, projectId: row.project_id, userId: row.user_id, jobType: row.job_type, entryDate: row.entry_date,
    scheduledAt: row.scheduled_at, noticeGivenAt: row.notice_given_at, noticeHours: Math.round(Number(row.notice_hours) * 100) / 100,
    description: row.description,
  };
}
