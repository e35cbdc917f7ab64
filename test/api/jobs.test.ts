import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import { claimJobs } from '../../src/server/jobs/claims.ts';
import { enqueue, JOBS_CHANNEL, rearm, type JobNotice } from '../../src/server/jobs/queue.ts';
import { JobError, JobRunner } from '../../src/server/jobs/runner.ts';
import { freshDatabase } from '../helpers/test-database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => database.close());
beforeEach(async () => {
  await sql`delete from jobs`.execute(database.db);
  await sql`delete from job_schedules`.execute(database.db);
});

const rows = async () =>
  (await sql<{ key: string; payload: { n: number }; state: string; attempts: number; last_error: string | null; due_in: number }>`
    select key, payload, state, attempts, last_error, extract(epoch from run_at - now())::float8 as due_in
    from jobs order by id`.execute(database.db)).rows;
/** A queue's jobs: waiting (running ones included), leased at this moment, given up. */
const queueCounts = async (queue: string) => (await sql<{ queued: number; running: number; failed: number }>`
    select count(*) filter (where state = 'queued')::int as queued,
           count(*) filter (where locked_until > now())::int as running,
           count(*) filter (where state = 'failed')::int as failed
    from jobs where queue = ${queue}`.execute(database.db)).rows[0]!;
