import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../db/connection.ts';
import { claimJobs, completeJob, extendLeases, failJob, jobExists, msUntilDue, releaseAllLeases, releaseLeases } from './claims.ts';
import { JOBS_CHANNEL, type ClaimedJob, type JobNotice } from './queue.ts';
import {
  claimSchedule, extendScheduleLease, finishSchedule, msUntilScheduled, registerSchedule, validateSchedule, type Schedule,
} from './schedules.ts';
import { Waker } from './waker.ts';

type JobOutcome = 'done' | 'retry' | 'failed';

/** Thrown by a handler to say how its failure is treated (any other error: count it and back off). */
export class JobError extends Error {
  constructor(
    message: string,
    readonly options: { retryInMs?: number; permanent?: boolean; countAttempt?: boolean } = {},
  ) {
    super(message);
  }
}

export interface QueueOptions<P, S = undefined> {
  /**
   * Jobs leased in one claim (default 1). They are still worked one at a time, in order; the batch
   * only shares the per-claim costs (the claim, the lease heartbeat, `prepare`).
   */
  batchSize?: number;
  /** Once per claimed batch, before its first job: what its jobs share (e.g. an access token). A throw fails each job with it. */
  prepare?: (jobs: ClaimedJob<P>[]) => Promise<S>;
  /** Delay before retry number n (1-based); default 1 s doubling to 5 min, ±20 %. */
  backoffMs?: (attempt: number) => number;
  /**
   * What a retry holds back: 'queue' (default) waits that long before the next claim, as for a
   * provider that is down; 'job' only the job itself (its run_at), as for one refused e-mail address.
   */
  backoffScope?: 'queue' | 'job';
  onSettled?: (job: ClaimedJob<P>, outcome: JobOutcome, error?: unknown) => void | Promise<void>;
  /** Called when this runner finds the queue empty (or nothing due) after working on it. */
  onIdle?: () => void | Promise<void>;
}

export interface ScheduleOptions {
  /** Also run when the runner starts (brought forward if it is later). */
  runAtStart?: boolean;
  /** After a failed run, try again this soon instead of waiting for the next regular time. */
  retryMs?: number;
}

interface Logger {
  error(obj: unknown, msg?: string): void;
}

/** A handler may return a value: runNow hands it to its caller. `shared` is what `prepare` gave its batch. */
type Handler<P, S = undefined> = (job: ClaimedJob<P>, shared: S) => Promise<unknown>;

export interface RunNowResult {
  outcome: JobOutcome | 'busy' | 'none';
  result?: unknown;
  error?: unknown;
}
interface QueueEntry { handler: Handler<unknown, unknown>; options: QueueOptions<unknown, unknown> }
interface JobRun extends RunNowResult { retryInMs?: number }
interface ScheduleEntry { schedule: Schedule; task: () => Promise<void>; options: ScheduleOptions }

const defaultBackoffMs = (attempt: number) =>
  Math.min(1000 * 2 ** (attempt - 1), 300_000) * (0.8 + Math.random() * 0.4);

/**
 * The one background runner of an app process (docs/decisions/050). Queues are rows of `jobs`
 * leased with FOR UPDATE SKIP LOCKED, one job at a time per queue; schedules are rows of
 * `job_schedules` taken by one instance when due. A LISTEN on `jobs` wakes it as soon as
 * something is queued; a poll covers missed notices and delayed jobs. Handlers run at least
 * once: they must be idempotent.
 */
export class JobRunner {
  /** Names this process in leases. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly queues = new Map<string, QueueEntry>();
  private readonly schedules = new Map<string, ScheduleEntry>();
  private readonly wakers = new Map<string, Waker[]>();
  private loops: Promise<void>[] = [];
  private running = false;
  private stopping?: Promise<void>;
  private unlisten?: () => Promise<void>;
  private readonly pollMs: number;
  private readonly leaseMs: number;

  constructor(private readonly options: { database: DatabaseHandle; pollMs?: number; leaseMs?: number; log?: Logger }) {
    this.pollMs = options.pollMs ?? 5_000;
    this.leaseMs = options.leaseMs ?? 30_000;
  }

  private get db() {
    return this.options.database.db;
  }

  get started(): boolean {
    return this.running;
  }

  /** Registers the handler of a queue (before start). */
  handle<P, S = undefined>(queue: string, handler: Handler<P, S>, options: QueueOptions<P, S> = {}): void {
    if (this.queues.has(queue)) throw new Error(`queue ${queue} already has a handler`);
    this.queues.set(queue, { handler: handler as Handler<unknown, unknown>, options: options as QueueOptions<unknown, unknown> });
  }

