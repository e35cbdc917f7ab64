import { withBrowserDb } from '../../lib/browser-db.ts';
import type { OutboxItem } from '../../lib/outbox-item.ts';
import { newId } from '../../lib/new-id.ts';
import { dismiss, enqueue, onOutboxAnswer, outboxState, watchOutbox } from '../../shared/offline/outbox.ts';
import type { EntryQueue, QueuedWrite } from './entry-queue.ts';

/** The scope of a project's time and expense rows in the queue. */
export const projectScope = (projectId: string) => `project:${projectId}`;
/** Where a project's rows are kept on the device (its address, as read). */
export const keptKey = (projectId: string) => `/api/time-tracking/projects/${projectId}`;

/**
 * One table's rows (time or expense) of one project in the app's offline queue. `base`:
 * '/api/time-entries' or '/api/expense-entries'; a row's write is keyed by the row's id.
 */
export function outboxQueue(userId: string, projectId: string, base: string, list: 'timeEntries' | 'expenseEntries'): EntryQueue {
  const scope = projectScope(projectId);
  const mine = (item: OutboxItem) => item.scope === scope && item.request.url.startsWith(`${base}/`);
  const itemOf = (key: string) => outboxState().items.find((item) => item.key === key && mine(item));
  const add = (key: string, label: string, request: OutboxItem['request']) =>
    // The kept copy's row follows the answer, even with the page closed (docs/decisions/102).
    enqueue({ id: newId(), userId, kind: 'change', scope, key, label, request, keep: { key: keptKey(projectId), row: { list, id: key } } });
  return {
    put: (key, body, label) => add(key, label, { method: 'PUT', url: `${base}/${key}`, json: { ...body, projectId } }),
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
    onAnswer: (fn) => onOutboxAnswer(scope, (item, answer) => {
      if (mine(item)) fn(item.key, item.request.method, answer);
    }),
    discard: async (key) => {
      const item = itemOf(key);
      if (item?.seq !== undefined) await dismiss(item.seq);
    },
  };
}

/**
 * The rows' writes of a project still in the queue, read from the browser database itself (the
 * queue's own list may not be read yet when the page opens after a reload).
 */
export async function waitingWrites(userId: string, projectId: string, base: string): Promise<QueuedWrite[]> {
  const scope = projectScope(projectId);
  const items = await withBrowserDb('time rows: queued writes', [] as OutboxItem[], (db) => db.getAllFromIndex('outbox', 'user', userId));
  return items
    .filter((item) => item.scope === scope && item.request.url.startsWith(`${base}/`))
    .sort((a, b) => a.seq! - b.seq!)
    .map((item) => ({
      key: item.key,
      method: item.request.method === 'DELETE' ? 'DELETE' : 'PUT',
      json: item.request.json as Record<string, unknown> | undefined,
      failure: item.failure,
    }));
}
