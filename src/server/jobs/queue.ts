import { sql } from 'kysely';
import type { DbOrTx } from '../db/connection.ts';

/** NOTIFY channel of every job transition; runners wake on 'queued', features may watch the rest. */
export const JOBS_CHANNEL = 'jobs';

type JobEvent = 'queued' | 'started' | 'done' | 'retry' | 'failed' | 'cleared' | 'released';

/** What a NOTIFY on JOBS_CHANNEL carries. */
export interface JobNotice {
  queue: string;
  key: string;
  event: JobEvent;
  /** 'queued' with a delay: due in this many ms (runners need not look before). */
  inMs?: number;
}

export interface ClaimedJob<P = unknown> {
  id: string;
  queue: string;
  key: string;
  payload: P;
  revision: number;
  /** Failed runs before this one. */
  attempts: number;
  maxAttempts: number;
}

export interface EnqueueOptions<P> {
  queue: string;
  /** One row per key: enqueueing a queued key replaces its payload (latest wins). */
  key: string;
  payload: P;
  /** Wait this long before the job may run (a debounce: every enqueue restarts it). */
  delayMs?: number;
  maxAttempts?: number;
}

export const notify = (db: DbOrTx, notice: JobNotice) =>
  sql`select pg_notify(${JOBS_CHANNEL}, ${JSON.stringify(notice)})`.execute(db);

/**
 * Queues (or replaces) the job of a key, in the caller's transaction if it passes one: the job
 * then exists exactly when the change that caused it was committed. A row being worked on keeps
 * its lease, so no other instance runs the key until the current run ends; that run sees the
 * new revision and leaves the row queued.
 */
export async function enqueue<P>(db: DbOrTx, options: EnqueueOptions<P>): Promise<void> {
  const delay = Math.max(0, Math.round(options.delayMs ?? 0));
  await sql`
    insert into jobs (queue, key, payload, run_at, max_attempts)
    values (${options.queue}, ${options.key}, ${JSON.stringify(options.payload)}::jsonb,
            now() + make_interval(secs => ${delay / 1000}), ${options.maxAttempts ?? 10})
    on conflict (queue, key) do update set
      payload = excluded.payload, run_at = excluded.run_at, max_attempts = excluded.max_attempts,
      revision = jobs.revision + 1, state = 'queued', attempts = 0, last_error = null, updated_at = now()`.execute(db);
  await notify(db, { queue: options.queue, key: options.key, event: 'queued', ...(delay ? { inMs: delay } : {}) });
}

/**
 * Makes every job of a queue (failed ones too) due now, with fresh attempts and no error yet: "retry now".
 * `payloadHas` limits it to jobs whose payload contains these fields (e.g. one project's).
 */
export async function rearm(db: DbOrTx, queue: string, payloadHas: Record<string, string> = {}): Promise<number> {
  const result = await sql`
    update jobs set run_at = now(), state = 'queued', attempts = 0, last_error = null, updated_at = now()
    where queue = ${queue} and payload @> ${JSON.stringify(payloadHas)}::jsonb
      and (state = 'failed' or run_at > now() or last_error is not null)`.execute(db);
  await notify(db, { queue, key: '*', event: 'queued' });
  return Number(result.numAffectedRows ?? 0);
}