const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('job queue', () => {
  it('keeps one row per key: the latest payload wins, and it runs once', async () => {
    const runner = new JobRunner({ database });
    const seen: number[] = [];
    runner.handle<{ n: number }>('q', async (job) => void seen.push(job.payload.n));
    for (const n of [1, 2, 3]) await enqueue(database.db, { queue: 'q', key: 'item-1', payload: { n } });
    await enqueue(database.db, { queue: 'q', key: 'item-2', payload: { n: 9 } });
    expect(await rows()).toHaveLength(2);
    expect(await runner.drain('q')).toBe(2);
    expect(seen).toEqual([3, 9]);
    expect(await rows()).toEqual([]);
  });

  it('waits out a delay (debounce), unless told to include delayed jobs', async () => {
    const runner = new JobRunner({ database });
    runner.handle('q', async () => undefined);
    await enqueue(database.db, { queue: 'q', key: 'a', payload: {}, delayMs: 3000 });
    expect(await runner.drain('q')).toBe(0);
    expect((await rows())[0]!.due_in).toBeGreaterThan(2);
    expect(await runner.drain('q', { includeDelayed: true })).toBe(1);
  });

  it('backs off after a failure, gives up after max attempts, and can be re-armed', async () => {
    const runner = new JobRunner({ database });
    let fail = true;
    runner.handle('q', async () => {
      if (fail) throw new Error('provider said 503');
    }, { backoffMs: (n) => n * 60_000 });
    await enqueue(database.db, { queue: 'q', key: 'a', payload: {}, maxAttempts: 2 });
    await runner.drain('q');
    let [row] = await rows();
    expect(row).toMatchObject({ state: 'queued', attempts: 1, last_error: 'provider said 503' });
    expect(row!.due_in).toBeGreaterThan(50);
    await runner.drain('q', { includeDelayed: true });
    [row] = await rows();
    expect(row).toMatchObject({ state: 'failed', attempts: 2 });
    expect(await queueCounts('q')).toEqual({ queued: 0, running: 0, failed: 1 });
    expect(await rearm(database.db, 'q')).toBe(1);
    fail = false;
    await runner.drain('q');
    expect(await rows()).toEqual([]);
  });

  it('honours a JobError: permanent failure, or a wait that does not count as an attempt', async () => {
    const runner = new JobRunner({ database });
    runner.handle<{ kind: string }>('q', async (job) => {
      if (job.payload.kind === 'bad') throw new JobError('Event title is required', { permanent: true });
      throw new JobError('needs reconnect', { retryInMs: 3_600_000, countAttempt: false });
    });
    await enqueue(database.db, { queue: 'q', key: 'bad', payload: { kind: 'bad' } });
    await enqueue(database.db, { queue: 'q', key: 'wait', payload: { kind: 'wait' } });
    await runner.drain('q');
    const [bad, wait] = await rows();
    expect(bad).toMatchObject({ state: 'failed', attempts: 1, last_error: 'Event title is required' });
    expect(wait).toMatchObject({ state: 'queued', attempts: 0, last_error: 'needs reconnect' });
    expect(wait!.due_in).toBeGreaterThan(3500);
  });

  it('claims in batches: one prepare per batch, jobs one at a time in order; a retry gives the rest back untouched', async () => {
    const runner = new JobRunner({ database });
    const prepared: string[][] = [];
    const order: string[] = [];
    let active = 0;
    runner.handle<{ n: number }, { batch: number }>('q', async (job, shared) => {
      expect(++active).toBe(1);
      order.push(`${shared.batch}:${job.key}`);
      await new Promise((r) => setTimeout(r, 1));
      active--;
      if (job.key === 'k07') throw new JobError('provider said 429', { retryInMs: 60_000 });
    }, { batchSize: 4, prepare: async (jobs) => ({ batch: prepared.push(jobs.map((j) => j.key)) }) });
    for (let i = 0; i < 10; i++) await enqueue(database.db, { queue: 'q', key: `k${String(i).padStart(2, '0')}`, payload: { n: i } });
    await runner.drain('q');
    expect(prepared).toEqual([['k00', 'k01', 'k02', 'k03'], ['k04', 'k05', 'k06', 'k07'], ['k08', 'k09']]);
    expect(order).toEqual(['1:k00', '1:k01', '1:k02', '1:k03', '2:k04', '2:k05', '2:k06', '2:k07', '3:k08', '3:k09']);
    expect(await rows()).toMatchObject([{ key: 'k07', attempts: 1, state: 'queued' }]);
    // Stopped at the retry: the jobs after it in the batch are given back as they were, and run next.
    prepared.length = 0;
    order.length = 0;
    await sql`update jobs set run_at = now()`.execute(database.db);
    for (const key of ['k10', 'k11']) await enqueue(database.db, { queue: 'q', key, payload: { n: 0 } });
    expect(await runner.drain('q')).toBe(3);
    expect(prepared).toEqual([['k07', 'k10', 'k11'], ['k10', 'k11']]);
    expect(order).toEqual(['1:k07', '2:k10', '2:k11']);
    expect(await rows()).toMatchObject([{ key: 'k07', attempts: 2, state: 'queued' }]);
  });

  it("gives back a batch's untouched jobs with a notice: a watcher reads them waiting, not running", async () => {
    const runner = new JobRunner({ database });
    runner.handle('q', async (job) => {
      if (job.key === 'a') throw new JobError('provider said 503', { retryInMs: 60_000 });
    }, { batchSize: 3 });
    for (const key of ['a', 'b', 'c']) await enqueue(database.db, { queue: 'q', key, payload: { n: 0 } });
    const notices: string[] = [];
    const unlisten = await database.listen(JOBS_CHANNEL, (payload) => {
      const notice = JSON.parse(payload) as JobNotice;
      notices.push(`${notice.event}:${notice.key}`);
    });
    try {
      await runner.drain('q');
      await until(() => notices.includes('done:c'));
      // a's retry stops the batch; b and c go back, told (the calendar's indicator reads the queue
      // again at each notice: without this one it kept 'Syncing...' for them), then run.
      expect(notices.slice(0, 3)).toEqual(['started:*', 'retry:a', 'released:*']);
      expect(await queueCounts('q')).toEqual({ queued: 1, running: 0, failed: 0 });
    } finally {
      await unlisten();
    }
  });

  it('leaves a newer revision queued when it arrives during a run', async () => {
    const runner = new JobRunner({ database });
    const seen: number[] = [];
    runner.handle<{ n: number }>('q', async (job) => {
      seen.push(job.payload.n);
      if (job.payload.n === 1) await enqueue(database.db, { queue: 'q', key: 'a', payload: { n: 2 } });
    });
    await enqueue(database.db, { queue: 'q', key: 'a', payload: { n: 1 } });
    await runner.drain('q');
    expect(seen).toEqual([1, 2]);
    expect(await rows()).toEqual([]);
  });

  it("claims a dead process's job again once its lease has expired, never before", async () => {
    await enqueue(database.db, { queue: 'q', key: 'a', payload: {} });
    // A process takes the job and dies without finishing it.
    expect(await claimJobs(database.db, { queue: 'q', owner: 'dead', leaseMs: 300 })).toHaveLength(1);
    const runner = new JobRunner({ database, leaseMs: 300 });
    let ran = 0;
    runner.handle('q', async () => void ran++);
    expect(await runner.drain('q')).toBe(0);
    await new Promise((r) => setTimeout(r, 350));
    expect(await runner.drain('q')).toBe(1);
    expect(ran).toBe(1);
  });

  it('two runners on one database never run a job twice', async () => {
    const counts = new Map<string, number>();
    const runners = [0, 1].map(() => {
      const runner = new JobRunner({ database, pollMs: 50 });
      runner.handle<{ n: number }>('q', async (job) => {
        counts.set(job.key, (counts.get(job.key) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
      });
      return runner;
    });
    for (let i = 0; i < 40; i++) await enqueue(database.db, { queue: 'q', key: `k${i}`, payload: { n: i } });
    await Promise.all(runners.map((r) => r.start()));
    await until(async () => (await rows()).length === 0, 15_000);
    await Promise.all(runners.map((r) => r.stop()));
    expect(counts.size).toBe(40);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('a delayed job moves a sleeping runner to its due time, without a look before', async () => {
    const runner = new JobRunner({ database, pollMs: 60_000 });
    let ranAt = 0;
    runner.handle('q', async () => void (ranAt = Date.now()));
    await runner.start();
    try {
      await new Promise((r) => setTimeout(r, 100)); // asleep, for the whole poll
      const queuedAt = Date.now();
      await enqueue(database.db, { queue: 'q', key: 'later', payload: {}, delayMs: 400 });
      await until(() => ranAt > 0, 5000);
      expect(ranAt - queuedAt).toBeGreaterThanOrEqual(380);
    } finally {
      await runner.stop();
    }
  });

  it('wakes on LISTEN as soon as a job is queued, and stop() lets the job in hand finish', async () => {
    const runner = new JobRunner({ database, pollMs: 60_000 });
    let finished = false;
    let started = false;
    runner.handle('q', async () => {
      started = true;
      await new Promise((r) => setTimeout(r, 200));
      finished = true;
    });
    await runner.start();
    const t0 = Date.now();
    await enqueue(database.db, { queue: 'q', key: 'a', payload: {} });
    await until(() => started, 3000);
    expect(Date.now() - t0).toBeLessThan(2000);
    await runner.stop();
    expect(finished).toBe(true);
    expect(await rows()).toEqual([]);
  });
});

describe('schedules', () => {
  it('runs periodic work once across instances', async () => {
    let runs = 0;
    const runners = [0, 1].map(() => {
      const runner = new JobRunner({ database });
      runner.every('refresh', { everyMs: 300_000 }, async () => void runs++, { runAtStart: true });
      return runner;
    });
    await Promise.all(runners.map((r) => r.start()));
    await until(() => runs > 0);
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all(runners.map((r) => r.stop()));
    expect(runs).toBe(1);
    const { rows: [row] } = await sql<{ in_s: number }>`
      select extract(epoch from next_run_at - now())::float8 as in_s from job_schedules where name = 'refresh'`.execute(database.db);
    expect(row!.in_s).toBeGreaterThan(290);
    // Not due: neither runs it.
    expect(await Promise.all(runners.map((r) => r.runSchedule('refresh')))).toEqual([false, false]);
  });

  it('puts a daily schedule at its wall-clock time in the given zone, and retries a failed run sooner', async () => {
    const runner = new JobRunner({ database });
    let fail = true;
    runner.every('backup', { dailyAt: '02:00', timeZone: 'America/New_York' }, async () => {
      if (fail) throw new Error('disk full');
    }, { retryMs: 60_000 });
    await runner.start();
    await runner.stop();
    const read = async () => (await sql<{ local: string; in_h: number; last_error: string | null }>`
      select to_char(next_run_at at time zone 'America/New_York', 'HH24:MI') as local,
             extract(epoch from next_run_at - now())::float8 / 3600 as in_h, last_error
      from job_schedules where name = 'backup'`.execute(database.db)).rows[0]!;
    const first = await read();
    expect(first.local).toBe('02:00');
    expect(first.in_h).toBeGreaterThan(0);
    expect(first.in_h).toBeLessThanOrEqual(25);
    await sql`update job_schedules set next_run_at = now() where name = 'backup'`.execute(database.db);
    expect(await runner.runSchedule('backup')).toBe(true);
    const failed = await read();
    expect(failed.last_error).toBe('disk full');
    expect(failed.in_h * 60).toBeLessThan(1.1);
    fail = false;
    await sql`update job_schedules set next_run_at = now() where name = 'backup'`.execute(database.db);
    expect(await runner.runSchedule('backup')).toBe(true);
    expect(await read()).toMatchObject({ local: '02:00', last_error: null });
  });
});