  /** Registers periodic work that runs once across all instances sharing the database (before start). */
  every(name: string, schedule: Schedule, task: () => Promise<void>, options: ScheduleOptions = {}): void {
    validateSchedule(schedule);
    if (this.schedules.has(name)) throw new Error(`schedule ${name} already registered`);
    this.schedules.set(name, { schedule, task, options });
  }

  async start(): Promise<void> {
    if (this.running) return;
    if (this.options.database.kind === 'pglite') await releaseAllLeases(this.db);
    for (const [name, entry] of this.schedules) {
      await registerSchedule(this.db, name, entry.schedule, entry.options.runAtStart ?? false);
    }
    this.unlisten = await this.options.database.listen(JOBS_CHANNEL, (payload) => {
      try {
        const notice = JSON.parse(payload) as JobNotice;
        // A debounced job (a save's sync, due in 3 s) only moves the sleep's end: no claim per save.
        if (notice.event === 'queued') {
          if (notice.inMs) this.wakers.get(notice.queue)?.forEach((w) => w.wakeIn(notice.inMs!));
          else this.wake(notice.queue);
        }
      } catch {
        // not ours
      }
    });
    this.running = true;
    this.loops = [
      ...[...this.queues.keys()].map((queue) => this.queueLoop(queue)),
      ...[...this.schedules.keys()].map((name) => this.scheduleLoop(name)),
    ];
  }

  /**
   * Stops claiming, lets the job in hand finish (the rest of its batch goes back), and stops
   * listening. A second call (the drain, then the app's close) waits for the same stop.
   */
  stop(): Promise<void> {
    if (!this.running) return this.stopping ?? Promise.resolve();
    this.running = false;
    for (const list of this.wakers.values()) list.forEach((w) => w.wake());
    this.stopping = (async () => {
      await Promise.all(this.loops);
      this.loops = [];
      await this.unlisten?.();
    })();
    return this.stopping;
  }

  /** Looks at a queue now instead of at the next poll. */
  wake(queue: string): void {
    this.wakers.get(queue)?.forEach((w) => w.wake());
  }

  /**
   * Works a queue until nothing is due, in the caller's time (tests, or a runner that is not
   * started), each job at most once. With includeDelayed, debounced and backed-off jobs run too.
   * Returns how many jobs ran.
   */
  async drain(queue: string, options: { includeDelayed?: boolean } = {}): Promise<number> {
    const entry = this.entry(queue);
    const ran: string[] = [];
    for (;;) {
      const batch = await claimJobs(this.db, {
        queue, owner: this.owner, leaseMs: this.leaseMs, limit: entry.options.batchSize, ignoreRunAt: options.includeDelayed, exclude: ran,
      });
      if (!batch.length) break;
      const runs = await this.runBatch(entry, batch, () => true);
      ran.push(...batch.slice(0, runs.length).map((job) => `${job.id}:${job.revision}`));
    }
    if (ran.length) await entry.options.onIdle?.();
    return ran.length;
  }

  /** Runs a schedule if it is due and no other instance has it; true when it ran. */
  async runSchedule(name: string): Promise<boolean> {
    const entry = this.schedules.get(name);
    if (!entry) throw new Error(`no schedule ${name}`);
    if (!(await claimSchedule(this.db, name, this.owner, this.leaseMs))) return false;
    const beat = setInterval(() => void extendScheduleLease(this.db, name, this.owner, this.leaseMs).catch(() => undefined), this.leaseMs / 3);
    beat.unref();
    let error: string | null = null;
    try {
      await entry.task();
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      this.options.log?.error({ err: e, schedule: name }, 'scheduled job failed');
    } finally {
      clearInterval(beat);
    }
    await finishSchedule(this.db, { name, owner: this.owner, schedule: entry.schedule, error, retryMs: entry.options.retryMs });
    return true;
  }

