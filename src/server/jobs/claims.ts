import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { JOBS_CHANNEL, notify, type ClaimedJob } from './queue.ts';

const secs = (ms: number) => ms / 1000;

interface JobRow {
  id: string;
  queue: string;
  key: string;
  payload: unknown;
  revision: number;
  attempts: number;
  max_attempts: number;
}

/**
 * Leases up to `limit` due jobs of a queue to `owner`, oldest due first (the order they are to be
 * worked in). FOR UPDATE SKIP LOCKED lets concurrent claimers pass over rows another one is
 * taking; the lease (locked_until) keeps them theirs after the statement commits, and lets them
 * go if they die. One round trip for the whole batch, its 'started' notice included.
 */
export async function claimJobs(
  db: Db, options: { queue: string; owner: string; leaseMs: number; limit?: number; ignoreRunAt?: boolean; key?: string; exclude?: string[] },
  // exclude: 'id:revision' of runs already made (a drain runs each revision once).
): Promise<ClaimedJob[]> {
  const { rows } = await sql<JobRow>`
    with claimed as (
      update jobs set locked_by = ${options.owner},
        locked_until = now() + make_interval(secs => ${secs(options.leaseMs)}), updated_at = now()
      where id = any(array(
        select id from jobs
        where queue = ${options.queue} and state = 'queued'
          and (key = ${options.key ?? null} or ${options.key === undefined})
          and not ((id::text || ':' || revision) = any(${options.exclude ?? []}::text[]))
          and (run_at <= now() or ${options.ignoreRunAt ?? false})
          and (locked_until is null or locked_until < now())
        order by run_at, id
        limit ${options.limit ?? 1}
        for update skip locked))
      returning id, queue, key, payload, revision, attempts, max_attempts, run_at),
    notice as (
      select pg_notify(${JOBS_CHANNEL}, json_build_object('queue', ${options.queue}::text, 'key', '*', 'event', 'started')::text)
      where exists (select 1 from claimed))
    select claimed.id, queue, key, payload, revision, attempts, max_attempts
    from claimed left join notice on true
    order by run_at, id`.execute(db);
  return rows.map((row) => ({
    id: String(row.id), queue: row.queue, key: row.key, payload: row.payload,
    revision: row.revision, attempts: row.attempts, maxAttempts: row.max_attempts,
  }));
}

/** Keeps a batch's leases alive while it is worked on. */
export async function extendLeases(db: Db, jobs: ClaimedJob[], owner: string, leaseMs: number): Promise<void> {
  await sql`
    update jobs set locked_until = now() + make_interval(secs => ${secs(leaseMs)})
    where id = any(${jobs.map((j) => j.id)}::bigint[]) and locked_by = ${owner}`.execute(db);
}

/**
 * Gives back jobs claimed but not worked on (stopping, or the queue backing off): as they were, no
 * attempt counted. The notice says their leases are gone: a watcher that read them as running (the
 * calendar's 'Syncing...') reads again, rather than keep that until the queue's next change.
 */
export async function releaseLeases(db: Db, jobs: ClaimedJob[], owner: string): Promise<void> {
  if (!jobs.length) return;
  await sql`
    with released as (
      update jobs set locked_by = null, locked_until = null
      where id = any(${jobs.map((j) => j.id)}::bigint[]) and locked_by = ${owner} returning queue)
    select pg_notify(${JOBS_CHANNEL}, json_build_object('queue', queue, 'key', '*', 'event', 'released')::text)
    from (select distinct queue from released) q`.execute(db);
}

/** Success: the row goes, unless a newer revision was queued meanwhile (that one stays, due as queued). */
export async function completeJob(db: Db, job: ClaimedJob, owner: string): Promise<void> {
  // One statement: deleted if still this revision, else released for the newer one; then the notice.
  await sql`
    with gone as (delete from jobs where id = ${job.id} and locked_by = ${owner} and revision = ${job.revision} returning id),
    released as (
      update jobs set locked_by = null, locked_until = null, updated_at = now()
      where id = ${job.id} and locked_by = ${owner} and not exists (select 1 from gone) returning id)
    select pg_notify(${JOBS_CHANNEL}, ${JSON.stringify({ queue: job.queue, key: job.key, event: 'done' })}),
      (select count(*) from gone) + (select count(*) from released) as touched`.execute(db);
}

export interface FailOptions {
  error: string;
  /** When to try again; ignored when the job gives up. */
  retryInMs: number;
  /** Never retry on its own: keep the row failed until re-armed. */
  permanent: boolean;
  /** False for waits that are not the job's fault (e.g. the calendar needs reconnecting). */
  countAttempt: boolean;
}

/** Failure: back off and retry, or keep the row as failed with its error. Returns the event it became. */
export async function failJob(db: Db, job: ClaimedJob, owner: string, options: FailOptions): Promise<'retry' | 'failed'> {
  const attempts = job.attempts + (options.countAttempt ? 1 : 0);
  const givesUp = options.permanent || attempts >= job.maxAttempts;
  const event = givesUp ? 'failed' : 'retry';
  await db.transaction().execute(async (tx) => {
    // A newer revision queued during the run is a new job: it keeps its fresh attempts and due time.
    await sql`
      update jobs set locked_by = null, locked_until = null, updated_at = now(), last_error = ${options.error},
        attempts = case when revision = ${job.revision} then ${attempts} else attempts end,
        state = case when revision = ${job.revision} and ${givesUp} then 'failed' else 'queued' end,
        run_at = case when revision = ${job.revision}
          then now() + make_interval(secs => ${secs(options.retryInMs)}) else run_at end
      where id = ${job.id} and locked_by = ${owner}`.execute(tx);
    await notify(tx, { queue: job.queue, key: job.key, event });
  });
  return event;
}

/** Milliseconds until the queue's next job is due (0 if one is due now); null when nothing is queued. */
export async function msUntilDue(db: Db, queue: string): Promise<number | null> {
  const { rows } = await sql<{ ms: number | null }>`
    select (extract(epoch from min(greatest(run_at, coalesce(locked_until, run_at))) - now()) * 1000)::float8 as ms
    from jobs where queue = ${queue} and state = 'queued'`.execute(db);
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, ms);
}

export async function jobExists(db: Db, queue: string, key: string): Promise<boolean> {
  const { rows } = await sql`select 1 from jobs where queue = ${queue} and key = ${key} and state = 'queued'`.execute(db);
  return rows.length > 0;
}

/** On PGlite only one process can open the data folder, so any lease found at start is a dead one's. */
export async function releaseAllLeases(db: Db): Promise<void> {
  await sql`update jobs set locked_by = null, locked_until = null where locked_by is not null`.execute(db);
  await sql`update job_schedules set locked_by = null, locked_until = null where locked_by is not null`.execute(db);
}
