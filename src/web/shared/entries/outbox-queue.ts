import { withBrowserDb } from '../../lib/browser-db.ts';
import type { OutboxItem } from '../../lib/outbox-item.ts';
import { newId } from '../../lib/new-id.ts';
import { ANY_SCOPE, dismiss, enqueue, onOutboxAnswer, outboxState, watchOutbox } from '../offline/outbox.ts';
import type { EntryQueue, QueuedWrite } from './entry-types.ts';

/** The scope of a project's time and expense rows in the queue. */
export const projectScope = (projectId: string) => `project:${projectId}`;
/** Where a project's rows are kept on the device (its address, as read). */
export const keptKey = (projectId: string) => `/api/time-tracking/projects/${projectId}`;

/** Which project's rows a queue holds: one (Time Tracking), or any (the timesheet: the project is the row's own). */
export type Rows = { projectId: string } | { projectOf(key: string): string };

const scopeOf = (rows: Rows, key: string) => projectScope('projectId' in rows ? rows.projectId : rows.projectOf(key));
const isMine = (rows: Rows, base: string) => (item: OutboxItem) =>
  ('projectId' in rows ? item.scope === projectScope(rows.projectId) : item.scope.startsWith('project:')) && item.request.url.startsWith(`${base}/`);

/**
 * Rows (time or expense) in the app's one offline queue (docs/decisions/106, 129). `base`:
 * '/api/time-entries' or '/api/expense-entries'; a row's write is keyed by the row's id, so the
 * same entry's writes from Time Tracking and from the timesheet are one change, never two.
 */
export function outboxQueue(userId: string, rows: Rows, base: string, list: 'timeEntries' | 'expenseEntries'): EntryQueue {
  const mine = isMine(rows, base);
  const itemOf = (key: string) => outboxState().items.find((item) => item.key === key && mine(item));
  const add = (key: string, label: string, request: OutboxItem['request']) => {
    const scope = scopeOf(rows, key);
    const projectId = scope.slice('project:'.length);
    // The kept copy's row follows the answer, even with the page closed (docs/decisions/150).
    return enqueue({ id: newId(), userId, kind: 'change', scope, key, label, request, keep: { key: keptKey(projectId), row: { list, id: key } } });
  };
  return {
    put: (key, body, label) => add(key, label, {
      method: 'PUT', url: `${base}/${key}`, json: { ...body, projectId: scopeOf(rows, key).slice('project:'.length) },
    }),
    remove: (key, version, label) =>
      add(key, label, { method: 'DELETE', url: `${base}/${key}${version === null ? '' : `?version=${version}`}` }),
    state: (key) => {
      const item = itemOf(key);
      return item && { sending: item.seq === outboxState().sending, failure: item.failure };
    },
    kept: (key) => withBrowserDb('time rows: is kept', true, async (db) =>
      (await db.getAllFromIndex('outbox', 'key', [userId, key])).some(mine)),
    online: () => outboxState().online,
    watch: watchOutbox,
    onAnswer: (fn) => onOutboxAnswer('projectId' in rows ? projectScope(rows.projectId) : ANY_SCOPE, (item, answer) => {
      if (mine(item)) fn(item.key, item.request.method, answer);
    }),
    discard: async (key) => {
      const item = itemOf(key);
      if (item?.seq !== undefined) await dismiss(item.seq);
    },
  };
}

/**
 * The rows' writes still in the queue (of one project, or of any with `projectId` null), read from
 * the browser database itself (the queue's own list may not be read yet when the page opens after a reload).
 */
export async function waitingWrites(userId: string, projectId: string | null, base: string): Promise<QueuedWrite[]> {
  const mine = isMine(projectId === null ? { projectOf: () => '' } : { projectId }, base);
  const items = await withBrowserDb('time rows: queued writes', [] as OutboxItem[], (db) => db.getAllFromIndex('outbox', 'user', userId));
  return items
    .filter(mine)
    .sort((a, b) => a.seq! - b.seq!)
    .map((item) => ({
      key: item.key,
      method: item.request.method === 'DELETE' ? 'DELETE' : 'PUT',
      json: item.request.json as Record<string, unknown> | undefined,
      failure: item.failure,
    }));
}
