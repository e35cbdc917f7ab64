import { sql } from 'kysely';
import type { z } from 'zod';
import type { TTimer, TTimerState, ZTimerStartBody } from '../../../../core/api/timesheet.ts';
import { WEEK_MESSAGES } from '../../../../core/time/weeks.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';
import { getTrackedProject } from '../tracking/project-search.ts';

// One running timer per person, kept on the server (table timers, docs/decisions/089): it survives
// a reload and another computer. Times are the database's clock, the same for every instance.

interface TimerRow {
  project_id: string;
  job_type: string;
  description: string;
  started_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

async function timerView(db: DbOrTx, row: TimerRow): Promise<TTimer> {
  const project = await getTrackedProject(db, { projectId: row.project_id });
  return { projectId: row.project_id, projectLabel: project.label, jobType: row.job_type, description: row.description, startedAt: iso(row.started_at) };
}

/** GET /api/timer: the person's running timer (or none) and the server's now, for the elapsed time on screen. */
export async function readTimer(db: DbOrTx, options: { userId: string }): Promise<TTimerState> {
  const { rows } = await sql<TimerRow & { server_now: Date | string; user_id: string | null }>`
    select t.user_id, t.project_id, t.job_type, t.description, t.started_at, now() as server_now
    from (select 1) one left join timers t on t.user_id = ${options.userId}`.execute(db);
  const row = rows[0]!;
  return { timer: row.user_id === null ? null : await timerView(db, row), serverNow: iso(row.server_now) };
}

/** POST /api/timer/start: refused (409, naming the project) while one already runs. */
export async function startTimer(db: DbOrTx, options: { userId: string; body: z.infer<typeof ZTimerStartBody> }): Promise<TTimerState> {
  const { userId, body } = options;
  await getTrackedProject(db, { projectId: body.projectId });
  const started = await db.insertInto('timers')
    .values({ user_id: userId, project_id: body.projectId, job_type: body.jobType, description: body.description })
    .onConflict((oc) => oc.column('user_id').doNothing()).returning('user_id').executeTakeFirst();
  const state = await readTimer(db, { userId });
  if (!started && state.timer) {
    throw new AppError('CONSTRAINT_VIOLATION', WEEK_MESSAGES.timerRunning(state.timer.projectLabel), { timer: state.timer });
  }
  return state;
}

/** DELETE /api/timer: the running timer is dropped, nothing booked (a second discard does nothing). */
export async function discardTimer(db: DbOrTx, options: { userId: string }): Promise<void> {
  await db.deleteFrom('timers').where('user_id', '=', options.userId).execute();
}