  /**
   * Runs one key's job now, in the caller's time, when a user waits for its outcome (e.g. removing
   * an event). Waits up to timeoutMs while another runner holds it. 'none': no such job.
   */
  async runNow(queue: string, key: string, options: { timeoutMs?: number } = {}): Promise<RunNowResult> {
    const entry = this.entry(queue);
    const end = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const [job] = await claimJobs(this.db, { queue, owner: this.owner, leaseMs: this.leaseMs, ignoreRunAt: true, key });
      if (job) {
        const [run] = await this.runBatch(entry, [job], () => true);
        return run!;
      }
      if (!(await jobExists(this.db, queue, key))) return { outcome: 'none' };
      if (Date.now() > end) return { outcome: 'busy' };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private entry(queue: string): QueueEntry {
    const entry = this.queues.get(queue);
    if (!entry) throw new Error(`no handler for queue ${queue}`);
    return entry;
  }

  /** A new sleeper of `name` (one per loop; wake(name) wakes them all). */
  private waker(name: string): Waker {
    const waker = new Waker();
    this.wakers.set(name, [...(this.wakers.get(name) ?? []), waker]);
    return waker;
  }

  /**
   * Works a claimed batch one job at a time, in order, under one lease heartbeat. Stops early, giving
   * the rest back untouched, when `goOn` says so or a job is to be retried (the provider is busy or
   * down: the queue backs off as a whole rather than trying every item against it).
   */
  private async runBatch(entry: QueueEntry, jobs: ClaimedJob[], goOn: () => boolean): Promise<JobRun[]> {
    const beat = setInterval(() => void extendLeases(this.db, jobs, this.owner, this.leaseMs).catch(() => undefined), this.leaseMs / 3);
    beat.unref();
    const runs: JobRun[] = [];
    try {
      // Claimed just as the runner stopped: give the whole batch back untouched.
      if (!goOn()) return runs;
      let shared: unknown;
      let prepareError: unknown;
      try {
        shared = await entry.options.prepare?.(jobs);
      } catch (error) {
        prepareError = error ?? new Error('prepare failed');
      }
      for (const job of jobs) {
        const run = await this.runJob(entry, job, () =>
          prepareError === undefined ? entry.handler(job, shared) : Promise.reject(prepareError));
        runs.push(run);
        if (run.outcome === 'retry' || !goOn()) break;
      }
    } finally {
      clearInterval(beat);
      await releaseLeases(this.db, jobs.slice(runs.length), this.owner);
    }
    return runs;
  }

  private async runJob(entry: QueueEntry, job: ClaimedJob, work: () => Promise<unknown>): Promise<JobRun> {
    let outcome: JobOutcome = 'done';
    let error: unknown;
    let result: unknown;
    let retryInMs: number | undefined;
    try {
      result = await work();
    } catch (e) {
      error = e;
    }
    if (error === undefined) {
      await completeJob(this.db, job, this.owner);
    } else {
      const how = error instanceof JobError ? error.options : {};
      retryInMs = how.retryInMs ?? (entry.options.backoffMs ?? defaultBackoffMs)(job.attempts + 1);
      outcome = await failJob(this.db, job, this.owner, {
        error: error instanceof Error ? error.message : String(error),
        retryInMs,
        permanent: how.permanent ?? false,
        countAttempt: how.countAttempt ?? true,
      });
    }
    await entry.options.onSettled?.(job, outcome, error);
    return { outcome, result, error, retryInMs };
  }

  private async queueLoop(queue: string): Promise<void> {
    const entry = this.entry(queue);
    const waker = this.waker(queue);
    let worked = false;
    while (this.running) {
      try {
        const batch = await claimJobs(this.db, { queue, owner: this.owner, leaseMs: this.leaseMs, limit: entry.options.batchSize });
        if (batch.length) {
          worked = true;
          const runs = await this.runBatch(entry, batch, () => this.running);
          const last = runs[runs.length - 1];
          // Backing off: the next claim waits as long as the job that must be retried (a wake-up, e.g. Sync now, ends it).
          if (last?.outcome === 'retry' && entry.options.backoffScope !== 'job') await waker.sleep(last.retryInMs ?? 0);
          continue;
        }
        if (worked) {
          worked = false;
          await entry.options.onIdle?.();
        }
        const due = await msUntilDue(this.db, queue);
        await waker.sleep(Math.max(20, Math.min(due ?? this.pollMs, this.pollMs)));
      } catch (error) {
        if (!this.running) break;
        this.options.log?.error({ err: error, queue }, 'job runner error');
        await waker.sleep(this.pollMs);
      }
    }
  }

  private async scheduleLoop(name: string): Promise<void> {
    const waker = this.waker(`schedule:${name}`);
    while (this.running) {
      try {
        if (await this.runSchedule(name)) continue;
        const ms = await msUntilScheduled(this.db, name);
        await waker.sleep(Math.max(20, Math.min(ms, 30_000)));
      } catch (error) {
        if (!this.running) break;
        this.options.log?.error({ err: error, schedule: name }, 'schedule runner error');
        await waker.sleep(this.pollMs);
      }
    }
  }
}
