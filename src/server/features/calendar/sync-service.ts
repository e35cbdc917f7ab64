import { sql } from 'kysely';
import type { TRemovalResult, TSyncStatus, TSyncSummary } from '../../../core/api/calendar.ts';
import { CALENDAR_MESSAGES as M, REMOVAL_MESSAGES } from '../../../core/calendar/calendar.ts';
import { withActor, type Db } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { enqueue, notify, rearm } from '../../jobs/queue.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { CalendarConnection, ConnectionStatus } from './connection.ts';
import { CalendarUnavailable } from './errors.ts';
import { CALENDAR_QUEUE, type SyncPayload } from './sync-worker.ts';

const SYNC_NOW_WAIT_MS = 30_000;

interface QueueRow { project_id: string | null; queued: number; running: number; failed: number }
interface ErrorRow { key: string; last_error: string; project_id: string | null }

const none: Omit<QueueRow, 'project_id'> = { queued: 0, running: 0, failed: 0 };

/** The queue's counts per project (a deleted item's delete job: project null) and its latest errors. */
async function readQueue(db: Db, projectId?: string) {
  const [counts, errors] = await Promise.all([
    sql<QueueRow>`
      select payload->>'projectId' as project_id, count(*) filter (where state = 'queued')::int as queued,
        count(*) filter (where locked_until > now())::int as running, count(*) filter (where state = 'failed')::int as failed
      from jobs where queue = ${CALENDAR_QUEUE} and (${projectId ?? null}::text is null or payload->>'projectId' = ${projectId ?? null})
      group by 1`.execute(db),
    sql<ErrorRow>`
      select key, last_error, payload->>'projectId' as project_id from jobs
      where queue = ${CALENDAR_QUEUE} and last_error is not null
        and (${projectId ?? null}::text is null or payload->>'projectId' = ${projectId ?? null})
      order by updated_at desc limit 100`.execute(db),
  ]);
  return { counts: counts.rows, errors: errors.rows };
}

function statusOf(conn: ConnectionStatus, counts: Omit<QueueRow, 'project_id'>, errors: ErrorRow[]): TSyncStatus {
  return {
    available: conn.configured && conn.connected && !conn.needsReconnect,
    configured: conn.configured,
    connected: conn.connected,
    needsReconnect: conn.needsReconnect,
    message: conn.needsReconnect ? M.accessExpired : null,
    pending: counts.queued + counts.failed,
    syncing: counts.running > 0,
    failed: counts.failed,
    errors: errors.slice(0, 20).map((r) => ({ itemId: r.key, error: r.last_error })),
  };
}

const sum = (rows: Omit<QueueRow, 'project_id'>[]) =>
  rows.reduce((a, r) => ({ queued: a.queued + r.queued, running: a.running + r.running, failed: a.failed + r.failed }), none);

/** The sync indicator's state: one project's queue (its card), or the firm's (the dashboard). */
export async function syncStatus(db: Db, connection: CalendarConnection, projectId?: string): Promise<TSyncStatus> {
  const [conn, queue] = await Promise.all([connection.status(), readQueue(db, projectId)]);
  return statusOf(conn, sum(queue.counts), queue.errors);
}

/** Every indicator's state from one read (the live stream): the firm's, and any project's. */
export async function syncStatuses(db: Db, connection: CalendarConnection) {
  const [conn, queue] = await Promise.all([connection.status(), readQueue(db)]);
  const byProject = new Map(queue.counts.map((r) => [r.project_id, r]));
  return {
    firm: statusOf(conn, sum(queue.counts), queue.errors),
    project: (id: string) => statusOf(conn, byProject.get(id) ?? none, queue.errors.filter((e) => e.project_id === id)),
  };
}

/** Throws the spec's message when the calendar cannot be used ('Google Calendar not connected', …). */
async function requireConnection(connection: CalendarConnection): Promise<void> {
  try {
    await connection.accessToken();
  } catch (error) {
    if (!(error instanceof CalendarUnavailable)) throw error;
    if (error.reason === 'notConfigured' || error.reason === 'notConnected') throw new AppError('VALIDATION_ERROR', M.notConnected);
    throw new AppError('SERVICE_UNAVAILABLE', error.message);
  }
}

interface Snapshot { key: string; revision: number }
interface Seen extends Snapshot { locked_by: string | null; last_error: string | null; touched: boolean }

/**
 * Sync now (SPEC §4): every queued item of the project (or the firm), failed ones too, becomes due with fresh attempts and
 * its old error cleared; the runners of every instance take them. Waits until each has gone out or failed again, and
 * answers the summary; what is still running after 30 s is reported as pending.
 */
