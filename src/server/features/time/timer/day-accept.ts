import { sql } from 'kysely';
import type { z } from 'zod';
import type { ZAcceptSuggestionBody, ZAcceptSuggestionResult } from '../../../../core/api/timesheet.ts';
import { titleKey } from '../../../../core/time/weeks.ts';
import { withActor, type Db, type Tx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';
import type { Viewer } from '../entries/access.ts';
import { entryWithWeek, timeEntryView } from '../entries/views.ts';
import { personOf } from '../entries/person.ts';
import { bookedEntry, bookEntry } from '../entries/write.ts';
import type { EntryRow } from '../entries/views.ts';

type Body = z.infer<typeof ZAcceptSuggestionBody>;
type Result = z.infer<typeof ZAcceptSuggestionResult>;

/** The project and job title an event of this title goes to next time (per person). */
async function rememberTitle(tx: Tx, options: { userId: string; title: string; projectId: string; jobType: string }) {
  const key = titleKey(options.title);
  if (!key) return;
  await tx.insertInto('calendar_title_projects')
    .values({ user_id: options.userId, title_key: key, project_id: options.projectId, job_type: options.jobType })
    .onConflict((oc) => oc.columns(['user_id', 'title_key']).doUpdateSet({
      project_id: options.projectId, job_type: options.jobType, updated_at: sql`now()`,
    }))
    .execute();
}

/** The entry this click already made (same id or same suggestion): answered again, never booked twice. */
async function sameClick(tx: Tx, row: EntryRow, userId: string, body: Body): Promise<Result> {
  if (row.user_id !== userId || row.source !== body.source) throw new AppError('DUPLICATE_RECORD');
  return { entry: await entryWithWeek(tx, row) };
}

/**
 * POST /api/timesheet/day/accept (docs/decisions/186): one suggestion becomes one entry of the
 * person (an approver may do it for someone else), with its source; a Google event's title
 * remembers the project and job title. A second click answers the first entry. A closed week is
 * refused by the lock trigger (409 in words).
 */
export async function acceptSuggestion(db: Db, options: { viewer: Viewer; body: Body }): Promise<Result> {
  const { viewer, body } = options;
  const userId = personOf(viewer, body.userId);
  return withActor(db, viewer.id, async (tx) => {
    const key = { id: body.entryId, userId, source: body.source };
    const earlier = await bookedEntry(tx, key);
    if (earlier) return sameClick(tx, earlier, userId, body);
    const saved = await bookEntry(tx, {
      ...key, createdBy: viewer.id, projectId: body.projectId, jobType: body.jobType, date: body.date, hours: body.hours, description: body.title,
    });
    if (!saved) {
      const raced = await bookedEntry(tx, key);
      if (!raced) throw new AppError('DUPLICATE_RECORD');
      return sameClick(tx, raced, userId, body);
    }
    if (body.source.startsWith('google:')) await rememberTitle(tx, { userId, title: body.title, projectId: body.projectId, jobType: body.jobType });
    return { entry: timeEntryView(saved.row, saved.week) };
  });
}
