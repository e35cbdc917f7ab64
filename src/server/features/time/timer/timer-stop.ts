import { sql } from 'kysely';
import type { TTimerStopBody, TTimerStopResult } from '../../../../core/api/timesheet.ts';
import { timerDays, timerHours, WEEK_MESSAGES } from '../../../../core/time/weeks.ts';
import { withActor, type Db, type Tx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';
import { entryWithWeek, timeEntryView } from '../entries/views.ts';
import { readTimesheetSettings } from '../timesheet/settings.ts';
import { bookedEntry, bookEntry } from '../entries/write.ts';
import type { EntryRow } from '../entries/views.ts';

interface RunningTimer {
  project_id: string;
  job_type: string;
  description: string;
  started_at: Date | string;
  now: Date | string;
}

const booked = async (tx: Tx, row: EntryRow): Promise<TTimerStopResult> => ({ status: 'booked', entry: await entryWithWeek(tx, row) });

/** The person's timer, held until the transaction ends (a second stop waits, then finds it gone). */
async function lockTimer(tx: Tx, userId: string): Promise<RunningTimer | undefined> {
  const { rows } = await sql<RunningTimer>`
    select project_id, job_type, description, started_at, now() as now from timers where user_id = ${userId} for update`.execute(tx);
  return rows[0];
}

/**
 * POST /api/timer/stop (docs/decisions/089). The hours are the firm's rounding of the time run
 * (database clock). Past midnight, without a `day`, nothing is booked: the answer lists the days
 * and the timer keeps running. Otherwise the entry (id made by the browser) is booked and the
 * timer removed in one transaction; a retried stop answers the booked entry; a closed week is
 * refused by the lock trigger (409 in words) and the timer stays.
 */
export async function stopTimer(db: Db, options: { userId: string; body: TTimerStopBody; timeZone: string }): Promise<TTimerStopResult> {
  const { userId, body } = options;
  return withActor(db, userId, async (tx) => {
    const timer = await lockTimer(tx, userId);
    const earlier = await bookedEntry(tx, { id: body.entryId, userId, source: null });
    if (earlier) {
      if (earlier.user_id !== userId || earlier.source !== null) throw new AppError('DUPLICATE_RECORD');
      return booked(tx, earlier);
    }
    if (!timer) throw new AppError('RECORD_NOT_FOUND', WEEK_MESSAGES.noTimer);
    const startedAt = new Date(timer.started_at);
    const now = new Date(timer.now);
    const { timerRounding } = await readTimesheetSettings(tx);
    const hours = timerHours(now.getTime() - startedAt.getTime(), timerRounding);
    const days = timerDays(options.timeZone, startedAt, now);
    if (body.day === undefined && days.length > 1) return { status: 'pick-day', days, hours };
    const day = body.day ?? days[0]!;
    if (!days.includes(day)) throw new AppError('VALIDATION_ERROR', WEEK_MESSAGES.pickDay, { days });
    const saved = await bookEntry(tx, {
      id: body.entryId, userId, createdBy: userId, projectId: timer.project_id, jobType: timer.job_type,
      date: day, hours, description: timer.description, source: null,
    });
    if (!saved) throw new AppError('DUPLICATE_RECORD');
    await tx.deleteFrom('timers').where('user_id', '=', userId).execute();
    return { status: 'booked', entry: timeEntryView(saved.row, saved.week) };
  });
}
