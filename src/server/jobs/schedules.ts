import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection.ts';

/** Every so often, or once a day at a local wall-clock time (DST handled by PostgreSQL). */
export type Schedule =
  | { everyMs: number }
  | { dailyAt: string; timeZone: string };

const secs = (ms: number) => ms / 1000;

function scheduleSpec(schedule: Schedule): string {
  return 'everyMs' in schedule ? `every ${schedule.everyMs} ms` : `daily ${schedule.dailyAt} ${schedule.timeZone}`;
}

export function validateSchedule(schedule: Schedule): void {
  if ('everyMs' in schedule) {
    if (!(schedule.everyMs >= 1000)) throw new Error('a schedule runs at most once a second');
    return;
  }
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(schedule.dailyAt)) throw new Error(`dailyAt must be HH:MM, got "${schedule.dailyAt}"`);
  new Intl.DateTimeFormat('en-US', { timeZone: schedule.timeZone }); // throws on an unknown zone
}

/** The next run after now, computed by the database so every instance agrees on the clock. */
function nextRun(schedule: Schedule): RawBuilder<Date> {
  if ('everyMs' in schedule) return sql<Date>`now() + make_interval(secs => ${secs(schedule.everyMs)})`;
  const { dailyAt, timeZone } = schedule;
  const today = sql`((date_trunc('day', now() at time zone ${timeZone}) + ${dailyAt}::time) at time zone ${timeZone})`;
  const tomorrow = sql`((date_trunc('day', now() at time zone ${timeZone}) + interval '1 day' + ${dailyAt}::time) at time zone ${timeZone})`;
  return sql<Date>`case when ${today} > now() then ${today} else ${tomorrow} end`;
}

/**
 * Registers a schedule. A new one first runs at its next time, or at once with runAtStart
 * (which also brings a registered one forward: "a check at start"). A changed schedule is
 * recomputed; an unchanged one keeps its time, so a restart never skips or repeats a daily run.
 */
export async function registerSchedule(db: Db, name: string, schedule: Schedule, runAtStart: boolean): Promise<void> {
  const first = runAtStart ? sql<Date>`now()` : nextRun(schedule);
  await sql`
    insert into job_schedules (name, spec, next_run_at) values (${name}, ${scheduleSpec(schedule)}, ${first})
    on conflict (name) do update set
      spec = excluded.spec,
      next_run_at = case
        when job_schedules.spec <> excluded.spec then excluded.next_run_at
        when ${runAtStart} then least(job_schedules.next_run_at, now())
        else job_schedules.next_run_at end`.execute(db);
}

/** Takes a due schedule for `owner`; only one caller across instances gets it. */
export async function claimSchedule(db: Db, name: string, owner: string, leaseMs: number): Promise<boolean> {
  const result = await sql`
    update job_schedules set locked_by = ${owner}, last_started_at = now(),
      locked_until = now() + make_interval(secs => ${secs(leaseMs)})
    where name = ${name} and next_run_at <= now() and (locked_until is null or locked_until < now())`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function extendScheduleLease(db: Db, name: string, owner: string, leaseMs: number): Promise<void> {
  await sql`update job_schedules set locked_until = now() + make_interval(secs => ${secs(leaseMs)})
    where name = ${name} and locked_by = ${owner}`.execute(db);
}

/** Ends a run: the next one is the schedule's next time, or sooner after a failure when retryMs is given. */
export async function finishSchedule(
  db: Db, options: { name: string; owner: string; schedule: Schedule; error: string | null; retryMs?: number },
): Promise<void> {
  const next = options.error && options.retryMs !== undefined
    ? sql<Date>`least(${nextRun(options.schedule)}, now() + make_interval(secs => ${secs(options.retryMs)}))`
    : nextRun(options.schedule);
  await sql`
    update job_schedules set next_run_at = ${next}, locked_by = null, locked_until = null,
      last_finished_at = now(), last_error = ${options.error}
    where name = ${options.name} and locked_by = ${options.owner}`.execute(db);
}

/** Milliseconds until the schedule is due (0 when due now). */
export async function msUntilScheduled(db: Db, name: string): Promise<number> {
  const { rows } = await sql<{ ms: number }>`
    select (extract(epoch from greatest(next_run_at, coalesce(locked_until, next_run_at)) - now()) * 1000)::float8 as ms
    from job_schedules where name = ${name}`.execute(db);
  return Math.max(0, rows[0]?.ms ?? 0);
}
