import { sql } from 'kysely';
import type { TRemovalResult, TSyncStatus, TSyncSummary } from '../../../core/api/calendar.ts';
import { CALENDAR_MESSAGES as M, REMOVAL_MESSAGES } from '../../../core/calendar.ts';
import { withActor, type Db } from '../../db/connection.ts';
import { AppError } from '../../http/app-error.ts';
import { enqueue, queueCounts, rearm } from '../../jobs/queue.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { CalendarConnection } from './connection.ts';
import { CalendarUnavailable } from './errors.ts';
import { CALENDAR_QUEUE, type SyncPayload } from './sync-worker.ts';

const SYNC_NOW_WAIT_MS = 30_000;

export async function syncStatus(db: Db, connection: CalendarConnection): Promise<TSyncStatus> {
  const [conn, counts, errors] = await Promise.all([
    connection.status(),
    queueCounts(db, CALENDAR_QUEUE),
    sql<{ key: string; last_error: string }>`
      select key, last_error from jobs where queue = ${CALENDAR_QUEUE} and last_error is not null
      order by updated_at desc limit 20`.execute(db),
  ]);
  return {
    available: conn.configured && conn.connected && !conn.needsReconnect,
    configured: conn.configured,
    connected: conn.connected,
    needsReconnect: conn.needsReconnect,
    message: conn.needsReconnect ? M.accessExpired : null,
    pending: counts.queued + counts.failed,
    syncing: counts.running > 0,
    failed: counts.failed,
    errors: errors.rows.map((r) => ({ itemId: r.key, error: r.last_error })),
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
 * Sync now (SPEC §4): every queued item (failed ones too) becomes due with fresh attempts and
 * its old error cleared; the runners of every instance take them. Waits until each has gone out or failed again, and
 * answers the summary; what is still running after 30 s is reported as pending.
 */
export async function syncNow(db: Db, connection: CalendarConnection, jobs: JobRunner): Promise<TSyncSummary> {
  await requireConnection(connection);
  await rearm(db, CALENDAR_QUEUE);
  jobs.wake(CALENDAR_QUEUE);
  const snapshot = (await sql<Snapshot>`select key, revision from jobs where queue = ${CALENDAR_QUEUE}`.execute(db)).rows;
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

async function itemCalendarState(db: Db, id: string) {
  const row = await db.selectFrom('action_items').select(['google_event_id', 'synced_to_calendar']).where('id', '=', id).executeTakeFirst();
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
  await enqueue<SyncPayload>(db, { queue: CALENDAR_QUEUE, key: options.id, payload: { op: 'delete', eventId: state.google_event_id } });
  const run = await jobs.runNow(CALENDAR_QUEUE, options.id);
  if (run.outcome === 'done') {
    return run.result === 'alreadyRemoved'
      ? { outcome: 'alreadyRemoved', message: REMOVAL_MESSAGES.alreadyRemoved }
      : { outcome: 'removed', message: REMOVAL_MESSAGES.removed };
  }
  if (run.outcome === 'none') return { outcome: 'removed', message: REMOVAL_MESSAGES.removed }; // another instance just did it
  return { outcome: 'failed', message: REMOVAL_MESSAGES.failed };
}

/** Unlink (SPEC §4): sync off, the event and its id kept. */
export async function unlinkFromCalendar(db: Db, options: { actorId: string; id: string }): Promise<TRemovalResult> {
  await itemCalendarState(db, options.id);
  await turnSyncOff(db, options.actorId, options.id);
  return { outcome: 'unlinked', message: REMOVAL_MESSAGES.unlinked };
}