export async function syncNow(db: Db, connection: CalendarConnection, jobs: JobRunner, projectId?: string): Promise<TSyncSummary> {
  await requireConnection(connection);
  const only: Record<string, string> = projectId ? { projectId } : {};
  await rearm(db, CALENDAR_QUEUE, only);
  jobs.wake(CALENDAR_QUEUE);
  const snapshot = (await sql<Snapshot>`
    select key, revision from jobs where queue = ${CALENDAR_QUEUE} and payload @> ${JSON.stringify(only)}::jsonb`.execute(db)).rows;
  const keys = snapshot.map((s) => s.key);
  const end = Date.now() + SYNC_NOW_WAIT_MS;
  let seen = new Map<string, Seen>();
  for (;;) {
    if (!keys.length) break;
    const { rows } = await sql<Seen>`
      select key, revision, locked_by, last_error, locked_by is null and last_error is not null as touched
      from jobs where queue = ${CALENDAR_QUEUE} and key = any(${keys})`.execute(db);
    seen = new Map(rows.map((r) => [r.key, r]));
    const open = snapshot.filter((s) => {
      const row = seen.get(s.key);
      return row && row.revision === s.revision && !row.touched;
    });
    if (!open.length || Date.now() > end) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const results = snapshot.map((s): TSyncSummary['results'][number] => {
    const row = seen.get(s.key);
    if (!row || row.revision !== s.revision) return { itemId: s.key, outcome: row ? 'pending' : 'success' };
    return row.touched ? { itemId: s.key, outcome: 'failed', error: row.last_error! } : { itemId: s.key, outcome: 'pending' };
  });
  const failed = results.filter((r) => r.outcome === 'failed');
  return {
    total: results.length,
    success: results.filter((r) => r.outcome === 'success').length,
    failed: failed.length,
    errors: [...new Set(failed.map((r) => r.error!))].slice(0, 10),
    results,
  };
}

/**
 * Clear (SPEC §4 "A clear action empties it"): the project's (or the firm's) failed items leave the
 * queue with their errors; they are sent again only when they change. Waiting and running ones
 * stay: clearing must not drop a change nobody saw fail.
 */
export async function clearFailed(db: Db, projectId?: string): Promise<number> {
  const only: Record<string, string> = projectId ? { projectId } : {};
  const result = await sql`
    delete from jobs where queue = ${CALENDAR_QUEUE} and payload @> ${JSON.stringify(only)}::jsonb
      and (state = 'failed' or last_error is not null) and (locked_until is null or locked_until < now())`.execute(db);
  await notify(db, { queue: CALENDAR_QUEUE, key: '*', event: 'cleared' });
  return Number(result.numAffectedRows ?? 0);
}

async function itemCalendarState(db: Db, id: string) {
  const row = await db.selectFrom('action_items').select(['google_event_id', 'synced_to_calendar', 'project_id']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

const turnSyncOff = (db: Db, actorId: string, id: string) =>
  withActor(db, actorId, (tx) => tx.updateTable('action_items').set({ synced_to_calendar: false }).where('id', '=', id).execute());

/**
 * Remove (SPEC §4): sync off, then the event deleted now, through the queue so it never runs
 * beside another instance's sync of the same item. A failure stays queued and is retried.
 */
export async function removeFromCalendar(
  db: Db, jobs: JobRunner, options: { actorId: string; id: string },
): Promise<TRemovalResult> {
  const state = await itemCalendarState(db, options.id);
  await turnSyncOff(db, options.actorId, options.id);
  if (!state.google_event_id) return { outcome: 'alreadyRemoved', message: REMOVAL_MESSAGES.alreadyRemoved };
  // Queued for later so the background runners leave it to runNow; if runNow cannot have it, it goes out then.
  await enqueue<SyncPayload>(db, {
    queue: CALENDAR_QUEUE, key: options.id, delayMs: SYNC_NOW_WAIT_MS,
    payload: { op: 'delete', eventId: state.google_event_id, projectId: state.project_id },
  });
  const run = await jobs.runNow(CALENDAR_QUEUE, options.id);
  if (run.outcome === 'done') {
    return run.result === 'alreadyRemoved'
      ? { outcome: 'alreadyRemoved', message: REMOVAL_MESSAGES.alreadyRemoved }
      : { outcome: 'removed', message: REMOVAL_MESSAGES.removed };
  }
  if (run.outcome === 'none') {
    // Another runner had it (another instance's Remove, or Sync now): gone means done, a row left means it failed.
    const left = await sql`select 1 from jobs where queue = ${CALENDAR_QUEUE} and key = ${options.id}`.execute(db);
    if (!left.rows.length) return { outcome: 'removed', message: REMOVAL_MESSAGES.removed };
  }
  return { outcome: 'failed', message: REMOVAL_MESSAGES.failed };
}

/** Unlink (SPEC §4): sync off, the event and its id kept. */
export async function unlinkFromCalendar(db: Db, options: { actorId: string; id: string }): Promise<TRemovalResult> {
  await itemCalendarState(db, options.id);
  await turnSyncOff(db, options.actorId, options.id);
  return { outcome: 'unlinked', message: REMOVAL_MESSAGES.unlinked };
}
